// Columns.c — the batched particle kernel's step 4 (ExtendedKernel.swift): each particle's over-life
// state (color, alpha, scale and rotation at its age, times its curves' values) and its 14 float columns,
// four particles at a time, written once (`columns`, always inlined) and compiled for the baseline and, on
// x86-64, for `target("avx2")`, chosen once at run time (LaneChoice.c).
//
// Why: in Swift on SSE2 each four-lane double operation took two instructions and each column's rounding
// to float four scalar conversions and their shuffles; the step was 15 % of the fields kernel's
// instructions, about 62 per particle (docs/PARTICLES-PERFORMANCE.md, "the fields kernel's columns").
// With AVX2 an operation is one instruction and a column's rounding one `vcvtpd2ps`.
//
// The same values, lane by lane: the Swift step's operations in its order (IEEE-754 only, no contraction,
// Lanes.h); `max(0, s)` is `s >= 0 ? s : 0` (a NaN gives 0, as `replace(with:where:)` did); the rounding to
// float is the current rounding (to nearest), as Swift's `Float(_:)` (`ColumnsLanesTests`).

#include "CStardustParticleLanes.h"
#include "Lanes.h"

typedef float f4 __attribute__((ext_vector_type(4)));

SD_INLINE void put4(float *p, f4 v, int64_t c) {
    if (c == 4) {
        memcpy(p, &v, sizeof v);
    } else {
        for (int64_t l = 0; l < c; l++) p[l] = v[l];
    }
}

SD_INLINE void columns(const SDColumnInputs *in, const SDColumnOutputs *out, int64_t count, const SDColumnParameters *p) {
    const d4 zero = (d4)0;
    for (int64_t j = 0; j < count; j += 4) {
        d4 tau = load4(in->ages + j), life = load4(in->lives + j);
        d4 r = load4(in->red + j) + p->colorSpeed[0] * tau, g = load4(in->green + j) + p->colorSpeed[1] * tau;
        d4 b = load4(in->blue + j) + p->colorSpeed[2] * tau, a = load4(in->alpha + j) + p->colorSpeed[3] * tau;
        d4 sc = load4(in->scale + j) + p->scaleSpeed * tau;
        sc = select4(sc >= zero, sc, zero);
        if (p->hasScaleFactor) sc = p->scaleFactor * sc;
        if (in->rampR) {
            r *= load4(in->rampR + j); g *= load4(in->rampG + j); b *= load4(in->rampB + j);
            a *= load4(in->rampA + j);
        }
        if (in->alphaValues) a *= load4(in->alphaValues + j);
        if (in->scaleValues) {
            sc = sc * load4(in->scaleValues + j);
            sc = select4(sc >= zero, sc, zero);
        }
        d4 rot = load4(in->rotation + j) + load4(in->spin + j) * tau;
        if (p->turn != 0) rot += p->turn;
        int64_t c = count - j < 4 ? count - j : 4;
        put4(out->x + j, __builtin_convertvector(load4(in->px + j), f4), c);
        put4(out->y + j, __builtin_convertvector(load4(in->py + j), f4), c);
        put4(out->z + j, __builtin_convertvector(load4(in->pz + j), f4), c);
        put4(out->vx + j, __builtin_convertvector(load4(in->vx + j), f4), c);
        put4(out->vy + j, __builtin_convertvector(load4(in->vy + j), f4), c);
        put4(out->vz + j, __builtin_convertvector(load4(in->vz + j), f4), c);
        put4(out->scale + j, __builtin_convertvector(sc, f4), c);
        put4(out->rotation + j, __builtin_convertvector(rot, f4), c);
        put4(out->red + j, __builtin_convertvector(r, f4), c);
        put4(out->green + j, __builtin_convertvector(g, f4), c);
        put4(out->blue + j, __builtin_convertvector(b, f4), c);
        put4(out->alpha + j, __builtin_convertvector(a, f4), c);
        put4(out->age + j, __builtin_convertvector(tau, f4), c);
        put4(out->lifetime + j, __builtin_convertvector(life, f4), c);
        // The birth times, cells and ids in this loop rather than a Swift loop of its own after it: a second
        // pass over the batch (four lanes of SSE2 there), about 8 % of the kernel in a profile.
        if (out->birth) {
            if (c == 4) {
                memcpy(out->birth + j, in->births + j, 4 * sizeof(double));
                u4 k;
                memcpy(&k, in->ks + j, sizeof k);
                k += p->idKey;
                memcpy(out->ids + j, &k, sizeof k);
                for (int l = 0; l < 4; l++) out->cells[j + l] = p->cell;
            } else {
                for (int64_t l = 0; l < c; l++) {
                    out->birth[j + l] = in->births[j + l];
                    out->cells[j + l] = p->cell;
                    out->ids[j + l] = p->idKey + in->ks[j + l];
                }
            }
        }
    }
}

void sd_columns_baseline(const SDColumnInputs *in, const SDColumnOutputs *out, int64_t count,
                         const SDColumnParameters *p) {
    columns(in, out, count, p);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void columnsAVX2(const SDColumnInputs *in, const SDColumnOutputs *out,
                                                          int64_t count, const SDColumnParameters *p) {
    columns(in, out, count, p);
}
#endif

void sd_columns(const SDColumnInputs *in, const SDColumnOutputs *out, int64_t count, const SDColumnParameters *p) {
#if defined(__x86_64__)
    if (sd_lanes_use_avx2()) {
        columnsAVX2(in, out, count, p);
        return;
    }
#endif
    columns(in, out, count, p);
}
