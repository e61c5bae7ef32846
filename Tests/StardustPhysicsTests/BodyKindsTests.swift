import Testing
@testable import StardustPhysics
import StardustPhysicsTestSupport

@Suite("Body kinds, shapes, surface velocity")
struct BodyKindsTests {
    @Test("a conveyor surface carries a box at its tangent speed", arguments: [2.0, -1.5])
    func conveyor(speed: Double) throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let g = w.createBody(BodyDefinition(type: .static))
        var sd = ShapeDefinition(friction: 0.8); sd.tangentSpeed = speed
        _ = try w.createShape(g, sd, .polygon(.box(halfWidth: 50, halfHeight: 1, center: Vec2(0, 1))))
        let b = addBox(&w, at: Vec2(0, -0.5), friction: 0.8)
        for _ in 0..<120 { w.step(1.0 / 60) }
        #expect(abs(try w.linearVelocity(of: b).x - speed) < 0.01)
    }

    @Test("a kinematic platform moves at its velocity, ignores gravity, and carries a box")
    func kinematic() throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let p = w.createBody(BodyDefinition(type: .kinematic, position: .zero, linearVelocity: Vec2(1, 0)))
        _ = try w.createShape(p, ShapeDefinition(), .polygon(.box(halfWidth: 3, halfHeight: 0.25)))
        let b = addBox(&w, at: Vec2(0, -0.75))
        for _ in 0..<120 { w.step(1.0 / 60) }
        let pp = try w.position(of: p)
        #expect(abs(pp.x - 2) < 1e-9 && pp.y == 0)
        // Friction (μ g = 6) brings the box to 1 unit/s in 1/6 s, so it lags 1/12.
        #expect(abs(try w.linearVelocity(of: b).x - 1) < 1e-3)
        #expect(abs(try w.position(of: b).x - (2 - 1.0 / 12)) < 0.02)
        #expect(abs(try w.position(of: b).y + 0.75) < 0.02)
    }

    @Test("capsules, rounded boxes and circles rest on segments and boxes",
          arguments: ["capsule", "rounded", "circle", "polygon"])
    func resting(kind: String) throws {
        var w = World(WorldDefinition(gravity: Vec2(0, 10)))
        let g = w.createBody(BodyDefinition(type: .static))
        _ = try w.createShape(g, ShapeDefinition(), .segment(Vec2(-10, 0), Vec2(10, 0)))
        let b = w.createBody(BodyDefinition(type: .dynamic, position: Vec2(0, -2)))
        let expectedY: Double
        switch kind {
        case "capsule":
            _ = try w.createShape(b, ShapeDefinition(), .capsule(Capsule(point1: Vec2(-0.5, 0), point2: Vec2(0.5, 0), radius: 0.25))); expectedY = -0.25
        case "rounded":
            _ = try w.createShape(b, ShapeDefinition(), .polygon(.box(halfWidth: 0.4, halfHeight: 0.4, radius: 0.1))); expectedY = -0.5
        case "circle":
            _ = try w.createShape(b, ShapeDefinition(), .circle(Circle(radius: 0.3))); expectedY = -0.3
        default:
            _ = try w.createShape(b, ShapeDefinition(), .polygon(try #require(Polygon(hull: [Vec2(-0.5, 0.3), Vec2(0.5, 0.3), Vec2(0, -0.6)])))); expectedY = -0.3
        }
        for _ in 0..<240 { w.step(1.0 / 60) }
        let p = try w.position(of: b)
        #expect(abs(p.y - expectedY) < 0.01, "\(kind) rests at \(p)")
        #expect(try !w.isAwake(b), "\(kind) should sleep")
    }

    @Test("gravity scale and forces")
    func gravityScaleAndForce() throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let a = addBall(&w, at: .zero)
        try w.setGravityScale(a, 0)
        let m = try w.mass(of: a)
        for _ in 0..<120 {
            try w.applyForceToCenter(a, Vec2(2 * m, 0))
            w.step(1.0 / 120)
        }
        // a = 2 for 1 s: v = 2, x = 1 (within the integrator's first-order error).
        #expect(abs(try w.linearVelocity(of: a).x - 2) < 1e-9)
        #expect(abs(try w.position(of: a).x - 1) < 0.01)
        let ay = try w.position(of: a).y
        #expect(ay == 0)
    }

    @Test("a body set asleep wakes when something lands on it; static bodies never move")
    func wakeOnTouch() throws {
        var w = World(WorldDefinition(gravity: Vec2(0, 10)))
        addGround(&w)
        var bd = BodyDefinition(type: .dynamic, position: Vec2(0, -0.5)); bd.isAwake = false
        let sleeper = w.createBody(bd)
        _ = try w.createShape(sleeper, ShapeDefinition(), .polygon(.box(halfWidth: 0.5, halfHeight: 0.5)))
        #expect(try !w.isAwake(sleeper))
        addBall(&w, at: Vec2(0.3, -3), radius: 0.3)
        var woke = false
        for _ in 0..<60 { w.step(1.0 / 60); if try w.isAwake(sleeper) { woke = true } }
        #expect(woke)
    }
}
