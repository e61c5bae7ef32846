import StardustTestSupport
import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// Attributes drawn at birth are uniform on [M − R, M + R] (decision P1), tested with
/// Kolmogorov–Smirnov at a fixed seed against the analytic uniform CDF.
@Suite struct DistributionTests {
    /// 2 000 births/s for 5 s with lifetimes ≥ 7 s: every birth is alive (an unbiased sample).
    func sample() -> [Particle] {
        let (layer, _) = singleCellLayer { c in
            c.birthRate = 2000
            c.lifetime = 10; c.lifetimeRange = 3
            c.velocity = 100; c.velocityRange = 40
            c.emissionLongitude = 0.5; c.emissionRange = 1.0
            c.scale = 2; c.scaleRange = 0.5; c.scaleSpeed = -0.1
            c.spin = 1; c.spinRange = 2
            c.color = Color(red: 0.5, green: 0.4, blue: 0.6, alpha: 0.7)
            c.redRange = 0.1; c.greenRange = 0.2; c.blueRange = 0.3; c.alphaRange = 0.25
            c.redSpeed = 0.05; c.greenSpeed = -0.05; c.blueSpeed = 0.02; c.alphaSpeed = -0.1
        }
        layer.seed = 7
        let s = layer.evaluate(at: 5)
        #expect(s.count == 10_001, "births at k/2000 for k = 0…10000, all alive")
        return s.all.filter { $0.age > 0.01 }
    }

    @Test("lifetime speed angle scale spin are uniform") func lifetimeSpeedAngleScaleSpinAreUniform() {
        let ps = sample()
        assertUniform(ps.map { Double($0.lifetime) }, 7, 13, "lifetime")
        assertUniform(ps.map { Double(simd_length($0.velocity)) }, 60, 140, "speed")
        assertUniform(ps.map { Double(atan2($0.velocity.y, $0.velocity.x)) }, -0.5, 1.5, "longitude")
        assertUniform(ps.map { Double($0.scale) + 0.1 * Double($0.age) }, 1.5, 2.5, "scale")
        assertUniform(ps.map { Double($0.rotation) / Double($0.age) }, -1, 3, "spin")
    }

    @Test("color channels are uniform") func colorChannelsAreUniform() {
        let ps = sample()
        assertUniform(ps.map { Double($0.color.x) - 0.05 * Double($0.age) }, 0.4, 0.6, "red")
        assertUniform(ps.map { Double($0.color.y) + 0.05 * Double($0.age) }, 0.2, 0.6, "green")
        assertUniform(ps.map { Double($0.color.z) - 0.02 * Double($0.age) }, 0.3, 0.9, "blue")
        assertUniform(ps.map { Double($0.color.w) + 0.1 * Double($0.age) }, 0.45, 0.95, "alpha")
    }

    /// The KS test itself rejects a half-width range (the ±R/2 reading), so the tests above have teeth.
    @Test("KS rejects half range") func kSRejectsHalfRange() {
        let ps = sample()
        let d = Statistics.ksUniform(ps.map { Double($0.lifetime) }, 8.5, 11.5)
        #expect(d > 1.63 / Double(ps.count).squareRoot())
    }

    @Test("steady state count is rate times mean lifetime") func steadyStateCountIsRateTimesMeanLifetime() {
        let (layer, _) = singleCellLayer { c in
            c.birthRate = 400; c.lifetime = 5; c.lifetimeRange = 2
        }
        for t in [30.0, 100.0] {
            let n = Double(layer.evaluate(at: t).count)
            #expect(abs(n - 2000) <= 2000 * 0.03, "t = \(t)")
        }
    }
}

