import Testing
@testable import StardustPhysics
import StardustPhysicsTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Joints")
struct JointTests {
    @Test("the drag joint never applies more than its max force", arguments: [5.0, 50.0, 500.0])
    func dragForceBound(maxForce: Double) throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let card = addBox(&w, at: .zero, half: 1)
        let drag = try w.createDragJoint(card, grab: Vec2(0.5, 0.5), maxForce: maxForce)
        var maxSeen = 0.0
        for i in 0..<240 {
            // A finger flicking back and forth fast.
            let t = Double(i) / 120
            try w.setDragTarget(drag, Vec2(3 * sin(8 * t), -2 * t))
            w.step(1.0 / 120)
            let f = try w.appliedForce(of: drag).length
            maxSeen = max(maxSeen, f)
            #expect(f <= maxForce * (1 + 1e-12), "step \(i): \(f) > \(maxForce)")
        }
        #expect(maxSeen > 0.5 * maxForce)
    }

    @Test("a drag joint with ample force follows the finger")
    func dragFollows() throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let card = addBox(&w, at: .zero, half: 0.5)
        let drag = try w.createDragJoint(card, grab: .zero)
        try w.setDragTarget(drag, Vec2(2, -1))
        for _ in 0..<120 { w.step(1.0 / 120) }
        let p = try w.worldPoint(of: card, local: .zero)
        #expect(p.distance(to: Vec2(2, -1)) < 0.05, "\(p)")
    }

    @Test("pivot joint keeps the shared point; pin joint keeps the distance")
    func pivotAndPin() throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let a = addBox(&w, at: Vec2(0, 0))
        let b = addBox(&w, at: Vec2(1, 0))
        try w.createPivotJoint(nil, a, worldPivot: Vec2(-0.5, 0))
        try w.createPinJoint(a, b, anchorA: Vec2(0.5, 0), anchorB: Vec2(1, 0))
        for _ in 0..<240 { w.step(1.0 / 120) }
        let pivot = try w.worldPoint(of: a, local: Vec2(-0.5, 0))
        #expect(pivot.distance(to: Vec2(-0.5, 0)) < 0.01)
        let d = try w.worldPoint(of: a, local: Vec2(0.5, 0)).distance(to: w.worldPoint(of: b, local: .zero))
        #expect(abs(d - 0.5) < 0.01)
    }

    @Test("slide joint: the rope goes slack but never longer than max")
    func slide() throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let b = addBall(&w, at: Vec2(0, 0.5), radius: 0.1)
        try w.createSlideJoint(nil, b, anchorA: .zero, anchorB: Vec2(0, 0.5), minLength: 0, maxLength: 2)
        var maxLen = 0.0
        for _ in 0..<240 { w.step(1.0 / 120); maxLen = max(maxLen, try w.position(of: b).length) }
        #expect(maxLen < 2.01 && maxLen > 1.98)
    }

    @Test("groove joint keeps the point on the segment and inside its ends")
    func groove() throws {
        var w = makeWorld(gravity: Vec2(3, 10))
        let b = addBall(&w, at: Vec2(0, 0), radius: 0.1)
        try w.createGrooveJoint(nil, b, grooveStart: Vec2(-1, 0), grooveEnd: Vec2(1, 0), anchorB: .zero)
        for _ in 0..<240 { w.step(1.0 / 120) }
        let p = try w.position(of: b)
        #expect(abs(p.y) < 0.01 && abs(p.x - 1) < 0.01, "\(p)")
    }

    @Test("simple motor reaches its rate; gear couples rates by the ratio")
    func motorAndGear() throws {
        var w = makeWorld()
        let a = addBox(&w, at: .zero)
        let b = addBox(&w, at: Vec2(3, 0))
        try w.createPivotJoint(nil, a, worldPivot: .zero)
        try w.createPivotJoint(nil, b, worldPivot: Vec2(3, 0))
        try w.createSimpleMotor(nil, a, rate: 2)
        try w.createGearJoint(a, b, ratio: 2)
        for _ in 0..<120 { w.step(1.0 / 120) }
        let wa = try w.angularVelocity(of: a)
        #expect(abs(wa - 2) < 1e-2, "\(wa)")
        // ratio·ωB = ωA.
        #expect(abs(2 * (try w.angularVelocity(of: b)) - 2) < 1e-3)
    }

    @Test("rotary limit stops a spinning body within its range, also beyond ±π")
    func rotaryLimit() throws {
        var w = makeWorld()
        let a = addBox(&w, at: .zero)
        try w.createPivotJoint(nil, a, worldPivot: .zero)
        try w.createRotaryLimitJoint(nil, a, minAngle: -1, maxAngle: 4)
        try w.setAngularVelocity(a, 3)
        for _ in 0..<240 { w.step(1.0 / 120) }
        let q = try w.rotation(of: a)
        // Stopped at 4 rad (which wraps to 4 − 2π).
        #expect(abs(q.angle - (4 - 2 * Double.pi)) < 0.02)
        #expect(abs(try w.angularVelocity(of: a)) < 1e-3)
    }

    @Test("ratchet turns freely forward and holds backward")
    func ratchet() throws {
        var w = makeWorld()
        let a = addBox(&w, at: .zero)
        try w.createPivotJoint(nil, a, worldPivot: .zero)
        try w.createRatchetJoint(nil, a, phase: 0, ratchet: 0.5)
        try w.setAngularVelocity(a, 2)
        for _ in 0..<60 { w.step(1.0 / 120) }
        let forward = try w.rotation(of: a).angle
        #expect(forward > 0.9)
        try w.setAngularVelocity(a, -2)
        for _ in 0..<60 { w.step(1.0 / 120) }
        let back = try w.rotation(of: a).angle
        // Goes back at most to the last notch (a multiple of 0.5 below `forward`).
        #expect(back >= (forward / 0.5).rounded(.down) * 0.5 - 0.02)
    }

    @Test("joints wake sleeping bodies; jointed bodies do not collide by default")
    func wakeAndCollide() throws {
        var w = World(WorldDefinition(gravity: Vec2(0, 10)))
        addGround(&w)
        let a = addBox(&w, at: Vec2(0, -0.5))
        for _ in 0..<120 { w.step(1.0 / 60) }
        #expect(try !w.isAwake(a))
        let b = addBox(&w, at: Vec2(0.5, -0.8))
        try w.createPivotJoint(a, b, worldPivot: Vec2(0.25, -0.6))
        #expect(try w.isAwake(a))
        w.step(1.0 / 60)
        #expect(try w.touchingContacts(of: a).allSatisfy { $0.other != b })
    }
}
