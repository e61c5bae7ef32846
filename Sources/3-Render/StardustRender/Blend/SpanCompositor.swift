import StardustCore

/// Composites a color through per-pixel coverage onto a row: the shared
/// primitive of path and text painting.
///
/// Blending is ``PixelBlend``'s: `normal` = `src + dst·(1 − αsrc)`,
/// `additive` = `min(1, src + dst)`, on premultiplied values, rounded to
/// nearest. Complexity: O(count); no allocation. `i < count` ≤ the row's width, so pixel
/// offsets use wrapping arithmetic (no per-pixel overflow check).
enum SpanCompositor {
    /// For pixels `x0 ..< x0 + count` of row `y`: `src = color · coverage[i]`
    /// (premultiplied, components in 0…1), blended with `mode`.
    /// The caller has clipped the span to `target.clip`.
    static func composite(_ target: RenderTarget, y: Int, x0: Int, count: Int,
                          coverage: UnsafePointer<Float>, color: SIMD4<Float>, mode: BlendMode) {
        let row = target.row(y) + 4 * x0
        switch mode {
        case .normal:
            // The AVX2 kernel first where it is chosen (``GradientSpanKernel``: whole blocks of eight, this loop's bytes).
            var c255 = color * 255
            let done = withUnsafePointer(to: &c255) {
                GradientSpanKernel.sourceOver(row, x0: x0, count: count, coverage: coverage, ramp: $0, source: .solid, 0, 0, 0, 0)
            }
            composite(SourceOver.self, row + 4 &* done, count &- done, coverage + done, c255)
        case .additive: composite(Additive.self, row, count, coverage, color * 255)
        }
    }

    /// The same with a color that varies per pixel (`colors[i]`, premultiplied 0…1): gradients.
    static func composite(_ target: RenderTarget, y: Int, x0: Int, count: Int,
                          coverage: UnsafePointer<Float>, colors: UnsafePointer<SIMD4<Float>>, mode: BlendMode) {
        switch mode {
        case .normal: composite(SourceOver.self, target.row(y) + 4 * x0, count, coverage, colors)
        case .additive: composite(Additive.self, target.row(y) + 4 * x0, count, coverage, colors)
        }
    }

    /// The same with the colors of a gradient `shader` (not solid), shaded and blended in one pass: the bytes of
    /// ``PaintShader/shade(y:x0:count:into:)`` into a buffer followed by ``composite(_:y:x0:count:coverage:colors:mode:)``,
    /// without the buffer. Blocks of four pixels whose coverages are all zero are not shaded. Each block that is
    /// shaded gets its ramp indices from the same ``RampIndexer/four(_:)`` call `shade` makes for it (blocks start at
    /// `x0` in both), the pixels after the last block from ``RampIndexer/one(_:)``, as `shade` does, so every covered
    /// pixel reads the ramp entry the buffer would hold (docs/RENDERER.md, "Gradient spans shaded while blending").
    static func composite(_ target: RenderTarget, y: Int, x0: Int, count: Int,
                          coverage: UnsafePointer<Float>, shader: PaintShader, mode: BlendMode) {
        guard count > 0, !shader.isSolid else { return }
        let row = target.row(y) + 4 * x0
        let py = Double(y) + 0.5
        let rowA = shader.ay * py + shader.a0, rowB = shader.by * py + shader.b0
        shader.ramp.withUnsafeBufferPointer { r in
        shader.rampAtFullCoverage.entries.withUnsafeBufferPointer { entries in
        shader.rampAtFullCoverage.pixels.withUnsafeBufferPointer { pixels in
            let ramp = r.baseAddress!
            // An empty array's buffer may still have a base address.
            let full = entries.isEmpty ? nil : entries.baseAddress
            // One specialization of the fused loop per ramp indexer and blend mode; the full-coverage table is
            // source-over's. A linear or radial source-over span goes to the AVX2 kernel first where it is chosen
            // (``GradientSpanKernel``: whole blocks of eight, the loop's bytes); the loop does the pixels it leaves,
            // which get the same bytes from the loop whichever block holds them (each pixel is computed alone).
            func run<I: RampIndexer>(_ indexer: I, kernel source: GradientSpanKernel.Source?) {
                switch mode {
                case .normal:
                    let done = source.map {
                        GradientSpanKernel.sourceOver(row, x0: x0, count: count, coverage: coverage, ramp: ramp, source: $0,
                                                      shader.ax, rowA, shader.bx, rowB,
                                                      transparentFrom: shader.rampTransparentSquaredRadius)
                    } ?? 0
                    compositeRamp(SourceOver.self, indexer, row + 4 &* done, x0 &+ done, count &- done, coverage + done, ramp,
                                  full, pixels)
                case .additive: compositeRamp(Additive.self, indexer, row, x0, count, coverage, ramp, nil, pixels)
                }
            }
            switch shader.kind {
            case .linear: run(LinearRampIndexer(ax: shader.ax, rowA: rowA), kernel: .linear)
            case .radial: run(RadialRampIndexer(ax: shader.ax, rowA: rowA, bx: shader.bx, rowB: rowB), kernel: .radial)
            case .conic: run(ConicRampIndexer(ax: shader.ax, rowA: rowA, bx: shader.bx, rowB: rowB), kernel: nil)
            case .solid: break
            }
        }
        }
        }
    }

