import Foundation
import Testing
import StardustParticles
@testable import StardustPresets

/// `smoke`: puffs grow and fade by their curves and drift downwind.
@Suite struct SmokePresetTests {
    typealias S = SmokePreset

    @Test func puffsGrowAndFadeByTheirCurves() throws {
        let ps = try PresetParticles.at(4, "smoke")
        #expect(ps.count > 50)
        for p in ps {
            let f = Double(p.age / p.lifetime)
            // Alpha: the cell's 0.45 × the fade curve. Scale: the birth scale (2.4 ± 0.5) × the growth curve.
            #expect(abs(Double(p.color.w) - 0.45 * S.fade.value(at: f)) < 1e-5)
            let birth = Double(p.scale) / S.growth.value(at: f)
            #expect(birth >= 1.9 - 1e-4 && birth <= 2.9 + 1e-4, "birth scale \(birth)")
        }
        let young = ps.filter { $0.age < 1 }, old = ps.filter { $0.age > 4 }
        #expect(PresetParticles.mean(old.map { Double($0.scale) }) > 2.5 * PresetParticles.mean(young.map { Double($0.scale) }))
    }

    @Test func puffsRiseAndDriftDownwind() throws {
        let ps = try PresetParticles.at(4, "smoke").filter { $0.age > 4 }
        #expect(ps.count > 10)
        let source = S.source(Presets.phone)
        // Drag towards the wind moves a puff by w·(τ − (1 − e^(−kτ))/k) downwind (the closed form without
        // turbulence; the initial sideways velocities average out). Turbulence bends the column, so the mean
        // drift is compared within a wide band.
        let expected = PresetParticles.mean(ps.map { S.wind.x * (Double($0.age) - (1 - exp(-S.drag * Double($0.age))) / S.drag) })
        let drift = PresetParticles.mean(ps.map { Double($0.position.x) - source.x })
        #expect(drift > 0.4 * expected && drift < 1.8 * expected, "drift \(drift), closed form \(expected)")
        #expect(ps.allSatisfy { Double($0.position.y) < source.y }, "old puffs are above the source")
    }
}
