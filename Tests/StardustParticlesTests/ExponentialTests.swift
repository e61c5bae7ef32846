import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// Stardust's own e^x and e^x − 1 (``Exponential``, used by the drag closed form) against glibc's
/// (Foundation's `exp` and `expm1`, the independent truth: glibc's are within 1 ulp of the exact
/// values) over a dense grid of the whole range, the neighbourhood of 0 on a logarithmic grid, the
/// edges of the range reduction and the special values; and the 4-lane version against the scalar one
/// bit for bit. Bound: 1 ulp for `exp`, 2 ulp for `expm1` (the worst seen on 20 M points: 1.0 and 2.0;
/// the 2 is at x ≈ 0.35, where 2·P(r) + 1 halves the magnitude; for x < 0, the drag's case, it is 1).
@Suite struct ExponentialTests {
    /// The distance from `a` to `truth` in units in the last place of `truth` (subnormals: of the
    /// smallest subnormal).
    static func ulps(_ a: Double, _ truth: Double) -> Double {
        if a == truth { return 0 }
        return abs(a - truth) / max(truth.ulp, Double.leastNonzeroMagnitude)
    }

    static func check(_ x: Double, _ worst: inout (exp: Double, expm1: Double)) {
        let (e, m) = Exponential.expAndExpm1(x)
        worst.exp = max(worst.exp, ulps(e, Foundation.exp(x)))
        worst.expm1 = max(worst.expm1, ulps(m, Foundation.expm1(x)))
    }

    @Test("within 1 ulp (exp) and 2 ulp (expm1) of glibc over [−745, 709.7] and near 0")
    func accuracy() {
        var worst = (exp: 0.0, expm1: 0.0)
        var x = -745.0
        while x < 709.7 { Self.check(x, &worst); x += 0.00731 }  // 200 000 points, every reduction interval
        var y = 1e-300
        while y < 2 { Self.check(y, &worst); Self.check(-y, &worst); y *= 1.005 }  // tiny to 2, both signs
        var g = SplitMix64(seed: 0xE4B)
        for _ in 0..<100_000 { Self.check(Double.random(in: -40..<40, using: &g), &worst) }
        #expect(worst.exp <= 1)
        #expect(worst.expm1 <= 2)
        var negative = (exp: 0.0, expm1: 0.0)
        for _ in 0..<100_000 { Self.check(-Double.random(in: 0..<60, using: &g), &negative) }
        #expect(negative.expm1 <= 1)
    }

    @Test("edges of the reduction, ±0, the wide path and special values")
    func edges() {
        var worst = (exp: 0.0, expm1: 0.0)
        let half = 0.346_573_590_279_972_65  // ln2/2: n changes here
        for b in [half, -half, 3 * half, -3 * half, 700, -700, 700.5, -700.5, 708, -708, -720, -744, 709.7] {
            for d in -20...20 { Self.check(b + Double(d) * b.ulp, &worst) }
        }
        #expect(worst.exp <= 1)
        #expect(worst.expm1 <= 2)
        let zero = Exponential.expAndExpm1(0.0), negZero = Exponential.expAndExpm1(-0.0)
        #expect(zero.exp == 1 && negZero.exp == 1)
        #expect(zero.expm1.bitPattern == (0.0).bitPattern && negZero.expm1.bitPattern == (-0.0).bitPattern)
        #expect(Exponential.expAndExpm1(-.infinity) == (0, -1))
        #expect(Exponential.expAndExpm1(-800) == (0, -1))
        #expect(Exponential.expAndExpm1(.infinity) == (.infinity, .infinity))
        #expect(Exponential.expAndExpm1(710).exp == .infinity)
        #expect(Exponential.expAndExpm1(.nan).exp.isNaN && Exponential.expAndExpm1(.nan).expm1.isNaN)
    }

    @Test("the 4-lane version gives the scalar bits, lane by lane")
    func lanes() {
        var g = SplitMix64(seed: 0x4E4)
        for i in 0..<20_000 {
            var x = SIMD4<Double>()
            for l in 0..<4 {
                let scale = [1e-12, 0.5, 5, 60, 720][(i + l) % 5]
                x[l] = Double.random(in: -scale..<scale, using: &g)
            }
            if i % 97 == 0 { x[i % 4] = i % 2 == 0 ? -0.0 : 0.0 }
            let (e, m) = Exponential.expAndExpm1(x)
            for l in 0..<4 {
                let s = Exponential.expAndExpm1(x[l])
                #expect(e[l].bitPattern == s.exp.bitPattern && m[l].bitPattern == s.expm1.bitPattern)
            }
        }
    }
}
