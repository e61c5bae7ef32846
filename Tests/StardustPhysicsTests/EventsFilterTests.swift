import Testing
@testable import StardustPhysics
import StardustPhysicsTestSupport

@Suite("Events, filters, sensors")
struct EventsFilterTests {
    @Test("begin and end touch events arrive in order")
    func beginThenEnd() throws {
        var w = makeWorld()
        let a = addBall(&w, at: Vec2(0, 0), velocity: Vec2(2, 0))
        let b = addBall(&w, at: Vec2(3, 0), restitution: 1)
        var log: [String] = []
        for _ in 0..<240 {
            w.step(1.0 / 120)
            for e in w.events.contactBegin { log.append("begin \(e.shapeA.index)-\(e.shapeB.index)") }
            for e in w.events.contactEnd { log.append("end \(e.shapeA.index)-\(e.shapeB.index)") }
        }
        _ = (a, b)
        #expect(log.count == 2)
        #expect(log.first?.hasPrefix("begin") == true)
        #expect(log.last?.hasPrefix("end") == true)
    }

    @Test("post-solve impulse of a resting box equals its weight × dt")
    func postSolve() throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let g = w.createBody(BodyDefinition(type: .static))
        var sd = ShapeDefinition(); sd.enablePostSolveEvents = true
        _ = try w.createShape(g, sd, .polygon(.box(halfWidth: 5, halfHeight: 1, center: Vec2(0, 1))))
        let b = addBox(&w, at: Vec2(0, -0.5), density: 2)
        for _ in 0..<120 { w.step(1.0 / 60) }
        let e = try #require(w.events.contactImpulses.first)
        let weight = try w.mass(of: b) * 10
        #expect(relErr(e.normalImpulse / (1.0 / 60), weight) < 0.01, "\(e.normalImpulse * 60) vs \(weight)")
    }

    @Test("pre-solve can disable a contact (one-way platform)")
    func preSolveDisables() throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let g = w.createBody(BodyDefinition(type: .static))
        var sd = ShapeDefinition(); sd.enablePreSolveEvents = true
        _ = try w.createShape(g, sd, .polygon(.box(halfWidth: 5, halfHeight: 0.1)))
        w.preSolve = { _, _, _ in false }
        let b = addBall(&w, at: Vec2(0, -2), radius: 0.2)
        for _ in 0..<120 { w.step(1.0 / 120) }
        #expect(try w.position(of: b).y > 1, "the ball fell through the disabled platform")
    }

    @Test("group index: same positive always collides, same negative never; categories and masks",
          arguments: [
            (CollisionFilter(groupIndex: 1), CollisionFilter(categoryBits: 2, maskBits: 1, groupIndex: 1), true),
            (CollisionFilter(groupIndex: -1), CollisionFilter(groupIndex: -1), false),
            (CollisionFilter(categoryBits: 1, maskBits: 2), CollisionFilter(categoryBits: 2, maskBits: 1), true),
            (CollisionFilter(categoryBits: 1, maskBits: 2), CollisionFilter(categoryBits: 4, maskBits: 1), false),
            (CollisionFilter(categoryBits: 1, maskBits: .max, groupIndex: -1), CollisionFilter(groupIndex: -2), true),
          ] as [(CollisionFilter, CollisionFilter, Bool)])
    func filters(a: CollisionFilter, b: CollisionFilter, collide: Bool) throws {
        #expect(a.shouldCollide(with: b) == collide)
        var w = makeWorld()
        let ba = w.createBody(BodyDefinition(type: .dynamic, position: Vec2(0, 0), linearVelocity: Vec2(2, 0)))
        var sa = ShapeDefinition(); sa.filter = a
        _ = try w.createShape(ba, sa, .circle(Circle(radius: 0.5)))
        let bb = w.createBody(BodyDefinition(type: .dynamic, position: Vec2(2, 0)))
        var sb = ShapeDefinition(); sb.filter = b
        _ = try w.createShape(bb, sb, .circle(Circle(radius: 0.5)))
        for _ in 0..<120 { w.step(1.0 / 120) }
        let moved = try w.linearVelocity(of: bb).x > 0.1
        #expect(moved == collide)
    }

    @Test("a sensor reports a visitor entering and leaving, and never pushes it")
    func sensor() throws {
        var w = makeWorld()
        let s = w.createBody(BodyDefinition(type: .static, position: Vec2(5, 0)))
        let sensorShape = try w.createShape(s, ShapeDefinition(isSensor: true), .polygon(.box(halfWidth: 1, halfHeight: 1)))
        let b = addBall(&w, at: .zero, radius: 0.25, velocity: Vec2(5, 0))
        var begins = 0, ends = 0, beginStep = -1, endStep = -1
        for i in 0..<240 {
            w.step(1.0 / 120)
            for e in w.events.sensorBegin { #expect(e.sensorShape == sensorShape); begins += 1; beginStep = i }
            for e in w.events.sensorEnd { #expect(e.sensorShape == sensorShape); ends += 1; endStep = i }
        }
        #expect(begins == 1 && ends == 1)
        // Enters at x = 5 − 1 − 0.25 = 3.75 (t = 0.75 s), leaves at x = 6.25 (t = 1.25 s).
        #expect(abs(Double(beginStep + 1) / 120 - 0.75) < 0.02)
        #expect(abs(Double(endStep + 1) / 120 - 1.25) < 0.02)
        #expect(try w.linearVelocity(of: b) == Vec2(5, 0))
    }
}
