// BlurRows.c — a row of a shadow's separable blur, `d[x] += w · s[x]`, eight floats at a time, for AVX2
// (StardustRender, ShadowMask.blurred; docs/RENDERER.md, "Eight-pixel AVX2 span kernels"; docs/BENCHMARKS.md,
// "lottie", twentieth round).
//
// Same bits as the Swift loop (`BlurRowKernelTests`): each element is one IEEE-754 product rounded to float and one
// sum rounded to float, in that order, whatever the width of the register (no contraction into a fused multiply-add,
// EightPixels.h; the AVX2 target has no FMA either).

#include "CStardustSpans.h"
#include "EightPixels.h"

#if defined(__x86_64__)
static __attribute__((target("avx2"))) int64_t rowAVX2(float *d, const float *s, int64_t count, float w) {
    const __m256 vw = _mm256_set1_ps(w);
    int64_t i = 0;
    for (; i + 8 <= count; i += 8) {
        _mm256_storeu_ps(d + i, _mm256_add_ps(_mm256_loadu_ps(d + i), _mm256_mul_ps(vw, _mm256_loadu_ps(s + i))));
    }
    return i;
}
#endif

int64_t sd_add_scaled_row_avx2(float *d, const float *s, int64_t count, float w) {
#if defined(__x86_64__)
    if (sd_spans_have_avx2()) return rowAVX2(d, s, count, w);
#endif
    return 0;
}

int64_t sd_add_scaled_row(float *d, const float *s, int64_t count, float w) {
#if defined(__x86_64__)
    if (sd_spans_use_avx2()) return rowAVX2(d, s, count, w);
#endif
    return 0;
}
