import Foundation
import Testing
import StardustParticles
@testable import StardustPresets

/// `sparks`: ballistic streaks that never pass the floor and bounce off it with the restitution's loss.
@Suite struct SparksPresetTests {
    typealias S = SparksPreset

    @Test func sparksBounceOffTheFloorLosingSpeed() throws {
        let size = Presets.phone
        let floor = S.floorY(size), source = S.source(size)
        // The fastest a spark can hit the floor: its fastest launch plus the fall from the source.
        let vMax = S.speed + S.speedRange
        let impact = (vMax * vMax + 2 * S.gravity * (floor - source.y)).squareRoot()
        var bounced = 0
        for t in [2.0, 3.0, 4.0] {
            let ps = try PresetParticles.at(t, "sparks")
            #expect(ps.allSatisfy { Double($0.position.y) <= floor + 1e-3 }, "no spark below the floor")
            // Near the floor and moving up, a spark has bounced (before its first bounce it moves up only above
            // the source): its upward speed is at most e × the impact speed, its sideways speed at most (1 − μ)·vMax.
            for p in ps where Double(p.position.y) > floor - 40 && p.velocity.y < 0 {
                bounced += 1
                #expect(-Double(p.velocity.y) <= S.restitution * impact + 1e-2)
                #expect(abs(Double(p.velocity.x)) <= (1 - S.friction) * vMax + 1e-2)
            }
        }
        #expect(bounced > 10)
    }

    @Test func sparksAreStreaksThatCool() throws {
        let cell = try #require(PresetParticles.emitter("sparks").emitterCells.first)
        let x = try #require(cell.extensions)
        #expect(x.velocityStretch > 0)
        let ramp = try #require(x.colorOverLife)
        // Green falls from white-hot to red: the ramp cools.
        #expect(ramp.value(at: 0).y > 0.9 && ramp.value(at: 1).y < 0.3)
    }
}
