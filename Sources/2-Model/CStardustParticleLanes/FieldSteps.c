// FieldSteps.c — the integrated fields' fixed steps (FieldIntegrator.swift), four particles at a time,
// written once (`steps` below, always inlined) and compiled for the baseline and, on x86-64, for
// `target("avx2")`, chosen once at run time (LaneChoice.c).
//
// Why: playback of integrated turbulence resumes each particle from its checkpoint and takes about two
// full steps and one shortened step per particle and frame, one particle at a time in Swift: the curl
// noise, the step and the floor test were nearly all of `particles-eval --variant 1M-live-turbulence`
// (docs/PARTICLES-PERFORMANCE.md, "Turbulence steps in lanes"). Here the four lanes take their steps
// together; each lane stops at its own last step, and a lane whose step crosses the line stops at the
// start of that step and is handed back (the caller's Swift integrator takes the contact from there,
// which is a point of the particle's grid, so the bytes are those of the run from its birth). Playback's usual
// group — four lanes with the same full steps left, each with a shortened step — takes them without masks
// (`uniformGroup`), the same operations lane by lane, and falls back to the general loop at a crossing.
//
// What it covers: no attractors and no vortex (the caller tests it), turbulence (or none), drag towards
// the wind or none, the cell's acceleration, and at most one collider line that stays (a floor).
//
// Determinism: every lane performs the operations of `FieldIntegrator.run` and `CurlNoise.curl`, the same
// IEEE-754 double operations in the same order: + − × ÷, comparisons and explicit selects, no fused
// multiply-add (contraction off in Lanes.h; the AVX2 target does not include FMA). The floor of the
// lattice coordinate is exact (the rounding trick below, or libm's floor where it does not apply); the
// gradients are hashed with the same 64-bit integer operations. The shortened step under drag calls
// libm's exp and expm1, the functions the Swift code calls. So both variants give the Swift code's bits
// (`FieldStepsLanesTests`).

#include "CStardustParticleLanes.h"

#include <math.h>

#include "Lanes.h"

/// `x.rounded(.down)` for four lanes, bit for bit (an integer lane, −0 included, is returned as it is):
/// rounding to an integer by adding and subtracting 1.5·2⁵² is exact below 2⁵¹ in magnitude, and one
/// step down fixes a lane that rounded up. Lanes beyond that (or not numbers) take libm's floor.
SD_INLINE d4 floor4(d4 x) {
    const double magic = 6755399441055744.0;
    d4 r = (x + magic) - magic;
    d4 f = select4(r > x, r - 1, r);
    f = select4(r == x, x, f);
    i4 small = (x < 2251799813685248.0) & (x > -2251799813685248.0);
    if (!(small[0] & small[1] & small[2] & small[3])) {
        for (int l = 0; l < 4; l++)
            if (!small[l]) f[l] = floor(x[l]);
    }
    return f;
}

/// True when some lane of `m` is set.
SD_INLINE int any4(i4 m) { return (m[0] | m[1] | m[2] | m[3]) != 0; }

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

/// CurlNoise.gradient's 64-bit mix of a lattice point and the seed: the gradient's two components as
/// the integers `n` of `n / 32767.5 − 1`.
SD_INLINE void gradientBits(int64_t ix, int64_t iy, uint64_t seed, double *gx, double *gy) {
    uint64_t h = ((uint64_t)ix * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)iy * 0xC2B2AE3D27D4EB4Full) ^ seed;
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    h ^= h >> 33;
    *gx = (double)(h & 0xFFFF);
    *gy = (double)((h >> 16) & 0xFFFF);
}

/// The per-group lattice cell (CurlNoise.Cell for four lanes): the floors of the cell's corner, and the
/// four gradients' components, lane by lane.
typedef struct {
    d4 fx0, fy0;
    double g[8][4];  // ga.x, ga.y, gb.x, gb.y, gc.x, gc.y, gd.x, gd.y
} Cell4;

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
    uint64_t key = ((uint64_t)ix * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)iy * 0xC2B2AE3D27D4EB4Full);
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

