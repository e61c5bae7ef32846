import Testing
import StardustParticles
import StardustPresets
import StardustScene

/// The particles of a preset's emitter layer at a scene time, for the tests that check a preset's
/// character against the laws its cells follow (docs/PRESETS.md).
enum PresetParticles {
    static func emitter(_ preset: String, layer: String? = nil) throws -> EmitterLayer {
        let scene = try #require(Presets.named(preset)).make()
        return try #require(scene.layer(named: layer ?? preset) as? EmitterLayer)
    }

    static func at(_ t: Double, _ preset: String, layer: String? = nil) throws -> [Particle] {
        let s = try emitter(preset, layer: layer).evaluate(at: t, sceneSeed: 1)
        return (0..<s.count).map { s[$0] }
    }

    static func mean(_ xs: [Double]) -> Double { xs.isEmpty ? .nan : xs.reduce(0, +) / Double(xs.count) }
}
