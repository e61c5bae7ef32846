#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Four consecutive RGBA8 pixels as floats 0…255, one `SIMD4` per pixel: what ``SpanCompositor`` blends at once.
/// Loading and storing four pixels together shares the widening and the narrowing (one 16-byte load, four
/// conversions, three packs, one 16-byte store) that ``loadPixel(_:)`` and ``storePixel(_:_:)`` do per pixel; each
/// lane gets exactly the numbers of the one-pixel functions (the same conversions and saturating packs per lane).
struct PixelQuad {
    var p0: SIMD4<Float>, p1: SIMD4<Float>, p2: SIMD4<Float>, p3: SIMD4<Float>

    @inline(__always) init(_ p0: SIMD4<Float>, _ p1: SIMD4<Float>, _ p2: SIMD4<Float>, _ p3: SIMD4<Float>) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3
    }

    /// The pixels at `p ..< p + 16`.
    @inline(__always) init(loading p: UnsafeMutablePointer<UInt8>) {
        #if arch(x86_64)
        let zero = _mm_setzero_si128()
        let v = _mm_loadu_si128(UnsafeRawPointer(p).assumingMemoryBound(to: __m128i.self))
        let lo = _mm_unpacklo_epi8(v, zero), hi = _mm_unpackhi_epi8(v, zero)
        p0 = _mm_cvtepi32_ps(_mm_unpacklo_epi16(lo, zero)); p1 = _mm_cvtepi32_ps(_mm_unpackhi_epi16(lo, zero))
        p2 = _mm_cvtepi32_ps(_mm_unpacklo_epi16(hi, zero)); p3 = _mm_cvtepi32_ps(_mm_unpackhi_epi16(hi, zero))
        #else
        p0 = loadPixel(p); p1 = loadPixel(p + 4); p2 = loadPixel(p + 8); p3 = loadPixel(p + 12)
        #endif
    }

    /// Stores the four pixels at `p ..< p + 16` as ``storePixel(_:_:)`` stores each (clamped, rounded to nearest,
    /// a NaN channel traps).
    @inline(__always) func store(_ p: UnsafeMutablePointer<UInt8>) {
        #if arch(x86_64)
        if any((p0 .!= p0) .| (p1 .!= p1) .| (p2 .!= p2) .| (p3 .!= p3)) { nanPixel(p0 + p1 + p2 + p3) }
        let top = SIMD4<Float>(repeating: 255)
        let l0 = _mm_cvttps_epi32(_mm_min_ps(p0, top) + 0.5), l1 = _mm_cvttps_epi32(_mm_min_ps(p1, top) + 0.5)
        let l2 = _mm_cvttps_epi32(_mm_min_ps(p2, top) + 0.5), l3 = _mm_cvttps_epi32(_mm_min_ps(p3, top) + 0.5)
        let bytes = _mm_packus_epi16(_mm_packs_epi32(l0, l1), _mm_packs_epi32(l2, l3))
        _mm_storeu_si128(UnsafeMutableRawPointer(p).assumingMemoryBound(to: __m128i.self), bytes)
        #else
        storePixel(p0, p); storePixel(p1, p + 4); storePixel(p2, p + 8); storePixel(p3, p + 12)
        #endif
    }
}

/// Bit `j` set where lane `j` of the coverages `c` is above 0 (clear for NaN): 15 when all four pixels are
/// covered, 0 when none is. On x86-64 one `cmpltps` and one `movmskps`; `all`/`any` of the comparison's mask
/// were lowered to four lane extractions and three scalar operations.
@inline(__always) func coveredLanes(_ c: SIMD4<Float>) -> Int {
    #if arch(x86_64)
    return Int(_mm_movemask_ps(_mm_cmplt_ps(SIMD4<Float>(), c)))
    #else
    let m = c .> 0
    return (m[0] ? 1 : 0) | (m[1] ? 2 : 0) | (m[2] ? 4 : 0) | (m[3] ? 8 : 0)
    #endif
}

/// `Swift.min(c[j], 1)` per lane for coverages that are not NaN (the lanes of a block whose four pixels are covered).
/// On x86-64 one `minps`; `replacing(with:where:)` was lowered to a test and a branch per lane.
@inline(__always) func coverageAtMostOne(_ c: SIMD4<Float>) -> SIMD4<Float> {
    #if arch(x86_64)
    return _mm_min_ps(c, SIMD4<Float>(repeating: 1))
    #else
    return c.replacing(with: 1, where: c .> 1)
    #endif
}

/// Bit `j` set where lane `j` of `m` is true: `all(m)` is `laneBits(m) == 15`, `any(m)` is `laneBits(m) != 0`. On
/// x86-64 one `movmskps` of the comparison's lanes (each all ones or all zeros); `all`/`any` were lowered to lane
/// extractions and scalar operations where a loop tests a mask of four coverages.
@inline(__always) func laneBits(_ m: SIMDMask<SIMD4<Int32>>) -> Int {
    #if arch(x86_64)
    return Int(_mm_movemask_ps(unsafeBitCast(m, to: SIMD4<Float>.self)))
    #else
    return (m[0] ? 1 : 0) | (m[1] ? 2 : 0) | (m[2] ? 4 : 0) | (m[3] ? 8 : 0)
    #endif
}
