import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// Several colliders per cell, rectangles and circles (docs/PARTICLE-MODEL.md §2.10), against
/// independent truth: free-fall contact times √(2h/g), rebounds to e²·h, reflection about the normal of
/// a circle, a ball between two walls, and a bisection of the distance function.
@Suite struct ColliderShapeTests {
    /// One particle born at `from` at time 0 moving at `velocity` under `gravity` (down), lifetime 20 s.
    static func ball(from: Point, velocity: Point = .zero, gravity: Double = 200, drag: Double = 0,
                     _ colliders: [ParticleCollider]) -> EmitterLayer {
        let (layer, _) = singleCellLayer { c in
            c.lifetime = 20; c.yAcceleration = gravity
            let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
            c.velocity = speed; c.emissionLongitude = atan2(velocity.y, velocity.x)
            var x = CellExtensions()
            x.bursts = [ParticleBurst(count: 1)]
            if drag > 0 { var f = ParticleFields(); f.drag = drag; x.fields = f }
            x.colliders = colliders
            c.extensions = x
        }
        layer.emitterPosition = from
        return layer
    }

    static func at(_ l: EmitterLayer, _ t: Double) -> Particle? { l.evaluate(at: t, threads: 1).all.first }

    /// The highest point (smallest y) between `from` and `to`, sampled every `dt`.
    static func apex(_ l: EmitterLayer, from: Double, to: Double, dt: Double = 1e-3) -> Double {
        var best = Double.infinity
        var t = from
        while t <= to { if let p = at(l, t) { best = min(best, Double(p.position.y)) }; t += dt }
        return best
    }

    @Test func theFirstColliderInTimeWinsWhateverTheOrder() {
        // A shelf at y = 250 from x = −10 to 10 above a floor at 300: a ball dropped at x = 0 sticks on the
        // shelf at √(2·50/200) = 0.707 s, one dropped at x = 40 falls past it onto the floor.
        let shelf = ParticleCollider(from: Point(-10, 250), to: Point(10, 250), response: .stick)
        let floor = ParticleCollider.floor(y: 300, response: .stick)
        for order in [[shelf, floor], [floor, shelf]] {
            let onShelf = Self.ball(from: Point(0, 200), order)
            #expect(abs(Double(Self.at(onShelf, 0.70)!.position.y) - (200 + 100 * 0.7 * 0.7)) < 1e-3)
            #expect(abs(Double(Self.at(onShelf, 3)!.position.y) - 250) < 1e-3)
            let past = Self.ball(from: Point(40, 200), order)
            #expect(abs(Double(Self.at(past, 3)!.position.y) - 300) < 1e-3)
        }
        // The single-collider API is the first of the list.
        let (layer, _) = singleCellLayer { c in
            c.lifetime = 20; c.yAcceleration = 200
            var x = CellExtensions(); x.bursts = [ParticleBurst(count: 1)]
            x.collider = floor; x.colliders = [shelf]
            c.extensions = x
        }
        layer.emitterPosition = Point(0, 200)
        #expect(abs(Double(Self.at(layer, 3)!.position.y) - 250) < 1e-3)
    }

    @Test func aBallBetweenTwoWallsIsATriangleWave() {
        // A container 0…100 wide, no gravity, restitution 1: from x = 50 at 100 pt/s the ball meets x = 100 at
        // 0.5 s, x = 0 at 1.5 s, x = 100 at 2.5 s …
        let box = ParticleCollider.rectangle(Rect(0, 0, 100, 400), isContainer: true, restitution: 1)
        let l = Self.ball(from: Point(50, 200), velocity: Point(100, 0), gravity: 0, [box])
        func expected(_ t: Double) -> Double {
            let u = (t + 0.5).truncatingRemainder(dividingBy: 2)  // phase from x = 0 moving right
            return u <= 1 ? 100 * u : 100 * (2 - u)
        }
        for t in stride(from: 0.1, through: 9.9, by: 0.37) {
            let p = Self.at(l, t)!
            #expect(abs(Double(p.position.x) - expected(t)) < 1e-3, "t = \(t): x = \(p.position.x)")
            #expect(abs(Double(p.position.y) - 200) < 1e-9)
        }
    }

