import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// Closed-form state (docs/PARTICLE-MODEL.md §2.5): position, velocity, scale, rotation and color as functions of age.
@Suite struct KinematicsTests {
    @Test("position follows constant acceleration") func positionFollowsConstantAcceleration() {
        let (layer, _) = singleCellLayer { c in
            c.birthRate = 300; c.lifetime = 4; c.lifetimeRange = 1
            c.velocity = 80; c.velocityRange = 30; c.emissionRange = .pi; c.emissionLatitude = 0.3
            c.xAcceleration = 5; c.yAcceleration = 30; c.zAcceleration = -4
        }
        layer.emitterPosition = Point(10, 20); layer.emitterZPosition = 3
        let s = layer.evaluate(at: 12.3)
        #expect(s.count > 700)
        let a = SIMD3<Double>(5, 30, -4), p0 = SIMD3<Double>(10, 20, 3)
        for p in s.all {
            let tau = 12.3 - p.birthTime
            #expect(abs((Double(p.age)) - tau) <= 1e-4)
            #expect(tau < Double(p.lifetime))
            let v = SIMD3<Double>(p.velocity)
            let v0 = v - a * tau
            // p = p0 + v0·τ + ½·a·τ²
            let expected = p0 + v0 * tau + a * (0.5 * tau * tau)
            let got = SIMD3<Double>(p.position)
            #expect(simd_length(expected - got) < 1e-3 * max(1, simd_length(got)))
            // Initial speed in 80 ± 30, latitude 0.3 (decision P2: z = sin φ · speed).
            let speed = simd_length(v0)
            #expect(speed >= 50 - 1e-3); #expect(speed <= 110 + 1e-3)
            #expect(abs((v0.z / speed) - (sin(0.3))) <= 1e-4)
        }
    }

    @Test("scale spin and color speeds") func scaleSpinAndColorSpeeds() {
        let (layer, _) = singleCellLayer { c in
            c.birthRate = 10; c.lifetime = 20
            c.scale = 1.5; c.scaleSpeed = -0.25; c.spin = 0.7
            c.color = Color(red: 0.5, green: 0.2, blue: 1, alpha: 0.9)
            c.redSpeed = 0.1; c.greenSpeed = 0.3; c.blueSpeed = -0.05; c.alphaSpeed = -0.2
        }
        layer.scale = 2; layer.spin = 3
        let s = layer.evaluate(at: 10)
        #expect(s.count == 101)
        for p in s.all {
            let tau = Double(p.age)
            // Layer multipliers: scale × 2 (speed too), spin × 3; scale clamps at 0 (after 6 s).
            #expect(abs((Double(p.scale)) - (2 * max(0, 1.5 - 0.25 * tau))) <= 1e-5)
            #expect(abs((Double(p.rotation)) - (2.1 * tau)) <= 1e-4)
            #expect(abs((Double(p.color.x)) - (0.5 + 0.1 * tau)) <= 1e-5)
            #expect(abs((Double(p.color.y)) - (0.2 + 0.3 * tau)) <= 1e-5)
            #expect(abs((Double(p.color.z)) - (1 - 0.05 * tau)) <= 1e-5)
            #expect(abs((Double(p.color.w)) - (0.9 - 0.2 * tau)) <= 1e-5)
        }
    }

    @Test("layer multipliers apply at birth") func layerMultipliersApplyAtBirth() {
        let (layer, _) = singleCellLayer { c in
            c.birthRate = 10; c.lifetime = 2; c.velocity = 10
        }
        layer.birthRate = 3; layer.lifetime = 2; layer.velocity = 5
        let s = layer.evaluate(at: 10)
        // 30 births/s living 4 s.
        #expect(abs(s.count - 120) <= 1)
        for p in s.all {
            #expect(abs((Double(p.lifetime)) - 4) <= 1e-6)
            #expect(abs((Double(simd_length(p.velocity))) - 50) <= 1e-3)
        }
    }

    @Test("birth times follow the rate integral") func birthTimesFollowTheRateIntegral() {
        let (layer, _) = singleCellLayer { c in c.birthRate = 8; c.lifetime = 100 }
        let s = layer.evaluate(at: 2)
        #expect(s.all.map(\.birthTime) == (0...16).map { Double($0) / 8 })
    }
}

