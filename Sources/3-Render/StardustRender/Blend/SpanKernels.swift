import CStardustSpans

/// The eight-pixel AVX2 kernel of a linear or radial gradient's, or one colour's, source-over span (CStardustSpans,
/// GradientSpans.c): ``SpanCompositor``'s fused gradient loop and one-colour loop hand it the span first and compute
/// the pixels it leaves (docs/RENDERER.md, "Eight-pixel AVX2 span kernels"). It writes the bytes of those loops, pixel
/// for pixel: the same ramp index, source, destination factor and rounding per pixel, whichever block of four or
/// eight holds the pixel (`GradientSpanKernelTests`).
enum GradientSpanKernel {
    /// Whether the CPU has AVX2 (whatever `STARDUST_NO_AVX` says).
    static var cpuHasAVX2: Bool { sd_spans_have_avx2() != 0 }

    /// Whether ``sourceOver(_:x0:count:coverage:ramp:source:_:_:_:_:transparentFrom:forceAVX2:)`` runs the kernel: the CPU has AVX2 and
    /// `STARDUST_NO_AVX` is unset, empty or "0" (chosen once, on first use).
    static var isChosen: Bool { sd_spans_use_avx2() != 0 }

    /// What a span's pixels blend: a ramp through the ``LinearRampIndexer`` or the ``RadialRampIndexer``, or one colour.
    enum Source {
        case linear, radial, solid

        var kind: Int32 {
            switch self {
            case .linear: Int32(SD_SPAN_LINEAR)
            case .radial: Int32(SD_SPAN_RADIAL)
            case .solid: Int32(SD_SPAN_SOLID)
            }
        }
    }

    /// Source-over through `coverage` onto the pixels `0 ..< count` of the span at `row` (its first pixel's byte; `x0`
    /// that pixel's column), eight pixels at a time, of: a gradient's `ramp` (`.linear`, with (`ax`, `rowA`), or
    /// `.radial`, with (`ax`, `rowA`, `bx`, `rowB`)): the fused loop's `ramp[k] · (min(c, 1) · 255)`; or (`.solid`,
    /// the geometry ignored) the one colour `ramp[0]`, times 255 already: the one-colour compositor's
    /// `color255 · min(c, 1)`. `transparentFrom` (radial) is the ramp's ``GradientRamp/transparentSquaredRadius(_:)``,
    /// or 1 (right for any ramp). Returns how many pixels it wrote, a multiple of 8: 0 where the kernel is not chosen (or,
    /// with `forceAVX2`, for the tests, where the CPU has no AVX2) or the span is shorter than 8, fewer than the whole
    /// blocks where a block would store a NaN channel (the caller's loop traps on it).
    @inline(__always)
    static func sourceOver(_ row: UnsafeMutablePointer<UInt8>, x0: Int, count: Int, coverage: UnsafePointer<Float>,
                           ramp: UnsafePointer<SIMD4<Float>>, source: Source, _ ax: Double, _ rowA: Double,
                           _ bx: Double, _ rowB: Double, transparentFrom far: Double = 1, forceAVX2: Bool = false) -> Int {
        // A span shorter than a block (most spans of edge pixels) does not pay for the call.
        guard count >= 8 else { return 0 }
        let colors = UnsafeRawPointer(ramp).assumingMemoryBound(to: Float.self)
        let kind = source.kind
        let done = forceAVX2
            ? sd_gradient_span_source_over_avx2(row, Int64(x0), Int64(count), coverage, colors, kind, ax, rowA, bx, rowB, far)
            : sd_gradient_span_source_over(row, Int64(x0), Int64(count), coverage, colors, kind, ax, rowA, bx, rowB, far)
        return Int(done)
    }
}

/// The eight-pixel AVX2 kernel of an opaque linear or radial gradient's fully covered run (CStardustSpans,
/// GradientSpans.c): ``PaintShader/shadeOpaquePixels(y:x0:count:into:)`` hands it the run first and writes the pixels
/// it leaves. Each pixel gets the packed entry of the ramp index its own centre gives, as in the Swift loop
/// (`SpanKernelTests`).
enum OpaqueRampKernel {
    /// `out[i] = packed[k(x0 + i + ½)]` for the pixels `0 ..< count` (`packed`: 1024 RGBA8 words), `k` the radial or
    /// linear index (`ax`, `rowA`; radial also `bx`, `rowB`). Returns how many pixels it wrote: `count` rounded down
    /// to 8, or 0 where the kernel is not chosen (``GradientSpanKernel/isChosen``; with `forceAVX2`, for the tests,
    /// where the CPU has no AVX2).
    @inline(__always)
    static func run(_ out: UnsafeMutableRawPointer, x0: Int, count: Int, packed: UnsafePointer<UInt32>, radial: Bool,
                    _ ax: Double, _ rowA: Double, _ bx: Double, _ rowB: Double, forceAVX2: Bool = false) -> Int {
        guard count >= 8 else { return 0 }
        let kind = Int32(radial ? SD_SPAN_RADIAL : SD_SPAN_LINEAR)
        return Int(forceAVX2 ? sd_gradient_opaque_run_avx2(out, Int64(x0), Int64(count), packed, kind, ax, rowA, bx, rowB)
                             : sd_gradient_opaque_run(out, Int64(x0), Int64(count), packed, kind, ax, rowA, bx, rowB))
    }
}

