import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// Colliders that move (docs/PARTICLE-MODEL.md §2.10, "Moving bodies"): a ``ColliderMotion`` places a
/// collider's own frame over time, and the integrated path meets it in that frame. Independent truth:
/// motions with closed-form contacts — a floor rising at a constant speed under a falling particle (the
/// meeting time solves a quadratic; a bounce reverses the velocity relative to the floor), a spinning
/// disc (a particle stuck on it keeps its radius and turns with it) — and a motion that holds still,
/// which must meet particles where the same collider placed once does.
@Suite struct MovingColliderTests {
    static let h = ParticleFields.integrationStep
    static let g = 200.0

    /// A motion sampled every `interval` seconds from the exact pose `pose(t)`.
    static func motion(interval: Double = 1.0 / 120, _ pose: @escaping @Sendable (Double) -> SIMD3<Double>) -> ColliderMotion {
        ColliderMotion(name: "test", sampleInterval: interval) { steps in steps.map { pose(Double($0) * interval) } }
    }

    /// A floor (an infinite line along x in its frame) at y = 300 − 50·t: rising at 50 pt/s.
    static let rising = motion { t in SIMD3(0, 300 - 50 * t, 0) }

    static func floor(_ response: ParticleCollider.Response, restitution: Double = 0.5) -> ParticleCollider {
        var c = ParticleCollider(from: Point(0, 0), to: Point(100, 0), isInfinite: true, response: response, restitution: restitution)
        c.motion = rising
        return c
    }

    /// One particle dropped from rest at `from` at time 0 under gravity 200 (down), lifetime 20 s.
    static func drop(from: Point = Point(0, 0), _ colliders: [ParticleCollider]) -> EmitterLayer {
        IntegratedColliderTests.ball(from: from, velocity: .zero, fields: nil, colliders)
    }

    /// Particles in every direction from the origin (lifetime 3 s, gravity 200 down) onto `collider`.
    static func spray(rate: Double, speed: Double, _ collider: ParticleCollider) -> EmitterLayer {
        singleCellLayer { cell in
            cell.birthRate = rate; cell.lifetime = 3; cell.velocity = speed; cell.emissionRange = .pi
            cell.yAcceleration = g
            var x = CellExtensions(); x.colliders = [collider]
            cell.extensions = x
        }.0
    }

    static func at(_ l: EmitterLayer, _ t: Double, threads: Int = 1) -> Particle? { l.evaluate(at: t, threads: threads).all.first }

    /// The birth record of a particle dropped from rest at the origin at time 0 (gravity 200 down).
    static let dropped = ParticleBirth(id: 1, birthTime: 0, lifetime: 20, position: .zero, velocity: .zero,
                                       acceleration: SIMD3(0, g, 0), scale: 1, scaleSpeed: 0, scaleFactor: 1, spin: 0,
                                       color: .one, colorSpeed: .zero)

