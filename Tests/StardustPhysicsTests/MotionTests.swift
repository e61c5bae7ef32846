import Testing
@testable import StardustPhysics
import StardustPhysicsTestSupport

@Suite("Motion against closed forms")
struct MotionTests {
    @Test("free fall follows ½·g·t²", arguments: [0.5, 1.0, 2.0])
    func freeFall(seconds: Double) throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let b = addBall(&w, at: .zero)
        let steps = Int((seconds * 120).rounded())
        for _ in 0..<steps { w.step(1.0 / 120) }
        let y = try w.position(of: b).y
        let expected = 0.5 * 10 * seconds * seconds
        #expect(relErr(y, expected) < 0.01)
        #expect(abs(try w.linearVelocity(of: b).y - 10 * seconds) < 1e-9)
    }

    @Test("a block on an incline holds iff tan θ < μ, else slides at g(sin θ − μ cos θ)",
          arguments: [(0.5, 0.3), (0.5, 0.4), (0.3, 0.5), (0.2, 0.6)] as [(Double, Double)])
    func incline(mu: Double, theta: Double) throws {
        // Gravity pointing down the tilted world: the floor stays axis-aligned.
        let g = 10.0
        var w = makeWorld(gravity: Vec2(g * sin(theta), g * cos(theta)))
        addGround(&w, friction: mu)
        let b = addBox(&w, at: Vec2(0, -0.5), friction: mu)
        for _ in 0..<60 { w.step(1.0 / 60) }
        let x0 = try w.position(of: b).x, v0 = try w.linearVelocity(of: b).x
        for _ in 0..<60 { w.step(1.0 / 60) }
        let x1 = try w.position(of: b).x, v1 = try w.linearVelocity(of: b).x
        if tan(theta) < mu {
            #expect(abs(x1 - x0) < 1e-3, "block should hold: moved \(x1 - x0)")
        } else {
            let a = (v1 - v0) / 1.0
            let expected = g * (sin(theta) - mu * cos(theta))
            #expect(relErr(a, expected) < 0.03, "a = \(a), expected \(expected)")
        }
    }

    @Test("a ball dropped from h rebounds to e²·h", arguments: [0.5, 0.8])
    func rebound(e: Double) throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        addGround(&w, restitution: 0)
        let h = 5.0
        let r = 0.25
        let b = addBall(&w, at: Vec2(0, -h - r), radius: r, restitution: e)
        var minY = 0.0, hitGround = false, peakAfter = Double.infinity
        var prevVy = 0.0
        for _ in 0..<(120 * 4) {
            w.step(1.0 / 120)
            let y = try w.position(of: b).y, vy = try w.linearVelocity(of: b).y
            if !hitGround && prevVy > 0 && vy < 0 { hitGround = true }
            if hitGround { peakAfter = min(peakAfter, y) }
            if hitGround && prevVy < 0 && vy >= 0 { break }
            prevVy = vy
            minY = min(minY, y)
        }
        let rebound = -(peakAfter + r)
        #expect(hitGround)
        #expect(relErr(rebound, e * e * h) < 0.04, "rebound \(rebound) vs \(e * e * h)")
    }

    @Test("elastic collision of circles with masses 1:2 — velocities −4/3 and 8/3, momentum and energy kept")
    func elasticCollision() throws {
        var w = makeWorld()
        // Equal radii: density 1 vs 2 gives masses 1:2.
        let r = 0.5
        let a = addBall(&w, at: Vec2(-3, 0), radius: r, density: 1, restitution: 1, velocity: Vec2(4, 0))
        let b = addBall(&w, at: Vec2(0, 0), radius: r, density: 2, restitution: 1)
        let mA = try w.mass(of: a), mB = try w.mass(of: b)
        #expect(relErr(mB / mA, 2) < 1e-12)
        for _ in 0..<120 { w.step(1.0 / 120) }
        let vA = try w.linearVelocity(of: a).x, vB = try w.linearVelocity(of: b).x
        #expect(abs(vA - (-4.0 / 3)) < 0.02, "vA \(vA)")
        #expect(abs(vB - 8.0 / 3) < 0.02, "vB \(vB)")
        #expect(abs(mA * vA + mB * vB - mA * 4) < 1e-9 * mA)
        let e0 = 0.5 * mA * 16, e1 = 0.5 * mA * vA * vA + 0.5 * mB * vB * vB
        #expect(relErr(e1, e0) < 0.01)
    }

    @Test("damping: v(t) = v₀ / (1 + h·c)^(t/h)")
    func linearDamping() throws {
        var w = makeWorld()
        let b = addBall(&w, at: .zero, velocity: Vec2(10, 0))
        try w.setDamping(b, linear: 1, angular: 0)
        for _ in 0..<120 { w.step(1.0 / 120) }
        // Continuous limit: 10·e^{−1}.
        #expect(relErr(try w.linearVelocity(of: b).x, 10 * exp(-1.0)) < 0.005)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
