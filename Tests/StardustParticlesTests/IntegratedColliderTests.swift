import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// Colliders on the integrated path (attractors, a vortex or turbulence: docs/PARTICLE-MODEL.md §2.11):
/// every piece is tested within each step. Independent truth: with fields of zero strength the integrated
/// motion is the closed form (the exponential integrator is exact for a constant force), so its contacts
/// must match the closed-form contacts to within the linear interpolation inside a step; a container must
/// hold every particle through a long stirred integration; results must not depend on the thread count.
@Suite struct IntegratedColliderTests {
    static let h = ParticleFields.integrationStep

    /// Fields that force the fixed-step path and act on nothing.
    static var inert: ParticleFields {
        var f = ParticleFields(); f.turbulence = ParticleFields.Turbulence(strength: 0)
        return f
    }

    /// One particle born at `from` at time 0 moving at `velocity` under gravity 200 (down), lifetime 20 s.
    static func ball(from: Point, velocity: Point, fields: ParticleFields?, _ colliders: [ParticleCollider]) -> EmitterLayer {
        let (layer, _) = singleCellLayer { c in
            c.lifetime = 20; c.yAcceleration = 200
            c.velocity = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
            c.emissionLongitude = atan2(velocity.y, velocity.x)
            var x = CellExtensions()
            x.bursts = [ParticleBurst(count: 1)]
            x.fields = fields
            x.colliders = colliders
            c.extensions = x
        }
        layer.emitterPosition = from
        return layer
    }

    static func at(_ l: EmitterLayer, _ t: Double) -> Particle? { l.evaluate(at: t, threads: 1).all.first }

    /// Shapes met from outside and from inside, thrown at so that the first contact is on a chosen piece.
    static let cases: [(String, Point, Point, ParticleCollider)] = [
        ("segment", Point(0, 200), Point(30, 0), ParticleCollider(from: Point(-50, 300), to: Point(80, 310), response: .stick)),
        ("slanted infinite line", Point(0, 200), Point(-40, -60),
         ParticleCollider(from: Point(0, 330), to: Point(100, 280), isInfinite: true, response: .stick)),
        ("solid rectangle, top", Point(0, 200), Point(20, 0), .rectangle(Rect(-40, 260, 120, 50), response: .stick)),
        ("solid rectangle, left side", Point(-100, 200), Point(150, -50), .rectangle(Rect(-20, 150, 60, 200), response: .stick)),
        ("container rectangle", Point(0, 200), Point(90, -120), .rectangle(Rect(-50, 100, 120, 160), isContainer: true, response: .stick)),
        ("solid circle", Point(0, 150), Point(25, 0), .circle(center: Point(10, 260), radius: 40, response: .stick)),
        ("bowl", Point(0, 200), Point(-70, -40), .circle(center: Point(0, 220), radius: 90, isContainer: true, response: .stick)),
    ]

    @Test func zeroStrengthFieldsMeetEachShapeWhereTheClosedFormDoes() throws {
        for (name, from, v, collider) in Self.cases {
            let closed = Self.ball(from: from, velocity: v, fields: nil, [collider])
            let stepped = Self.ball(from: from, velocity: v, fields: Self.inert, [collider])
            let exact = try #require(Self.at(closed, 10)), approx = try #require(Self.at(stepped, 10))
            #expect(exact.velocity == .zero && approx.velocity == .zero, "\(name): stuck")
            // The step's end points are exact; the contact is on the chord between them, which is within
            // a·h²/8 ≈ 0.002 pt of the parabola for speeds of 100–300 pt/s.
            let d = (exact.position - approx.position)
            let gap = Double((d.x * d.x + d.y * d.y).squareRoot())
            #expect(gap < 0.01, "\(name): closed form \(exact.position), integrated \(approx.position)")
        }
    }

