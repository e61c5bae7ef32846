// EightPixels.h — eight RGBA8 pixels as four registers of floats for this module's AVX2 kernels (private to the
// module; included by each kernel's source, so the pragma below applies to it: no contraction into fused
// multiply-adds, which the AVX2 target does not have either).
//
// Register j holds pixels j (low half) and j + 4 (high half): the order in which the in-lane unpacks widen 32 bytes
// and the in-lane packs narrow them back, so neither needs a cross-lane permute. Each lane gets the numbers of
// StardustRender's `PixelQuad` (the same widening, and the same rounding and saturating packs at the store).

#ifndef C_STARDUST_SPANS_EIGHT_PIXELS_H
#define C_STARDUST_SPANS_EIGHT_PIXELS_H

#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <immintrin.h>

#define SD_AVX2_INLINE static inline __attribute__((always_inline, target("avx2")))

typedef struct SDEightPixels {
    __m256 p[4];
} SDEightPixels;

/// The 32 bytes `v` as floats 0…255, exactly.
SD_AVX2_INLINE SDEightPixels sdWiden(__m256i v) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i lo = _mm256_unpacklo_epi8(v, zero), hi = _mm256_unpackhi_epi8(v, zero);
    SDEightPixels r;
    r.p[0] = _mm256_cvtepi32_ps(_mm256_unpacklo_epi16(lo, zero));
    r.p[1] = _mm256_cvtepi32_ps(_mm256_unpackhi_epi16(lo, zero));
    r.p[2] = _mm256_cvtepi32_ps(_mm256_unpacklo_epi16(hi, zero));
    r.p[3] = _mm256_cvtepi32_ps(_mm256_unpackhi_epi16(hi, zero));
    return r;
}

/// `PixelQuad.store`'s rounding of one register: `min(v, 255) + ½`, truncated (below 0 the packs saturate to 0).
SD_AVX2_INLINE __m256i sdRounded(__m256 v) {
    return _mm256_cvttps_epi32(_mm256_add_ps(_mm256_min_ps(v, _mm256_set1_ps(255)), _mm256_set1_ps(0.5f)));
}

/// The eight pixels as bytes in memory order: the packs give (0, 1 | 4, 5) and (2, 3 | 6, 7) as words, then
/// pixels 0…3 | 4…7 as bytes.
SD_AVX2_INLINE __m256i sdNarrow(SDEightPixels o) {
    return _mm256_packus_epi16(_mm256_packs_epi32(sdRounded(o.p[0]), sdRounded(o.p[1])),
                               _mm256_packs_epi32(sdRounded(o.p[2]), sdRounded(o.p[3])));
}

/// Source-over's destination factor `1 − s.w · (1/255)` in every lane of each pixel of `s`.
SD_AVX2_INLINE __m256 sdKeep(__m256 s) {
    return _mm256_sub_ps(_mm256_set1_ps(1), _mm256_mul_ps(_mm256_permute_ps(s, 0xFF), _mm256_set1_ps(1.0f / 255)));
}
#endif

#endif
