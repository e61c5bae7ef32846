// FieldSteps.c — the integrated fields' fixed steps (FieldIntegrator.swift), four particles at a time,
// written once (`steps` below and the lane pieces of FieldStepLanes.h, always inlined) and compiled for the baseline
// and, on x86-64, for `target("avx2")`; on a CPU with AVX-512 (F, VL, DQ, BW) playback's uniform groups take eight
// lanes at a time (the same pieces at width 8, `stepsWide`); chosen once at run time (LaneChoice.c).
//
// Why: playback of integrated turbulence resumes each particle from its checkpoint and takes about two
// full steps and one shortened step per particle and frame, one particle at a time in Swift: the curl
// noise, the step and the floor test were nearly all of `particles-eval --variant 1M-live-turbulence`
// (docs/PARTICLES-PERFORMANCE.md, "Turbulence steps in lanes"). Here the four lanes take their steps
// together; each lane stops at its own last step, and a lane whose step crosses the line stops at the
// start of that step and is handed back (the caller's Swift integrator takes the contact from there,
// which is a point of the particle's grid, so the bytes are those of the run from its birth). Playback's usual
// group — four lanes with the same full steps left, each with a shortened step — takes them without masks
// (`uniformGroup`), the same operations lane by lane, and falls back to the general loop at a crossing. Eight lanes
// (AVX-512) halve the vector instructions of those groups, and their first step's lattice gradients are hashed on
// eight lanes (`enterCells8`, no table: the keys' 64-bit products and the mix in `vpmullq`), where four lanes read the
// table lane by lane.
//
// What it covers: no attractors and no vortex (the caller tests it), turbulence (or none), drag towards
// the wind or none, the cell's acceleration, and at most one collider line that stays (a floor).
//
// Determinism: every lane performs the operations of `FieldIntegrator.run` and `CurlNoise.curl`, the same
// IEEE-754 double operations in the same order: + − × ÷, comparisons and explicit selects, no fused
// multiply-add formed by the compiler (contraction off in Lanes.h; the AVX2 target does not include FMA). The floor of the
// lattice coordinate is exact (the rounding trick below, or libm's floor where it does not apply); the
// gradients are hashed with the same 64-bit integer operations; their `n / 32767.5 − 1` is the division, or on eight
// lanes a product and one fma-corrected step proven to give the division's bits for all 65 536 values of n
// (`gradientValues8`). The shortened step under drag calls
// libm's exp and expm1, the functions the Swift code calls. So every variant gives the Swift code's bits
// (`FieldStepsLanesTests`; AVX-512F has no FMA contraction either: contraction is off for the whole file).

#include "CStardustParticleLanes.h"

#include <math.h>

#include "Lanes.h"

/// Writes `v`'s lanes set in `m` over the four doubles at `p`.
SD_INLINE void blend4(double *p, i4 m, d4 v) { store4(p, select4(m, v, load4(p))); }

/// Writes a state's lanes set in `m` over four doubles of each of its six columns (x, y, z, vx, vy, vz).
SD_INLINE void blendState(double *x, double *y, double *z, double *vx, double *vy, double *vz, i4 m,
                          d4 px, d4 py, d4 pz, d4 wx, d4 wy, d4 wz) {
    blend4(x, m, px); blend4(y, m, py); blend4(z, m, pz);
    blend4(vx, m, wx); blend4(vy, m, wy); blend4(vz, m, wz);
}

/// Ends the lanes of `m` in group `j`: their final state (velocity plus +0.0, see `steps`) into the columns, and
/// the lanes marked done and no longer live.
SD_INLINE void finishLanes(const SDFieldLanes *c, int64_t j, i4 m, d4 px, d4 py, d4 pz, d4 vx, d4 vy, d4 vz,
                           i4 *done, i4 *live) {
    blendState(c->px + j, c->py + j, c->pz + j, c->vx + j, c->vy + j, c->vz + j, m,
               px, py, pz, vx + 0.0, vy + 0.0, vz + 0.0);
    *done |= m;
    *live &= ~m;
}

/// Swift's `min(hi, max(lo, x))` (CurlNoise's clamp): a NaN becomes `lo`.
SD_INLINE double clampLattice(double x) {
    const double lo = -2147483648.0, hi = 2147483647.0;
    double m = x >= lo ? x : lo;
    return m < hi ? m : hi;
}

