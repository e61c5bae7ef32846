import Foundation
import Testing
import StardustParticles
@testable import StardustPresets

/// `fireflies`: slow wanderers that stay on the screen and blink by their alpha curve.
@Suite struct FirefliesPresetTests {
    typealias F = FirefliesPreset

    @Test func firefliesStayOnTheScreenAndWanderSlowly() throws {
        let size = Presets.phone
        var speeds: [Double] = []
        for t in stride(from: 0.0, through: 10, by: 1.25) {
            let ps = try PresetParticles.at(t, "fireflies")
            #expect(ps.count > 20)
            #expect(ps.allSatisfy { $0.position.x >= 0 && Double($0.position.x) <= size.width
                                    && $0.position.y >= 0 && Double($0.position.y) <= size.height }, "t \(t)")
            speeds += ps.map { Double(($0.velocity * $0.velocity).sum().squareRoot()) }
        }
        // Under drag k a force of strength F gives a terminal speed F/k; turbulence and the leash together give at
        // most (turbulence + leash)/k if the noise's force stays within its strength. The mean is well below it.
        let bound = (F.turbulence + F.leash) / F.drag
        #expect(PresetParticles.mean(speeds) < bound, "mean speed \(PresetParticles.mean(speeds)) vs \(bound)")
    }

    @Test func firefliesBlinkByTheirAlphaCurve() throws {
        let ps = try PresetParticles.at(5, "fireflies")
        for p in ps {
            #expect(abs(Double(p.color.w) - F.pulse.value(at: Double(p.age / p.lifetime))) < 1e-5)
        }
        // Some are lit and some are dark at the same moment.
        #expect(ps.contains { $0.color.w > 0.7 } && ps.contains { $0.color.w < 0.15 })
    }
}
