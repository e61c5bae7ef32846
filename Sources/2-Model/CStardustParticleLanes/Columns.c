// Columns.c — the batched particle kernel's step 4 (ExtendedKernel.swift): each particle's birth color, scale, spin
// and rotation from their uniforms (once step 2's, a pass of its own that wrote them back for this step alone, about a
// fifth of the Swift kernel's samples in a profile: docs/PARTICLES-PERFORMANCE.md, "the birth draws in the columns"),
// its over-life state (color, alpha, scale and rotation at its age, times its curves' values) and its 14 float columns,
// four particles at a time, written once over the lane width (ColumnLanes.h) and compiled for the baseline, on
// x86-64 for `target("avx2")` and, on a CPU with AVX-512 (F, VL, DQ, BW), eight particles at a time (`columns512`);
// chosen once at run time (LaneChoice.c, so never under STARDUST_NO_AVX=1).
//
// Why: in Swift on SSE2 each four-lane double operation took two instructions and each column's rounding
// to float four scalar conversions and their shuffles; the step was 15 % of the fields kernel's
// instructions, about 62 per particle (docs/PARTICLES-PERFORMANCE.md, "the fields kernel's columns").
// With AVX2 an operation is one instruction and a column's rounding one `vcvtpd2ps`.
// On AVX-512 eight lanes halve those instructions again (the steps' and the passes' widths: an extended row's
// columns were about 11 % of its playback in a profile, docs/PARTICLES-PERFORMANCE.md, "the columns on eight lanes").
//
// The same values, lane by lane: the Swift steps' operations in their order (IEEE-754 only, no contraction,
// Lanes.h); `max(0, s)` is `s >= 0 ? s : 0` (a NaN gives 0, as `replace(with:where:)` did); the rounding to
// float is the current rounding (to nearest), as Swift's `Float(_:)` (`ColumnsLanesTests`).

#include "CStardustParticleLanes.h"
#include "Lanes.h"

typedef float f4 __attribute__((ext_vector_type(4)));

#define SD_W 4
#define SD_W_TARGET
#include "ColumnLanes.h"
#undef SD_W_TARGET
#undef SD_W

SD_INLINE void columns(const SDColumnInputs *in, const SDColumnOutputs *out, int64_t count, const SDColumnParameters *p) {
    for (int64_t j = 0; j < count; j += 4) columnGroup4(in, out, j, count - j < 4 ? count - j : 4, p);
}

void sd_columns_baseline(const SDColumnInputs *in, const SDColumnOutputs *out, int64_t count,
                         const SDColumnParameters *p) {
    columns(in, out, count, p);
}

#if defined(__x86_64__)
typedef float f8 __attribute__((ext_vector_type(8)));

#define SD_W 8
#define SD_W_TARGET SD_AVX512
#include "ColumnLanes.h"
#undef SD_W_TARGET
#undef SD_W

/// Eight particles at a time, then the last one to seven four at a time (the inputs are padded to four lanes only).
SD_AVX512 static void columns512(const SDColumnInputs *in, const SDColumnOutputs *out, int64_t count,
                                 const SDColumnParameters *p) {
    int64_t j = 0;
    for (; j + 8 <= count; j += 8) columnGroup8(in, out, j, 8, p);
    for (; j < count; j += 4) columnGroup4(in, out, j, count - j < 4 ? count - j : 4, p);
}

__attribute__((target("avx2"))) static void columnsAVX2(const SDColumnInputs *in, const SDColumnOutputs *out,
                                                          int64_t count, const SDColumnParameters *p) {
    columns(in, out, count, p);
}
#endif

int sd_columns_variant(int variant, const SDColumnInputs *in, const SDColumnOutputs *out, int64_t count,
                       const SDColumnParameters *p) {
#if defined(__x86_64__)
    if (variant == 3 && sd_lanes_have_avx512()) {
        columns512(in, out, count, p);
        return 0;
    }
    if (variant == 2 && __builtin_cpu_supports("avx2")) {
        columnsAVX2(in, out, count, p);
        return 0;
    }
#endif
    if (variant != 1) return -1;
    columns(in, out, count, p);
    return 0;
}

void sd_columns(const SDColumnInputs *in, const SDColumnOutputs *out, int64_t count, const SDColumnParameters *p) {
#if defined(__x86_64__)
    if (sd_lanes_use_avx512()) {
        columns512(in, out, count, p);
        return;
    }
    if (sd_lanes_use_avx2()) {
        columnsAVX2(in, out, count, p);
        return;
    }
#endif
    columns(in, out, count, p);
}