/// CurlNoise.gradient's factors of a lattice point's key (ix·KX ^ iy·KY, wrapping) and its mix of the key and the
/// seed, on one lane (`uint64_t`) or on eight (`u8`): the same integer operations either way.
#define SD_KEY_X 0x9E3779B97F4A7C15ull
#define SD_KEY_Y 0xC2B2AE3D27D4EB4Full
#define SD_GRADIENT_MIX(h) \
    ((h) ^= (h) >> 33, (h) *= 0xFF51AFD7ED558CCDull, (h) ^= (h) >> 33, (h) *= 0xC4CEB9FE1A85EC53ull, (h) ^= (h) >> 33)

/// CurlNoise.gradient's 64-bit mix of a lattice point and the seed: the gradient's two components as
/// the integers `n` of `n / 32767.5 − 1`.
SD_INLINE void gradientBits(int64_t ix, int64_t iy, uint64_t seed, double *gx, double *gy) {
    uint64_t h = ((uint64_t)ix * SD_KEY_X) ^ ((uint64_t)iy * SD_KEY_Y) ^ seed;
    SD_GRADIENT_MIX(h);
    *gx = (double)(h & 0xFFFF);
    *gy = (double)((h >> 16) & 0xFFFF);
}

/// CurlNoise.curl's four gradients of the cell at (ix, iy) (`ga`, `gb`, `gc`, `gd`, x then y), hashed.
SD_INLINE void hashGradients(int64_t ix, int64_t iy, uint64_t seed, double g[8]) {
    double n[8];
    gradientBits(ix, iy, seed, &n[0], &n[1]);
    gradientBits(ix + 1, iy, seed, &n[2], &n[3]);
    gradientBits(ix, iy + 1, seed, &n[4], &n[5]);
    gradientBits(ix + 1, iy + 1, seed, &n[6], &n[7]);
    // CurlNoise.gradient's `n / 32767.5 − 1`, lane by lane (each correctly rounded: the grouping does not matter).
    store4(g, load4(n) / 32767.5 - 1);
    store4(g + 4, load4(n + 4) / 32767.5 - 1);
}

/// The table's entry for the cell at (ix, iy), filled (hashed) when it holds another cell. The table is a cache
/// of ``hashGradients``, a function of the lattice point, so the values are the same either way; they are read
/// at once by the caller (a later lane of the group may replace the entry).
SD_INLINE const double *tableGradients(int64_t ix, int64_t iy, const SDFieldParameters *p) {
    uint64_t key = ((uint64_t)ix * SD_KEY_X) ^ ((uint64_t)iy * SD_KEY_Y);
    SDLatticeCell *e = p->cells + ((key >> 40) & (uint64_t)p->cellMask);
    if (e->ix != ix || e->iy != iy) {
        hashGradients(ix, iy, p->seed, e->g);
        e->ix = ix;
        e->iy = iy;
    }
    return e->g;
}

/// The four gradients of the cell at (ix, iy): from the caller's table when there is one, else hashed.
SD_INLINE void cellGradients(int64_t ix, int64_t iy, const SDFieldParameters *p, double g[8]) {
    if (p->cells)
        memcpy(g, tableGradients(ix, iy, p), 8 * sizeof(double));
    else
        hashGradients(ix, iy, p->seed, g);
}

/// The four lanes' gradients of lane-major rows `r` (lane l: r[l] its a.x, a.y, b.x, b.y) as component vectors
/// (a.x of the four lanes, …): a 4 × 4 transpose by shuffles, moving values without arithmetic.
SD_INLINE void transpose4(d4 r0, d4 r1, d4 r2, d4 r3, double *c0, double *c1, double *c2, double *c3) {
    d4 t0 = __builtin_shufflevector(r0, r1, 0, 4, 2, 6), t1 = __builtin_shufflevector(r0, r1, 1, 5, 3, 7);
    d4 t2 = __builtin_shufflevector(r2, r3, 0, 4, 2, 6), t3 = __builtin_shufflevector(r2, r3, 1, 5, 3, 7);
    store4(c0, __builtin_shufflevector(t0, t2, 0, 1, 4, 5));
    store4(c1, __builtin_shufflevector(t1, t3, 0, 1, 4, 5));
    store4(c2, __builtin_shufflevector(t0, t2, 2, 3, 6, 7));
    store4(c3, __builtin_shufflevector(t1, t3, 2, 3, 6, 7));
}

/// Full steps a group may take on the uniform path (``uniformGroup``): playback takes two per frame at 60 frames/s;
/// a group that crosses the line is done again by the general loop, so the work thrown away stays small.
#define SD_UNIFORM_STEPS 16