    @Test func dieRemovesTheParticleAtTheCrossingStep() {
        let floor = ParticleCollider.rectangle(Rect(-100, 300, 200, 20), response: .die)
        let circle = ParticleCollider.circle(center: Point(0, 340), radius: 40, response: .die)
        for c in [floor, circle] {
            // Dropped from 110 pt: the contact at √1.1 s falls inside a step, not on the grid.
            let l = Self.ball(from: Point(0, 190), velocity: .zero, fields: Self.inert, [c])
            let contact = 1.1.squareRoot()
            #expect(l.evaluate(at: contact - Self.h, threads: 1).count == 1)
            // The step that crosses ends at the next grid age; from there on the particle is gone.
            let end = ((contact / Self.h).rounded(.down) + 1) * Self.h
            for t in [end + 1e-9, end + Self.h, 5] { #expect(l.evaluate(at: t, threads: 1).count == 0, "at \(t)") }
        }
    }

    /// A stirred emitter inside a bowl and a box: many particles, every integrated field, bouncing.
    static func stirred(_ container: ParticleCollider, extra: [ParticleCollider] = []) -> EmitterLayer {
        let (layer, _) = singleCellLayer { c in
            c.birthRate = 200; c.lifetime = 8; c.lifetimeRange = 2; c.velocity = 150; c.velocityRange = 100
            c.emissionRange = .pi; c.yAcceleration = 80
            var x = CellExtensions()
            var f = ParticleFields(); f.drag = 0.2
            f.vortex = ParticleFields.Vortex(center: Point(0, 0), angularVelocity: 3, coreRadius: 30)
            f.turbulence = ParticleFields.Turbulence(strength: 400, scale: 25, seed: 5)
            f.attractors = [ParticleFields.Attractor(position: Point(60, 0), strength: -300, radius: 80)]
            x.fields = f
            x.colliders = [container] + extra
            c.extensions = x
        }
        layer.emitterPosition = Point(0, 0)
        layer.seed = 11
        return layer
    }

    @Test func aContainerKeepsEveryParticleInsideThroughALongIntegration() {
        let bowl = Self.stirred(.circle(center: .zero, radius: 100, isContainer: true, restitution: 0.9),
                                extra: [.circle(center: Point(-40, 20), radius: 15, restitution: 0.8)])
        let box = Self.stirred(.rectangle(Rect(-90, -70, 180, 140), isContainer: true, restitution: 0.9))
        var seen = 0
        for t in stride(from: 0.5, through: 12, by: 0.5) {
            // (Positions are Float: 1e-4 pt is a few of their units at 100 pt.)
            for p in bowl.evaluate(at: t, threads: 2).all {
                let r = Double((p.position.x * p.position.x + p.position.y * p.position.y).squareRoot())
                #expect(r <= 100 + 1e-4, "bowl, t = \(t): r = \(r)")
                let dx = Double(p.position.x) + 40, dy = Double(p.position.y) - 20
                #expect((dx * dx + dy * dy).squareRoot() >= 15 - 1e-4, "inside the solid circle at t = \(t)")
                seen += 1
            }
            for p in box.evaluate(at: t, threads: 2).all {
                #expect(abs(p.position.x) <= 90 + 1e-4 && abs(p.position.y) <= 70 + 1e-4, "box, t = \(t): \(p.position)")
                seen += 1
            }
        }
        #expect(seen > 10_000)
    }

    @Test func framesEqualForAnyThreadCount() {
        func layer() -> EmitterLayer {
            Self.stirred(.circle(center: .zero, radius: 100, isContainer: true, restitution: 0.7),
                         extra: [.rectangle(Rect(20, 20, 30, 30), response: .stick),
                                 .circle(center: Point(-40, 20), radius: 15, response: .die),
                                 ParticleCollider(from: Point(-100, 60), to: Point(100, 60), isInfinite: true)])
        }
        let l = layer()
        #expect((try? l.validate()) != nil)
        for t in [1.0, 4.5, 3600] {
            let one = l.evaluate(at: t, threads: 1)
            #expect(one.count > 100)
            for threads in [2, 3] {
                #expect(one.isIdentical(to: layer().evaluate(at: t, threads: threads)), "t = \(t), \(threads) threads")
            }
        }
    }

    @Test func theCollisionTriggerFiresAtIntegratedContacts() {
        // The parent of CollisionTriggerTests (dropped 100 pt onto a floor, restitution 1/2) with inert fields:
        // its contacts are the closed form's to O(h). The first is within a step; each bounce adds at most two
        // more: the rest of its step is lost (< h), and the rebound speed is read at the step's end, up to g·h
        // faster, which lengthens the next flight 2e·v/g by up to 2e·h = h.
        let parent = EmitterCell(name: "ball")
        parent.lifetime = 20; parent.yAcceleration = 200
        var px = CellExtensions()
        px.bursts = [ParticleBurst(count: 1)]
        px.fields = Self.inert
        px.colliders = [.floor(y: 300, restitution: 0.5)]
        parent.extensions = px
        let l = layerWithSubCell(parent, at: Point(0, 200)) { c, x in
            x.trigger = .collision; c.lifetime = 10; x.bursts = [ParticleBurst(count: 2)]; x.inheritedVelocity = 1
        }
        #expect((try? l.validate()) != nil)
        let children = l.evaluate(at: 5, threads: 1).all.filter { $0.cellIndex == 1 }
        let times = Array(Set(children.map(\.birthTime))).sorted()
        #expect(times.count >= 3)
        for (i, t) in times.prefix(3).enumerated() {
            #expect(abs(t - CollisionTriggerTests.contacts[i]) < Double(2 * i + 1) * Self.h, "contact \(i + 1) at \(t)")
        }
        for p in children {
            // From the contact point on the floor, moving with the rebound velocity (up, or 0 at rest).
            let age = 5 - p.birthTime
            #expect(abs(Double(p.position.y) - Double(p.velocity.y) * age - 300) < 1e-3, "born at \(p.birthTime)")
            #expect(p.velocity.y <= 0)
        }
        // The same layer on three threads, and a seek far ahead, agree.
        #expect(l.evaluate(at: 2.5, threads: 1).isIdentical(to: l.evaluate(at: 2.5, threads: 3)))
    }
}
