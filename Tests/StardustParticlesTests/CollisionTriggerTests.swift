import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The `collision` trigger (docs/PARTICLE-MODEL.md §2.8, §2.10): a sub-emitter at each contact of the
/// parent with its colliders, from the parent's state just after the contact.
@Suite struct CollisionTriggerTests {
    /// `count` parents born together at (0, 200), falling under gravity 200 onto a floor at 300 (contact at
    /// age 1 s at 200 pt/s), lifetime 20 s; one sub-cell configured by the caller.
    static func layer(count: Int = 1, response: ParticleCollider.Response = .bounce, restitution: Double = 0.5,
                      _ configure: (EmitterCell, inout CellExtensions) -> Void) -> EmitterLayer {
        let parent = EmitterCell(name: "ball")
        parent.lifetime = 20; parent.yAcceleration = 200
        var px = CellExtensions()
        px.bursts = [ParticleBurst(count: count)]
        px.colliders = [.floor(y: 300, response: response, restitution: restitution)]
        parent.extensions = px
        return layerWithSubCell(parent, at: Point(0, 200)) { c, x in x.trigger = .collision; configure(c, &x) }
    }

    static func children(_ l: EmitterLayer, at t: Double, threads: Int = 1) -> [Particle] {
        l.evaluate(at: t, threads: threads).all.filter { $0.cellIndex == 1 }
    }

    /// Contacts of a ball dropped from 100 pt under gravity 200 with restitution 1/2: at 1 s, then after
    /// flights of 2·(1/2)ⁿ s; the rebound speed 200·(1/2)ⁿ falls below 1 pt/s at the 8th, where it rests.
    static let contacts: [Double] = {
        var t = [1.0]
        for n in 1..<8 { t.append(t[n - 1] + 2 * pow(0.5, Double(n))) }
        return t
    }()

    @Test func aBurstAtEveryBounceFromTheContactPoint() {
        let l = Self.layer { c, x in c.lifetime = 10; x.bursts = [ParticleBurst(count: 5)]; x.inheritedVelocity = 1 }
        #expect(Self.children(l, at: 0.99).isEmpty)
        for (i, t) in Self.contacts.enumerated() {
            #expect(Self.children(l, at: t + 1e-4).count == 5 * (i + 1), "after contact \(i + 1) at \(t)")
        }
        let all = Self.children(l, at: 5)
        #expect(all.count == 40)
        for p in all {
            guard let i = Self.contacts.firstIndex(where: { abs($0 - p.birthTime) < 1e-9 }) else {
                Issue.record("born at \(p.birthTime), not at a contact"); continue
            }
            // Inherited: the rebound velocity, 200·(1/2)ⁿ up after the n-th contact (0 after the last, at rest),
            // from the contact point on the floor.
            let vy = i == 7 ? 0 : -200 * pow(0.5, Double(i + 1))
            #expect(abs(Double(p.velocity.y) - vy) < 1e-3, "contact \(i + 1): vy \(p.velocity.y)")
            #expect(abs(Double(p.position.y) - (300 + vy * (5 - p.birthTime))) < 1e-3 && abs(Double(p.position.x)) < 1e-9)
        }
        // Every sub-particle has its own id.
        #expect(Set(all.map(\.id)).count == 40)
    }

