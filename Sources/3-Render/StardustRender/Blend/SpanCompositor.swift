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
        switch mode {
        case .normal: composite(SourceOver.self, target.row(y) + 4 * x0, count, coverage, color * 255)
        case .additive: composite(Additive.self, target.row(y) + 4 * x0, count, coverage, color * 255)
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

    @inline(__always)
    private static func composite<B: PixelBlend>(_: B.Type, _ row: UnsafeMutablePointer<UInt8>, _ count: Int,
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
            let covered = c .> 0
            if all(covered) {
                // `Swift.min(c, 1)` per lane (a coverage is never NaN).
                let w = c.replacing(with: 1, where: c .> 1)
                let p = row + 4 &* i
                let d = PixelQuad(loading: p)
                PixelQuad(B.combine(source(i, w[0]), over: d.p0), B.combine(source(i &+ 1, w[1]), over: d.p1),
                          B.combine(source(i &+ 2, w[2]), over: d.p2), B.combine(source(i &+ 3, w[3]), over: d.p3)).store(p)
            } else if any(covered) {
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
