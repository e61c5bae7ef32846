// GradientSpans.c — a linear or radial gradient's source-over span, eight pixels at a time, for AVX2
// (docs/RENDERER.md, "Eight-pixel AVX2 span kernels"; docs/BENCHMARKS.md, "lottie", twentieth round).
//
// Why C: the radial span was the largest function of the Lottie frames (23 % of the samples); in Swift (baseline
// SSE2) a block of four pixels takes two `sqrtpd` for the ramp indices, four scalar `cvttsd2si`, and one widening,
// product and pack per pixel. Here eight pixels take two 256-bit square roots, two `vcvttpd2dq`, and the blend runs
// two pixels per register.
//
// Same bits as the Swift loop (SpanCompositor.compositeRamp with SourceOver; `GradientSpanKernelTests`): every pixel
// is computed alone, by the same IEEE-754 operations in the same order, so grouping by eight instead of four changes
// nothing —
// - the centre `Double(x0 + i) + (j + ½)` (exact for columns far below 2⁵²), the indexer's products and sums, the
//   square root, the clamps by `minpd` and a mask (`cmpordpd` for the radial, `cmpgtpd` against 0 for the linear)
//   and `Int(c·1023 + ½)` by truncation (`vcvttpd2dq`: the value lies in 0.5…1023.5);
// - `s = ramp[k] · (min(c, 1) · 255)`, `keep = 1 − s.w · (1/255)`, `s + d · keep`, no fused multiply-add
//   (contraction off below; the AVX2 target has no FMA);
// - the store's `min(·, 255) + ½`, truncation and saturating packs of `PixelQuad.store`;
// - pixels of coverage ≤ 0 keep their bytes (the block's bytes are blended back by the coverage mask), and a block
//   whose covered pixels would store a NaN channel is not stored: the function returns its offset and the Swift loop,
//   resuming there, traps on it as it does.
// A block whose eight sources are all ±0 is left as it is (twenty-first round): every covered pixel would store
// `±0 + d · 1`, its own bytes. A radial gradient whose ramp ends in ±0 entries (a glow fading out) passes the squared
// radius `far` from which every index reads one of them (twenty-second round; `GradientRamp.transparentSquaredRadius`):
// four centres at or beyond it take index 1023, also ±0, without their square roots, and such blocks are then left as
// they are by the test above — the same bytes, since a ±0 source of either sign stores `d`.
// A block whose eight pixels are covered and whose eight destination factors are 0 (an opaque entry at full
// coverage) is stored without loading the destination: `d · 0` is ±0 for `d` in 0…255 and `s + ±0` stores the bytes
// of `s` (the nineteenth round's `FullCoverageRamp` argument).
// A one-colour span whose colour channels (times 255) all lie in −255…255 treats pixels of coverage in (0, 2⁻¹²] as
// uncovered (twenty-sixth round; docs/RENDERER.md, "Eight-pixel AVX2 span kernels", "Faint coverage"): such a pixel
// stores its own bytes. With b = 2⁻¹², |s| ≤ 255·b ≈ 0.0623 (the bound is a float, so the rounded product does not pass
// it); |s.w · (1/255)| ≤ b·(1 + 2⁻²²), so |keep − 1| ≤ 1.001·b and |d · keep − d| ≤ 255 · 1.001·b + 2⁻²⁴·256 < 0.0625
// for d in 0…255; hence |s + d · keep − d| < 0.125 after its rounding, `min(·, 255) + ½` lies in [d + 0.37, d + 0.63]
// and truncates to d (no NaN: every operand is finite). The interiors of thin stroked rings get such coverages: the
// running sum after a ring's near side is a sum of rounded pieces, a rounding residue instead of 0, so the whole
// inside of every ring was blended pixel by pixel and stored unchanged; now its blocks are skipped like empty ones.

#include "CStardustSpans.h"
#include "EightPixels.h"

