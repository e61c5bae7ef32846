import Foundation
import Testing
import StardustParticles
@testable import StardustPresets

/// `confetti`: a burst whose pieces slow down by the drag law and flutter.
@Suite struct ConfettiPresetTests {
    typealias C = ConfettiPreset

    @Test func piecesSlowDownByTheDragLaw() throws {
        // The first burst is at 0.2 s: at 1.2 s all its pieces are 1 s old.
        let ps = try PresetParticles.at(1.2, "confetti")
        #expect(ps.count == C.burst.count * C.palette.count)
        // dv/dt = g − k·v, so |v(τ) − vt| = |v0 − vt|·e^(−kτ) with vt = (0, g/k) and |v0| in launchSpeed ± range
        // within `spread` of straight up: |v0 − vt| lies between |v0|min + vt·cos(spread) and |v0|max + vt.
        let vt = C.gravity / C.drag, decay = exp(-C.drag * 1.0)
        let lo = (C.launchSpeed - C.launchSpeedRange + vt * cos(C.spread)) * decay
        let hi = (C.launchSpeed + C.launchSpeedRange + vt) * decay
        for p in ps {
            #expect(abs(Double(p.age) - 1) < 1e-6)
            let rel = (Double(p.velocity.x), Double(p.velocity.y) - vt)
            let d = (rel.0 * rel.0 + rel.1 * rel.1).squareRoot()
            #expect(d >= lo * 0.999 && d <= hi * 1.001, "|v − vt| = \(d) outside [\(lo), \(hi)]")
        }
        // A second after launch the mean speed is a small fraction of the launch speed (without drag it would
        // be about launchSpeed − g·1 s ≈ 830 pt/s).
        let speeds = ps.map { Double(($0.velocity * $0.velocity).sum().squareRoot()) }
        let meanSpeed = PresetParticles.mean(speeds)
        #expect(meanSpeed < 0.25 * C.launchSpeed, "mean speed \(meanSpeed)")
    }

    @Test func piecesFlutterSpinAndWobble() throws {
        let ps = try PresetParticles.at(1.2, "confetti")
        // The scale follows the wobble curve: each piece's scale ÷ wobble(f) is its own birth scale, 0.9 ± 0.25.
        let wobble = try #require(PresetParticles.emitter("confetti").emitterCells.first?.extensions?.scaleOverLife)
        for p in ps {
            let base = Double(p.scale) / wobble.value(at: Double(p.age / p.lifetime))
            #expect(base >= 0.65 - 1e-4 && base <= 1.15 + 1e-4, "birth scale \(base)")
        }
        // Spins of both signs, and the wobble takes a piece's size well below its birth size at some moments.
        let later = try PresetParticles.at(1.45, "confetti")
        #expect(Set(later.map { $0.rotation > 0 }).count == 2)
        #expect((0...12).map { wobble.value(at: Double($0) / 12) }.min() == 0.35)
    }
}
