import Foundation
import Testing
import StardustCore
import StardustParticles
@testable import StardustPresets

/// `rain`: drops settle at the wind's angle by the drag law, stop at the ground and splash there.
@Suite struct RainPresetTests {
    typealias R = RainPreset
    static let size = Presets.phone

    @Test func dropsFallAtTheWindAngleByTheDragLaw() throws {
        let drops = try PresetParticles.at(3, "rain").filter { $0.cellIndex == 0 }
        #expect(drops.count > 50)
        let vt = SIMD2(R.wind.x, R.gravity / R.drag), v0 = SIMD2(0, R.launchSpeed)
        let windAngle = atan2(-vt.x, vt.y)  // from the vertical, towards the wind
        var settled = 0
        for d in drops {
            let tau = Double(d.age)
            let expected = vt + (v0 - vt) * exp(-R.drag * tau)
            let v = SIMD2(Double(d.velocity.x), Double(d.velocity.y))
            #expect(((v - expected) * (v - expected)).sum().squareRoot() < 0.5, "v \(v) vs \(expected) at \(tau)")
            if tau > 0.6 {
                settled += 1
                #expect(abs(atan2(-v.x, v.y) - windAngle) < 1.5 * .pi / 180)
            }
        }
        #expect(settled > 10)
    }

    @Test func dropsStopAtTheGroundAndSplashThere() throws {
        let ground = Float(R.groundY(Self.size))
        var splashes = 0
        for t in [2.0, 2.5, 3.0, 4.0] {
            let ps = try PresetParticles.at(t, "rain")
            #expect(ps.filter { $0.cellIndex == 0 }.allSatisfy { $0.position.y <= ground + 1e-3 })
            // A splash leaves from where its drop hit the ground: the youngest droplets are still at it.
            for s in ps where s.cellIndex == 1 && s.age < 0.02 {
                splashes += 1
                #expect(abs(s.position.y - ground) < 3, "splash at y \(s.position.y), ground \(ground)")
            }
            // Droplets fly up from the ground (their longitude is opposite the drop's motion) and vanish where they
            // fall back to it (their own `die` collider 1 pt under the ground, met from above).
            #expect(ps.filter { $0.cellIndex == 1 }.allSatisfy { $0.position.y <= ground + 1 + 1e-3 })
        }
        #expect(splashes > 5)
        // Each drop lives the time it takes to reach the ground (the drag closed form): its splash fires there.
        #expect(abs(R.fallTime(Self.size) - 1.05) < 0.2)
    }
}
