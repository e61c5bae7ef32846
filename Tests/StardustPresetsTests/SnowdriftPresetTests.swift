import Foundation
import Testing
import StardustCore
import StardustAnimation
@testable import StardustParticles
@testable import StardustPresets
import StardustScene

/// `snowdrift`: flakes stick to the bottom of the screen, and the drift under them grows with the
/// number landed (a closed form of the births, ``SnowDepth``) and melts after the snowfall.
@Suite struct SnowdriftPresetTests {
    static let size = Presets.phone
    static func emitter() throws -> EmitterLayer {
        let preset = try #require(Presets.named("snowdrift"))
        return try #require(preset.make().layer(named: "snowdrift") as? EmitterLayer)
    }
    static var depth: SnowDepth {
        SnowDepth(rate: SnowdriftPreset.birthRate, emission: SnowdriftPreset.emission,
                  fall: SnowDepth.fallTime(height: size.height - 4, gravity: SnowdriftPreset.gravity, drag: SnowdriftPreset.drag),
                  depthPerFlake: 0.06, meltRate: 9)
    }

    @Test func theFallTimeSolvesTheDragClosedForm() {
        // Independent check: integrate dv/dt = g − k·v with a small explicit step until y reaches the floor.
        var y = 0.0, v = 0.0, t = 0.0
        let dt = 1e-5, g = SnowdriftPreset.gravity, k = SnowdriftPreset.drag
        while y < Self.size.height - 4 { v += (g - k * v) * dt; y += v * dt; t += dt }
        #expect(abs(Self.depth.fall - t) < 1e-3, "fall \(Self.depth.fall) vs stepped \(t)")
    }

    @Test func flakesStickToTheBottomAndTheirCountFollowsTheClosedForm() throws {
        let e = try Self.emitter()
        let floor = Float(Self.size.height - 4)
        for sceneTime in [1.0, 1.8] {
            let s = e.evaluate(at: sceneTime, sceneSeed: 1)
            let all = (0..<s.count).map { s[$0] }
            #expect(all.allSatisfy { $0.position.y <= floor + 1e-3 }, "no flake below the floor")
            let stuck = all.filter { abs($0.position.y - floor) < 1e-3 && $0.velocity == .zero }.count
            // Flakes live 8 ± 1 s: at these times (the emitter's 6 and 6.8 s) none that landed has died yet, so the
            // stuck ones are the landed ones.
            let local = sceneTime + SnowdriftPreset.preroll
            let expected = Self.depth.landed(at: local)
            #expect(stuck > 50)
            #expect(abs(Double(stuck) - expected) < 0.15 * expected, "stuck \(stuck), closed form \(expected) at \(local)")
        }
    }

    @Test func theFirstFrameHasSnowFromTopToBottom() throws {
        // The scene starts after the first flakes have fallen the whole height: flakes in every fifth of it.
        let s = try Self.emitter().evaluate(at: 0, sceneSeed: 1)
        let fifths = Set((0..<s.count).map { min(4, Int(Double(s[$0].position.y) / (Self.size.height / 5))) })
        #expect(fifths == [0, 1, 2, 3, 4], "flakes in fifths \(fifths.sorted())")
        #expect(SnowdriftPreset.preroll > Self.depth.fall)
    }

    @Test func theDriftGrowsWhileItSnowsAndMeltsAfter() {
        let d = Self.depth
        #expect(d.depth(at: d.fall - 0.1) == 0)
        #expect(d.depth(at: d.fall + 5) > d.depth(at: d.fall + 2))
        let peak = d.depth(at: d.fall + d.emission)
        #expect(abs(peak - d.depthPerFlake * d.rate * d.emission) < 1e-9)
        #expect(d.depth(at: d.fall + d.emission + 1) < peak)
        #expect(d.depth(at: d.meltedAway + 0.01) == 0)
        #expect(d.meltedAway < SnowdriftPreset.preroll + 18, "melted before the scene ends")
    }

    @Test func framesAloneEqualTheSequenceAndThreadsDoNotMatter() throws {
        let sequence = try Self.emitter(), s = ParticleSnapshot()
        for frame in 0..<40 {
            let t = 2 + Double(frame) / 20
            sequence.evaluate(at: t, sceneSeed: 1, into: s, threads: 2)
            if frame % 13 == 0 { #expect(s.isIdentical(to: try Self.emitter().evaluate(at: t, sceneSeed: 1, threads: 1)), "frame \(frame)") }
        }
    }
}
