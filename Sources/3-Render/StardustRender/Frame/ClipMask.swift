import StardustCore

/// The anti-aliased coverage of a clip rectangle whose transform rotates or skews it.
///
/// Commands inside such a clip draw into a band-local copy of the destination;
/// when the clip is popped each pixel becomes `dst + (copy − dst)·coverage`, the
/// coverage being the same edge ramps as a textured quad's. So the clip is exact
/// for every blend mode: coverage 1 keeps the drawn result, 0 the old pixel.
struct ClipMask {
    let quad: QuadMapping

    /// `nil` when `rect` maps to a degenerate quad.
    init?(_ rect: Rect, _ transform: Transform2D, scale: Double) {
        let r = rect.standardized, t = transform
        let o = t.apply(to: r.origin) * scale
        let ex = t.applyToVector(Point(r.width, 0)) * scale
        let ey = t.applyToVector(Point(0, r.height)) * scale
        guard let q = QuadMapping(origin: SIMD2(o.x, o.y), edgeX: SIMD2(ex.x, ex.y), edgeY: SIMD2(ey.x, ey.y),
                                  region: SIMD4(0, 0, 1, 1)) else { return nil }
        quad = q
    }

    /// Pixels that may have non-zero coverage.
    var bounds: PixelRect { quad.bounds }

    /// Copies `rect` of `source` into `copy` (both band-local targets over the same rows).
    static func copy(_ rect: PixelRect, from source: RenderTarget, to copy: RenderTarget) {
        if rect.isEmpty { return }
        for y in rect.y0..<rect.y1 {
            (copy.row(y) + 4 * rect.x0).update(from: source.row(y) + 4 * rect.x0, count: 4 * (rect.x1 - rect.x0))
        }
    }

    /// Writes `dst + (drawn − dst)·coverage` over `rect` of `parent`. Complexity: O(rect pixels).
    func resolve(_ drawn: RenderTarget, onto parent: RenderTarget, rect: PixelRect) {
        if rect.isEmpty { return }
        let m = quad, w = m.width, h = m.height
        for y in rect.y0..<rect.y1 {
            let e0 = m.e.row(y), f0 = m.f.row(y)
            let src = drawn.row(y), dst = parent.row(y)
            for x in rect.x0..<rect.x1 {
                let fx = Float(x)
                let e = e0 + m.e.dx * fx, f = f0 + m.f.dx * fx
                let cov = QuadRasterizer.ramp(e + 0.5) * QuadRasterizer.ramp(w - e + 0.5)
                    * QuadRasterizer.ramp(f + 0.5) * QuadRasterizer.ramp(h - f + 0.5)
                if cov <= 0 { continue }
                let p = src + 4 * x, q = dst + 4 * x
                if cov >= 1 {
                    q[0] = p[0]; q[1] = p[1]; q[2] = p[2]; q[3] = p[3]
                } else {
                    let d = loadPixel(q)
                    storePixel(d + (loadPixel(p) - d) * cov, q)
                }
            }
        }
    }
}
