import StardustCore

/// Composites one color through per-pixel coverage onto a row: the shared
/// primitive of path and text painting.
///
/// Blending is the renderer's: `normal` = `src + dst·(1 − αsrc)`,
/// `additive` = `min(1, src + dst)`, on premultiplied values, rounded to
/// nearest. Complexity: O(count); no allocation.
public enum SpanCompositor {
    /// For pixels `x0 ..< x0 + count` of row `y`: `src = color · coverage[i]`
    /// (premultiplied, components in 0…1), blended with `mode`.
    /// The caller has clipped the span to `target.clip`.
    @inlinable public static func composite(_ target: RenderTarget, y: Int, x0: Int, count: Int,
                                            coverage: UnsafePointer<Float>, color: SIMD4<Float>, mode: BlendMode) {
        let row = target.row(y) + 4 * x0
        let c255 = color * 255
        switch mode {
        case .normal:
            for i in 0..<count {
                let c = coverage[i]
                if c <= 0 { continue }
                let s = c255 * Swift.min(c, 1)
                let p = row + 4 * i
                store(s + load(p) * (1 - s.w * (1 / 255)), p)
            }
        case .additive:
            for i in 0..<count {
                let c = coverage[i]
                if c <= 0 { continue }
                let p = row + 4 * i
                store(c255 * Swift.min(c, 1) + load(p), p)
            }
        }
    }

    /// The same with a color that varies per pixel (`colors[i]`, premultiplied 0…1): gradients.
    @inlinable public static func composite(_ target: RenderTarget, y: Int, x0: Int, count: Int,
                                            coverage: UnsafePointer<Float>, colors: UnsafePointer<SIMD4<Float>>, mode: BlendMode) {
        let row = target.row(y) + 4 * x0
        switch mode {
        case .normal:
            for i in 0..<count {
                let c = coverage[i]
                if c <= 0 { continue }
                let s = colors[i] * (Swift.min(c, 1) * 255)
                let p = row + 4 * i
                store(s + load(p) * (1 - s.w * (1 / 255)), p)
            }
        case .additive:
            for i in 0..<count {
                let c = coverage[i]
                if c <= 0 { continue }
                let p = row + 4 * i
                store(colors[i] * (Swift.min(c, 1) * 255) + load(p), p)
            }
        }
    }

    /// An RGBA8 pixel as floats 0…255.
    @inlinable @inline(__always) static func load(_ p: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
        SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
    }

    /// Floats clamped to 0…255 and rounded to nearest (scalar min/max: the generic SIMD clamp is not inlined).
    @inlinable @inline(__always) static func store(_ r: SIMD4<Float>, _ p: UnsafeMutablePointer<UInt8>) {
        p[0] = UInt8(Swift.min(Swift.max(r.x, 0), 255) + 0.5)
        p[1] = UInt8(Swift.min(Swift.max(r.y, 0), 255) + 0.5)
        p[2] = UInt8(Swift.min(Swift.max(r.z, 0), 255) + 0.5)
        p[3] = UInt8(Swift.min(Swift.max(r.w, 0), 255) + 0.5)
    }
}