#if defined(__x86_64__)
/// The squared radius `qx² + qy²` of a radial gradient at the pixel centres `px` (four lanes).
SD_AVX2_INLINE __m256d squaredRadius(__m256d px, __m256d ax, __m256d rowA, __m256d bx, __m256d rowB) {
    __m256d qx = _mm256_add_pd(_mm256_mul_pd(ax, px), rowA);
    __m256d qy = _mm256_add_pd(_mm256_mul_pd(bx, px), rowB);
    return _mm256_add_pd(_mm256_mul_pd(qx, qx), _mm256_mul_pd(qy, qy));
}

/// Whether the four squared radii `r2` are all at or beyond `far` (NaN is not).
SD_AVX2_INLINE int allBeyond(__m256d r2, __m256d far) {
    return _mm256_movemask_pd(_mm256_cmp_pd(r2, far, _CMP_GE_OQ)) == 0xF;
}

/// `Int(c · 1023 + ½)` of four clamped values `c` in 0…1.
SD_AVX2_INLINE __m128i indexOf(__m256d c) {
    return _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(c, _mm256_set1_pd(1023)), _mm256_set1_pd(0.5)));
}

/// The ramp indices of four squared radii `r2`, `beyond` when they are all at or beyond `far` (`allBeyond`).
/// Four centres at or beyond the radius 1 (the pad of a gradient whose shape is larger than its circle): each square
/// root would be ≥ 1 (it is correctly rounded and monotone, and √1 = 1), clamped to 1, so the index is the last entry's
/// without the square roots, whose throughput bounds this loop. With `far` < 1 (a ramp whose entries from some index
/// on are ±0): each index would be one of those (the index is a nondecreasing function of r2, and `far` is where it
/// reaches them), so entry 1023, ±0 too, gives the same sources up to the sign of their zeros, which no stored byte
/// shows.
SD_AVX2_INLINE __m128i radialIndices(__m256d r2, int beyond) {
    if (beyond) return _mm_set1_epi32(1023);
    const __m256d one = _mm256_set1_pd(1);
    __m256d t = _mm256_sqrt_pd(r2);
    // t if below 1, else 1 (also for NaN), then NaN lanes to 0.
    return indexOf(_mm256_and_pd(_mm256_min_pd(t, one), _mm256_cmp_pd(t, t, _CMP_ORD_Q)));
}

/// The ramp indices of a linear gradient at the pixel centres `px` (four lanes).
SD_AVX2_INLINE __m128i linearIndices(__m256d px, __m256d ax, __m256d rowA) {
    __m256d t = _mm256_add_pd(_mm256_mul_pd(ax, px), rowA);
    // t if below 1, else 1 (also for NaN), then lanes not above 0 (NaN too) to 0.
    return indexOf(_mm256_and_pd(_mm256_min_pd(t, _mm256_set1_pd(1)), _mm256_cmp_pd(t, _mm256_setzero_pd(), _CMP_GT_OQ)));
}

/// The colour of pixels `j` and `j + 4` of a block (one per 128-bit half) times their coverage factors `w`
/// (`min(c, 1) · 255` of the block's eight pixels): lane `j` of each half of `w`, broadcast by `vpermilps`.
#define SD_SOURCE(j) \
    _mm256_mul_ps(_mm256_set_m128(_mm_loadu_ps(ramp + 4 * (int64_t)k[(j) + 4]), _mm_loadu_ps(ramp + 4 * (int64_t)k[j])), \
                  _mm256_permute_ps(w, (j) * 0x55))

/// Whether the one colour `color` (four floats times 255) has every channel in −255…255 (NaN has not), the condition
/// under which pixels of coverage at most 2⁻¹² store their own bytes (above).
SD_AVX2_INLINE int faintIsUncovered(const float *color) {
    __m128 v = _mm_loadu_ps(color);
    __m128 inside = _mm_and_ps(_mm_cmp_ps(v, _mm_set1_ps(255), _CMP_LE_OQ), _mm_cmp_ps(v, _mm_set1_ps(-255), _CMP_GE_OQ));
    return _mm_movemask_ps(inside) == 0xF;
}

