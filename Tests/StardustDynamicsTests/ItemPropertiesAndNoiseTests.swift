import Foundation
import Testing
import StardustAnimation
import StardustCore
@testable import StardustDynamics

@Suite("Item rotation properties and the noise field")
struct ItemPropertiesAndNoiseTests {
    @Test("an off-center push spins an item by r × J / I; angularResistance decays the spin; allowsRotation false keeps it upright")
    func rotation() throws {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 1000, 1000))
        let free = item(200, 200, size: 100), damped = item(500, 200, size: 100), fixed = item(800, 200, size: 100)
        let push = PushBehavior(items: [free, damped, fixed], mode: .instantaneous)
        push.setAngle(Double.pi / 2, magnitude: 1)  // 10⁶ mass·pt/s downwards
        for l in [free, damped, fixed] { push.setTargetOffsetFromCenter(Point(x: 50, y: 0), for: l) }
        let slow = DynamicItemBehavior(items: [damped]); slow.angularResistance = 1
        let stiff = DynamicItemBehavior(items: [fixed]); stiff.allowsRotation = false
        animator.addBehavior(slow); animator.addBehavior(stiff); animator.addBehavior(push)
        // I = m(w² + h²)/12 = 10⁴ · 2·10⁴ / 12; ω = 50 · 10⁶ / I = 3 rad/s (clockwise on screen: positive).
        #expect(abs(animator.angularVelocity(of: free, at: 0.5) - 3) < 1e-9)
        let w = animator.angularVelocity(of: damped, at: 1)
        #expect(abs(w - 3 * exp(-1)) < 0.01 * 3 * exp(-1), "spin after 1 s: \(w)")
        #expect(animator.angularVelocity(of: fixed, at: 0.5) == 0)
        #expect(try #require(animator.pose(of: fixed, at: 1)).rotation == 0)
        #expect(abs(animator.linearVelocity(of: fixed, at: 0.5).y - 100) < 1e-9, "the push still moves it")
    }

    @Test("noise vectors lie in −1…1, vary smoothly, average to zero, and depend on the seed")
    func noise() {
        var sum = Vec2.zero, n = 0.0, maxJump = 0.0
        for i in 0..<40 {
            for j in 0..<40 {
                let p = Vec2(Double(i) * 37.3, Double(j) * 41.9)
                let v = FieldNoise.vector(at: p, time: Double(i + j) * 0.37, smoothness: 0, seed: 1, key: 0)
                #expect(abs(v.x) <= 1 && abs(v.y) <= 1)
                sum += v; n += 1
                let near = FieldNoise.vector(at: p + Vec2(0.01, 0), time: Double(i + j) * 0.37, smoothness: 0, seed: 1, key: 0)
                maxJump = max(maxJump, (near - v).length)
            }
        }
        // Each component of a blend of uniform(−1, 1) corners has σ ≤ 1/√3: the mean of 1600 samples
        // (about 1600 independent cells at 10 pt) stays within 4σ/√n.
        #expect(abs(sum.x / n) < 4 / (3.0.squareRoot() * n.squareRoot()) && abs(sum.y / n) < 4 / (3.0.squareRoot() * n.squareRoot()))
        #expect(maxJump < 0.01, "0.01 pt moves the vector by \(maxJump)")
        let a = FieldNoise.vector(at: Vec2(12, 34), time: 0.5, smoothness: 0.5, seed: 1, key: 0)
        #expect(a == FieldNoise.vector(at: Vec2(12, 34), time: 0.5, smoothness: 0.5, seed: 1, key: 0))
        #expect(a != FieldNoise.vector(at: Vec2(12, 34), time: 0.5, smoothness: 0.5, seed: 2, key: 0))
        #expect(a != FieldNoise.vector(at: Vec2(12, 34), time: 0.5, smoothness: 0.5, seed: 1, key: 1))
    }
}