    @Test func aParticleMeetsARisingFloorWhenTheQuadraticSaysAndRidesIt() throws {
        // 100·t² = 300 − 50·t: t = 1.5 s, at y = 225.
        var x = CellExtensions(); x.colliders = [Self.floor(.stick)]
        let motion = ParticleMotion(x)
        let integrator = try #require(motion.integrator, "a moving collider is integrated")
        var ages: [Double] = []
        integrator.contactAges(Self.dropped, colliders: try #require(motion.colliders), into: &ages)
        #expect(ages.count == 1)
        #expect(abs(ages[0] - 1.5) < 1e-4, "contact at \(ages[0])")
        // Stuck: it rides the floor, which is at 300 − 50·4 = 100 at t = 4, moving up at 50 pt/s.
        let p = try #require(Self.at(Self.drop([Self.floor(.stick)]), 4))
        #expect(abs(Double(p.position.y) - 100) < 0.01 && abs(Double(p.position.x)) < 1e-9, "\(p.position)")
        #expect(abs(Double(p.velocity.y) + 50) < 1e-6 && p.velocity.x == 0, "\(p.velocity)")
    }

    @Test func aBounceReversesTheVelocityRelativeToTheFloor() throws {
        // At the contact the particle falls at 200·1.5 = 300 pt/s and the floor rises at 50: 350 towards
        // each other. Restitution 0.5 sends it off at 175 relative, so −175 − 50 = −225 pt/s. The step
        // holds the velocity at its end (up to g·h = 1.7 pt/s more than at the contact).
        var x = CellExtensions(); x.colliders = [Self.floor(.bounce)]
        let motion = ParticleMotion(x)
        let integrator = try #require(motion.integrator), set = try #require(motion.colliders)
        var ages: [Double] = []
        integrator.contactAges(Self.dropped, colliders: set, into: &ages)
        #expect(ages.count > 2)
        let after = try #require(integrator.stateAfterContact(Self.dropped, colliders: set, age: ages[0]))
        #expect(abs(after.velocity.y + 225) < Self.g * Self.h * 1.5 + 1e-9, "\(after.velocity)")
        #expect(abs(after.position.y - 225) < 0.01)
        // The bounces die out against the floor and the particle then rides it: at t = 8 the floor is at
        // 300 − 400 = −100.
        let p = try #require(Self.at(Self.drop([Self.floor(.bounce)]), 8))
        #expect(abs(Double(p.position.y) + 100) < 0.05, "\(p.position)")
        #expect(abs(Double(p.velocity.y) + 50) < 1e-6, "\(p.velocity)")
    }

    @Test func aParticleStuckOnASpinningDiscKeepsItsRadiusAndTurnsWithIt() throws {
        // A disc of radius 50 about (0, 200), turning at 1 rad/s; the particle falls from (0, 0) onto its
        // top, (0, 150), at t = √1.5, and turns with it from there (angle −π/2, y pointing down).
        var disc = ParticleCollider.circle(center: Point(0, 0), radius: 50, response: .stick)
        disc.motion = Self.motion { t in SIMD3(0, 200, t) }
        let l = Self.drop([disc])
        let tc = 1.5.squareRoot()
        for t in [2.0, 3.5, 7.0] {
            let p = try #require(Self.at(l, t))
            let dx = Double(p.position.x), dy = Double(p.position.y) - 200
            #expect(abs((dx * dx + dy * dy).squareRoot() - 50) < 0.01, "radius at \(t): \(p.position)")
            let turned = remainder(atan2(dy, dx) - (-Double.pi / 2 + (t - tc)), 2 * .pi)
            #expect(abs(turned) < 1e-3, "angle at \(t) off by \(turned)")
            // It moves with the disc's rim: 50 pt/s along it.
            let speed = Double((p.velocity.x * p.velocity.x + p.velocity.y * p.velocity.y).squareRoot())
            #expect(abs(speed - 50) < 0.05, "speed at \(t): \(speed)")
        }
    }

    @Test func aMotionThatHoldsStillMeetsParticlesWhereTheSameColliderPlacedOnceDoes() throws {
        // A triangle in its own frame, held at (40, 250) turned by 0.3 rad, against the same triangle
        // placed there once; particles thrown at it bounce.
        let local = [Point(-60, 0), Point(60, -10), Point(0, 40)]
        let pose = SIMD3(40.0, 250.0, 0.3)
        let placed = local.map { q -> Point in
            let w = ColliderMotion.place(SIMD3(q.x, q.y, 0), pose)
            return Point(w.x, w.y)
        }
        var moving = ParticleCollider.polygon(local, restitution: 0.7, friction: 0.1)
        moving.motion = Self.motion { _ in pose }
        let still = ParticleCollider.polygon(placed, restitution: 0.7, friction: 0.1)
        var inert = ParticleFields(); inert.turbulence = ParticleFields.Turbulence(strength: 0)
        func spray(_ c: ParticleCollider) -> EmitterLayer {
            let (layer, _) = singleCellLayer { cell in
                cell.birthRate = 20; cell.lifetime = 4; cell.velocity = 60; cell.emissionRange = .pi / 3
                cell.emissionLongitude = .pi / 2; cell.yAcceleration = Self.g
                var x = CellExtensions(); x.colliders = [c]; x.fields = inert
                cell.extensions = x
            }
            layer.emitterPosition = Point(40, 100)
            return layer
        }
        let a = spray(moving).evaluate(at: 3, threads: 1).all, b = spray(still).evaluate(at: 3, threads: 1).all
        #expect(a.count == b.count && a.count > 30)
        var bounced = 0
        for (p, q) in zip(a, b) {
            let d = p.position - q.position
            #expect(Double((d * d).sum().squareRoot()) < 1e-3, "\(p.position) vs \(q.position)")
            if p.velocity.y < 0 { bounced += 1 }
        }
        #expect(bounced > 0, "some particles bounce off the triangle")
    }

    /// A floor height that a test changes, as a touch changes a physics body's motion.
    final class Height: @unchecked Sendable {
        private let lock = NSLock()
        private var y = 300.0
        var value: Double { get { lock.lock(); defer { lock.unlock() }; return y } set { lock.lock(); y = newValue; lock.unlock() } }
    }

    @Test func aMotionThatChangesIsReadAgainAndKeptStatesAreDropped() throws {
        // A spray onto a floor at `height`; played for a while (states kept between frames), then the floor
        // moves and the motion is told: the next frames equal a fresh layer's against the new floor.
        let height = Height()
        let motion = ColliderMotion(name: "floor", sampleInterval: 1.0 / 120) { steps in steps.map { _ in SIMD3(0, height.value, 0) } }
        var floor = ParticleCollider(from: Point(-500, 0), to: Point(500, 0), isInfinite: true, response: .stick)
        floor.motion = motion
        func make() -> EmitterLayer { Self.spray(rate: 60, speed: 50, floor) }
        let played = make()
        for f in 0..<40 { _ = played.evaluate(at: 2 + Double(f) / 30, threads: 1) }
        #expect(played.contactCache.entriesInUse() > 50, "the played frames keep their particles' states")
        height.value = 200
        motion.invalidate()
        for t in [3.4, 3.5, 3.6] {
            let a = played.evaluate(at: t, threads: 1).all, b = make().evaluate(at: t, threads: 1).all
            #expect(a == b, "t = \(t)")
            #expect(a.contains { abs($0.position.y - 200) < 1e-3 } && !a.contains { $0.position.y > 200.001 })
        }
        #expect(motion.generation == 1)
    }

    @Test func framesAreTheSameInAnyOrderAndOnAnyNumberOfThreads() throws {
        // A box swinging about (0, 250) and sliding right, under a spray; bounce.
        var box = ParticleCollider.polygon([Point(-80, -10), Point(80, -10), Point(80, 10), Point(-80, 10)], restitution: 0.6)
        box.motion = Self.motion(interval: 1.0 / 60) { t in SIMD3(20 * t, 250, 0.4 * sin(2 * t)) }
        func make() -> EmitterLayer { Self.spray(rate: 40, speed: 40, box) }
        let times = (0..<12).map { 0.5 + Double($0) * 0.37 }
        let reference = make()
        let inOrder = times.map { reference.evaluate(at: $0, threads: 1).all }
        let shuffled = make()
        for i in [7, 2, 11, 0, 5, 9, 1, 10, 3, 8, 6, 4] {
            #expect(shuffled.evaluate(at: times[i], threads: 2).all == inOrder[i], "frame \(i)")
        }
        #expect(inOrder.last!.count > 50)
    }
}
