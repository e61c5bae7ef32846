import Foundation
import Testing
import StardustParticles
@testable import StardustPresets

/// `fire`: each flame particle's color is the cooling ramp times the alpha curve at its normalised age, so the
/// mean color goes from warm and opaque to red and transparent over life; flames rise.
@Suite struct FirePresetTests {
    @Test func colorFollowsTheRampFromWarmToTransparent() throws {
        let ps = try PresetParticles.at(3, "fire")
        #expect(ps.count > 150)
        for p in ps {
            let f = Double(p.age / p.lifetime)
            let c = FirePreset.ramp.value(at: f)
            let expected = SIMD4(c.x, c.y, c.z, c.w * FirePreset.alpha.value(at: f))
            let got = SIMD4<Double>(p.color)
            #expect(((got - expected) * (got - expected)).max() < 1e-6, "f \(f): \(got) vs \(expected)")
        }
        let young = ps.filter { (0.05...0.2).contains($0.age / $0.lifetime) }, old = ps.filter { $0.age / $0.lifetime > 0.85 }
        #expect(young.count > 10 && old.count > 10)
        func mean(_ g: [Particle], _ k: KeyPath<SIMD4<Float>, Float>) -> Double { PresetParticles.mean(g.map { Double($0.color[keyPath: k]) }) }
        // Young: yellow-white (green close to red), nearly opaque. Old: red (little green), nearly transparent.
        #expect(mean(young, \.y) > 0.7 * mean(young, \.x) && mean(young, \.w) > 0.6)
        #expect(mean(old, \.y) < 0.3 * mean(old, \.x) && mean(old, \.w) < 0.2)
    }

    @Test func flamesRise() throws {
        let ps = try PresetParticles.at(3, "fire")
        let base = FirePreset.base(Presets.phone).y
        #expect(PresetParticles.mean(ps.map { Double($0.velocity.y) }) < -50)
        let old = ps.filter { $0.age > 0.8 }
        #expect(PresetParticles.mean(old.map { base - Double($0.position.y) }) > 80)
    }
}
