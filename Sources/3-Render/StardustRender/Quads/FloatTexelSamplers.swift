import StardustCore

/// Bilinear sampling of a padded float plane; same results as ``BilinearSampler`` on the bytes.
struct FloatBilinearSampler: TexelSampler {
    let plane: FloatTexelPlane
    @inline(__always) func sample(_ u: Float, _ v: Float) -> SIMD4<Float> {
        // Clamping to [−1, last] keeps the clamp-to-edge result: the border repeats the edge texel.
        let fx = TexelPlane.clamp(u * plane.scaleX - 0.5 - plane.originX, -1, plane.lastX)
        let fy = TexelPlane.clamp(v * plane.scaleY - 0.5 - plane.originY, -1, plane.lastY)
        // ⌊f⌋ + 1 ≥ 0: truncation is floor.
        let ix = TexelPlane.truncatedIndex(fx + 1), iy = TexelPlane.truncatedIndex(fy + 1)
        let tx = fx + 1 - Float(ix), ty = fy + 1 - Float(iy)
        return lerp(ix, iy, tx, ty)
    }

    /// Inside the quad, `u − ½` maps into `[−½, width − ½]` of the region (up to rounding), so
    /// `⌊·⌋ + 1 ∈ [0, width]`: always on a real or border texel, no clamp needed.
    @inline(__always) func sampleInside(_ u: Float, _ v: Float) -> SIMD4<Float> {
        let fx = u * plane.scaleX + (0.5 - plane.originX), fy = v * plane.scaleY + (0.5 - plane.originY)
        assert(fx >= 0 && fy >= 0 && fx < plane.lastX + 2 && fy < plane.lastY + 2, "sampleInside at (\(u), \(v)) lies outside the mapped region")
        let ix = Int(fx), iy = Int(fy)
        return lerp(ix, iy, fx - Float(ix), fy - Float(iy))
    }

    /// The interior loop in 16.16 fixed point: the padded-plane position `u·scale + ½ − origin`
    /// steps by integer adds, and its integer and fraction parts index and weight the texels
    /// directly. Falls back to the float loop when rounding could step outside the plane.
    @inline(__always)
    func blendInterior<B: PixelBlend>(_ blend: B.Type, row: UnsafeMutablePointer<UInt8>, x0: Int, x1: Int,
                                      u: Float, v: Float, du: Float, dv: Float, color: SIMD4<Float>) {
        let n = x1 - x0
        if n <= 0 { return }
        let one = 65536.0
        let px = Double(u) * Double(plane.scaleX) + 0.5 - Double(plane.originX)
        let py = Double(v) * Double(plane.scaleY) + 0.5 - Double(plane.originY)
        let sx = (Double(du) * Double(plane.scaleX) * one).rounded(), sy = (Double(dv) * Double(plane.scaleY) * one).rounded()
        let fx0 = (px * one).rounded(.down), fy0 = (py * one).rounded(.down)
        let limX = (Double(plane.lastX) + 2) * one - 1, limY = (Double(plane.lastY) + 2) * one - 1
        let fx1 = fx0 + sx * Double(n - 1), fy1 = fy0 + sy * Double(n - 1)
        guard min(fx0, fx1) >= 0, min(fy0, fy1) >= 0, max(fx0, fx1) <= limX, max(fy0, fy1) <= limY else {
            var u = u, v = v
            for x in x0..<x1 {
                let s = sampleInside(u, v)
                u += du; v += dv
                if QuadRasterizer.isZero(s) { continue }
                B.blend(s * color, into: row + 4 &* x)
            }
            return
        }
        // The guard bounds every position inside the padded plane, so the index math below
        // cannot overflow: wrapping ops drop a checked multiply and add per pixel.
        var fu = FastConversions.truncate(fx0), fv = FastConversions.truncate(fy0)
        // The steps are bounded by the guard too when n > 1; with one pixel they are never used.
        let su = FastConversions.truncate(sx), sv = FastConversions.truncate(sy)
        let pitch = plane.pitch, base = plane.base
        for x in x0..<x1 {
            let p = base + ((fv >> 16) &* pitch &+ (fu >> 16))
            let tx = Float(fu & 0xFFFF) * (1 / 65536), ty = Float(fv & 0xFFFF) * (1 / 65536)
            fu &+= su; fv &+= sv
            let p00 = p[0], p10 = p[1], p01 = p[pitch], p11 = p[pitch &+ 1]
            let top = p00 + (p10 - p00) * tx
            let bottom = p01 + (p11 - p01) * tx
            let s = top + (bottom - top) * ty
            if QuadRasterizer.isZero(s) { continue }
            B.blend(s * color, into: row + 4 &* x)
        }
    }

    /// `(ix, iy)` is a texel of the padded plane (callers clamp or prove it): wrapping index math.
    @inline(__always) private func lerp(_ ix: Int, _ iy: Int, _ tx: Float, _ ty: Float) -> SIMD4<Float> {
        let p = plane.base + (iy &* plane.pitch &+ ix)
        let p00 = p[0], p10 = p[1], p01 = p[plane.pitch], p11 = p[plane.pitch &+ 1]
        let top = p00 + (p10 - p00) * tx
        let bottom = p01 + (p11 - p01) * tx
        return top + (bottom - top) * ty
    }
}

/// Nearest sampling of a padded float plane.
struct FloatNearestSampler: TexelSampler {
    let plane: FloatTexelPlane
    @inline(__always) func sample(_ u: Float, _ v: Float) -> SIMD4<Float> {
        let fx = TexelPlane.clamp(u * plane.scaleX - plane.originX, 0, plane.lastX)
        let fy = TexelPlane.clamp(v * plane.scaleY - plane.originY, 0, plane.lastY)
        return plane.base[(TexelPlane.truncatedIndex(fy) &+ 1) &* plane.pitch &+ TexelPlane.truncatedIndex(fx) &+ 1]
    }
}

/// Trilinear between two padded float planes.
struct FloatTrilinearSampler: TexelSampler {
    let fine: FloatBilinearSampler
    let coarse: FloatBilinearSampler
    let weight: Float
    @inline(__always) func sample(_ u: Float, _ v: Float) -> SIMD4<Float> {
        let a = fine.sample(u, v), b = coarse.sample(u, v)
        return a + (b - a) * weight
    }
    @inline(__always) func sampleInside(_ u: Float, _ v: Float) -> SIMD4<Float> {
        let a = fine.sampleInside(u, v), b = coarse.sampleInside(u, v)
        return a + (b - a) * weight
    }
}