/// The span, `kind` a constant in each of the three calls below (one loop per source).
SD_AVX2_INLINE int64_t span(uint8_t *row, int64_t x0, int64_t count, const float *coverage, const float *ramp,
                            const int32_t kind, double ax, double rowA, double bx, double rowB, double far) {
    const __m256d vax = _mm256_set1_pd(ax), vrowA = _mm256_set1_pd(rowA), vfar = _mm256_set1_pd(far);
    const __m256d vbx = _mm256_set1_pd(bx), vrowB = _mm256_set1_pd(rowB);
    const __m256d centersLo = _mm256_setr_pd(0.5, 1.5, 2.5, 3.5), centersHi = _mm256_setr_pd(4.5, 5.5, 6.5, 7.5);
    const __m256 zero = _mm256_setzero_ps();
    // The solid colour (floats 0…255) in both halves.
    const __m256 color = kind == SD_SPAN_SOLID ? _mm256_broadcast_ps((const __m128 *)ramp) : zero;
    // Whether the last entry is ±0 in every channel (a ramp's transparent end): a block of eight centres beyond `far`
    // then has eight ±0 sources, which the test below would leave as they are, so it is left without its sources.
    const int clearEnd = kind == SD_SPAN_RADIAL &&
        _mm_testz_si128(_mm_castps_si128(_mm_loadu_ps(ramp + 4 * 1023)), _mm_set1_epi32(0x7FFFFFFF));
    // The coverage a pixel must exceed to be blended: 2⁻¹² for a one-colour span of bounded colour (above), else 0.
    const __m256 least = kind == SD_SPAN_SOLID && faintIsUncovered(ramp) ? _mm256_set1_ps(0x1p-12f) : zero;
    int64_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 c = _mm256_loadu_ps(coverage + i);
        __m256 covered = _mm256_cmp_ps(least, c, _CMP_LT_OQ);
        int coveredBits = _mm256_movemask_ps(covered);
        if (coveredBits == 0) continue;
        __m256 s0, s1, s2, s3;
        // Register j holds pixels j and j + 4 (EightPixels.h).
        if (kind == SD_SPAN_SOLID) {
            // `color255 · min(c, 1)`, the one-colour compositor's source.
            __m256 w = _mm256_min_ps(c, _mm256_set1_ps(1));
            s0 = _mm256_mul_ps(color, _mm256_permute_ps(w, 0x00)); s1 = _mm256_mul_ps(color, _mm256_permute_ps(w, 0x55));
            s2 = _mm256_mul_ps(color, _mm256_permute_ps(w, 0xAA)); s3 = _mm256_mul_ps(color, _mm256_permute_ps(w, 0xFF));
        } else {
            __m256d base = _mm256_set1_pd((double)(x0 + i));
            __m256d lo = _mm256_add_pd(base, centersLo), hi = _mm256_add_pd(base, centersHi);
            int32_t k[8];
            if (kind == SD_SPAN_RADIAL) {
                __m256d r2lo = squaredRadius(lo, vax, vrowA, vbx, vrowB), r2hi = squaredRadius(hi, vax, vrowA, vbx, vrowB);
                int beyondLo = allBeyond(r2lo, vfar), beyondHi = allBeyond(r2hi, vfar);
                if (beyondLo && beyondHi && clearEnd) continue;
                _mm_storeu_si128((__m128i *)k, radialIndices(r2lo, beyondLo));
                _mm_storeu_si128((__m128i *)(k + 4), radialIndices(r2hi, beyondHi));
            } else {
                _mm_storeu_si128((__m128i *)k, linearIndices(lo, vax, vrowA));
                _mm_storeu_si128((__m128i *)(k + 4), linearIndices(hi, vax, vrowA));
            }
            __m256 w = _mm256_mul_ps(_mm256_min_ps(c, _mm256_set1_ps(1)), _mm256_set1_ps(255));
            s0 = SD_SOURCE(0); s1 = SD_SOURCE(1); s2 = SD_SOURCE(2); s3 = SD_SOURCE(3);
        }
        // Eight sources of ±0 (a ramp's transparent end, the outside of a radial gradient that fades out): each
        // covered pixel becomes `±0 + d · (1 − ±0 · (1/255))` = `d`, which stores its own bytes, and an uncovered one
        // keeps them anyway, so the block is left as it is without loading it.
        if (_mm256_testz_si256(_mm256_castps_si256(_mm256_or_ps(_mm256_or_ps(s0, s1), _mm256_or_ps(s2, s3))),
                               _mm256_set1_epi32(0x7FFFFFFF))) continue;
        __m256 k0 = sdKeep(s0), k1 = sdKeep(s1), k2 = sdKeep(s2), k3 = sdKeep(s3);
        uint8_t *p = row + 4 * i;
        __m256i before = _mm256_loadu_si256((const __m256i *)p);
        __m256 o0, o1, o2, o3;
        __m256 keepsZero = _mm256_and_ps(_mm256_and_ps(_mm256_cmp_ps(k0, zero, _CMP_EQ_OQ), _mm256_cmp_ps(k1, zero, _CMP_EQ_OQ)),
                                         _mm256_and_ps(_mm256_cmp_ps(k2, zero, _CMP_EQ_OQ), _mm256_cmp_ps(k3, zero, _CMP_EQ_OQ)));
        if (coveredBits == 0xFF && _mm256_movemask_ps(keepsZero) == 0xFF) {
            o0 = s0; o1 = s1; o2 = s2; o3 = s3;
        } else {
            SDEightPixels d = sdWiden(before);
            o0 = _mm256_add_ps(s0, _mm256_mul_ps(d.p[0], k0)); o1 = _mm256_add_ps(s1, _mm256_mul_ps(d.p[1], k1));
            o2 = _mm256_add_ps(s2, _mm256_mul_ps(d.p[2], k2)); o3 = _mm256_add_ps(s3, _mm256_mul_ps(d.p[3], k3));
        }
        // A NaN channel of a covered pixel: leave the block to the Swift loop, which traps on it.
        __m256 nan = _mm256_or_ps(
            _mm256_or_ps(_mm256_and_ps(_mm256_cmp_ps(o0, o0, _CMP_UNORD_Q), _mm256_permute_ps(covered, 0x00)),
                         _mm256_and_ps(_mm256_cmp_ps(o1, o1, _CMP_UNORD_Q), _mm256_permute_ps(covered, 0x55))),
            _mm256_or_ps(_mm256_and_ps(_mm256_cmp_ps(o2, o2, _CMP_UNORD_Q), _mm256_permute_ps(covered, 0xAA)),
                         _mm256_and_ps(_mm256_cmp_ps(o3, o3, _CMP_UNORD_Q), _mm256_permute_ps(covered, 0xFF))));
        if (_mm256_movemask_ps(nan) != 0) return i;
        __m256i bytes = sdNarrow((SDEightPixels){{o0, o1, o2, o3}});
        if (coveredBits != 0xFF) bytes = _mm256_blendv_epi8(before, bytes, _mm256_castps_si256(covered));
        _mm256_storeu_si256((__m256i *)p, bytes);
    }
    return i;
}