/// The curl at (x, y) (lattice units) for the lanes of `work`, reading the cell's gradients and hashing
/// them again for a lane whose cell changed (CurlNoise.curl). A lane outside `work` keeps its cell and
/// gets a value that is not used.
SD_INLINE void curl4(d4 x, d4 y, i4 work, const SDFieldParameters *p, Cell4 *cell, d4 *cx, d4 *cy) {
    d4 fx0 = floor4(x), fy0 = floor4(y);
    d4 fx = x - fx0, fy = y - fy0;
    // A lane whose corner floor differs: a new cell (a NaN always differs; its gradients are those of the
    // clamped point, the same values CurlNoise keeps, so the bits do not change).
    i4 changed = work & ((fx0 != cell->fx0) | (fy0 != cell->fy0));
    if (p->cells && (changed[0] & changed[1] & changed[2] & changed[3])) {
        // Every lane enters a cell (a group's first step after a resume): each lane's gradients read from the table
        // as two vectors, then turned into the component vectors by shuffles, instead of 32 scalar writes that the
        // vector loads below would wait on.
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
    } else if (any4(changed)) {
        for (int l = 0; l < 4; l++) {
            if (!changed[l]) continue;
            int64_t ix = (int64_t)clampLattice(fx0[l]), iy = (int64_t)clampLattice(fy0[l]);
            double g[8];
            cellGradients(ix, iy, p, g);
            for (int c = 0; c < 8; c++) cell->g[c][l] = g[c];
            cell->fx0[l] = fx0[l];
            cell->fy0[l] = fy0[l];
        }
    }
    d4 gax = load4(cell->g[0]), gay = load4(cell->g[1]), gbx = load4(cell->g[2]), gby = load4(cell->g[3]);
    d4 gcx = load4(cell->g[4]), gcy = load4(cell->g[5]), gdx = load4(cell->g[6]), gdy = load4(cell->g[7]);
    d4 na = gax * fx + gay * fy, nb = gbx * (fx - 1) + gby * fy;
    d4 nc = gcx * fx + gcy * (fy - 1), nd = gdx * (fx - 1) + gdy * (fy - 1);
    d4 u = fx * fx * fx * (fx * (fx * 6 - 15) + 10), v = fy * fy * fy * (fy * (fy * 6 - 15) + 10);
    d4 du = 30 * fx * fx * (fx * (fx - 2) + 1), dv = 30 * fy * fy * (fy * (fy - 2) + 1);
    d4 k1 = nb - na, k2 = nc - na, k3 = na - nb - nc + nd;
    d4 g1x = gbx - gax, g1y = gby - gay, g2x = gcx - gax, g2y = gcy - gay;
    d4 g3x = gax - gbx - gcx + gdx, g3y = gay - gby - gcy + gdy;
    d4 dx = gax + u * g1x + v * g2x + u * v * g3x + du * (k1 + v * k3);
    d4 dy = gay + u * g1y + v * g2y + u * v * g3y + dv * (k2 + u * k3);
    *cx = dy;
    *cy = -dx;
}

/// The sole line's signed distance of (x, y, z) times the particle's side (CollisionLine.distance: the
/// three products summed in order, as SIMD3's `sum()`).
SD_INLINE d4 sideDistance(const SDFieldParameters *p, d4 x, d4 y, d4 z, d4 side) {
    d4 s = (x - p->origin[0]) * p->normal[0];
    s = s + (y - p->origin[1]) * p->normal[1];
    s = s + (z - p->origin[2]) * p->normal[2];
    return s * side;
}

/// The lanes whose step from side distance `s0` to `s1` crosses the line (LineCollision.crossing's test, before the
/// segment's extent): from the near side, or from on the line (`onLine`, a lane that last touched it) when the
/// distance was below zero, to below zero.
SD_INLINE i4 crossing4(i4 onLine, d4 s0, d4 s1) {
    d4 from = select4(onLine & (s0 < 0), (d4){0, 0, 0, 0}, s0);
    return (from >= 0) & (s1 < 0);
}