#define SD_W 4
#define SD_W_TARGET
#include "FieldStepLanes.h"
#undef SD_W_TARGET
#undef SD_W

/// Four lanes entering a cell each (``curl4``): each lane's gradients read from the table as two vectors, then turned
/// into the component vectors by shuffles, instead of 32 scalar writes that the vector loads of the curl would wait on.
SD_INLINE void enterCells4(d4 fx0, d4 fy0, const SDFieldParameters *p, Cell4 *cell) {
    d4 lo[4], hi[4];
    for (int l = 0; l < 4; l++) {
        const double *g = tableGradients((int64_t)clampLattice(fx0[l]), (int64_t)clampLattice(fy0[l]), p);
        lo[l] = load4(g);
        hi[l] = load4(g + 4);
    }
    transpose4(lo[0], lo[1], lo[2], lo[3], cell->g[0], cell->g[1], cell->g[2], cell->g[3]);
    transpose4(hi[0], hi[1], hi[2], hi[3], cell->g[4], cell->g[5], cell->g[6], cell->g[7]);
    cell->fx0 = fx0;
    cell->fy0 = fy0;
}

#if defined(__x86_64__)
#include <immintrin.h>

#define SD_W 8
#define SD_W_TARGET SD_AVX512
#include "FieldStepLanes.h"
#undef SD_W_TARGET
#undef SD_W

typedef int64_t l8 __attribute__((ext_vector_type(8)));

/// CurlNoise.gradient's `n / 32767.5 − 1` for eight integers n in 0 … 65535, without the division: the product by r,
/// the double nearest 1/32767.5, then one correction by the exact residual n − q·32767.5 (explicit fused multiply-adds,
/// the only ones of this module) gives the correctly rounded quotient — the division's bits — for every one of the
/// 65 536 values of n (``sd_gradient_values_wide``, checked exhaustively by `FieldStepsLanesTests`; the product alone
/// differs in 24 of them). Eight divisions on eight lanes cost about four times as much.
SD_INLINE SD_AVX512 d8 gradientValues8(l8 bits) {
    const __m512d d = _mm512_set1_pd(32767.5), r = _mm512_set1_pd(1.0 / 32767.5);
    __m512d n = (__m512d)__builtin_convertvector(bits, d8);
    __m512d q = _mm512_mul_pd(n, r);
    __m512d e = _mm512_fnmadd_pd(q, d, n);  // n − q·32767.5, exact
    return (d8)_mm512_fmadd_pd(e, r, q) - 1;
}

/// Eight lanes entering a cell each (``curl8``), hashed on eight lanes without the table: the corners' keys from two
/// 64-bit products (the corner one step on is the product plus the factor, in wrapping arithmetic), CurlNoise.gradient's
/// mix of each corner on eight lanes, the components converted by ``gradientValues8`` straight into the component
/// rows. The table (a cache of the same values) missed for most lanes in playback of a million particles, each miss
/// hashed lane by lane: its lookups and misses were about 40 % of the eight-lane steps (docs/PARTICLES-PERFORMANCE.md,
/// "the lattice gradients on eight lanes").
SD_INLINE SD_AVX512 void enterCells8(d8 fx0, d8 fy0, const SDFieldParameters *p, Cell8 *cell) {
    // clampLattice on eight lanes (a NaN becomes the low end), then the exact conversion of an integer in range.
    const d8 lo = (d8)(-2147483648.0), hi = (d8)(2147483647.0);
    d8 cx = select8(fx0 >= lo, fx0, lo), cy = select8(fy0 >= lo, fy0, lo);
    u8 kx = (u8)__builtin_convertvector(select8(cx < hi, cx, hi), l8) * SD_KEY_X;
    u8 ky = (u8)__builtin_convertvector(select8(cy < hi, cy, hi), l8) * SD_KEY_Y;
    u8 kx1 = kx + SD_KEY_X, ky1 = ky + SD_KEY_Y;  // (ix + 1)·KX and (iy + 1)·KY: ix, iy ≤ 2³¹ − 1, no overflow
    // The corners a (ix, iy), b (ix + 1, iy), c (ix, iy + 1), d (ix + 1, iy + 1): hashGradients' order.
    const u8 keys[4] = {kx ^ ky, kx1 ^ ky, kx ^ ky1, kx1 ^ ky1};
    for (int q = 0; q < 4; q++) {
        u8 h = keys[q] ^ p->seed;
        SD_GRADIENT_MIX(h);
        store8(cell->g[2 * q], gradientValues8((l8)(h & 0xFFFF)));
        store8(cell->g[2 * q + 1], gradientValues8((l8)((h >> 16) & 0xFFFF)));
    }
    cell->fx0 = fx0;
    cell->fy0 = fy0;
}

