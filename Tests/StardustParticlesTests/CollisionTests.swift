import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// Collisions (docs/PARTICLE-MODEL.md §2.10) against the laws of an elastic-with-loss bounce: a ball
/// dropped from height h rebounds to e²·h, leaves the floor at e times its arrival speed, keeps
/// (1 − μ) of its tangential speed; `die` removes and `stick` holds it on the line.
@Suite struct CollisionTests {
    static func dropped(height: Double = 100, gravity: Double = 200, collider: ParticleCollider,
                        fields: ParticleFields? = nil, velocity: Double = 0) -> EmitterLayer {
        let (layer, _) = singleCellLayer { c in
            c.lifetime = 20; c.yAcceleration = gravity; c.velocity = velocity
            var x = CellExtensions()
            x.bursts = [ParticleBurst(count: 1)]
            x.fields = fields
            x.collider = collider
            c.extensions = x
        }
        layer.emitterPosition = Point(0, 300 - height)
        return layer
    }

    /// The highest point (smallest y) reached between `from` and `to`, sampled every `dt`.
    static func apex(_ l: EmitterLayer, from: Double, to: Double, dt: Double = 1e-3) -> Double {
        var best = Double.infinity
        var t = from
        while t <= to {
            let s = l.evaluate(at: t, threads: 1)
            if s.count == 1 { best = min(best, Double(s[0].position.y)) }
            t += dt
        }
        return best
    }

    @Test func aDroppedBallReboundsToRestitutionSquaredOfItsHeight() throws {
        let e = 0.6, h = 100.0, g = 200.0
        let l = Self.dropped(height: h, gravity: g, collider: .floor(y: 300, restitution: e))
        let impact = (2 * h / g).squareRoot(), speed = (2 * g * h).squareRoot()
        // Just after the impact the ball rises at e × the arrival speed.
        let after = l.evaluate(at: impact + 1e-4, threads: 1)[0]
        #expect(abs(Double(after.velocity.y) - (-e * speed + g * 1e-4)) < 1e-2)
        // The apex of the first rebound: 300 − e²·h (the flight up takes e·speed/g).
        let top = Self.apex(l, from: impact + 0.5 * e * speed / g, to: impact + 1.5 * e * speed / g)
        #expect(abs((300 - top) - e * e * h) < 0.05, "rebound height \(300 - top), expected \(e * e * h)")
        // Second rebound: e⁴·h.
        let second = impact + 2 * e * speed / g
        let top2 = Self.apex(l, from: second + 0.5 * e * e * speed / g, to: second + 1.5 * e * e * speed / g)
        #expect(abs((300 - top2) - pow(e, 4) * h) < 0.05)
        // The ball never goes below the floor and finally rests on it.
        for t in stride(from: 0.0, through: 10, by: 0.05) { #expect(l.evaluate(at: t, threads: 1)[0].position.y <= 300 + 1e-3) }
        let rest = l.evaluate(at: 15, threads: 1)[0]
        #expect(abs(rest.position.y - 300) < 1e-3 && rest.velocity == .zero)
    }

    @Test func theIntegratedPathReboundsWithinTheStepTolerance() {
        // Turbulence of strength 0 forces the fixed-step path (1/120 s).
        var f = ParticleFields(); f.turbulence = ParticleFields.Turbulence(strength: 0)
        let e = 0.6, h = 100.0, g = 200.0
        let l = Self.dropped(height: h, gravity: g, collider: .floor(y: 300, restitution: e), fields: f)
        let impact = (2 * h / g).squareRoot(), speed = (2 * g * h).squareRoot()
        let top = Self.apex(l, from: impact + 0.5 * e * speed / g, to: impact + 1.5 * e * speed / g, dt: 2e-3)
        // The crossing is placed by linear interpolation within a step: the error is O(step) in height.
        #expect(abs((300 - top) / (e * e * h) - 1) < 0.03, "rebound height \(300 - top), expected \(e * e * h)")
    }

    @Test func frictionTakesItsShareOfTheTangentialSpeed() {
        // Thrown sideways at 50 pt/s: after the bounce vx = 50·(1 − μ).
        let l = Self.dropped(height: 100, gravity: 200, collider: .floor(y: 300, restitution: 0.5, friction: 0.3), velocity: 50)
        let impact = 1.0
        #expect(abs(l.evaluate(at: impact - 0.01, threads: 1)[0].velocity.x - 50) < 1e-3)
        #expect(abs(l.evaluate(at: impact + 0.01, threads: 1)[0].velocity.x - 35) < 1e-3)
    }

    @Test func dieRemovesTheParticleAndStickHoldsIt() {
        let dies = Self.dropped(collider: .floor(y: 300, response: .die))
        #expect(dies.evaluate(at: 0.99, threads: 1).count == 1)
        #expect(dies.evaluate(at: 1.01, threads: 1).count == 0)
        #expect(dies.evaluate(at: 10, threads: 2).count == 0)
        let sticks = Self.dropped(collider: .floor(y: 300, response: .stick), velocity: 40)
        for t in [1.01, 3.0, 19.0] {
            let p = sticks.evaluate(at: t, threads: 1)[0]
            #expect(abs(p.position.y - 300) < 1e-3 && abs(p.position.x - 40) < 1e-3 && p.velocity == .zero, "at \(t)")
        }
        // The same on the integrated path.
        var f = ParticleFields(); f.vortex = ParticleFields.Vortex(center: .zero, angularVelocity: 0)
        let stepped = Self.dropped(collider: .floor(y: 300, response: .stick), fields: f, velocity: 40)
        let p = stepped.evaluate(at: 5, threads: 1)[0]
        #expect(abs(p.position.y - 300) < 1e-3 && abs(p.position.x - 40) < 0.5)
        let steppedDie = Self.dropped(collider: .floor(y: 300, response: .die), fields: f)
        #expect(steppedDie.evaluate(at: 1.1, threads: 1).count == 0)
    }

    @Test func aSegmentOnlyCatchesWhatFallsOnIt() {
        let beside = ParticleCollider(from: Point(10, 300), to: Point(50, 300), response: .stick)
        #expect(Self.dropped(collider: beside).evaluate(at: 2, threads: 1)[0].position.y > 300)
        let under = ParticleCollider(from: Point(-10, 300), to: Point(50, 300), response: .stick)
        #expect(abs(Self.dropped(collider: under).evaluate(at: 2, threads: 1)[0].position.y - 300) < 1e-3)
    }

    @Test func dragAndACeilingMeetInClosedForm() {
        // Thrown up at 300 pt/s against a ceiling 40 pt above, with drag: it sticks at the ceiling.
        var f = ParticleFields(); f.drag = 1
        let l = Self.dropped(height: 100, gravity: 200, collider: .floor(y: 160, response: .stick), fields: f, velocity: 300)
        l.emitterCells[0].emissionLongitude = -.pi / 2
        let p = l.evaluate(at: 3, threads: 1)[0]
        #expect(abs(p.position.y - 160) < 1e-3)
    }
}