/// The force at the start of a step of the lanes of `work` (FieldIntegrator.force without attractors): the cell's
/// acceleration plus the turbulence's curl at the position.
SD_INLINE void force4(const SDFieldParameters *p, int turbulent, d4 px, d4 py, i4 work, Cell4 *cell,
                      d4 *ax, d4 *ay, d4 *az) {
    *ax = (d4){p->accel[0], p->accel[0], p->accel[0], p->accel[0]};
    *ay = (d4){p->accel[1], p->accel[1], p->accel[1], p->accel[1]};
    *az = (d4){p->accel[2], p->accel[2], p->accel[2], p->accel[2]};
    if (turbulent) {
        d4 cx, cy;
        curl4(px * p->inverseScale, py * p->inverseScale, work, p, cell, &cx, &cy);
        *ax = *ax + cx * p->turbulence;
        *ay = *ay + cy * p->turbulence;
    }
}

/// The step of length `dt` from (p, v) under the force (a): the drag step towards the wind with the step's
/// e^(−k·dt) `e` and (1 − e^(−k·dt))/k `r` when `drag`, else the free step (FieldIntegrator.run's two steps).
SD_INLINE void move4(const SDFieldParameters *p, int drag, d4 dt, d4 e, d4 r, d4 px, d4 py, d4 pz, d4 vx, d4 vy,
                     d4 vz, d4 ax, d4 ay, d4 az, d4 *nx, d4 *ny, d4 *nz, d4 *wx, d4 *wy, d4 *wz) {
    if (drag) {
        const double k = p->k;
        d4 tx = p->wind[0] + ax / k, ty = p->wind[1] + ay / k, tz = p->wind[2] + az / k;
        *nx = px + (tx * dt + (vx - tx) * r);
        *ny = py + (ty * dt + (vy - ty) * r);
        *nz = pz + (tz * dt + (vz - tz) * r);
        *wx = tx + (vx - tx) * e;
        *wy = ty + (vy - ty) * e;
        *wz = tz + (vz - tz) * e;
    } else {
        d4 half = 0.5 * dt * dt;
        *nx = px + (vx * dt + ax * half);
        *ny = py + (vy * dt + ay * half);
        *nz = pz + (vz * dt + az * half);
        *wx = vx + ax * dt;
        *wy = vy + ay * dt;
        *wz = vz + az * dt;
    }
}

/// Full steps a group may take on the uniform path (``uniformGroup``): playback takes two per frame at 60 frames/s;
/// a group that crosses the line is done again by the general loop, so the work thrown away stays small.
#define SD_UNIFORM_STEPS 16

/// The group at `j` when its four lanes have the same number of full steps left (`n − i`, at most
/// ``SD_UNIFORM_STEPS``) and each a shortened last step (rest > 0) — playback's usual group, every lane resumed
/// from its checkpoint two steps before its age: the same steps as the general loop in `steps`, lane by lane the
/// same operations in the same order, without its masks (every lane works at every step, and none stops early).
/// Returns 0 and writes nothing (the table of cells aside, a cache) when a lane's step may cross the line: the
/// general loop then takes the group from its start.
SD_INLINE int uniformGroup(const SDFieldLanes *c, int64_t j, const SDFieldParameters *p, int drag, int turbulent,
                           int sole, int64_t full, d4 n, d4 rest, d4 side, i4 onLine, d4 px, d4 py, d4 pz, d4 vx,
                           d4 vy, d4 vz) {
    const double h = p->h;
    const i4 all = (d4){0, 0, 0, 0} == (d4){0, 0, 0, 0};
    Cell4 cell;
    cell.fx0 = cell.fy0 = (d4){NAN, NAN, NAN, NAN};  // no cell yet: every lane enters one at the first step
    memset(cell.g, 0, sizeof cell.g);
    d4 s0 = sole ? sideDistance(p, px, py, pz, side) : (d4){0, 0, 0, 0};
    d4 nx, ny, nz, wx, wy, wz, ax, ay, az;
    const d4 hh = {h, h, h, h}, decay = {p->decay, p->decay, p->decay, p->decay};
    const d4 reach = {p->reach, p->reach, p->reach, p->reach};
    for (int64_t s = 0; s < full; s++) {
        force4(p, turbulent, px, py, all, &cell, &ax, &ay, &az);
        move4(p, drag, hh, decay, reach, px, py, pz, vx, vy, vz, ax, ay, az, &nx, &ny, &nz, &wx, &wy, &wz);
        if (sole) {
            d4 s1 = sideDistance(p, nx, ny, nz, side);
            if (any4(crossing4(onLine, s0, s1))) return 0;
            s0 = s1;
        }
        px = nx; py = ny; pz = nz; vx = wx; vy = wy; vz = wz;
    }
    // The shortened last step (every lane has one).
    d4 e = decay, r = reach;
    if (drag) {
        const double k = p->k;
        for (int l = 0; l < 4; l++) {
            e[l] = exp(-k * rest[l]);
            r[l] = -expm1(-k * rest[l]) / k;
        }
    }
    force4(p, turbulent, px, py, all, &cell, &ax, &ay, &az);
    move4(p, drag, rest, e, r, px, py, pz, vx, vy, vz, ax, ay, az, &nx, &ny, &nz, &wx, &wy, &wz);
    if (sole && any4(crossing4(onLine, s0, sideDistance(p, nx, ny, nz, side)))) return 0;
    // The outputs of the general loop: the state at the last full step kept, the final state (velocity plus +0.0),
    // the step reached (n: i plus the full steps, an integer) and done.
    store4(c->kpx + j, px); store4(c->kpy + j, py); store4(c->kpz + j, pz);
    store4(c->kvx + j, vx); store4(c->kvy + j, vy); store4(c->kvz + j, vz);
    store4(c->px + j, nx); store4(c->py + j, ny); store4(c->pz + j, nz);
    store4(c->vx + j, wx + 0.0); store4(c->vy + j, wy + 0.0); store4(c->vz + j, wz + 0.0);
    store4(c->step + j, n);
    store4(c->done + j, (d4){1, 1, 1, 1});
    return 1;
}

