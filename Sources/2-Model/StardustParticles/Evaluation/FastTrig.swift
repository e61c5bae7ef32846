import Foundation

/// Sine and cosine for the per-particle emission angle, without a libm call.
///
/// Cody–Waite reduction to [−π/4, π/4] by quarter turns, then Taylor polynomials to x¹¹ / x¹²:
/// absolute error below 1e-11 for |x| < 10⁵ (the results are stored as `Float`). Larger or
/// non-finite arguments fall back to libm.
enum FastTrig {
    @inline(__always)
    static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
        guard abs(x) < 1e5 else { return (_sin(x), _cos(x)) }
        // Round to nearest with the 1.5·2⁵² trick (no libm call on baseline x86-64).
        let magic = 6_755_399_441_055_744.0
        let q = (x * 0.636_619_772_367_581_3 + magic) - magic
        // π/2 split into a head with few significant bits and a tail.
        let r = (x - q * 1.570_796_326_734_125_6) - q * 6.077_100_506_506_192e-11
        let r2 = r * r
        let s = r + r * r2 * (-1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040 + r2 * (1.0 / 362_880 + r2 * (-1.0 / 39_916_800)))))
        let c = 1 + r2 * (-0.5 + r2 * (1.0 / 24 + r2 * (-1.0 / 720 + r2 * (1.0 / 40320 + r2 * (-1.0 / 3_628_800 + r2 * (1.0 / 479_001_600))))))
        // Quadrant fix-up without branches (the quadrant of a random angle is unpredictable):
        // odd quadrants swap sine and cosine, quadrants 2–3 negate the sine, 1–2 the cosine.
        let qi = UInt64(bitPattern: Int64(q))
        let swap = 0 &- (qi & 1)
        let sb = s.bitPattern, cb = c.bitPattern
        let sinBits = ((sb & ~swap) | (cb & swap)) ^ ((qi & 2) << 62)
        let cosBits = ((cb & ~swap) | (sb & swap)) ^ (((qi &+ 1) & 2) << 62)
        return (Double(bitPattern: sinBits), Double(bitPattern: cosBits))
    }

    @inline(never) static func _sin(_ x: Double) -> Double { Foundation.sin(x) }
    @inline(never) static func _cos(_ x: Double) -> Double { Foundation.cos(x) }

    /// ``sincos(_:)`` of four angles, lane by lane with exactly the same operations (the quadrant
    /// is read from the rounding sum's low bits, which equal `Int64(q)`'s for |q| < 2⁵¹). Lanes
    /// with |x| ≥ 1e5 or not finite go through ``sincos(_:)`` one by one.
    @inline(__always)
    static func sincos4(_ x: SIMD4<Double>) -> (sin: SIMD4<Double>, cos: SIMD4<Double>) {
        let small = (x .< 1e5) .& (x .> -1e5)
        guard all(small) else {
            var s = SIMD4<Double>(), c = SIMD4<Double>()
            for l in 0..<4 { (s[l], c[l]) = Self.sincos(x[l]) }
            return (s, c)
        }
        let magic = 6_755_399_441_055_744.0
        let rounded = x * 0.636_619_772_367_581_3 + magic
        let q = rounded - magic
        let r = (x - q * 1.570_796_326_734_125_6) - q * 6.077_100_506_506_192e-11
        let r2 = r * r
        // The scalar polynomials, innermost first.
        let s3: Double = -1.0 / 6, s5: Double = 1.0 / 120, s7: Double = -1.0 / 5040
        let s9: Double = 1.0 / 362_880, s11: Double = -1.0 / 39_916_800
        var ps: SIMD4<Double> = s9 + r2 * s11
        ps = s7 + r2 * ps
        ps = s5 + r2 * ps
        ps = s3 + r2 * ps
        let rr2: SIMD4<Double> = r * r2
        let s: SIMD4<Double> = r + rr2 * ps
        let c2: Double = -0.5, c4: Double = 1.0 / 24, c6: Double = -1.0 / 720, c8: Double = 1.0 / 40320
        let c10: Double = -1.0 / 3_628_800, c12: Double = 1.0 / 479_001_600
        var pc: SIMD4<Double> = c10 + r2 * c12
        pc = c8 + r2 * pc
        pc = c6 + r2 * pc
        pc = c4 + r2 * pc
        pc = c2 + r2 * pc
        let c: SIMD4<Double> = 1 + r2 * pc
        let qi = unsafeBitCast(rounded, to: SIMD4<UInt64>.self)
        let swap = SIMD4<UInt64>() &- (qi & 1)
        let sb = unsafeBitCast(s, to: SIMD4<UInt64>.self), cb = unsafeBitCast(c, to: SIMD4<UInt64>.self)
        let sinBits = ((sb & ~swap) | (cb & swap)) ^ ((qi & 2) &<< 62)
        let cosBits = ((cb & ~swap) | (sb & swap)) ^ (((qi &+ 1) & 2) &<< 62)
        return (unsafeBitCast(sinBits, to: SIMD4<Double>.self), unsafeBitCast(cosBits, to: SIMD4<Double>.self))
    }
}