    /// The fused loop of ``composite(_:y:x0:count:coverage:shader:mode:)``: the statements of
    /// ``composite(_:_:_:_:_:)-source`` with `source(i, c)` = `ramp[k] · (c · 255)`, `k` the pixel's ramp index.
    /// Its own function, no closure, so that the SSE2 intrinsics of the indexers and of ``PixelQuad`` inline
    /// (docs/RENDERER.md: intrinsics inside closures become out-of-line calls).
    ///
    /// `full` (source-over only; nil otherwise) is the ramp's ``FullCoverageRamp`` entries, `fullPixels` its bytes: a
    /// block of four pixels all at coverage ≥ 1 looks up each pixel's source and destination factor there (the same
    /// floats), and is stored from `fullPixels` without reading the destination when all four entries replace it.
    @inline(never)
    static func compositeRamp<B: PixelBlend, I: RampIndexer>(_: B.Type, _ indexer: I, _ row: UnsafeMutablePointer<UInt8>,
                                                             _ x0: Int, _ count: Int, _ coverage: UnsafePointer<Float>,
                                                             _ ramp: UnsafePointer<SIMD4<Float>>,
                                                             _ full: UnsafePointer<FullCoverageRamp.Entry>?,
                                                             _ fullPixels: UnsafeBufferPointer<UInt32>) {
        var i = 0
        while i &+ 4 <= count {
            let c = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD4<Float>.self)
            let covered = coveredLanes(c)
            if covered != 0 {
                let k = indexer.four(SIMD4<Double>(repeating: Double(x0 &+ i)) + PaintShader.centers)
                let p = row + 4 &* i
                if let full, laneBits(c .>= 1) == 15 {
                    // min(c, 1) is 1 in every lane: the source is the entry's `ramp[k] · 255`.
                    let e0 = full[k.0], e1 = full[k.1], e2 = full[k.2], e3 = full[k.3]
                    if FullCoverageRamp.replaceAll(e0, e1, e2, e3) {
                        PaintShader.store(k, fullPixels, UnsafeMutableRawPointer(p))
                    } else {
                        let d = PixelQuad(loading: p)
                        PixelQuad(e0.source + d.p0 * e0.keep, e1.source + d.p1 * e1.keep,
                                  e2.source + d.p2 * e2.keep, e3.source + d.p3 * e3.keep).store(p)
                    }
                } else if covered == 15 {
                    // `Swift.min(c, 1)` per lane (a coverage is never NaN).
                    let w = coverageAtMostOne(c)
                    let d = PixelQuad(loading: p)
                    PixelQuad(B.combine(ramp[k.0] * (w[0] * 255), over: d.p0), B.combine(ramp[k.1] * (w[1] * 255), over: d.p1),
                              B.combine(ramp[k.2] * (w[2] * 255), over: d.p2), B.combine(ramp[k.3] * (w[3] * 255), over: d.p3)).store(p)
                } else {
                    if c[0] > 0 { B.blend(ramp[k.0] * (Swift.min(c[0], 1) * 255), into: p) }
                    if c[1] > 0 { B.blend(ramp[k.1] * (Swift.min(c[1], 1) * 255), into: p + 4) }
                    if c[2] > 0 { B.blend(ramp[k.2] * (Swift.min(c[2], 1) * 255), into: p + 8) }
                    if c[3] > 0 { B.blend(ramp[k.3] * (Swift.min(c[3], 1) * 255), into: p + 12) }
                }
            }
            i &+= 4
        }
        while i < count {
            let c = coverage[i]
            if c > 0 { B.blend(ramp[indexer.one(Double(x0 &+ i) + 0.5)] * (Swift.min(c, 1) * 255), into: row + 4 &* i) }
            i &+= 1
        }
    }

    /// The one-colour loop (internal for `GradientSpanKernelTests`): source `c255 · min(c, 1)`.
    @inline(__always)
    static func composite<B: PixelBlend>(_: B.Type, _ row: UnsafeMutablePointer<UInt8>, _ count: Int,
                                         _ coverage: UnsafePointer<Float>, _ c255: SIMD4<Float>) {
        composite(B.self, row, count, coverage) { _, c in c255 * c }
    }

    @inline(__always)
    private static func composite<B: PixelBlend>(_: B.Type, _ row: UnsafeMutablePointer<UInt8>, _ count: Int,
                                                 _ coverage: UnsafePointer<Float>, _ colors: UnsafePointer<SIMD4<Float>>) {
        composite(B.self, row, count, coverage) { i, c in colors[i] * (c * 255) }
    }

    /// Blends `source(i, min(coverage[i], 1))` into pixel `i` wherever `coverage[i] > 0`, four pixels at a time
    /// (``PixelQuad``) where all four are covered: every lane computes what the one-pixel blend computes. Blocks of
    /// four uncovered pixels are skipped whole; mixed blocks and the tail go pixel by pixel, so an uncovered pixel is
    /// never computed (its source may be a gradient's NaN that coverage 0 must not reach).
    @inline(__always)
    private static func composite<B: PixelBlend>(_: B.Type, _ row: UnsafeMutablePointer<UInt8>, _ count: Int,
                                                 _ coverage: UnsafePointer<Float>,
                                                 _ source: (_ i: Int, _ c: Float) -> SIMD4<Float>) {
        var i = 0
        while i &+ 4 <= count {
            let c = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD4<Float>.self)
            let covered = coveredLanes(c)
            if covered == 15 {
                // `Swift.min(c, 1)` per lane (a coverage is never NaN).
                let w = coverageAtMostOne(c)
                let p = row + 4 &* i
                let d = PixelQuad(loading: p)
                PixelQuad(B.combine(source(i, w[0]), over: d.p0), B.combine(source(i &+ 1, w[1]), over: d.p1),
                          B.combine(source(i &+ 2, w[2]), over: d.p2), B.combine(source(i &+ 3, w[3]), over: d.p3)).store(p)
            } else if covered != 0 {
                for j in i..<(i &+ 4) where coverage[j] > 0 { B.blend(source(j, Swift.min(coverage[j], 1)), into: row + 4 &* j) }
            }
            i &+= 4
        }
        while i < count {
            let c = coverage[i]
            if c > 0 { B.blend(source(i, Swift.min(c, 1)), into: row + 4 &* i) }
            i &+= 1
        }
    }
}
