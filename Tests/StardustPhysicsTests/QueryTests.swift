import Testing
@testable import StardustPhysics
import StardustPhysicsTestSupport

@Suite("Queries, geometry, mass")
struct QueryTests {
    func scene() throws -> (World, ShapeID, ShapeID, ShapeID) {
        var w = makeWorld()
        let a = w.createBody(BodyDefinition(type: .static, position: Vec2(0, 0)))
        let circle = try w.createShape(a, ShapeDefinition(), .circle(Circle(center: .zero, radius: 1)))
        let b = w.createBody(BodyDefinition(type: .static, position: Vec2(5, 0), angle: Double.pi / 4))
        let box = try w.createShape(b, ShapeDefinition(), .polygon(.box(halfWidth: 1, halfHeight: 1)))
        let c = w.createBody(BodyDefinition(type: .dynamic, position: Vec2(10, 0)))
        let cap = try w.createShape(c, ShapeDefinition(), .capsule(Capsule(point1: Vec2(0, -1), point2: Vec2(0, 1), radius: 0.5)))
        return (w, circle, box, cap)
    }

    @Test("ray cast closest and all, values by hand")
    func rayCast() throws {
        let (w, circle, box, cap) = try scene()
        let closest = try #require(w.rayCastClosest(origin: Vec2(-5, 0), translation: Vec2(20, 0)))
        #expect(closest.shape == circle)
        #expect(abs(closest.point.x - (-1)) < 1e-12 && abs(closest.fraction - 4.0 / 20) < 1e-12)
        #expect(abs(closest.normal.x + 1) < 1e-12)
        let all = w.rayCastAll(origin: Vec2(-5, 0), translation: Vec2(20, 0))
        #expect(all.map(\.shape) == [circle, box, cap])
        // The rotated box's left corner is at x = 5 − √2; the capsule's surface at 10 − 0.5.
        #expect(abs(all[1].point.x - (5 - 2.0.squareRoot())) < 1e-9)
        #expect(abs(all[2].point.x - 9.5) < 1e-9)
        #expect(w.rayCastClosest(origin: Vec2(-5, 3), translation: Vec2(20, 0)) == nil)
    }

    @Test("point query, AABB query and shape overlap")
    func pointAndBox() throws {
        let (w, circle, box, cap) = try scene()
        #expect(w.queryPoint(Vec2(0.7, 0.7)) == [circle])
        #expect(w.queryPoint(Vec2(0.75, 0.75)).isEmpty)          // outside the unit circle
        #expect(w.queryPoint(Vec2(5 + 1.4, 0)) == [box])          // inside the diamond (corner at 5 + √2)
        #expect(w.queryPoint(Vec2(5 + 1.3, 0.3)).isEmpty)
        #expect(w.queryPoint(Vec2(10.4, 1.2)) == [cap])
        #expect(Set(w.queryAABB(AABB(lower: Vec2(0.5, -0.1), upper: Vec2(4, 0.1)))) == [circle, box])
        let probe = ShapeGeometry.circle(Circle(radius: 0.5))
        #expect(w.queryOverlap(probe, at: RigidTransform(p: Vec2(9.1, 0), q: .identity)) == [cap])
        #expect(w.queryOverlap(probe, at: RigidTransform(p: Vec2(8.4, 0), q: .identity)).isEmpty)
    }

    @Test("mass, centroid and inertia by hand")
    func massProperties() throws {
        var w = makeWorld()
        let b = w.createBody(BodyDefinition(type: .dynamic))
        _ = try w.createShape(b, ShapeDefinition(density: 2), .polygon(.box(halfWidth: 1, halfHeight: 0.5, center: Vec2(1, 0))))
        // 2 × 1 box, density 2: m = 4, I = m(w² + h²)/12 = 4·5/12.
        #expect(abs(try w.mass(of: b) - 4) < 1e-12)
        #expect(try w.localCenter(of: b) == Vec2(1, 0))
        #expect(abs(try w.rotationalInertia(of: b) - 4 * 5 / 12) < 1e-12)
        let c = w.createBody(BodyDefinition(type: .dynamic))
        _ = try w.createShape(c, ShapeDefinition(density: 1), .circle(Circle(radius: 2)))
        #expect(abs(try w.rotationalInertia(of: c) - 0.5 * 4 * Double.pi * 4) < 1e-9)
    }

    @Test("hull of scattered points: convex, counter-clockwise, interior points dropped")
    func hull() throws {
        let pts = [Vec2(0, 0), Vec2(2, 0), Vec2(1, 1), Vec2(2, 2), Vec2(0, 2), Vec2(1, 0), Vec2(0.5, 1.5)]
        let h = computeHull(pts)
        #expect(h.count == 4)
        #expect(Set(h) == [Vec2(0, 0), Vec2(2, 0), Vec2(2, 2), Vec2(0, 2)])
        let poly = try #require(Polygon(hull: pts))
        #expect(poly.centroid == Vec2(1, 1))
        #expect(Polygon(hull: [Vec2(0, 0), Vec2(1, 1), Vec2(2, 2)]) == nil)
    }

    @Test("stale ids are detected after destruction and slot reuse")
    func staleIDs() throws {
        var w = makeWorld()
        let a = addBall(&w, at: .zero)
        try w.destroyBody(a)
        let b = addBall(&w, at: .zero)
        #expect(a.index == b.index && a.generation != b.generation)
        #expect(!w.isValid(a) && w.isValid(b))
        #expect(throws: PhysicsError.invalidBody(a)) { try w.position(of: a) }
        let j = try w.createPivotJoint(nil, b, worldPivot: .zero)
        try w.destroyJoint(j)
        #expect(throws: PhysicsError.invalidJoint(j)) { try w.destroyJoint(j) }
    }
}
