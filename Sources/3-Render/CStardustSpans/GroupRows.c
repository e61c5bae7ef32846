// GroupRows.c — a group buffer's row composited onto its parent at an opacity (source-over), eight pixels at a
// time, for AVX2 (StardustRender, GroupCompositor.compositeRow; docs/RENDERER.md, "Eight-pixel AVX2 span
// kernels"; docs/BENCHMARKS.md, "lottie", twentieth round).
//
// Same bits as the Swift row (`GroupRowKernelTests`): each pixel's bytes there depend on its group and parent pixel
// and the opacity alone, whichever branch its block of four took —
// - a transparent group pixel (four zero bytes) keeps the parent's bytes: skipped, or blended as `0 + d · 1`, which
//   rounds back to `d`;
// - at opacity 1 an opaque one (alpha 255) stores its own bytes: copied, or blended with the factor
//   `1 − 255 · (1/255)`, which is exactly 0 in Float, so `g + d · 0` rounds to `g`;
// - any other is `g · opacity + d · (1 − (g · opacity).w · (1/255))`, stored with `PixelQuad.store`'s rounding.
// So blocks of eight take the same three branches: all transparent (skipped), all opaque at opacity 1 (copied),
// else every pixel blended, by the same IEEE-754 operations in the same order (no contraction, EightPixels.h). The
// caller passes an opacity in (0, 1] only: the products then never overflow or make a NaN.

#include "CStardustSpans.h"
#include "EightPixels.h"

#if defined(__x86_64__)
static __attribute__((target("avx2"))) int64_t rowAVX2(const uint8_t *src, uint8_t *dst, int64_t count, float opacity) {
    const __m256i alpha = _mm256_set1_epi32((int32_t)0xFF000000u);
    const __m256 o = _mm256_set1_ps(opacity);
    const int copyOpaque = opacity == 1;
    int64_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i g = _mm256_loadu_si256((const __m256i *)(src + 4 * i));
        if (_mm256_testz_si256(g, g)) continue;
        uint8_t *q = dst + 4 * i;
        if (copyOpaque && _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(g, alpha), alpha))) == 0xFF) {
            _mm256_storeu_si256((__m256i *)q, g);
            continue;
        }
        SDEightPixels s = sdWiden(g), d = sdWiden(_mm256_loadu_si256((const __m256i *)q)), out;
        for (int j = 0; j < 4; j++) {
            __m256 sj = _mm256_mul_ps(s.p[j], o);
            out.p[j] = _mm256_add_ps(sj, _mm256_mul_ps(d.p[j], sdKeep(sj)));
        }
        _mm256_storeu_si256((__m256i *)q, sdNarrow(out));
    }
    return i;
}
#endif

int64_t sd_group_row_source_over_avx2(const uint8_t *src, uint8_t *dst, int64_t count, float opacity) {
#if defined(__x86_64__)
    if (sd_spans_have_avx2()) return rowAVX2(src, dst, count, opacity);
#endif
    return 0;
}

int64_t sd_group_row_source_over(const uint8_t *src, uint8_t *dst, int64_t count, float opacity) {
#if defined(__x86_64__)
    if (sd_spans_use_avx2()) return rowAVX2(src, dst, count, opacity);
#endif
    return 0;
}
