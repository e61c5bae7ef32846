import StardustCore

/// Composites one color through per-pixel coverage onto a row: the shared
/// primitive of path and text painting.
public enum SpanCompositor {
    /// For pixels `x0 ..< x0 + count` of row `y`: `src = color · coverage[i]`
    /// (premultiplied, components in 0…1), blended with `mode`.
    /// The caller has clipped the span to `target.clip`.
    @inlinable public static func composite(_ target: RenderTarget, y: Int, x0: Int, count: Int,
                                            coverage: UnsafePointer<Float>, color: SIMD4<Float>, mode: BlendMode) {
        let row = target.row(y) + 4 * x0
        for i in 0..<count {
            let c = coverage[i]
            if c <= 0 { continue }
            let s = color * min(c, 1) * 255
            let p = row + 4 * i
            let d = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
            var r: SIMD4<Float>
            switch mode {
            case .normal: r = s + d * (1 - s.w / 255)
            case .additive: r = s + d
            }
            r = r.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)) + 0.5
            p[0] = UInt8(r.x); p[1] = UInt8(r.y); p[2] = UInt8(r.z); p[3] = UInt8(r.w)
        }
    }

    /// The same with a color that varies per pixel (`colors[i]`, premultiplied 0…1): gradients.
    @inlinable public static func composite(_ target: RenderTarget, y: Int, x0: Int, count: Int,
                                            coverage: UnsafePointer<Float>, colors: UnsafePointer<SIMD4<Float>>, mode: BlendMode) {
        let row = target.row(y) + 4 * x0
        for i in 0..<count {
            let c = coverage[i]
            if c <= 0 { continue }
            let s = colors[i] * min(c, 1) * 255
            let p = row + 4 * i
            let d = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
            var r: SIMD4<Float>
            switch mode {
            case .normal: r = s + d * (1 - s.w / 255)
            case .additive: r = s + d
            }
            r = r.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)) + 0.5
            p[0] = UInt8(r.x); p[1] = UInt8(r.y); p[2] = UInt8(r.z); p[3] = UInt8(r.w)
        }
    }
}