/// ``gradientValues8`` of the eight integers at `n` into `g` (for ``sd_gradient_values_wide``).
SD_AVX512 static void gradientValuesAt(const int64_t *n, double *g) {
    l8 bits;
    memcpy(&bits, n, sizeof bits);
    store8(g, gradientValues8(bits));
}
#endif

/// The lanes `from ..< to` (multiples of 4), four at a time: a uniform group (``uniformGroup4``) where the lanes
/// qualify and stay off the line, else the general loop below.
SD_INLINE void steps(const SDFieldLanes *c, int64_t from, int64_t to, const SDFieldParameters *p) {
    const double h = p->h, k = p->k;
    const int drag = k > 0, turbulent = p->turbulence != 0, sole = p->hasSole != 0;
    const i4 none = (d4){0, 0, 0, 0} != (d4){0, 0, 0, 0};
    for (int64_t j = from; j < to; j += 4) {
        // Playback's usual group: the same full steps left in every lane, each with a shortened step.
        if (tryUniform4(c, j, p)) continue;
        d4 i = load4(c->step + j), n = load4(c->steps + j), rest = load4(c->rest + j), side = load4(c->side + j);
        i4 onLine = load4(c->last + j) == 0;
        d4 px = load4(c->px + j), py = load4(c->py + j), pz = load4(c->pz + j);
        d4 vx = load4(c->vx + j), vy = load4(c->vy + j), vz = load4(c->vz + j);
        // The outputs are written lane by lane as lanes stop (each lane once: the state at the last full step it
        // reached, then its final state), blended into the columns rather than kept in registers, which the steps need.
        // A final velocity is written plus +0.0, as the run returns it plus the vortex's velocity (zero without a
        // vortex): a −0 becomes +0 (and the compiler may not drop an addition of +0.0).
        i4 done = none;
        Cell4 cell;
        cell.fx0 = cell.fy0 = (d4){NAN, NAN, NAN, NAN};  // no cell yet: every lane differs
        memset(cell.g, 0, sizeof cell.g);
        d4 s0 = sole ? sideDistance4(p, px, py, pz, side) : (d4){0, 0, 0, 0};
        i4 live = ~none;
        for (;;) {
            i4 full = live & (i < n);
            i4 shortened = live & ~full & (rest > 0);
            i4 work = full | shortened;
            // A lane that reached its last full step keeps that state; one without a shortened step ends there.
            i4 atLast = live & ~full;
            if (any4(atLast)) {
                blendState(c->kpx + j, c->kpy + j, c->kpz + j, c->kvx + j, c->kvy + j, c->kvz + j, atLast, px, py, pz, vx, vy, vz);
                i4 ends = atLast & ~shortened;
                if (any4(ends)) finishLanes(c, j, ends, px, py, pz, vx, vy, vz, &done, &live);
            }
            if (!any4(work)) break;
            d4 dt = select4(full, (d4){h, h, h, h}, rest);
            // 1. The force at the start of the step, held for it (FieldIntegrator.force without attractors).
            d4 ax, ay, az;
            force4(p, turbulent, px, py, work, &cell, &ax, &ay, &az);
            // 2. The step: under drag the full step's e^(−k·h) and reach, a shortened lane's from libm's exp and expm1.
            d4 e = {p->decay, p->decay, p->decay, p->decay}, r = {p->reach, p->reach, p->reach, p->reach};
            if (drag && any4(shortened)) {
                for (int l = 0; l < 4; l++) {
                    if (!shortened[l]) continue;
                    e[l] = exp(-k * dt[l]);
                    r[l] = -expm1(-k * dt[l]) / k;
                }
            }
            d4 nx, ny, nz, wx, wy, wz;
            move4(p, drag, dt, e, r, px, py, pz, vx, vy, vz, ax, ay, az, &nx, &ny, &nz, &wx, &wy, &wz);
            // 3. A step whose segment crosses the line (LineCollision.crossing's test, before the segment's
            // extent, which the Swift code then tests) is handed back at its start.
            i4 hit = none;
            d4 s1 = s0;
            if (sole) {
                s1 = sideDistance4(p, nx, ny, nz, side);
                hit = work & crossing4(onLine, s0, s1);
                if (any4(hit)) {
                    live &= ~hit;
                    blendState(c->kpx + j, c->kpy + j, c->kpz + j, c->kvx + j, c->kvy + j, c->kvz + j, hit, px, py, pz, vx, vy, vz);
                }
            }
            i4 stepped = full & ~hit;
            px = select4(stepped, nx, px); py = select4(stepped, ny, py); pz = select4(stepped, nz, pz);
            vx = select4(stepped, wx, vx); vy = select4(stepped, wy, vy); vz = select4(stepped, wz, vz);
            s0 = select4(stepped, s1, s0);
            i = select4(stepped, i + 1, i);
            i4 landed = shortened & ~hit;
            if (any4(landed)) finishLanes(c, j, landed, nx, ny, nz, wx, wy, wz, &done, &live);
        }
        store4(c->step + j, i);
        store4(c->done + j, select4(done, (d4){1, 1, 1, 1}, (d4){0, 0, 0, 0}));
    }
}

