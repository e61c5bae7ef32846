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

    /// Whether every pixel of `rect` has coverage 1, so that resolving it stores the drawn pixel whatever it is: then
    /// drawing straight into the parent under an axis-aligned clip of `rect` gives the same bytes without the copy
    /// and the resolve (docs/RENDERER.md, "Group bounds"; twenty-fourth round).
    ///
    /// Exact, from the four corner pixels alone: ``coverage(_:_:_:)`` takes `e = e.row(y) + e.dx·x` in Float, and
    /// each rounded operation is monotone, so along a row `e` is monotone in `x` and, for a fixed `x`, monotone in the
    /// row's `e.row(y)`, itself monotone in `y`: over the rectangle `e` (and `f`) lies between its values at the
    /// corners, and `e + ½`, `width − e + ½` are monotone in `e`. So if all four ramp arguments are at least 1 at the
    /// four corners, they are at every pixel, each ramp is 1 and so is their product (which both resolve loops read
    /// as "store the drawn pixel"). Coordinates stay below 2²⁴ so that `Float(x)` is exact; a NaN or infinite
    /// field fails the test.
    func coversFully(_ rect: PixelRect) -> Bool {
        let limit = 1 << 24
        guard !rect.isEmpty, rect.x0 > -limit, rect.x1 < limit, rect.y0 > -limit, rect.y1 < limit else { return false }
        let m = quad
        guard m.e.c.isFinite, m.e.dx.isFinite, m.e.dy.isFinite, m.f.c.isFinite, m.f.dx.isFinite, m.f.dy.isFinite,
              m.width.isFinite, m.height.isFinite else { return false }
        func inside(_ x: Int, _ y: Int) -> Bool {
            let fx = Float(x)
            let e = m.e.row(y) + m.e.dx * fx, f = m.f.row(y) + m.f.dx * fx
            return e + 0.5 >= 1 && m.width - e + 0.5 >= 1 && f + 0.5 >= 1 && m.height - f + 0.5 >= 1
        }
        return inside(rect.x0, rect.y0) && inside(rect.x1 - 1, rect.y0)
            && inside(rect.x0, rect.y1 - 1) && inside(rect.x1 - 1, rect.y1 - 1)
    }

    /// Copies `rect` of `source` into `copy` (both band-local targets over the same rows).
    static func copy(_ rect: PixelRect, from source: RenderTarget, to copy: RenderTarget) {
        if rect.isEmpty { return }
        for y in rect.y0..<rect.y1 {
            (copy.row(y) + 4 * rect.x0).update(from: source.row(y) + 4 * rect.x0, count: 4 * (rect.x1 - rect.x0))
        }
    }

    /// Writes `dst + (drawn − dst)·coverage` over `rect` of `parent`. Complexity: O(rect pixels).
    ///
    /// Four pixels at a time: four pixels the commands did not change (the copy's bytes equal the parent's) are left
    /// without computing their coverage (every lane would give `d + 0·c`, stored as `d`); otherwise the four coverages
    /// in `SIMD4<Float>` (the one-pixel loop's operations per lane, ``coverage(_:_:_:)``), four covered pixels copied,
    /// four uncovered ones left, others blended lane by lane as ``resolvePixel(_:_:_:)`` blends one (checked by
    /// `GroupAndGradientKernelTests`).
    func resolve(_ drawn: RenderTarget, onto parent: RenderTarget, rect: PixelRect) {
        if rect.isEmpty { return }
        let m = quad
        for y in rect.y0..<rect.y1 {
            let e0 = m.e.row(y), f0 = m.f.row(y)
            let src = drawn.row(y), dst = parent.row(y)
            var x = rect.x0
            while x &+ 4 <= rect.x1 {
                let p = src + 4 &* x, q = dst + 4 &* x
                // Four pixels the commands left as they were: `d + (d − d)·c` is `d` whatever the coverage.
                if UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self) == UnsafeRawPointer(q).loadUnaligned(as: SIMD4<UInt32>.self) {
                    x &+= 4
                    continue
                }
                let fx = SIMD4<Float>(repeating: Float(x)) + SIMD4(0, 1, 2, 3)
                let cov = coverage(fx, e0, f0)
                x &+= 4
                if laneBits(cov .<= 0) == 15 { continue }
                if laneBits(cov .>= 1) == 15 {
                    UnsafeMutableRawPointer(q).storeBytes(of: UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self), as: SIMD4<UInt32>.self)
                    continue
                }
                let s = PixelQuad(loading: p), d = PixelQuad(loading: q)
                func lane(_ s: SIMD4<Float>, _ d: SIMD4<Float>, _ c: Float) -> SIMD4<Float> {
                    c <= 0 ? d : (c >= 1 ? s : d + (s - d) * c)
                }
                PixelQuad(lane(s.p0, d.p0, cov[0]), lane(s.p1, d.p1, cov[1]), lane(s.p2, d.p2, cov[2]), lane(s.p3, d.p3, cov[3])).store(q)
            }
            while x < rect.x1 {
                resolvePixel(x, e0, f0, src, dst)
                x &+= 1
            }
        }
    }

    /// The coverage of the pixels at columns `fx` of a row whose fields start at `e0`, `f0`: per lane
    /// `ramp(e + ½)·ramp(w − e + ½)·ramp(f + ½)·ramp(h − f + ½)` with `e = e0 + e.dx·x`, `f = f0 + f.dx·x`, in the
    /// one-pixel loop's order. (`ramp` here keeps a −0 where `min(max(v, 0), 1)` gives +0; only `≤ 0` reads it.)
    @inline(__always) func coverage(_ fx: SIMD4<Float>, _ e0: Float, _ f0: Float) -> SIMD4<Float> {
        let m = quad
        func ramp(_ v: SIMD4<Float>) -> SIMD4<Float> {
            v.replacing(with: 0, where: v .< 0).replacing(with: 1, where: v .> 1)
        }
        let e = e0 + m.e.dx * fx, f = f0 + m.f.dx * fx
        return ramp(e + 0.5) * ramp(m.width - e + 0.5) * ramp(f + 0.5) * ramp(m.height - f + 0.5)
    }

    /// One pixel of ``resolve(_:onto:rect:)``: the loop it had before it took four at a time.
    @inline(__always) func resolvePixel(_ x: Int, _ e0: Float, _ f0: Float, _ src: UnsafeMutablePointer<UInt8>,
                                        _ dst: UnsafeMutablePointer<UInt8>) {
        let m = quad, w = m.width, h = m.height
        let fx = Float(x)
        let e = e0 + m.e.dx * fx, f = f0 + m.f.dx * fx
        let cov = QuadRasterizer.ramp(e + 0.5) * QuadRasterizer.ramp(w - e + 0.5)
            * QuadRasterizer.ramp(f + 0.5) * QuadRasterizer.ramp(h - f + 0.5)
        if cov <= 0 { return }
        let p = src + 4 * x, q = dst + 4 * x
        if cov >= 1 {
            q[0] = p[0]; q[1] = p[1]; q[2] = p[2]; q[3] = p[3]
        } else {
            let d = loadPixel(q)
            storePixel(d + (loadPixel(p) - d) * cov, q)
        }
    }
}
