// DragSegments.c — the closed-form drag segments of the batched particle kernel, four particles
// at a time, written once (`segments` below, always inlined) and compiled for the baseline and,
// on x86-64, for `target("avx2")`, chosen once at run time (LaneChoice.c).
//
// Why C: Swift code cannot be compiled for AVX without unsafe flags, and on SSE2 each operation of a
// four-lane `Double` is two instructions; the exponential's polynomial and the segment's formula were
// about a seventh of the kernel's instructions (docs/PARTICLES-PERFORMANCE.md, issue 26 item 8, "the
// fields kernel's lanes").
//
// Determinism: the operations are those of `Exponential.expAndExpm1(_: SIMD4<Double>)` and of the
// kernel's drag loop (ExtendedKernel.swift), the same IEEE-754 double operations in the same order on
// every lane: + − × ÷, comparisons and explicit selects, no fused multiply-add (contraction off in
// Lanes.h; the AVX2 target does not include FMA either), no library call. So both variants give the
// Swift code's bits (`DragLanesTests`).

#include "CStardustParticleLanes.h"

#include "Lanes.h"

// Exponential's constants (Exponential.swift), the same literals and quotients.
#define LN2_HI 6.93147180369123816490e-01
#define LN2_LO 1.90821492927058770002e-10
#define INV_LN2 1.44269504088896338700
#define FAST_LIMIT 700.0
#define MAGIC 6755399441055744.0

SD_INLINE int64_t segments(const SDDragColumns *c, int64_t j, int64_t count, double k, double vtx, double vty,
                           double vtz) {
    const double c3 = 1.0 / 6, c4 = 1.0 / 24, c5 = 1.0 / 120, c6 = 1.0 / 720, c7 = 1.0 / 5040;
    const double c8 = 1.0 / 40320, c9 = 1.0 / 362880, c10 = 1.0 / 3628800, c11 = 1.0 / 39916800;
    const double c12 = 1.0 / 479001600, c13 = 1.0 / 6227020800;
    for (; j < count; j += 4) {
        d4 tau = load4(c->ages + j) - load4(c->starts + j);
        d4 x = -k * tau;
        i4 fast = (x <= FAST_LIMIT) & (x >= -FAST_LIMIT);
        if (!(fast[0] & fast[1] & fast[2] & fast[3])) return j;
        // Exponential.expAndExpm1, four lanes.
        d4 rounded = x * INV_LN2 + MAGIC;
        d4 q = rounded - MAGIC;
        d4 r = (x - q * LN2_HI) - q * LN2_LO;
        d4 t = c12 + r * c13;
        t = c11 + r * t;
        t = c10 + r * t;
        t = c9 + r * t;
        t = c8 + r * t;
        t = c7 + r * t;
        t = c6 + r * t;
        t = c5 + r * t;
        t = c4 + r * t;
        t = c3 + r * t;
        t = 0.5 + r * t;
        d4 p = r + (r * r) * t;
        u4 bits;
        memcpy(&bits, &rounded, sizeof bits);
        bits = (bits + 1023) << 52;
        d4 s;
        memcpy(&s, &bits, sizeof s);
        d4 em1 = s * p + (s - 1);
        em1 = select4(q == 0, p, em1);
        em1 = select4(x == 0, x, em1);
        d4 e = s * (1 + p);
        // The kernel's drag loop (DragMotion.state).
        d4 f = -em1 / k;
        d4 ux = load4(c->vx0 + j) - vtx, uy = load4(c->vy0 + j) - vty, uz = load4(c->vz0 + j) - vtz;
        store4(c->px + j, load4(c->px0 + j) + vtx * tau + ux * f);
        store4(c->py + j, load4(c->py0 + j) + vty * tau + uy * f);
        store4(c->pz + j, load4(c->pz0 + j) + vtz * tau + uz * f);
        store4(c->vx + j, vtx + ux * e);
        store4(c->vy + j, vty + uy * e);
        store4(c->vz + j, vtz + uz * e);
    }
    return count;
}

int64_t sd_drag_segments_baseline(const SDDragColumns *c, int64_t from, int64_t count, double k, double vtx,
                                  double vty, double vtz) {
    return segments(c, from, count, k, vtx, vty, vtz);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static int64_t segmentsAVX2(const SDDragColumns *c, int64_t from, int64_t count,
                                                              double k, double vtx, double vty, double vtz) {
    return segments(c, from, count, k, vtx, vty, vtz);
}
#endif

int64_t sd_drag_segments(const SDDragColumns *c, int64_t from, int64_t count, double k, double vtx, double vty,
                         double vtz) {
#if defined(__x86_64__)
    if (sd_lanes_use_avx2()) return segmentsAVX2(c, from, count, k, vtx, vty, vtz);
#endif
    return segments(c, from, count, k, vtx, vty, vtz);
}
