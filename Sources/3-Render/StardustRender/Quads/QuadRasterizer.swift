import StardustCore

/// Draws one textured, anti-aliased parallelogram into a band.
///
/// For each pixel center the coverage is the product of the four edge
/// ramps `clamp(d + ½, 0, 1)`, with `d` the signed distance in device pixels
/// inside each edge: exact for axis-aligned edges on pixel boundaries, and a
/// box-filter approximation whose integral equals the covered area along
/// straight edges. The color is `sample(u, v) · color · coverage`.
///
/// Pixel addresses use wrapping arithmetic (`row + 4 &* x`): `x` lies in `target.clip`, a
/// column range of the row, so `4·x` cannot overflow, and the checked form would cost a
/// compare-and-branch per pixel (the build has no unchecked mode).
enum QuadRasterizer {
    /// Draws `m` with `sampler`, tinted by `color` (premultiplied, 0…1), into the pixels of `target.clip`.
    ///
    /// Complexity: O(covered pixels) plus O(rows) for the per-row span
    /// search; no allocation.
    @inline(__always)
    static func draw<S: TexelSampler, B: PixelBlend>(_ m: QuadMapping, sampler: S, color: SIMD4<Float>,
                                                     blend: B.Type, target: RenderTarget) {
        let r = m.bounds.intersection(target.clip)
        if r.isEmpty { return }
        let w = m.width, h = m.height
        let ie = reciprocal(m.e.dx), jf = reciprocal(m.f.dx)
        if m.isAxisAligned {
            drawAxisAligned(m, sampler: sampler, color: color, blend: blend, target: target, rect: r, invE: ie)
            return
        }
        for y in r.y0..<r.y1 {
            let e0 = m.e.row(y), f0 = m.f.row(y)
            var lo = Float(r.x0), hi = Float(r.x1)
            narrow(&lo, &hi, e0, ie, -0.5, w + 0.5)
            narrow(&lo, &hi, f0, jf, -0.5, h + 0.5)
            if !(lo < hi) { continue }
            // `r.x0 ≤ lo < hi ≤ r.x1` (narrowing only shrinks the clip's span, and a NaN bound
            // leaves it as it was): non-negative and small, so the fast conversions are exact.
            let xs = max(r.x0, FastConversions.floor(lo)), xe = min(r.x1, FastConversions.floor(hi) + 1)
            if xs >= xe { continue }
            // The interior, where all four edge ramps are 1. A pixel misclassified by rounding
            // is still inside the quad (safe to sample unclamped) with coverage above 1 − 10⁻³.
            var ilo = lo, ihi = hi
            narrow(&ilo, &ihi, e0, ie, 0.5, w - 0.5)
            narrow(&ilo, &ihi, f0, jf, 0.5, h - 0.5)
            var xi0 = xe, xi1 = xe
            if ilo < ihi {
                xi0 = min(xe, max(xs, FastConversions.ceil(ilo)))
                xi1 = max(xi0, min(xe, FastConversions.floor(ihi) + 1))
            }
            let u0 = m.u.row(y), v0 = m.v.row(y)
            let row = target.row(y)
            edgeSpan(xs, xi0, m, e0: e0, f0: f0, u0: u0, v0: v0, sampler: sampler, color: color, blend: blend, row: row)
            // Interior: coverage 1, texel coordinates stepped incrementally from the span start.
            sampler.blendInterior(blend, row: row, x0: xi0, x1: xi1, u: u0 + m.u.dx * Float(xi0), v: v0 + m.v.dx * Float(xi0),
                                  du: m.u.dx, dv: m.v.dx, color: color)
            edgeSpan(xi1, xe, m, e0: e0, f0: f0, u0: u0, v0: v0, sampler: sampler, color: color, blend: blend, row: row)
        }
    }

