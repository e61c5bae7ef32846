import StardustCore
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Combines a premultiplied source color (floats 0…255) with one RGBA8
/// destination pixel: the renderer's one blend implementation, used by every
/// painter (sprites, images, paths, text, groups, procedural images).
/// Used as a generic parameter so the blend is chosen once per command, not
/// per pixel.
protocol PixelBlend {
    static func blend(_ s: SIMD4<Float>, into p: UnsafeMutablePointer<UInt8>)
    /// The factor of the destination for a source of alpha `alpha` (0…255): `blend(s, into:)` is
    /// `blend(s, keeping: keep(s.w), into:)` exactly, so a painter whose source alpha is one value for many
    /// pixels (a layer of opaque texels at one opacity) computes it once.
    static func keep(_ alpha: Float) -> Float
    /// The blend with the destination factor `k` given (``keep(_:)`` of the source's alpha).
    static func blend(_ s: SIMD4<Float>, keeping k: Float, into p: UnsafeMutablePointer<UInt8>)
    /// The blended pixel, floats 0…255 before rounding, of `s` over the destination `d` (floats 0…255): what
    /// `blend(s, into:)` stores, for painters that load and store several pixels at once (``PixelQuad``).
    static func combine(_ s: SIMD4<Float>, over d: SIMD4<Float>) -> SIMD4<Float>
}

/// Loads an RGBA8 pixel as floats 0…255.
@inline(__always) func loadPixel(_ p: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
    pixelFloats(UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self))
}

/// Four bytes as floats 0…255, exactly (`Float(b[i])` per lane). On x86-64 one 4-byte load widened by two
/// SSE2 unpacks with zero and one `cvtdq2ps`, instead of four scalar conversions.
@inline(__always) func pixelFloats(_ b: SIMD4<UInt8>) -> SIMD4<Float> {
    #if arch(x86_64)
    let zero = _mm_setzero_si128()
    let v = _mm_cvtsi32_si128(Int32(bitPattern: unsafeBitCast(b, to: UInt32.self)))
    return _mm_cvtepi32_ps(_mm_unpacklo_epi16(_mm_unpacklo_epi8(v, zero), zero))
    #else
    return SIMD4<Float>(Float(b[0]), Float(b[1]), Float(b[2]), Float(b[3]))
    #endif
}

/// Stores floats as RGBA8, clamped to 0…255 and rounded to nearest (halves up).
@inline(__always) func storePixel(_ r: SIMD4<Float>, _ p: UnsafeMutablePointer<UInt8>) {
    UnsafeMutableRawPointer(p).storeBytes(of: pixelBytes(r), as: SIMD4<UInt8>.self)
}

/// `UInt8(min(max(c, 0), 255) + 0.5)` for each lane, bit for bit, without the checked
/// conversion: `UInt8(Float)` carries range/NaN checks that scalarize the pixel and branch
/// four times.
///
/// - On x86-64 (SSE2): `y = min(c, 255) + 0.5`, then `cvttps2dq` truncates the four lanes
///   in one instruction (what the former `-Ounchecked` build emitted for the checked
///   conversion) and two saturating packs narrow them to bytes. No clamp at 0 is needed: a
///   lane with `c ∈ (−1, 0)` truncates to 0, a more negative one to a negative integer
///   (`0x8000_0000` when out of range), which the signed pack keeps negative and the unsigned
///   pack saturates to 0. The upper clamp keeps `y ≤ 255.5`, which truncates to 255.
/// - Elsewhere, the magic-number conversion of `y` clamped to `[0.5, 255.5]` (clamping after
///   the `+ 0.5` gives the same value, since float addition is monotonic and `0 + 0.5`,
///   `255 + 0.5` are exact): for `y` in `[0, 2²²)`, `m = y + 2²³` lies in `[2²³, 2²⁴)`, where
///   the float spacing is 1, so the add rounds `y` to the nearest integer (ties to even) and
///   that integer is `m`'s mantissa field. `m − 2²³` is exact; when it exceeds `y` the
///   rounding went up, and subtracting 1 gives `⌊y⌋` = `trunc(y)` (y > 0).
///
/// NaN still traps, as the checked conversion did: one `cmpunordps`, a never-taken branch.
/// (`replacing(with:where:)` is used because the generic `clamped` is not inlined.)
@inline(__always) func pixelBytes(_ r: SIMD4<Float>) -> SIMD4<UInt8> {
    if any(r .!= r) { nanPixel(r) }
    #if arch(x86_64)
    // `minps` itself (a select would be lowered to compare-and-blend).
    let y = _mm_min_ps(r, SIMD4(repeating: 255)) + 0.5
    let lanes = _mm_cvttps_epi32(y)
    let words = _mm_packs_epi32(lanes, lanes)
    let bytes = UInt32(truncatingIfNeeded: _mm_cvtsi128_si32(_mm_packus_epi16(words, words)))
    return unsafeBitCast(bytes, to: SIMD4<UInt8>.self)
    #else
    var y = r + 0.5
    y = y.replacing(with: 0.5, where: y .< 0.5)
    y = y.replacing(with: 255.5, where: y .> 255.5)
    let m = y + 8_388_608
    let rounded = unsafeBitCast(m, to: SIMD4<UInt32>.self) & 0x7F_FFFF
    let t = rounded.replacing(with: rounded &- 1, where: (m - 8_388_608) .> y)
    return SIMD4<UInt8>(truncatingIfNeeded: t)
    #endif
}

/// The checked conversion's trap for a NaN channel, kept out of line so the hot path stays small.
@inline(never) func nanPixel(_ r: SIMD4<Float>) -> Never {
    for i in r.indices { _ = UInt8(Swift.min(Swift.max(r[i], 0), 255) + 0.5) }
    preconditionFailure("unreachable: a channel is NaN")
}

/// Source-over: `dst = src + dst·(1 − αsrc)`.
enum SourceOver: PixelBlend {
    @inline(__always) static func blend(_ s: SIMD4<Float>, into p: UnsafeMutablePointer<UInt8>) {
        storePixel(combine(s, over: loadPixel(p)), p)
    }

    /// `1 − αsrc/255`.
    @inline(__always) static func keep(_ alpha: Float) -> Float { 1 - alpha * (1 / 255) }

    @inline(__always) static func blend(_ s: SIMD4<Float>, keeping k: Float, into p: UnsafeMutablePointer<UInt8>) {
        storePixel(s + loadPixel(p) * k, p)
    }

    @inline(__always) static func combine(_ s: SIMD4<Float>, over d: SIMD4<Float>) -> SIMD4<Float> { s + d * keep(s.w) }
}

/// Additive: `dst = min(1, src + dst)` per channel.
enum Additive: PixelBlend {
    @inline(__always) static func blend(_ s: SIMD4<Float>, into p: UnsafeMutablePointer<UInt8>) {
        storePixel(combine(s, over: loadPixel(p)), p)
    }

    /// The destination is kept whole: 1.
    @inline(__always) static func keep(_ alpha: Float) -> Float { 1 }

    @inline(__always) static func blend(_ s: SIMD4<Float>, keeping k: Float, into p: UnsafeMutablePointer<UInt8>) {
        storePixel(s + loadPixel(p), p)
    }

    @inline(__always) static func combine(_ s: SIMD4<Float>, over d: SIMD4<Float>) -> SIMD4<Float> { s + d }
}
