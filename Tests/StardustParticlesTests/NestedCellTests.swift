import StardustTestSupport
import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// Sub-cells (decision P4): a fireworks-like rocket whose burst runs on the rocket's age.
@Suite struct NestedCellTests {
    /// Rocket: 1/s, lifetime 1.6, random color; burst: 1000/s between rocket age 1.5 and 2.5
    /// (so only 1.5…1.6, before the rocket dies), lifetime 2.
    func fireworks() -> EmitterLayer {
        let layer = EmitterLayer()
        layer.emitterPosition = Point(200, 400)
        let rocket = EmitterCell(name: "rocket")
        rocket.birthRate = 1; rocket.lifetime = 1.6
        rocket.velocity = 300; rocket.velocityRange = 50
        rocket.emissionLongitude = -.pi / 2; rocket.emissionRange = .pi / 8
        rocket.yAcceleration = 100
        rocket.color = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
        rocket.redRange = 0.5; rocket.greenRange = 0.5; rocket.blueRange = 0.5; rocket.alphaRange = 0.5
        rocket.scale = 0.8
        let burst = EmitterCell(name: "burst")
        burst.birthRate = 1000; burst.lifetime = 2
        burst.velocity = 60; burst.emissionRange = .pi
        burst.scale = 0.5
        burst.timing.beginTime = 1.5; burst.timing.duration = 1
        burst.contents = TestSupport.whiteTexture()
        rocket.emitterCells = [burst]
        layer.emitterCells = [rocket]
        return layer
    }

    @Test("sub particles exist only between parent age1_5 and its death") func subParticlesExistOnlyBetweenParentAge1_5AndItsDeath() {
        let layer = fireworks()
        #expect(layer.evaluate(at: 1.45).all.filter { $0.cellIndex == 1 }.count == 0)
        var seen = 0
        for step in 0...24 {
            let t = Double(step) * 0.25
            for p in layer.evaluate(at: t).all where p.cellIndex == 1 {
                // Rockets are born at whole seconds: the parent age at birth is the fractional part.
                let parentAge = p.birthTime - (p.birthTime - 1.5).rounded(.down)
                #expect(parentAge >= 1.5 - 1e-9)
                #expect(parentAge < 1.6 + 1e-9)
                #expect(Double(p.age) < 2)
                seen += 1
            }
        }
        #expect(seen > 1000)
        // 100 sub-particles per rocket (1000/s for 0.1 s), all alive 0.3 s after the burst started.
        #expect(layer.evaluate(at: 3.9).all.filter { $0.cellIndex == 1 && $0.birthTime >= 3.5 }.count == 100)
    }

    @Test("sub particles inherit color scale and position") func subParticlesInheritColorScaleAndPosition() {
        let layer = fireworks()
        let t = 4.58
        let all = layer.evaluate(at: t).all
        let rockets = all.filter { $0.cellIndex == 0 && $0.age >= 1.5 }
        #expect(rockets.count == 1)
        let rocket = rockets[0]
        let a = SIMD3<Double>(0, 100, 0)
        let kids = all.filter { $0.cellIndex == 1 && $0.birthTime >= rocket.birthTime + 1.5 }
        #expect(kids.count == 81)
        for kid in kids {
            // Color = child color (white) × the rocket's color (constant here), clamped.
            let c = SIMD4<Double>(rocket.color).clamped(lowerBound: .zero, upperBound: .one)
            #expect(simd_length(SIMD3<Double>(Double(kid.color.x), Double(kid.color.y), Double(kid.color.z)) - SIMD3(c.x, c.y, c.z)) < 1e-5)
            #expect(abs((Double(kid.color.w)) - c.w) <= 1e-5)
            #expect(abs((Double(kid.scale)) - (0.5 * 0.8)) <= 1e-5)
            // Born at the rocket's position then: rewind the rocket from t to the kid's birth.
            let dt = t - kid.birthTime
            let rv = SIMD3<Double>(rocket.velocity), rp = SIMD3<Double>(rocket.position)
            let rocketThen = rp - rv * dt + a * (0.5 * dt * dt)
            let kidBirth = SIMD3<Double>(kid.position) - SIMD3<Double>(kid.velocity) * Double(kid.age)
            #expect(simd_length(kidBirth - rocketThen) < 1e-2)
            // Own speed, no velocity inheritance.
            #expect(abs((Double(simd_length(kid.velocity))) - 60) <= 1e-3)
        }
    }

    @Test("longitude is relative to the parent direction") func longitudeIsRelativeToTheParentDirection() {
        let layer = fireworks()
        let burst = layer.emitterCells[0].emitterCells[0]
        burst.emissionRange = 0; burst.emissionLongitude = 0
        let all = layer.evaluate(at: 1.55).all
        let rocket = all.first { $0.cellIndex == 0 }!
        for kid in all where kid.cellIndex == 1 {
            // Direction of the rocket at the kid's birth: v − a·dt.
            let dt = 1.55 - kid.birthTime
            let rv = SIMD3<Double>(rocket.velocity) - SIMD3<Double>(0, 100, 0) * dt
            let dir = rv / simd_length(rv)
            let kd = SIMD3<Double>(kid.velocity) / Double(simd_length(kid.velocity))
            #expect(simd_length(dir - kd) < 1e-4)
        }
    }

    @Test("birth rate zero lets particles in flight finish") func birthRateZeroLetsParticlesInFlightFinish() {
        let layer = fireworks()
        layer.setEmitterValue(.number(0), forKeyPath: "birthRate", at: 4.5)
        // Rockets born at 0…4; rocket 4 bursts at 5.5 after emission stopped, sub-cells included.
        let late = layer.evaluate(at: 5.55).all
        #expect(!(late.contains { $0.cellIndex == 0 && $0.birthTime > 4.5 }))
        #expect(late.filter { $0.cellIndex == 1 && $0.birthTime >= 5.5 }.count > 40)
        #expect(layer.evaluate(at: 8).count == 0)
    }
}