SD_INLINE void steps(const SDFieldLanes *c, int64_t count, const SDFieldParameters *p) {
    const double h = p->h, k = p->k;
    const int drag = k > 0, turbulent = p->turbulence != 0, sole = p->hasSole != 0;
    const i4 none = (d4){0, 0, 0, 0} != (d4){0, 0, 0, 0};
    for (int64_t j = 0; j < count; j += 4) {
        d4 i = load4(c->step + j), n = load4(c->steps + j), rest = load4(c->rest + j), side = load4(c->side + j);
        i4 onLine = load4(c->last + j) == 0;
        d4 px = load4(c->px + j), py = load4(c->py + j), pz = load4(c->pz + j);
        d4 vx = load4(c->vx + j), vy = load4(c->vy + j), vz = load4(c->vz + j);
        // Playback's usual group: the same full steps left in every lane, each with a shortened step.
        d4 left = n - i;
        i4 same = (left == left.x) & (rest > 0);
        if ((same[0] & same[1] & same[2] & same[3]) && left.x >= 0 && left.x <= SD_UNIFORM_STEPS &&
            uniformGroup(c, j, p, drag, turbulent, sole, (int64_t)left.x, n, rest, side, onLine, px, py, pz, vx, vy, vz))
            continue;
        // The outputs are written lane by lane as lanes stop (each lane once: the state at the last full step it
        // reached, then its final state), blended into the columns rather than kept in registers, which the steps need.
        // A final velocity is written plus +0.0, as the run returns it plus the vortex's velocity (zero without a
        // vortex): a −0 becomes +0 (and the compiler may not drop an addition of +0.0).
        i4 done = none;
        Cell4 cell;
        cell.fx0 = cell.fy0 = (d4){NAN, NAN, NAN, NAN};  // no cell yet: every lane differs
        memset(cell.g, 0, sizeof cell.g);
        d4 s0 = sole ? sideDistance(p, px, py, pz, side) : (d4){0, 0, 0, 0};
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
                s1 = sideDistance(p, nx, ny, nz, side);
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
    steps(c, count, p);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void stepsAVX2(const SDFieldLanes *c, int64_t count,
                                                      const SDFieldParameters *p) {
    steps(c, count, p);
}
#endif

void sd_field_steps(const SDFieldLanes *c, int64_t count, const SDFieldParameters *p) {
#if defined(__x86_64__)
    if (sd_lanes_use_avx2()) {
        stepsAVX2(c, count, p);
        return;
    }
#endif
    steps(c, count, p);
}
