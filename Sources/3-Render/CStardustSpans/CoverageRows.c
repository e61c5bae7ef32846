// CoverageRows.c — the coverage rasterizer's prefix sum of one row, eight cells at a time where it can be, for AVX2
// (StardustRender, CoverageRasterizer.accumulate; docs/RENDERER.md, "Paths: edge order and coverage rows";
// docs/BENCHMARKS.md, "lottie", twenty-first round).
//
// Same bits as the Swift loop (`CoverageRowKernelTests`): the running sum is the same chain of single-precision sums,
// cell after cell, in the row's order — a prefix sum cannot be split without changing its rounding, so that chain
// stays scalar. What goes eight wide is the rest:
// - a block of eight cells whose differences are all zero is written with the folded running sum and cleared, as the
//   Swift loop does four at a time (adding zero leaves the sum as it is: a cell difference is never −0, since each
//   one is a sum onto a +0, so not even the sign of a zero changes);
// - the other blocks keep the eight running sums of the chain and fold them together: `min(|w|, 1)` (non-zero) or
//   `m = |w| − 2·⌊|w|·½⌋`, `m > 1 ? 2 − m : m` (even-odd), lane by lane the operations of `CoverageRasterizer.fold`
//   — `vminps(1, a)` is Swift's `min(a, 1)` (`1 < a ? 1 : a`, NaN kept), `vroundps` toward −∞ is `rounded(.down)`,
//   and the products by ½ and 2 are exact —, with no contraction (EightPixels.h).
// The cells after the last whole block go one by one, as in Swift.

#include "CStardustSpans.h"
#include "EightPixels.h"
#include <math.h>

/// `CoverageRasterizer.fold` of one sum.
static inline float foldOne(float w, int32_t evenOdd) {
    float a = fabsf(w);
    if (!evenOdd) return 1.0f < a ? 1.0f : a;
    float m = a - 2 * floorf(a * 0.5f);
    return m > 1 ? 2 - m : m;
}

#if defined(__x86_64__)
/// `foldOne` of eight sums.
SD_AVX2_INLINE __m256 foldEight(__m256 w, const int32_t evenOdd) {
    const __m256 one = _mm256_set1_ps(1);
    __m256 a = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), w);
    if (!evenOdd) return _mm256_min_ps(one, a);
    __m256 half = _mm256_round_ps(_mm256_mul_ps(a, _mm256_set1_ps(0.5f)), _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    __m256 m = _mm256_sub_ps(a, _mm256_mul_ps(_mm256_set1_ps(2), half));
    return _mm256_blendv_ps(m, _mm256_sub_ps(_mm256_set1_ps(2), m), _mm256_cmp_ps(m, one, _CMP_GT_OQ));
}

/// The row, `evenOdd` a constant in each of the two calls below.
SD_AVX2_INLINE float row(float *acc, float *coverage, int64_t start, int64_t end, const int32_t evenOdd) {
    const __m256 zero = _mm256_setzero_ps();
    float sum = 0;
    int64_t x = start;
    while (x + 8 <= end) {
        __m256 d = _mm256_loadu_ps(acc + x);
        if (_mm256_movemask_ps(_mm256_cmp_ps(d, zero, _CMP_EQ_OQ)) == 0xFF) {
            // A run of such blocks: one folded sum for all of them.
            __m256 folded = _mm256_set1_ps(foldOne(sum, evenOdd));
            do {
                _mm256_storeu_ps(coverage + x, folded);
                _mm256_storeu_ps(acc + x, zero);
                x += 8;
            } while (x + 8 <= end && _mm256_movemask_ps(_mm256_cmp_ps(_mm256_loadu_ps(acc + x), zero, _CMP_EQ_OQ)) == 0xFF);
            continue;
        }
        float sums[8];
        for (int j = 0; j < 8; j++) { sum += acc[x + j]; sums[j] = sum; }
        _mm256_storeu_ps(acc + x, zero);
        _mm256_storeu_ps(coverage + x, foldEight(_mm256_loadu_ps(sums), evenOdd));
        x += 8;
    }
    for (; x < end; x++) { sum += acc[x]; acc[x] = 0; coverage[x] = foldOne(sum, evenOdd); }
    return sum;
}

static __attribute__((target("avx2"))) float rowAVX2(float *acc, float *coverage, int64_t start, int64_t end,
                                                    int32_t evenOdd) {
    return evenOdd ? row(acc, coverage, start, end, 1) : row(acc, coverage, start, end, 0);
}
#endif

int32_t sd_coverage_row_avx2(float *acc, float *coverage, int64_t start, int64_t end, int32_t evenOdd, float *sum) {
#if defined(__x86_64__)
    if (sd_spans_have_avx2()) { *sum = rowAVX2(acc, coverage, start, end, evenOdd); return 1; }
#endif
    return 0;
}

int32_t sd_coverage_row(float *acc, float *coverage, int64_t start, int64_t end, int32_t evenOdd, float *sum) {
#if defined(__x86_64__)
    if (sd_spans_use_avx2()) { *sum = rowAVX2(acc, coverage, start, end, evenOdd); return 1; }
#endif
    return 0;
}
