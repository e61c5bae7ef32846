import Foundation
import Testing
import StardustAnimation
import StardustCore
import StardustDynamics

/// A layer item of `size` points centered at (x, y).
func item(_ x: Double, _ y: Double, size: Double = 10, height: Double? = nil, round: Bool = false) -> Layer {
    let l = Layer()
    l.bounds = Rect(0, 0, size, height ?? size)
    l.position = Point(x: x, y: y)
    if round { l.cornerRadius = size / 2 }
    return l
}

/// Times of the upward zero crossings of `f` sampled at every step of `dt` up to `duration`,
/// linearly interpolated between samples.
func upwardCrossings(duration: Double, dt: Double = 1.0 / 120, _ f: (Double) -> Double) -> [Double] {
    var out: [Double] = []
    var t = 0.0, prev = f(0)
    while t < duration {
        let t1 = t + dt, v = f(t1)
        if prev < 0 && v >= 0 { out.append(t + dt * (-prev) / (v - prev)) }
        t = t1; prev = v
    }
    return out
}

@Suite("Dynamic behaviors against physics")
struct DynamicBehaviorPhysicsTests {
    @Test("gravity 1.0 falls ½·1000·t²")
    func freeFall() throws {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 400, 2000))
        let box = item(100, 100)
        animator.addBehavior(GravityBehavior(items: [box]))
        for t in [0.25, 0.5, 1.0] {
            let y = try #require(animator.pose(of: box, at: t)).position.y - 100
            #expect(abs(y - 500 * t * t) < 0.01 * 500 * t * t, "t = \(t): fell \(y)")
        }
        // Magnitude and angle: 0.5 towards +x gives 500 pt/s² sideways.
        let side = item(100, 100)
        let g = GravityBehavior(items: [side])
        g.setAngle(0, magnitude: 0.5)
        animator.addBehavior(g)
        let v = animator.linearVelocity(of: side, at: 1)
        #expect(abs(v.x - 500) < 1e-6 && abs(v.y) < 1e-6)
        // items(in:at:): at 1 s the first box is near y = 600, the second near x = 350.
        let found = animator.items(in: Rect(0, 550, 400, 100), at: 1)
        #expect(found.count == 1 && found.first === box)
    }

    @Test("an instantaneous push gives UIKit's velocity: 100 pt/s per magnitude on 100×100 pt of density 1")
    func instantaneousPush() {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 1000, 1000))
        let big = item(200, 200, size: 100), small = item(500, 500, size: 50)
        let push = PushBehavior(items: [big, small], mode: .instantaneous)
        push.setAngle(0, magnitude: 1)
        animator.addBehavior(push, at: 1)
        #expect(animator.linearVelocity(of: big, at: 0.9) == Point(x: 0, y: 0))
        let vBig = animator.linearVelocity(of: big, at: 1.5), vSmall = animator.linearVelocity(of: small, at: 1.5)
        #expect(abs(vBig.x - 100) < 1e-9 && abs(vBig.y) < 1e-9)
        #expect(abs(vSmall.x - 400) < 1e-9, "a quarter of the mass moves four times as fast")
        // Density 2 halves it.
        let heavy = item(200, 600, size: 100)
        let props = DynamicItemBehavior(items: [heavy]); props.density = 2
        let push2 = PushBehavior(items: [heavy], mode: .instantaneous); push2.magnitude = 1; push2.angle = .pi / 2
        animator.addBehavior(props); animator.addBehavior(push2)
        #expect(abs(animator.linearVelocity(of: heavy, at: 0.5).y - 50) < 1e-9)
    }

    @Test("a continuous push accelerates 100 pt/s² per magnitude on 100×100 pt of density 1")
    func continuousPush() throws {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 1000, 1000))
        let box = item(100, 100, size: 100)
        let push = PushBehavior(items: [box], mode: .continuous)
        push.pushDirection = Vector(dx: 2, dy: 0)
        animator.addBehavior(push)
        #expect(abs(animator.linearVelocity(of: box, at: 1).x - 200) < 1e-6)
        let x = try #require(animator.pose(of: box, at: 1)).position.x - 100
        #expect(abs(x - 100) < 1, "½·200·1² = 100, got \(x)")
    }

    @Test("a snap settles at its point, upright")
    func snapSettles() throws {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 400, 400))
        let box = item(50, 50, size: 40)
        box.setValue(.number(0.7), forKeyPath: "transform.rotation.z")
        animator.addBehavior(SnapBehavior(item: box, snapTo: Point(x: 250, y: 300)))
        let mid = try #require(animator.pose(of: box, at: 0.3))
        #expect(mid.position.distance(to: Point(x: 250, y: 300)) > 5, "it travels")
        let end = try #require(animator.pose(of: box, at: 4))
        #expect(end.position.distance(to: Point(x: 250, y: 300)) < 0.5)
        #expect(abs(end.rotation) < 0.01)
        #expect(animator.isRunning(at: 4) == false)
    }

    @Test("a rigid attachment keeps its length and swings with the pendulum's period")
    func pendulum() throws {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 1000, 1000))
        let length = 250.0, theta = 5.0 * Double.pi / 180
        let anchor = Point(x: 500, y: 100)
        let bob = item(500 + length * sin(theta), 100 + length * cos(theta), size: 4)
        let rope = AttachmentBehavior(item: bob, attachedToAnchor: anchor)
        #expect(abs(rope.length - length) < 1e-9)
        animator.addBehavior(rope)
        animator.addBehavior(GravityBehavior(items: [bob]))
        var maxError = 0.0
        let crossings = upwardCrossings(duration: 7) { t in
            let p = animator.pose(of: bob, at: t)!.position
            maxError = max(maxError, abs(p.distance(to: anchor) - length))
            return p.x - 500
        }
        #expect(maxError < 0.5, "length kept within \(maxError) pt")
        try #require(crossings.count >= 2)
        let period = crossings[1] - crossings[0]
        let expected = 2 * Double.pi * (length / 1000).squareRoot() * (1 + theta * theta / 16)
        #expect(abs(period - expected) < 0.01 * expected, "period \(period) s, expected \(expected) s")
    }

    @Test("a springy attachment oscillates at its frequency")
    func springFrequency() throws {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 1000, 1000))
        let a = item(300, 300, size: 100), b = item(600, 300, size: 50)
        let spring = AttachmentBehavior(item: a, attachedTo: b)
        spring.length = 250  // 300 apart: stretched by 50
        spring.frequency = 2
        animator.addBehavior(spring)
        let crossings = upwardCrossings(duration: 2.2) { t in
            let pa = animator.pose(of: a, at: t)!.position, pb = animator.pose(of: b, at: t)!.position
            return pa.distance(to: pb) - 250
        }
        try #require(crossings.count >= 4)
        let period = (crossings[3] - crossings[0]) / 3
        #expect(abs(period - 0.5) < 0.005, "period \(period) s for 2 Hz")
        // Momentum: the 4× heavier item moves a quarter as far.
        let pa = animator.pose(of: a, at: 0.125)!.position.x - 300, pb = animator.pose(of: b, at: 0.125)!.position.x - 600
        #expect(abs(pa * 4 + pb) < 0.01 * abs(pb))
    }

    @Test("collision with the reference bounds keeps items inside")
    func boundsKeepItemsInside() {
        let bounds = Rect(0, 0, 300, 300)
        let animator = DynamicAnimator(referenceBounds: bounds)
        var items: [Layer] = []
        let props = DynamicItemBehavior()
        props.elasticity = 0.6
        for k in 0..<16 {
            let l = item(40 + Double(k % 4) * 70, 40 + Double(k / 4) * 70, size: 20, round: k % 2 == 0)
            items.append(l)
            props.addItem(l)
            props.addLinearVelocity(Point(x: Double((k * 37) % 11 - 5) * 300, y: Double((k * 53) % 7 - 3) * 400), for: l)
        }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: items))
        animator.addBehavior(props)
        var worst = 0.0
        for f in 0...240 {
            let t = Double(f) / 60
            for l in items {
                let p = animator.pose(of: l, at: t)!.position
                worst = max(worst, 10 - p.x, p.x - 290, 10 - p.y, p.y - 290)
            }
        }
        #expect(worst < 1.5, "deepest excursion past a wall: \(worst) pt")
    }

    @Test("elasticity 1 keeps the rebound height")
    func reboundHeight() throws {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 200, 600))
        let ball = item(100, 200, size: 20, round: true)  // bottom at 210, floor at 600: drop 390
        let collision = CollisionBehavior(items: [ball]); collision.translatesReferenceBoundsIntoBoundary = true
        let props = DynamicItemBehavior(items: [ball]); props.elasticity = 1
        animator.addBehavior(collision); animator.addBehavior(GravityBehavior(items: [ball])); animator.addBehavior(props)
        let fall = (2 * 0.39).squareRoot()  // s to fall 390 pt at 1000 pt/s²
        var highest = Double.infinity
        var t = fall + 0.2
        while t < 3 * fall { highest = min(highest, animator.pose(of: ball, at: t)!.position.y); t += 1.0 / 240 }
        #expect(abs(highest - 200) < 0.03 * 390, "rose back to \(highest) (dropped from 200)")
    }

    @Test("resistance decays velocity as e^(−r·t)")
    func resistance() {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 1000, 1000))
        let box = item(100, 100)
        let props = DynamicItemBehavior(items: [box])
        props.resistance = 2
        props.addLinearVelocity(Point(x: 300, y: 0), for: box)
        animator.addBehavior(props)
        for t in [0.5, 1.0] {
            let v = animator.linearVelocity(of: box, at: t).x
            #expect(abs(v - 300 * exp(-2 * t)) < 0.01 * 300 * exp(-2 * t), "t = \(t): \(v)")
        }
    }

    @Test("a radial gravity field falls off as distance^−falloff")
    func radialFalloff() {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 2000, 2000))
        let near = item(700, 500), far = item(500, 900)  // 200 and 400 pt from the center
        let field = FieldBehavior.radialGravityField(position: Point(x: 500, y: 500))
        field.falloff = 2
        field.addItem(near); field.addItem(far)
        animator.addBehavior(field)
        let t = 0.05
        let vNear = animator.linearVelocity(of: near, at: t), vFar = animator.linearVelocity(of: far, at: t)
        // 1000 pt/s² × (200/100)^−2 = 250 pt/s² towards the center; 62.5 pt/s² at 400 pt.
        #expect(abs(vNear.x + 250 * t) < 0.01 * 250 * t && abs(vNear.y) < 1e-9)
        #expect(abs(vFar.y + 62.5 * t) < 0.01 * 62.5 * t && abs(vFar.x) < 1e-9)
        // Outside the region nothing acts.
        let outside = item(500, 1500)
        let bounded = FieldBehavior.radialGravityField(position: Point(x: 500, y: 500))
        bounded.region = .radius(300)
        bounded.addItem(outside)
        animator.addBehavior(bounded)
        #expect(animator.linearVelocity(of: outside, at: t) == Point(x: 0, y: 0))
    }

    @Test("drag, spring and vortex fields follow their laws")
    func otherFields() {
        let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 2000, 2000))
        let dragged = item(100, 100), sprung = item(600, 500), whirled = item(800, 1000)
        let drag = FieldBehavior.dragField(); drag.strength = 1; drag.addItem(dragged)
        let push = DynamicItemBehavior(items: [dragged]); push.addLinearVelocity(Point(x: 200, y: 0), for: dragged)
        let spring = FieldBehavior.springField(); spring.position = Point(x: 500, y: 500); spring.strength = 4; spring.addItem(sprung)
        let vortex = FieldBehavior.vortexField(); vortex.position = Point(x: 700, y: 1000); vortex.addItem(whirled)
        for b in [drag, push, spring, vortex] as [DynamicBehavior] { animator.addBehavior(b) }
        #expect(abs(animator.linearVelocity(of: dragged, at: 1).x - 200 * exp(-1)) < 2)
        // strength 4 → 2 Hz: back at the far side after a half period (0.25 s).
        #expect(abs(animator.pose(of: sprung, at: 0.25)!.position.x - 400) < 1)
        // Right of the center, counterclockwise on screen is up (−y).
        let v = animator.linearVelocity(of: whirled, at: 0.01)
        #expect(v.y < 0 && abs(v.x) < 0.01 * abs(v.y))
    }
}
