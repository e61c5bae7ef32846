import Testing
import StardustCore
import StardustParticles
import StardustPresets
import StardustScene

/// The `fireworks` preset (sub-emitters on the rocket's death) and `fireworks-classic` (Core Animation's
/// birth-rate trick, kept unchanged).
@Suite struct FireworksPresetTests {
    static func emitter(_ name: String) throws -> EmitterLayer {
        let scene = try #require(Presets.named(name)).make()
        return try #require(scene.layer(named: "fireworks") as? EmitterLayer)
    }

    @Test func starsAreBornWhereTheirRocketDies() throws {
        let e = try Self.emitter("fireworks")
        let rocket = try #require(e.emitterCells.first)
        #expect(rocket.emitterCells.map(\.name) == ["trail", "stars", "glitter"])
        #expect(rocket.emitterCells[1].birthRate == 0 && rocket.emitterCells[1].extensions?.trigger == .death)
        func particles(at t: Double) -> [Particle] { let s = e.evaluate(at: t, sceneSeed: 1); return (0..<s.count).map { s[$0] } }
        let starIndex = 2
        let stars = particles(at: 2.2).filter { $0.cellIndex == starIndex }
        #expect(stars.count >= 170)
        // Every star of one burst shares its birth time: the death of one rocket (1.25…1.75 s after its birth).
        #expect(Set(stars.map(\.birthTime)).count * 170 >= stars.count)
        #expect(stars.allSatisfy { $0.birthTime >= 1.25 - 1e-9 })
        #expect(particles(at: 1.2).filter { $0.cellIndex == starIndex }.isEmpty)
    }

    @Test func theClassicVersionKeepsTheBirthRateTrick() throws {
        let e = try Self.emitter("fireworks-classic")
        let explosion = try #require(e.emitterCells.first?.emitterCells.last)
        #expect(explosion.birthRate == 9999 && explosion.extensions == nil)
        #expect(Presets.all.map(\.name).contains("fireworks-classic"))
    }
}