SD_INLINE void grid(const double *ages, double *steps, double *rest, int64_t count, double h) {
    for (int64_t j = 0; j < count; j += 4) {
        d4 tau = load4(ages + j);
        // `Double(Int(CurlNoise.floor(τ / h)))`: the integer's round trip turns a −0 into +0, as + 0.0 does.
        d4 n = floor4(tau / h) + 0.0;
        store4(steps + j, n);
        store4(rest + j, tau - n * h);
    }
}

void sd_field_grid_baseline(const double *ages, double *steps, double *rest, int64_t count, double h) {
    grid(ages, steps, rest, count, h);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void gridAVX2(const double *ages, double *steps, double *rest, int64_t count,
                                                     double h) {
    grid(ages, steps, rest, count, h);
}
#endif

void sd_field_grid(const double *ages, double *steps, double *rest, int64_t count, double h) {
#if defined(__x86_64__)
    if (sd_lanes_use_avx2()) {
        gridAVX2(ages, steps, rest, count, h);
        return;
    }
#endif
    grid(ages, steps, rest, count, h);
}

void sd_field_steps_baseline(const SDFieldLanes *c, int64_t count, const SDFieldParameters *p) {
    steps(c, 0, count, p);
}

#if defined(__x86_64__)
/// Not inlined: the eight-lane variant calls it for the lanes it does not take, which then run AVX2 code, not the same
/// code compiled for AVX-512 (the four-lane steps gain nothing from it: docs/PARTICLES-PERFORMANCE.md).
__attribute__((target("avx2"), noinline)) static void stepsAVX2(const SDFieldLanes *c, int64_t from, int64_t to,
                                                                const SDFieldParameters *p) {
    steps(c, from, to, p);
}

SD_AVX512 __attribute__((noinline)) static int uniform8(const SDFieldLanes *c, int64_t j,
                                                                 const SDFieldParameters *p) {
    return tryUniform8(c, j, p);
}

/// The eight-lane variant: each eight lanes that make a uniform group (``uniformGroup8``) take it, every other run of
/// lanes (seeks' groups, lanes near the line) the four-lane AVX2 steps. Each lane's bits are those of the four-lane
/// steps (the same operations); only the order in which the table of cells (a cache) is filled differs.
static void stepsWide(const SDFieldLanes *c, int64_t count, const SDFieldParameters *p) {
    int64_t from = 0;  // the first lane not yet taken
    for (int64_t j = 0; j + 8 <= count; j += 8) {
        if (!uniform8(c, j, p)) continue;
        if (from < j) stepsAVX2(c, from, j, p);
        from = j + 8;
    }
    if (from < count) stepsAVX2(c, from, count, p);
}
#endif

int sd_gradient_values_wide(const int64_t *n, double *g, int64_t count) {
#if defined(__x86_64__)
    if (sd_lanes_have_avx512()) {
        for (int64_t j = 0; j + 8 <= count; j += 8) gradientValuesAt(n + j, g + j);
        return 1;
    }
#endif
    return 0;
}

int sd_field_steps_wide(const SDFieldLanes *c, int64_t count, const SDFieldParameters *p) {
#if defined(__x86_64__)
    if (sd_lanes_have_avx512()) {
        stepsWide(c, count, p);
        return 1;
    }
#endif
    return 0;
}

void sd_field_steps(const SDFieldLanes *c, int64_t count, const SDFieldParameters *p) {
#if defined(__x86_64__)
    if (sd_lanes_use_avx512()) {
        stepsWide(c, count, p);
        return;
    }
    if (sd_lanes_use_avx2()) {
        stepsAVX2(c, 0, count, p);
        return;
    }
#endif
    steps(c, 0, count, p);
}
