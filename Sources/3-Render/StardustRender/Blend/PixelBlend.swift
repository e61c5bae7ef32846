import StardustCore

/// Combines a premultiplied source color (floats 0…255) with one RGBA8
/// destination pixel: the renderer's one blend implementation, used by every
/// painter (sprites, images, paths, text, groups, procedural images).
/// Used as a generic parameter so the blend is chosen once per command, not
/// per pixel.
protocol PixelBlend {
    static func blend(_ s: SIMD4<Float>, into p: UnsafeMutablePointer<UInt8>)
}

/// Loads an RGBA8 pixel as floats 0…255.
@inline(__always) func loadPixel(_ p: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
    SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
}

/// Stores floats as RGBA8, clamped to 0…255 and rounded to nearest.
///
/// Scalar `min`/`max`: the generic SIMD `clamped` is not inlined by the optimizer (this
/// form is vectorized).
@inline(__always) func storePixel(_ r: SIMD4<Float>, _ p: UnsafeMutablePointer<UInt8>) {
    p[0] = UInt8(Swift.min(Swift.max(r.x, 0), 255) + 0.5)
    p[1] = UInt8(Swift.min(Swift.max(r.y, 0), 255) + 0.5)
    p[2] = UInt8(Swift.min(Swift.max(r.z, 0), 255) + 0.5)
    p[3] = UInt8(Swift.min(Swift.max(r.w, 0), 255) + 0.5)
}

/// Source-over: `dst = src + dst·(1 − αsrc)`.
enum SourceOver: PixelBlend {
    @inline(__always) static func blend(_ s: SIMD4<Float>, into p: UnsafeMutablePointer<UInt8>) {
        let d = loadPixel(p)
        storePixel(s + d * (1 - s.w * (1 / 255)), p)
    }
}

/// Additive: `dst = min(1, src + dst)` per channel.
enum Additive: PixelBlend {
    @inline(__always) static func blend(_ s: SIMD4<Float>, into p: UnsafeMutablePointer<UInt8>) {
        storePixel(s + loadPixel(p), p)
    }
}