    @Test func aBallOnABoxReboundsToRestitutionSquaredOfItsHeight() {
        let e = 0.6, h = 100.0, g = 200.0
        let box = ParticleCollider.rectangle(Rect(-50, 300, 100, 40), restitution: e)
        let l = Self.ball(from: Point(0, 300 - h), gravity: g, [box])
        let impact = (2 * h / g).squareRoot(), speed = (2 * g * h).squareRoot()
        #expect(abs(Double(Self.at(l, impact - 1e-3)!.velocity.y) - (speed - g * 1e-3)) < 1e-2)
        let top = Self.apex(l, from: impact + 0.5 * e * speed / g, to: impact + 1.5 * e * speed / g)
        #expect(abs((300 - top) - e * e * h) < 0.05, "rebound height \(300 - top), expected \(e * e * h)")
        // Beside the box it falls past its side.
        let beside = Self.ball(from: Point(60, 200), gravity: g, [box])
        #expect(Double(Self.at(beside, 3)!.position.y) > 500)
        // Thrown at the side of the box from the left, it comes back at e × its speed.
        let side = Self.ball(from: Point(-100, 320), velocity: Point(100, 0), gravity: 0, [box])
        #expect(abs(Double(Self.at(side, 1)!.velocity.x) + e * 100) < 1e-4)
        #expect(abs(Double(Self.at(side, 1)!.position.x) - (-50 - e * 100 * 0.5)) < 1e-3)
    }

    @Test func aCircleReflectsAboutItsNormal() {
        // Moving right at 100 pt/s, b = 30 pt below the center of a circle of radius 50: contact where
        // the offset is (−40, 30), normal n = (−0.8, 0.6); with e = 1 the velocity becomes v − 2(v·n)n.
        let r = 50.0, b = 30.0
        let circle = ParticleCollider.circle(center: Point(200, 200), radius: r, restitution: 1)
        let l = Self.ball(from: Point(0, 200 + b), velocity: Point(100, 0), gravity: 0, [circle])
        let hit = (200 - (r * r - b * b).squareRoot()) / 100  // 1.6 s
        let n = SIMD2(-0.8, 0.6), v = SIMD2(100.0, 0)
        let out = v - 2 * (v * n).sum() * n  // (−28, 96): the angle of incidence equals the angle of reflection
        let p = Self.at(l, hit + 0.5)!
        #expect(abs(Double(p.velocity.x) - out.x) < 1e-6 && abs(Double(p.velocity.y) - out.y) < 1e-6)
        #expect(abs(Double(p.position.x) - (160 + out.x * 0.5)) < 1e-3)
        #expect(abs(Double(p.position.y) - (230 + out.y * 0.5)) < 1e-3)
        #expect(abs(Double(Self.at(l, hit - 1e-3)!.velocity.x) - 100) < 1e-9)
        // Friction takes its share of the tangential part only; restitution scales the normal part.
        let damped = Self.ball(from: Point(0, 200 + b), velocity: Point(100, 0), gravity: 0,
                               [.circle(center: Point(200, 200), radius: r, restitution: 0.5, friction: 0.25)])
        let vn = (v * n).sum() * n, vt = v - vn
        let expected = vt * 0.75 - vn * 0.5
        let q = Self.at(damped, hit + 0.5)!
        #expect(abs(Double(q.velocity.x) - expected.x) < 1e-6 && abs(Double(q.velocity.y) - expected.y) < 1e-6)
    }

    @Test func aBallOnACircleAndInABowlReboundsToRestitutionSquared() {
        let e = 0.6, g = 200.0
        // On top of a circle of radius 40 centered at (0, 340): its top is at y = 300.
        let onTop = Self.ball(from: Point(0, 200), gravity: g, [.circle(center: Point(0, 340), radius: 40, restitution: e)])
        let impact = 1.0, speed = 200.0
        #expect(abs(Double(Self.at(onTop, impact - 1e-3)!.position.y) - (200 + 100 * 0.999 * 0.999)) < 1e-4)
        let top = Self.apex(onTop, from: impact + 0.5 * e * speed / g, to: impact + 1.5 * e * speed / g)
        #expect(abs((300 - top) - e * e * 100) < 0.05, "rebound height \(300 - top)")
        // In a bowl (a container circle of radius 100 about (0, 200)): it falls 100 pt to the bottom.
        let bowl = Self.ball(from: Point(0, 200), gravity: g, [.circle(center: Point(0, 200), radius: 100, isContainer: true, restitution: e)])
        let top2 = Self.apex(bowl, from: impact + 0.5 * e * speed / g, to: impact + 1.5 * e * speed / g)
        #expect(abs((300 - top2) - e * e * 100) < 0.05, "rebound height \(300 - top2)")
        // It stays in the bowl whatever it does later.
        for t in stride(from: 0.0, through: 19.9, by: 0.1) {
            let p = Self.at(bowl, t)!
            let d = (Double(p.position.x) * Double(p.position.x) + pow(Double(p.position.y) - 200, 2)).squareRoot()
            #expect(d <= 100 + 1e-3, "t = \(t): \(d) from the center")
        }
    }