/// The eight-pixel AVX2 kernel of a group row's source-over (CStardustSpans, GroupRows.c): ``GroupCompositor``
/// hands it each row first and composites the pixels it leaves. The bytes of ``GroupCompositor/compositeQuads(_:onto:from:count:opacity:)``,
/// pixel for pixel (`GroupRowKernelTests`).
enum GroupRowKernel {
    /// `src` over `dst` at `opacity` (in (0, 1]) for the pixels `0 ..< count`. Returns how many it wrote: `count`
    /// rounded down to 8, or 0 where the kernel is not chosen (``GradientSpanKernel/isChosen``; with `forceAVX2`, for
    /// the tests, where the CPU has no AVX2).
    @inline(__always)
    static func sourceOver(_ src: UnsafePointer<UInt8>, onto dst: UnsafeMutablePointer<UInt8>, count: Int, opacity: Float,
                           forceAVX2: Bool = false) -> Int {
        guard count >= 8 else { return 0 }
        return Int(forceAVX2 ? sd_group_row_source_over_avx2(src, dst, Int64(count), opacity)
                             : sd_group_row_source_over(src, dst, Int64(count), opacity))
    }
}

/// The eight-float AVX2 kernel of a shadow blur's row (CStardustSpans, BlurRows.c): ``ShadowMask/blurred(_:sourceRect:offset:sigma:color:limit:)``
/// hands it each row of both passes first and adds the elements it leaves. The same product and sum per element
/// (`BlurRowKernelTests`).
enum BlurRowKernel {
    /// `d[x] += w · s[x]` for `x` in `0 ..< count` (`d` and `s` do not overlap). Returns how many elements it did:
    /// `count` rounded down to 8, or 0 where the kernel is not chosen (``GradientSpanKernel/isChosen``; with
    /// `forceAVX2`, for the tests, where the CPU has no AVX2).
    @inline(__always)
    static func addScaled(_ d: UnsafeMutablePointer<Float>, _ s: UnsafePointer<Float>, count: Int, _ w: Float,
                          forceAVX2: Bool = false) -> Int {
        guard count >= 8 else { return 0 }
        return Int(forceAVX2 ? sd_add_scaled_row_avx2(d, s, Int64(count), w) : sd_add_scaled_row(d, s, Int64(count), w))
    }
}

/// The AVX2 kernel of a coverage row's prefix sum (CStardustSpans, CoverageRows.c): ``CoverageRasterizer`` hands it
/// each row of at least ``minimumCells`` cells instead of running ``CoverageRasterizer/accumulate(_:into:_:_:evenOdd:)``.
/// The same running sum, cell after cell, and the same folded coverages, bit for bit (`CoverageRowKernelTests`).
enum CoverageRowKernel {
    /// Rows shorter than this (the edge cells of thin shapes) stay in the inlined Swift loop, which costs less than the call.
    static let minimumCells = 16

    /// The prefix sum of `acc[start ..< end]` into `coverage`, folded by the fill rule, clearing `acc`; the sum at `end`,
    /// or nil where the kernel is not chosen (``GradientSpanKernel/isChosen``; with `forceAVX2`, for the tests, where
    /// the CPU has no AVX2), and then nothing is written.
    @inline(__always)
    static func accumulate(_ acc: UnsafeMutablePointer<Float>, into coverage: UnsafeMutablePointer<Float>,
                           _ start: Int, _ end: Int, evenOdd: Bool, forceAVX2: Bool = false) -> Float? {
        var sum: Float = 0
        let e: Int32 = evenOdd ? 1 : 0
        let done = forceAVX2 ? sd_coverage_row_avx2(acc, coverage, Int64(start), Int64(end), e, &sum)
                             : sd_coverage_row(acc, coverage, Int64(start), Int64(end), e, &sum)
        return done != 0 ? sum : nil
    }
}