    /// The scale-and-translate case: `v` and the vertical coverage are constant along each row.
    @inline(__always)
    static func drawAxisAligned<S: TexelSampler, B: PixelBlend>(_ m: QuadMapping, sampler: S, color: SIMD4<Float>,
                                                                blend: B.Type, target: RenderTarget, rect r: PixelRect, invE ie: Float) {
        let w = m.width, h = m.height
        var lo = Float(r.x0), hi = Float(r.x1)
        narrow(&lo, &hi, m.e.c, ie, -0.5, w + 0.5)
        if !(lo < hi) { return }
        let xs = max(r.x0, FastConversions.floor(lo)), xe = min(r.x1, FastConversions.floor(hi) + 1)
        if xs >= xe { return }
        var ilo = lo, ihi = hi
        narrow(&ilo, &ihi, m.e.c, ie, 0.5, w - 0.5)
        var xi0 = xe, xi1 = xe
        if ilo < ihi {
            xi0 = min(xe, max(xs, FastConversions.ceil(ilo)))
            xi1 = max(xi0, min(xe, FastConversions.floor(ihi) + 1))
        }
        for y in r.y0..<r.y1 {
            let f = m.f.row(y)
            let covY = ramp(f + 0.5) * ramp(h - f + 0.5)
            if covY <= 0 { continue }
            let v = m.v.row(y)
            let c = color * covY
            let row = target.row(y)
            for x in xs..<xi0 {
                edgePixel(x, m, sampler: sampler, v: v, color: c, width: w, blend: blend, row: row)
            }
            var u = m.u.c + m.u.dx * Float(xi0)
            if covY >= 1 {
                sampler.blendAxisAlignedInterior(blend, row: row, x0: xi0, x1: xi1, u: u, v: v, du: m.u.dx, color: c)
            } else {
                // A top or bottom edge row: v may lie outside the region, so sample with clamping.
                for x in xi0..<xi1 {
                    let s = sampler.sample(u, v)
                    u += m.u.dx
                    if isZero(s) { continue }
                    B.blend(s * c, into: row + 4 &* x)
                }
            }
            for x in xi1..<xe {
                edgePixel(x, m, sampler: sampler, v: v, color: c, width: w, blend: blend, row: row)
            }
        }
    }

    /// Pixels `x0 ..< x1` of a row near the quad's edges: full coverage computation, clamped sampling.
    @inline(__always)
    static func edgeSpan<S: TexelSampler, B: PixelBlend>(_ x0: Int, _ x1: Int, _ m: QuadMapping, e0: Float, f0: Float,
                                                         u0: Float, v0: Float, sampler: S, color: SIMD4<Float>,
                                                         blend: B.Type, row: UnsafeMutablePointer<UInt8>) {
        let w = m.width, h = m.height
        for x in x0..<x1 {
            let fx = Float(x)
            let e = e0 + m.e.dx * fx, f = f0 + m.f.dx * fx
            let cov = ramp(e + 0.5) * ramp(w - e + 0.5) * ramp(f + 0.5) * ramp(h - f + 0.5)
            if cov <= 0 { continue }
            let s = sampler.sample(u0 + m.u.dx * fx, v0 + m.v.dx * fx)
            if isZero(s) { continue }
            B.blend(s * (color * cov), into: row + 4 &* x)
        }
    }

    /// One pixel of an axis-aligned quad's left or right edge columns.
    @inline(__always)
    static func edgePixel<S: TexelSampler, B: PixelBlend>(_ x: Int, _ m: QuadMapping, sampler: S, v: Float, color: SIMD4<Float>,
                                                          width w: Float, blend: B.Type, row: UnsafeMutablePointer<UInt8>) {
        let fx = Float(x)
        let e = m.e.c + m.e.dx * fx
        let cov = ramp(e + 0.5) * ramp(w - e + 0.5)
        if cov <= 0 { return }
        let s = sampler.sample(m.u.c + m.u.dx * fx, v)
        if isZero(s) { return }
        B.blend(s * (color * cov), into: row + 4 &* x)
    }

    @inline(__always) static func ramp(_ x: Float) -> Float { min(max(x, 0), 1) }

    /// Whether a sampled premultiplied color is fully transparent (nothing to blend).
    @inline(__always) static func isZero(_ s: SIMD4<Float>) -> Bool { s.w == 0 && s.x == 0 && s.y == 0 && s.z == 0 }

    /// `1/k`, or 0 when `|k|` is too small to bound a span (the field is then treated as constant along the row).
    @inline(__always) static func reciprocal(_ k: Float) -> Float { abs(k) > 1e-7 ? 1 / k : 0 }

    /// Narrows `lo…hi` (real x) to where `minV < value0 + k·x < maxV`, given `invK` = ``reciprocal(_:)`` of `k`.
    @inline(__always)
    static func narrow(_ lo: inout Float, _ hi: inout Float, _ value0: Float, _ invK: Float,
                       _ minV: Float, _ maxV: Float) {
        let a = minV - value0, b = maxV - value0
        if invK > 0 {
            lo = max(lo, a * invK); hi = min(hi, b * invK)
        } else if invK < 0 {
            lo = max(lo, b * invK); hi = min(hi, a * invK)
        } else if !(a < 0 && b > 0) {
            hi = lo
        }
    }
}