    @Test func circleContactsAgreeWithABisectionOfTheDistance() {
        // Random throws with drag and gravity at a circle: the first age at which the distance to the circle
        // reaches 0, by dense sampling then bisection, against the conservative advancement.
        var rng = SplitMix64(seed: 0x51DE)
        func u() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let circle = CollisionCircle(center: SIMD3(0, 0, 0), radius: 30, isContainer: false, .circle(center: .zero, radius: 30))
        var found = 0
        for _ in 0..<200 {
            let angle = 2 * Double.pi * u()
            let p0 = SIMD3(cos(angle) * (40 + 100 * u()), sin(angle) * (40 + 100 * u()), 0)
            let v0 = SIMD3(-p0.x * (0.5 + u()) + 60 * (u() - 0.5), -p0.y * (0.5 + u()) + 60 * (u() - 0.5), 0)
            let m = DragMotion(p0: p0, v0: v0, a: SIMD3(0, 150 * u(), 0), k: 2 * u(), w: SIMD3(30 * (u() - 0.5), 0, 0))
            func d(_ t: Double) -> Double { let q = m.position(t); return (q.x * q.x + q.y * q.y).squareRoot() - 30 }
            var reference: Double? = nil
            var t = 0.0
            let dt = 1e-3
            while t < 3 {
                if d(t + dt) < 0 {
                    var lo = t, hi = t + dt
                    for _ in 0..<80 { let mid = (lo + hi) / 2; if d(mid) < 0 { hi = mid } else { lo = mid } }
                    reference = hi
                    break
                }
                t += dt
            }
            let hit = circle.firstHit(m, limit: 3, onCircle: false)
            #expect((hit == nil) == (reference == nil), "hit \(String(describing: hit)), reference \(String(describing: reference))")
            if let hit, let reference {
                #expect(abs(hit - reference) < 1e-9, "hit \(hit), reference \(reference)")
                found += 1
            }
        }
        #expect(found > 50)
    }

    @Test func aParticleBornInsideASolidCircleCanLandOnItFromOutside() {
        // Born at the center of a circle of radius 20, thrown up at 300 pt/s under gravity 200: it leaves
        // the circle and lands on its top (y = 180) on the way down, where it sticks.
        let l = Self.ball(from: Point(0, 200), velocity: Point(0, -300), gravity: 200,
                          [.circle(center: Point(0, 200), radius: 20, response: .stick)])
        let p = Self.at(l, 5)!
        #expect(abs(Double(p.position.y) - 180) < 1e-3 && abs(Double(p.position.x)) < 1e-9)
    }

    @Test func shapesNeedAPositiveSizeAndTheIntegratedPathTakesEveryCollider() {
        func refused(_ x: CellExtensions) -> Bool {
            let (layer, _) = singleCellLayer { c in c.birthRate = 10; c.lifetime = 1; c.extensions = x }
            return (try? layer.validate()) == nil
        }
        var x = CellExtensions()
        x.colliders = [.circle(center: .zero, radius: 0)]
        #expect(refused(x))
        x.colliders = [.rectangle(Rect(0, 0, 10, -1))]
        #expect(refused(x))
        x.colliders = Array(repeating: .floor(y: 1), count: ParticleCollider.maximumPerCell + 1)
        #expect(refused(x))
        x.colliders = [.floor(y: 1), .circle(center: .zero, radius: 5)]
        #expect(!refused(x))
        x.fields = ParticleFields(); x.fields?.vortex = ParticleFields.Vortex(center: .zero, angularVelocity: 1)
        #expect(!refused(x))  // integrated fields test every piece within each step (§2.11)
        x.colliders = []; x.collider = .floor(y: 1)
        #expect(!refused(x))
    }
}