    @Test func dieAndStickGiveOneContact() {
        for response in [ParticleCollider.Response.die, .stick] {
            let l = Self.layer(response: response) { c, x in c.lifetime = 10; x.bursts = [ParticleBurst(count: 3)] }
            let c = Self.children(l, at: 6)
            #expect(c.count == 3, "\(response)")
            for p in c { #expect(abs(p.birthTime - 1) < 1e-9) }
        }
    }

    @Test func subEmitterCountsFollowTheirLaw() {
        // 400 parents meet the floor at 1 s and die; each leaves an emitter of 100/s for 1 s whose particles
        // live 0.5 ± 0.5 s (uniform on [0, 1]). At 1.805 s, births k = 0 … 80 (at 1 + k/100) have happened and
        // each is alive with probability 1 − (0.805 − k/100): 48.195 expected per emitter, 19 278 in all
        // (standard deviation about 71).
        let l = Self.layer(count: 400, response: .die) { c, x in
            c.birthRate = 100; c.lifetime = 0.5; c.lifetimeRange = 0.5
            x.emissionDuration = 1
        }
        l.seed = 7
        let n = Double(Self.children(l, at: 1.805).count)
        let mean = 400 * (0...80).reduce(0.0) { $0 + (0.195 + Double($1) / 100) }
        let sd = (400 * (0...80).reduce(0.0) { s, k in let p = 0.195 + Double(k) / 100; return s + p * (1 - p) }).squareRoot()
        #expect(abs(mean - 19278) < 1e-6)
        #expect(abs(n - mean) < 5 * sd, "\(n) sub-particles, expected \(mean) ± \(sd)")
    }

    @Test func identicalForAnyThreadCountAndCachedOrNot() {
        func make() -> EmitterLayer {
            let parent = EmitterCell(name: "spray")
            parent.birthRate = 60; parent.lifetime = 3; parent.lifetimeRange = 1
            parent.velocity = 150; parent.velocityRange = 60; parent.emissionLongitude = -.pi / 2; parent.emissionRange = .pi / 3
            parent.yAcceleration = 250
            var px = CellExtensions()
            var f = ParticleFields(); f.drag = 0.3; px.fields = f
            px.colliders = [.floor(y: 300, restitution: 0.6, friction: 0.1),
                            .circle(center: Point(60, 240), radius: 30, restitution: 0.8),
                            .rectangle(Rect(-200, 0, 400, 400), isContainer: true, restitution: 0.7)]
            parent.extensions = px
            let l = layerWithSubCell(parent, at: Point(0, 250)) { c, x in
                c.lifetime = 0.4; c.velocity = 40; c.emissionRange = .pi
                x.trigger = .collision; x.bursts = [ParticleBurst(count: 4)]; x.inheritedVelocity = 0.3
            }
            l.seed = 11
            return l
        }
        let kept = make()
        let s = ParticleSnapshot()
        var seen = 0
        for (i, t) in [1.0, 1.5, 2.0, 2.0 + 1 / 60.0, 0.7, 6.0, 3.3, 3600.0].enumerated() {
            kept.evaluate(at: t, into: s, threads: 1 + i % 3)
            let fresh = make().evaluate(at: t, threads: 1)
            #expect(s.isIdentical(to: fresh), "t = \(t)")
            #expect(make().evaluate(at: t, threads: 3).isIdentical(to: fresh), "t = \(t), 3 threads")
            seen += s.all.filter { $0.cellIndex == 1 }.count
        }
        #expect(seen > 100)
    }

    @Test func theBudgetCountsEveryPossibleContact() {
        // 1000 bouncing parents a second for 10 s, 100 sub-particles living 2 s at each of up to 32 contacts:
        // 6.4 million, above the budget of 5 million. The same sub-cell on the parent's death is 200 000.
        func layer(_ trigger: SubEmitterTrigger) -> EmitterLayer {
            let parent = EmitterCell(name: "p")
            parent.birthRate = 1000; parent.lifetime = 10; parent.yAcceleration = 100
            var px = CellExtensions(); px.collider = .floor(y: 300); parent.extensions = px
            return layerWithSubCell(parent, at: Point(0, 0)) { c, x in
                c.lifetime = 2; x.trigger = trigger; x.bursts = [ParticleBurst(count: 100)]
            }
        }
        #expect(throws: EmitterError.self) { try layer(.collision).validate() }
        #expect(throws: Never.self) { try layer(.death).validate() }
        // A collision trigger needs a parent with colliders.
        let parent = EmitterCell(name: "p"); parent.birthRate = 1; parent.lifetime = 1
        let orphan = layerWithSubCell(parent, at: .zero) { _, x in x.trigger = .collision; x.bursts = [ParticleBurst(count: 1)] }
        #expect(throws: EmitterError.self) { try orphan.validate() }
    }
}
