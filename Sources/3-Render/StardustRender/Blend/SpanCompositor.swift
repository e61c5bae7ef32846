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
        for i in 0..<count {
            let c = coverage[i]
            if c <= 0 { continue }
            B.blend(c255 * Swift.min(c, 1), into: row + 4 &* i)
        }
    }

    @inline(__always)
    private static func composite<B: PixelBlend>(_: B.Type, _ row: UnsafeMutablePointer<UInt8>, _ count: Int,
                                                 _ coverage: UnsafePointer<Float>, _ colors: UnsafePointer<SIMD4<Float>>) {
        for i in 0..<count {
            let c = coverage[i]
            if c <= 0 { continue }
            B.blend(colors[i] * (Swift.min(c, 1) * 255), into: row + 4 &* i)
        }
    }
}
