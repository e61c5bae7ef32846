/// e^x and e^x − 1 for the drag closed form (``DragMotion``), without a libm call.
///
/// Why our own: the profile of `particles-eval` with drag put glibc's `expm1` and `exp` at about a
/// quarter of the extended path, and a function of ours gives the same bits whatever the libm (its
/// version or platform), so the frames of cells with drag no longer depend on it
/// (docs/PARTICLE-MODEL.md §2.9).
///
/// Cody–Waite reduction x = n·ln2 + r, |r| ≤ ln2/2 (n rounded with the 1.5·2⁵² trick, no libm call
/// on baseline x86-64), then e^r − 1 by its Taylor polynomial to r¹³ (truncation below 0.15 ulp on
/// that interval), then both results from that one polynomial:
///
///     e^x     = 2ⁿ · (1 + P(r))
///     e^x − 1 = P(r)                    (n = 0: no cancellation, small x keeps its precision)
///             = 2ⁿ·P(r) + (2ⁿ − 1)      (n ≠ 0: |e^x − 1| ≥ 0.29, no cancellation either)
///
/// Error against glibc over [−745, 709] and near 0: at most 1 ulp for `exp` and 2 ulp for `expm1`
/// (`ExponentialTests`). Plain multiplies and adds in a fixed order: the same bits in debug and
/// release and in the 4-lane version, lane by lane.
enum Exponential {
    // ln 2 split into a head with 32 significant bits (n·head is exact for |n| < 2²⁰) and a tail.
    static let ln2Hi = 6.931_471_803_691_238_164_90e-01
    static let ln2Lo = 1.908_214_929_270_587_700_02e-10
    static let invLn2 = 1.442_695_040_888_963_387_00
    /// Beyond ±700 the scale 2ⁿ of the fast path could leave the normal range: ``wide(_:)`` takes over.
    static let fastLimit = 700.0
    static let magic = 6_755_399_441_055_744.0  // 1.5·2⁵²: x + magic − magic rounds x to an integer

    // 1/k! for the polynomial, innermost (largest k) last.
    static let c3 = 1.0 / 6, c4 = 1.0 / 24, c5 = 1.0 / 120, c6 = 1.0 / 720, c7 = 1.0 / 5040
    static let c8 = 1.0 / 40320, c9 = 1.0 / 362_880, c10 = 1.0 / 3_628_800, c11 = 1.0 / 39_916_800
    static let c12 = 1.0 / 479_001_600, c13 = 1.0 / 6_227_020_800

    /// e^x and e^x − 1, from one range reduction and one polynomial.
    @inline(__always)
    static func expAndExpm1(_ x: Double) -> (exp: Double, expm1: Double) {
        guard abs(x) <= fastLimit else { return wide(x) }
        let rounded = x * invLn2 + magic
        let q = rounded - magic
        let r = (x - q * ln2Hi) - q * ln2Lo
        let p = polynomial(r)
        // 2ⁿ from the rounding sum's low bits (its mantissa holds 2⁵¹ + n): exponent field n + 1023.
        let s = Double(bitPattern: (rounded.bitPattern &+ 1023) &<< 52)
        let em1 = q == 0 ? (x == 0 ? x : p) : s * p + (s - 1)  // x = ±0 returns x: the sign of 0 is kept
        return (s * (1 + p), em1)
    }

    /// e^r − 1 for |r| ≤ ln2/2 (a little more after rounding): r + r²·(1/2 + r/6 + … + r¹¹/13!).
    @inline(__always)
    static func polynomial(_ r: Double) -> Double {
        var t = c12 + r * c13
        t = c11 + r * t
        t = c10 + r * t
        t = c9 + r * t
        t = c8 + r * t
        t = c7 + r * t
        t = c6 + r * t
        t = c5 + r * t
        t = c4 + r * t
        t = c3 + r * t
        t = 0.5 + r * t
        return r + (r * r) * t
    }

    /// |x| > 700 or not a number: the scale is applied as two powers of 2 (the result may be
    /// subnormal or overflow). The drag closed form never gets here in practice (e^(−700) is 0 to
    /// its precision); it is here so that the function is total.
    @inline(never)
    static func wide(_ x: Double) -> (exp: Double, expm1: Double) {
        guard !x.isNaN else { return (x, x) }
        let xc = min(max(x, -746), 710)  // beyond: 0 and −1, or +∞
        let q = (xc * invLn2 + magic) - magic
        let r = (xc - q * ln2Hi) - q * ln2Lo
        let p = polynomial(r)
        let n = Int(q), h = n / 2
        let s1 = Double(bitPattern: UInt64(h + 1023) << 52), s2 = Double(bitPattern: UInt64(n - h + 1023) << 52)
        let e = (1 + p) * s1 * s2
        return (e, x < 0 ? -1 : e)  // e^x − 1 rounds to −1 below −38 and to e^x above 38
    }

    /// ``expAndExpm1(_:)`` of four arguments, lane by lane with exactly the same operations. When a
    /// lane is outside ±700 (or not a number), every lane goes through the scalar function.
    @inline(__always)
    static func expAndExpm1(_ x: SIMD4<Double>) -> (exp: SIMD4<Double>, expm1: SIMD4<Double>) {
        guard all((x .<= fastLimit) .& (x .>= -fastLimit)) else {
            var e = SIMD4<Double>(), m = SIMD4<Double>()
            for l in 0..<4 { (e[l], m[l]) = expAndExpm1(x[l]) }
            return (e, m)
        }
        let rounded = x * invLn2 + magic
        let q = rounded - magic
        let r = (x - q * ln2Hi) - q * ln2Lo
        var t: SIMD4<Double> = c12 + r * c13
        t = c11 + r * t
        t = c10 + r * t
        t = c9 + r * t
        t = c8 + r * t
        t = c7 + r * t
        t = c6 + r * t
        t = c5 + r * t
        t = c4 + r * t
        t = c3 + r * t
        t = 0.5 + r * t
        let p: SIMD4<Double> = r + (r * r) * t
        let bits = unsafeBitCast(rounded, to: SIMD4<UInt64>.self)
        let s = unsafeBitCast((bits &+ 1023) &<< 52, to: SIMD4<Double>.self)
        var em1: SIMD4<Double> = s * p + (s - 1)
        em1.replace(with: p, where: q .== 0)
        em1.replace(with: x, where: x .== 0)
        return (s * (1 + p), em1)
    }
}
