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
}
