// CurveValues.c — an over-life curve's values at four normalised ages at a time (the batched particle
// kernel's alpha and scale curves), written once (`curveValues`, always inlined) and compiled for the
// baseline and, on x86-64, for `target("avx2")`, chosen once at run time (LaneChoice.c).
//
// Why: the walk over the stops of `ParticleCurve.value(at:)` branched on each age (mispredicted near a
// stop) and, in Swift on SSE2, the branch-free four-lane form costs two instructions per operation and a
// blend of three; a curve was about a tenth of the fields kernel's instructions
// (docs/PARTICLES-PERFORMANCE.md, "the fields kernel's lanes").
//
// The same value, lane by lane: the stops are sorted, so the stops at or before an age are a prefix, and
// selecting each later stop's segment where the age reached it leaves each lane on the segment the walk
// stops at. The segment's width and step are the walk's subtractions, the fraction its division (by a
// width > 0 where it is taken, else 0), the value its expression; the first and the last stop's values
// are selected last, as the walk returns them. IEEE-754 operations only, no contraction (Lanes.h): the
// bits of the Swift function (`FieldsKernelFastPathTests`).

#include "CStardustParticleLanes.h"
#include "Lanes.h"

SD_INLINE void curveValues(const double *fs, double *out, int64_t count, const double *t, const double *v,
                           int64_t n, int mode) {
    for (int64_t j = 0; j < count; j += 4) {
        if (n < 2) {
            store4(out + j, (d4)v[0]);
            continue;
        }
        d4 f = load4(fs + j);
        d4 t0 = (d4)t[0], d = (d4)(t[1] - t[0]), v0 = (d4)v[0], dv = (d4)(v[1] - v[0]);
        for (int64_t i = 1; i < n - 1; i++) {
            i4 reached = (d4)t[i] <= f;
            t0 = select4(reached, (d4)t[i], t0);
            d = select4(reached, (d4)(t[i + 1] - t[i]), d);
            v0 = select4(reached, (d4)v[i], v0);
            dv = select4(reached, (d4)(v[i + 1] - v[i]), dv);
        }
        d4 u = (f - t0) / d;
        u = select4(d > 0, u, (d4)0);
        d4 w = mode == 0 ? u : mode == 1 ? (d4)0 : u * u * (3 - 2 * u);
        d4 r = v0 + dv * w;
        r = select4((d4)t[n - 1] <= f, (d4)v[n - 1], r);
        r = select4(f < (d4)t[0], (d4)v[0], r);
        store4(out + j, r);
    }
}

void sd_curve_values_baseline(const double *fs, double *out, int64_t count, const double *times,
                              const double *values, int64_t n, int mode) {
    curveValues(fs, out, count, times, values, n, mode);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void curveValuesAVX2(const double *fs, double *out, int64_t count,
                                                              const double *times, const double *values, int64_t n,
                                                              int mode) {
    curveValues(fs, out, count, times, values, n, mode);
}
#endif

void sd_curve_values(const double *fs, double *out, int64_t count, const double *times, const double *values,
                     int64_t n, int mode) {
#if defined(__x86_64__)
    if (sd_lanes_use_avx2()) {
        curveValuesAVX2(fs, out, count, times, values, n, mode);
        return;
    }
#endif
    curveValues(fs, out, count, times, values, n, mode);
}
