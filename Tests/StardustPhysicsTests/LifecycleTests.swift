import Testing
@testable import StardustPhysics
import StardustPhysicsTestSupport

@Suite("Lifecycle")
struct LifecycleTests {
    @Test("destroying touching, sleeping and jointed bodies keeps the world consistent")
    func destroyWhileTouching() throws {
        var w = World(WorldDefinition(gravity: Vec2(0, 10)))
        addGround(&w)
        var boxes: [BodyID] = []
        for i in 0..<5 { boxes.append(addBox(&w, at: Vec2(0, -0.5 - Double(i)))) }
        try w.createPivotJoint(boxes[3], boxes[4], worldPivot: Vec2(0, -4))
        for _ in 0..<120 { w.step(1.0 / 60) }
        #expect(try !w.isAwake(boxes[4]))
        try w.destroyBody(boxes[2])          // wakes the island, removes its contacts
        #expect(try w.isAwake(boxes[4]))
        #expect(w.events.contactEnd.count == 2)   // destroying reports the end of its touches at once
        for _ in 0..<120 { w.step(1.0 / 60) }
        // The upper boxes fell onto box 1.
        #expect(abs(try w.position(of: boxes[3]).y - (-2.5)) < 0.05)
        try w.destroyShape(try w.shapes(of: boxes[0])[0])
        try w.setType(boxes[1], .static)
        for _ in 0..<60 { w.step(1.0 / 60) }
        #expect(w.bodyCount == 5)
        let p1 = try w.position(of: boxes[1]), p3 = try w.position(of: boxes[3]), p4 = try w.position(of: boxes[4])
        // Box 1 is now static and holds box 3; box 4, hinged on box 3's top edge, is an
        // inverted pendulum and may topple, but stays attached to the pivot.
        #expect(p1 == Vec2(0, -1.5) || abs(p1.y + 1.5) < 0.05)
        #expect(abs(p3.y - (-2.5)) < 0.05)
        #expect(p4.distance(to: p3) < 1.2)
    }
}
