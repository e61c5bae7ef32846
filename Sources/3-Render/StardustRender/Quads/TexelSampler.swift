import StardustCore

/// Reads a filtered, premultiplied color (0…255 per channel) at a point
/// given in level-0 texel coordinates, where texel `i` spans `[i, i + 1)`
/// and its center is `i + 0.5`. Implementations are value types used as
/// generic parameters, so the per-pixel call is inlined, never dispatched.
protocol TexelSampler {
    func sample(_ u: Float, _ v: Float) -> SIMD4<Float>
    /// The same for a point inside the quad (coverage 1): texel coordinates then lie
    /// within the mapped region, which lets a sampler skip its clamps.
    func sampleInside(_ u: Float, _ v: Float) -> SIMD4<Float>
    /// Blends `sample · color` into pixels `x0 ..< x1` of `row`, all inside the quad
    /// (coverage 1), with texel coordinates `(u, v)` at `x0` advancing by `(du, dv)` per pixel.
    func blendInterior<B: PixelBlend>(_ blend: B.Type, row: UnsafeMutablePointer<UInt8>, x0: Int, x1: Int,
                                      u: Float, v: Float, du: Float, dv: Float, color: SIMD4<Float>)
    /// The same for a row of an axis-aligned quad (`v` constant along the row).
    func blendAxisAlignedInterior<B: PixelBlend>(_ blend: B.Type, row: UnsafeMutablePointer<UInt8>, x0: Int, x1: Int,
                                                 u: Float, v: Float, du: Float, color: SIMD4<Float>)
}

extension TexelSampler {
    @inline(__always) func sampleInside(_ u: Float, _ v: Float) -> SIMD4<Float> { sample(u, v) }

    @inline(__always)
    func blendAxisAlignedInterior<B: PixelBlend>(_ blend: B.Type, row: UnsafeMutablePointer<UInt8>, x0: Int, x1: Int,
                                                 u: Float, v: Float, du: Float, color: SIMD4<Float>) {
        blendInterior(blend, row: row, x0: x0, x1: x1, u: u, v: v, du: du, dv: 0, color: color)
    }

    @inline(__always)
    func blendInterior<B: PixelBlend>(_ blend: B.Type, row: UnsafeMutablePointer<UInt8>, x0: Int, x1: Int,
                                      u: Float, v: Float, du: Float, dv: Float, color: SIMD4<Float>) {
        var u = u, v = v
        for x in x0..<x1 {
            let s = sampleInside(u, v)
            u += du; v += dv
            if QuadRasterizer.isZero(s) { continue }
            B.blend(s * color, into: row + 4 &* x)
        }
    }
}
