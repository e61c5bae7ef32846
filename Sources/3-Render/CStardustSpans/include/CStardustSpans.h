// CStardustSpans.h — StardustRender's span kernels in C, so that they can be compiled for AVX2 and chosen at run
// time (SpanChoice.c) without unsafe flags: Swift here compiles for baseline x86-64 (SSE2), where an eight-pixel
// block is two SSE halves at best. Each kernel computes the bits of the Swift loop it stands in for
// (StardustRender, SpanCompositor.swift and GroupCompositor.swift; docs/RENDERER.md, "Eight-pixel AVX2 span kernels").

#ifndef C_STARDUST_SPANS_H
#define C_STARDUST_SPANS_H

#include <stdint.h>

/// The source of ``sd_gradient_span_source_over``: a gradient's ramp indexer, `SD_SPAN_LINEAR` (`t = ax·px + rowA`) or
/// `SD_SPAN_RADIAL` (`t = √(qx² + qy²)`, `q = (ax·px + rowA, bx·px + rowB)`; also elliptical gradients), or
/// `SD_SPAN_SOLID`, one colour: `ramp` is then that colour's four floats times 255 and the source `color255 · min(c, 1)`
/// (StardustRender's one-colour span compositor; the geometry is ignored).
enum { SD_SPAN_LINEAR = 0, SD_SPAN_RADIAL = 1, SD_SPAN_SOLID = 2 };

/// Source-over of a linear or radial gradient, or of one colour (`kind`), through per-pixel coverage, eight pixels at a
/// time, for the pixels `0 ..< count` of a row span (`row` is the first pixel's byte, RGBA8; `coverage[i]` the coverage
/// of pixel `i`, never NaN; `x0` the first pixel's column; `ramp` 1024 premultiplied colours, four floats each, 0…1, or
/// the one colour times 255). Per pixel the operations of `SpanCompositor.compositeRamp` with `SourceOver`: the ramp
/// index `k` of the pixel centre `x0 + i + ½` as `PaintShader.shadeLinear`/`shadeRadial` compute it,
/// `s = ramp[k] · (min(c, 1) · 255)` (one colour: `color255 · min(c, 1)`, as the one-colour loop),
/// `s + d · (1 − s.w · (1/255))`, stored clamped and rounded as `PixelQuad.store`; pixels of coverage ≤ 0 untouched.
/// `far` (radial; 1 for any ramp, and a value above 1 or NaN counts as 1) is a squared radius `qx² + qy²` from which
/// every pixel's index reads a ±0 entry, entry 1023 among them: four centres at or beyond it take index 1023 without
/// their square roots (StardustRender's `GradientRamp.transparentSquaredRadius`).
///
/// Returns how many pixels it wrote, a multiple of 8 (the caller does the rest): 0 when the AVX2 variant is not
/// chosen (``sd_spans_use_avx2``), less than `count` rounded down to 8 when a block would store a NaN channel (the
/// caller's loop then traps on it, as it does) or when fewer than 8 pixels are left.
int64_t sd_gradient_span_source_over(uint8_t *row, int64_t x0, int64_t count, const float *coverage,
                                     const float *ramp, int32_t kind, double ax, double rowA, double bx, double rowB,
                                     double far);

/// The AVX2 variant of ``sd_gradient_span_source_over`` whatever the environment says (for the tests; only on a CPU
/// for which ``sd_spans_have_avx2`` is 1; elsewhere it returns 0).
int64_t sd_gradient_span_source_over_avx2(uint8_t *row, int64_t x0, int64_t count, const float *coverage,
                                          const float *ramp, int32_t kind, double ax, double rowA, double bx,
                                          double rowB, double far);