static __attribute__((target("avx2"))) int64_t spanAVX2(uint8_t *row, int64_t x0, int64_t count,
                                                       const float *coverage, const float *ramp, int32_t kind,
                                                       double ax, double rowA, double bx, double rowB, double far) {
    // `far` above 1 (or NaN) would take indices the loop does not: only ≤ 1 is used.
    if (!(far <= 1)) far = 1;
    if (kind == SD_SPAN_RADIAL) return span(row, x0, count, coverage, ramp, SD_SPAN_RADIAL, ax, rowA, bx, rowB, far);
    if (kind == SD_SPAN_SOLID) return span(row, x0, count, coverage, ramp, SD_SPAN_SOLID, ax, rowA, bx, rowB, far);
    return span(row, x0, count, coverage, ramp, SD_SPAN_LINEAR, ax, rowA, bx, rowB, far);
}
#endif

#if defined(__x86_64__)
/// An opaque gradient's fully covered run (StardustRender's `PaintShader.shadeOpaquePixels`; twenty-fifth round):
/// each pixel gets the packed bytes of its ramp entry, `packed[k]`, `k` from the pixel centre `x0 + i + ½` by the same
/// operations as the span above (and as `PaintShader.shadeLinear`/`shadeRadial`), eight centres per step and the eight
/// entries gathered. Four radial centres at or beyond the radius 1 take index 1023 without their square roots (each
/// would clamp to 1). No blending: the run's pixels are replaced, as the Swift loop replaces them.
static __attribute__((target("avx2"))) int64_t opaqueRunAVX2(uint32_t *out, int64_t x0, int64_t count,
                                                            const uint32_t *packed, int32_t kind, double ax,
                                                            double rowA, double bx, double rowB) {
    const __m256d vax = _mm256_set1_pd(ax), vrowA = _mm256_set1_pd(rowA), one = _mm256_set1_pd(1);
    const __m256d vbx = _mm256_set1_pd(bx), vrowB = _mm256_set1_pd(rowB);
    const __m256d centersLo = _mm256_setr_pd(0.5, 1.5, 2.5, 3.5), centersHi = _mm256_setr_pd(4.5, 5.5, 6.5, 7.5);
    int64_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256d base = _mm256_set1_pd((double)(x0 + i));
        __m256d lo = _mm256_add_pd(base, centersLo), hi = _mm256_add_pd(base, centersHi);
        __m128i klo, khi;
        if (kind == SD_SPAN_RADIAL) {
            __m256d r2lo = squaredRadius(lo, vax, vrowA, vbx, vrowB), r2hi = squaredRadius(hi, vax, vrowA, vbx, vrowB);
            klo = radialIndices(r2lo, allBeyond(r2lo, one));
            khi = radialIndices(r2hi, allBeyond(r2hi, one));
        } else {
            klo = linearIndices(lo, vax, vrowA);
            khi = linearIndices(hi, vax, vrowA);
        }
        __m256i k = _mm256_set_m128i(khi, klo);
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_i32gather_epi32((const int *)packed, k, 4));
    }
    return i;
}
#endif

