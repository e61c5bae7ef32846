import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// A `die` collider ends the particle at the contact (docs/PARTICLE-MODEL.md §2.10): its death
/// sub-emitter fires there and then, not at the end of its lifetime, and its other sub-cells stop.
@Suite struct CollisionDeathTests {
    /// Parents born at 0, 1/rate, 2/rate, … 100 pt above a floor at y = 300 under gravity 200 pt/s², thrown
    /// sideways at `vx` (contact at age √(2·100/200) = 1 s, `vx` pt to the right); lifetime 20 s.
    /// One sub-cell configured by the caller.
    static func layer(fields: ParticleFields? = nil, vx: Double = 30, rate: Double = 1,
                      _ configure: (EmitterCell, inout CellExtensions) -> Void) -> EmitterLayer {
        let parent = EmitterCell(name: "drop")
        parent.birthRate = rate; parent.lifetime = 20; parent.velocity = vx; parent.yAcceleration = 200
        parent.spin = 2
        var px = CellExtensions()
        px.fields = fields
        px.collider = .floor(y: 300, response: .die)
        parent.extensions = px
        return layerWithSubCell(parent, at: Point(50, 200), configure)
    }

    static func children(_ l: EmitterLayer, at t: Double) -> [Particle] { l.evaluate(at: t, threads: 1).all.filter { $0.cellIndex == 1 } }

    @Test func theDeathBurstFiresAtTheContactPointAndTime() {
        let l = Self.layer { _, x in x.trigger = .death; x.bursts = [ParticleBurst(count: 12)] }
        // Free fall: contact at age 1 s, 30 pt to the right of the emitter, arriving at 200 pt/s.
        #expect(Self.children(l, at: 0.999).isEmpty)
        let c = Self.children(l, at: 1.2)
        #expect(c.count == 12)
        for p in c {
            #expect(abs(p.birthTime - 1) < 1e-9, "born at \(p.birthTime), the contact is at 1 s")
            #expect(abs(p.position.x - 80) < 1e-3 && abs(p.position.y - 300) < 1e-3)
            #expect(abs(Double(p.rotation) - 2) < 1e-5)  // the parent's angle at the contact: 2 rad/s × 1 s
        }
        // Gone after its half-second life, long before the parent's lifetime (20 s) would have ended.
        #expect(Self.children(l, at: 1.6).isEmpty)
    }

    @Test func theIntegratedPathFiresAtItsContactToo() {
        // A zero-strength turbulence forces the fixed-step path: the contact is placed within its step.
        var f = ParticleFields(); f.turbulence = ParticleFields.Turbulence(strength: 0)
        let l = Self.layer(fields: f) { _, x in x.trigger = .death; x.bursts = [ParticleBurst(count: 3)] }
        let c = Self.children(l, at: 1.2)
        #expect(c.count == 3)
        for p in c {
            #expect(abs(p.birthTime - 1) < 1e-3, "born at \(p.birthTime)")
            #expect(abs(p.position.y - 300) < 1e-3 && abs(p.position.x - 80) < 0.05)
        }
    }

    @Test func otherSubCellsStopEmittingAtTheContact() {
        // Parents born every 2 s die at age 1; a Core Animation sub-cell emits 50/s over its parent's life:
        // only within [2n, 2n + 1), not for the 20 s lifetime.
        let l = Self.layer(rate: 0.5) { c, _ in c.birthRate = 50; c.lifetime = 10 }
        let c = Self.children(l, at: 5)
        #expect(c.count >= 100 && c.count <= 150, "\(c.count) children")
        for p in c { #expect(p.birthTime.truncatingRemainder(dividingBy: 2) < 1 + 1e-9, "born at \(p.birthTime)") }
    }
}