/// An opaque linear or radial gradient's fully covered run (`kind` `SD_SPAN_LINEAR` or `SD_SPAN_RADIAL`; StardustRender's
/// `PaintShader.shadeOpaquePixels`): `out[i] = packed[k]` for the pixels `0 ..< count`, `k` the ramp index of the pixel
/// centre `x0 + i + ½` computed as in ``sd_gradient_span_source_over`` (`packed`: the ramp's 1024 entries as RGBA8
/// words). Returns how many pixels it wrote, `count` rounded down to 8, or 0 when the AVX2 variant is not chosen
/// (``sd_spans_use_avx2``) or `kind` is `SD_SPAN_SOLID`.
int64_t sd_gradient_opaque_run(void *out, int64_t x0, int64_t count, const uint32_t *packed, int32_t kind,
                               double ax, double rowA, double bx, double rowB);

/// The AVX2 variant of ``sd_gradient_opaque_run`` whatever the environment says (for the tests; 0 on a CPU without
/// AVX2).
int64_t sd_gradient_opaque_run_avx2(void *out, int64_t x0, int64_t count, const uint32_t *packed, int32_t kind,
                                    double ax, double rowA, double bx, double rowB);

/// A group buffer's row over its parent's (StardustRender's `GroupCompositor.compositeRow`): for the pixels
/// `0 ..< count` (RGBA8 from `src` and `dst`), eight at a time, `dst = g · opacity + d · (1 − (g · opacity).w · (1/255))`
/// with that row's rounding, transparent group pixels leaving `dst` as it is. `opacity` in (0, 1]. Returns how many
/// pixels it wrote, `count` rounded down to 8, or 0 when the AVX2 variant is not chosen (``sd_spans_use_avx2``).
int64_t sd_group_row_source_over(const uint8_t *src, uint8_t *dst, int64_t count, float opacity);

/// The AVX2 variant of ``sd_group_row_source_over`` whatever the environment says (for the tests; 0 on a CPU
/// without AVX2).
int64_t sd_group_row_source_over_avx2(const uint8_t *src, uint8_t *dst, int64_t count, float opacity);

/// A row of a shadow's blur (StardustRender's `ShadowMask.blurred`): `d[x] += w · s[x]` for `x` in `0 ..< count`,
/// eight at a time (`d` and `s` do not overlap). Returns how many it did, `count` rounded down to 8, or 0 when the
/// AVX2 variant is not chosen (``sd_spans_use_avx2``).
int64_t sd_add_scaled_row(float *d, const float *s, int64_t count, float w);

/// The AVX2 variant of ``sd_add_scaled_row`` whatever the environment says (for the tests; 0 on a CPU without AVX2).
int64_t sd_add_scaled_row_avx2(float *d, const float *s, int64_t count, float w);

/// One row of the coverage rasterizer's prefix sum (StardustRender's `CoverageRasterizer.accumulate`): for the cells
/// `start ..< end`, `sum += acc[x]`, `acc[x] = 0`, `coverage[x] = fold(sum)` (`min(|sum|, 1)`, or with `evenOdd` the
/// distance of `|sum|` from the nearest even integer), the running sum one cell after the other as the Swift loop adds
/// it, eight cells at a time around that chain (blocks of zero differences written with the folded sum, the others
/// folded eight together). Writes the sum at `end` to `*sum` and returns 1; returns 0 and writes nothing when the AVX2
/// variant is not chosen (``sd_spans_use_avx2``).
int32_t sd_coverage_row(float *acc, float *coverage, int64_t start, int64_t end, int32_t evenOdd, float *sum);

/// The AVX2 variant of ``sd_coverage_row`` whatever the environment says (for the tests; 0 on a CPU without AVX2).
int32_t sd_coverage_row_avx2(float *acc, float *coverage, int64_t start, int64_t end, int32_t evenOdd, float *sum);

/// 1 when the kernels of this module run their AVX2 variant (the CPU has AVX2 and the environment variable
/// STARDUST_NO_AVX is unset, empty or "0"), else 0. Chosen once, on first use.
int sd_spans_use_avx2(void);

/// 1 when the CPU has AVX2, whatever the environment says (for the tests).
int sd_spans_have_avx2(void);

#endif
