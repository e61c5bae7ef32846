/// Clamps each component to 0…1, mapping NaN to 0 (an invisible contribution rather than a crash).
@inline(__always) func saturate(_ v: SIMD4<Float>) -> SIMD4<Float> {
    @inline(__always) func s(_ x: Float) -> Float { x > 0 ? (x < 1 ? x : 1) : 0 }
    return SIMD4(s(v.x), s(v.y), s(v.z), s(v.w))
}