/// The two entry points below, `avx2` saying whether the AVX2 kernel runs (chosen, or forced by the tests).
static int64_t opaqueRun(int avx2, void *out, int64_t x0, int64_t count, const uint32_t *packed, int32_t kind,
                         double ax, double rowA, double bx, double rowB) {
#if defined(__x86_64__)
    if (kind != SD_SPAN_SOLID && avx2) return opaqueRunAVX2((uint32_t *)out, x0, count, packed, kind, ax, rowA, bx, rowB);
#endif
    return 0;
}

int64_t sd_gradient_opaque_run(void *out, int64_t x0, int64_t count, const uint32_t *packed, int32_t kind,
                               double ax, double rowA, double bx, double rowB) {
    return opaqueRun(sd_spans_use_avx2(), out, x0, count, packed, kind, ax, rowA, bx, rowB);
}

int64_t sd_gradient_opaque_run_avx2(void *out, int64_t x0, int64_t count, const uint32_t *packed, int32_t kind,
                                    double ax, double rowA, double bx, double rowB) {
    return opaqueRun(sd_spans_have_avx2(), out, x0, count, packed, kind, ax, rowA, bx, rowB);
}

int64_t sd_gradient_span_source_over_avx2(uint8_t *row, int64_t x0, int64_t count, const float *coverage,
                                          const float *ramp, int32_t kind, double ax, double rowA, double bx,
                                          double rowB, double far) {
#if defined(__x86_64__)
    if (sd_spans_have_avx2()) return spanAVX2(row, x0, count, coverage, ramp, kind, ax, rowA, bx, rowB, far);
#endif
    return 0;
}

int64_t sd_gradient_span_source_over(uint8_t *row, int64_t x0, int64_t count, const float *coverage,
                                     const float *ramp, int32_t kind, double ax, double rowA, double bx, double rowB,
                                     double far) {
#if defined(__x86_64__)
    if (sd_spans_use_avx2()) return spanAVX2(row, x0, count, coverage, ramp, kind, ax, rowA, bx, rowB, far);
#endif
    return 0;
}
