import Testing
@testable import StardustPhysics
import StardustPhysicsTestSupport

/// The narrow phase reads shapes' fat bounds from `World.shapeFatBounds` and
/// re-tests filters only once some filter changed; these tests hold that
/// storage to the broad phase trees and to the filter semantics.
@Suite("Shape storage")
struct ShapeStorageTests {
    /// For every live shape: the compact fat box is its tree leaf's box and
    /// contains the shape's tight bounds.
    func checkFatBounds(_ w: World, _ label: String) {
        var checked = 0
        for s in 0..<w.shapes.count where w.shapeIDs.alive[s] {
            let shape = w.shapes[s], proxy = w.shapeProxies[s]
            let tree = proxy.inStaticTree ? w.staticTree : w.movingTree
            let fat = w.shapeFatBounds[s]
            #expect(fat == tree.fatAABB(proxy.proxy), "\(label): shape \(s)'s compact fat box differs from its tree leaf")
            let tight = shape.geometry.aabb(w.bodySims[Int(shape.body)].transform)
            #expect(fat.contains(tight), "\(label): shape \(s)'s fat box does not contain its bounds")
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test("compact fat boxes equal the trees' leaves through steps, creation, destruction, type changes and teleports")
    func fatBoundsFollowTheTrees() throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let ground = addGround(&w)
        var balls: [BodyID] = []
        for i in 0..<30 {
            let x = -6 + 0.8 * Double(i % 15) + 0.1 * Double(i / 15)
            balls.append(i % 2 == 0 ? addBall(&w, at: Vec2(x, -2 - 1.2 * Double(i / 15)), radius: 0.35)
                                    : addBox(&w, at: Vec2(x, -2 - 1.2 * Double(i / 15)), half: 0.3))
        }
        checkFatBounds(w, "created")
        for _ in 0..<60 { w.step(1.0 / 60) }
        checkFatBounds(w, "after 60 steps")
        // Destroy a few bodies' shapes, then create shapes that reuse their slots.
        for b in balls[3..<6] { try w.destroyShape(try w.shapes(of: b)[0]) }
        checkFatBounds(w, "after destroying shapes")
        for b in balls[3..<6] { _ = try w.createShape(b, ShapeDefinition(), .polygon(.box(halfWidth: 0.25, halfHeight: 0.25))) }
        checkFatBounds(w, "after re-creating shapes")
        // Static and back (moves the proxies between the trees), and a teleport.
        try w.setType(balls[7], .static)
        checkFatBounds(w, "after making a body static")
        try w.setType(balls[7], .dynamic)
        try w.setTransform(balls[8], position: Vec2(4, -8), angle: 0.3)
        checkFatBounds(w, "after a type change and a teleport")
        try w.setFilter(try w.shapes(of: balls[9])[0], CollisionFilter(categoryBits: 2, maskBits: 2))
        for _ in 0..<60 { w.step(1.0 / 60) }
        checkFatBounds(w, "after 60 more steps")
        _ = ground
    }

    /// A ball resting on the ground: a filter that excludes the ground ends
    /// the touching contact in the very next step (with its end event) and the
    /// ball falls; the old filter back brings the contact back.
    @Test("a filter change ends a resting contact at the next step and restoring it brings the contact back")
    func filterChangeEndsContact() throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let ground = addGround(&w)
        let ball = addBall(&w, at: Vec2(0, -0.5), radius: 0.5)
        for _ in 0..<30 { w.step(1.0 / 60) }
        #expect(w.contactCount == 1)
        #expect(w.events.contactEnd.isEmpty)
        let y0 = try w.position(of: ball).y
        let shape = try w.shapes(of: ball)[0]
        try w.setFilter(shape, CollisionFilter(categoryBits: 2, maskBits: 2))   // the ground is category 1
        #expect(w.contactCount == 1, "contacts are re-filtered by the next step, not by setFilter")
        w.step(1.0 / 60)
        #expect(w.contactCount == 0)
        #expect(w.events.contactEnd.count == 1)
        #expect(w.events.contactEnd.first.map { [$0.shapeA, $0.shapeB].contains(shape) } == true)
        w.step(1.0 / 60)
        #expect(try w.position(of: ball).y > y0, "the ball keeps resting on a ground it no longer collides with")
        try w.setFilter(shape, .default)
        w.step(1.0 / 60)
        #expect(w.contactCount == 1)
        #expect(w.events.contactBegin.count == 1)
        _ = ground
    }

    /// Filters are re-tested as long as a contact waits to be examined: a
    /// filter changed on a sleeping pile ends its contacts when it wakes, not
    /// before (sleeping contacts are not updated) and not never.
    @Test("a filter changed while bodies sleep ends their contact when they wake")
    func filterChangeWhileAsleep() throws {
        var w = makeWorld(gravity: Vec2(0, 10), sleep: true)
        let ground = addGround(&w)
        let top = addBox(&w, at: Vec2(0, -1.5), half: 0.5)
        let bottom = addBox(&w, at: Vec2(0, -0.5), half: 0.5)
        for _ in 0..<600 { w.step(1.0 / 60) }
        #expect(try !w.isAwake(top) && !w.isAwake(bottom))
        #expect(w.contactCount == 2)
        try w.setFilter(try w.shapes(of: top)[0], CollisionFilter(groupIndex: -1))
        try w.setFilter(try w.shapes(of: bottom)[0], CollisionFilter(groupIndex: -1))
        for _ in 0..<10 { w.step(1.0 / 60) }
        #expect(w.contactCount == 2, "a sleeping pair is not re-examined")
        try w.wake(top)
        w.step(1.0 / 60)
        #expect(w.contactCount == 1, "the box pair of one negative group ends; the ground contact stays")
        #expect(w.events.contactEnd.count == 1)
        _ = ground
    }
}
