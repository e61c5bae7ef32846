import Testing
import StardustWorkloads
@testable import StardustPhysics
import StardustPhysicsTestSupport

@Suite("Stacks, tunnelling, sleeping")
struct StackingTests {
    @Test("a pyramid stands: top box moves < 0.03 units after 500 steps", arguments: [10])
    func pyramidStands(base: Int) throws {
        var p = PhysicsWorkloads.pyramid(base: base)
        p.run(steps: 500)
        #expect(p.topDisplacement < 0.03, "top moved \(p.topDisplacement)")
        #expect(p.world.bodyCount == base * (base + 1) / 2 + 1)
    }

    @Test("a stack of 10 boxes comes to rest and sleeps")
    func stackSleeps() throws {
        var w = World(WorldDefinition(gravity: Vec2(0, 10)))
        addGround(&w)
        var boxes: [BodyID] = []
        for i in 0..<10 { boxes.append(addBox(&w, at: Vec2(0, -0.5 - Double(i)))) }
        var sleptAt = -1
        for step in 0..<600 {
            w.step(1.0 / 60)
            if sleptAt < 0 && boxes.allSatisfy({ !((try? w.isAwake($0)) ?? true) }) { sleptAt = step }
        }
        #expect(sleptAt > 0, "stack never slept")
        let top = try w.position(of: boxes[9])
        #expect(abs(top.x) < 0.01 && abs(top.y - (-9.5)) < 0.05, "top at \(top)")
        // A falling ball wakes the stack.
        let ball = addBall(&w, at: Vec2(0, -14), radius: 0.3)
        for _ in 0..<60 { w.step(1.0 / 60) }
        _ = ball
        #expect(try w.isAwake(boxes[9]))
    }

    /// Islands join bodies by every touching contact, also one a pre-solve
    /// callback disabled (the solver skips it; sleep must not).
    @Test("a contact disabled by pre-solve still keeps its bodies in one island")
    func disabledContactJoinsIsland() throws {
        var w = makeWorld(sleep: true)
        let resting = w.createBody(BodyDefinition(type: .dynamic, position: Vec2(0, 0)))
        var sd = ShapeDefinition(); sd.enablePreSolveEvents = true
        _ = try w.createShape(resting, sd, .polygon(.box(halfWidth: 0.5, halfHeight: 0.5)))
        // Overlapping by 0.1 and sliding along the resting box at 0.1 units/s (twice the
        // sleep threshold): touching for ~10 s, never slow enough to sleep.
        let sliding = addBox(&w, at: Vec2(0.9, 0))
        try w.setLinearVelocity(sliding, Vec2(0, 0.1))
        w.preSolve = { _, _, _ in false }
        for _ in 0..<120 { w.step(1.0 / 60) }   // 2 s, four times timeToSleep
        #expect(try w.isAwake(resting), "the resting box slept although it touches a moving one")
        #expect(try w.isAwake(sliding))
        // Without the contact the resting box sleeps on its own.
        var alone = makeWorld(sleep: true)
        let single = addBox(&alone, at: .zero)
        for _ in 0..<120 { alone.step(1.0 / 60) }
        #expect(try !alone.isAwake(single))
    }

    /// An island sleeps only as a whole: a resting body that touches a moving
    /// one only through another resting body stays awake too, while a resting
    /// body on its own falls asleep. (The sleep pass joins only slow bodies
    /// and marks a slow set that touches a moving body; this is the case
    /// where the mark must reach a body two contacts away.)
    @Test("a resting body joined through a resting body to a moving one stays awake")
    func islandSleepsAsWhole() throws {
        var w = makeWorld(sleep: true)
        // A row of boxes overlapping by 0.1; pre-solve disables both contacts
        // (the middle box asks for it), so nothing pushes the boxes apart, but
        // each contact still joins its island.
        // The far box is made first: the set's root (its smallest member) is
        // then not the box that touches the moving one.
        let far = addBox(&w, at: Vec2(1.8, 0))
        let middle = w.createBody(BodyDefinition(type: .dynamic, position: Vec2(0.9, 0)))
        var sd = ShapeDefinition(); sd.enablePreSolveEvents = true
        _ = try w.createShape(middle, sd, .polygon(.box(halfWidth: 0.5, halfHeight: 0.5)))
        let sliding = addBox(&w, at: Vec2(0, 0))
        let alone = addBox(&w, at: Vec2(10, 0))
        try w.setLinearVelocity(sliding, Vec2(0, 0.1))   // twice the sleep threshold
        w.preSolve = { _, _, _ in false }
        for _ in 0..<120 { w.step(1.0 / 60) }   // 2 s, four times timeToSleep
        #expect(try w.isAwake(sliding))
        #expect(try w.isAwake(middle), "a resting box touching a moving one slept")
        #expect(try w.isAwake(far), "a resting box joined through a resting box to a moving one slept")
        #expect(try !w.isAwake(alone), "a resting box on its own stayed awake")
    }

    /// The promise: a 1 cm circle at 10 000 pt/s never passes through a 1 pt wall.
    @Test("no tunnelling: a 1 cm circle at 10 000 pt/s stops at a 1 pt wall (points world)",
          arguments: [false, true])
    func noTunnellingPoints(segmentWall: Bool) throws {
        var def = WorldDefinition(gravity: .zero, lengthUnitsPerMeter: 100)
        def.enableSleep = false
        var w = World(def)
        let wall = w.createBody(BodyDefinition(type: .static, position: Vec2(500, 0)))
        if segmentWall {
            _ = try w.createShape(wall, ShapeDefinition(), .segment(Vec2(0, -100), Vec2(0, 100)))
        } else {
            _ = try w.createShape(wall, ShapeDefinition(), .polygon(.box(halfWidth: 0.5, halfHeight: 100)))
        }
        for (i, y) in [-50.0, -3.3, 0, 7.7, 42].enumerated() {
            let b = addBall(&w, at: Vec2(Double(i) * 1.37, y), radius: 0.5, velocity: Vec2(10_000, 0))
            for _ in 0..<120 {
                w.step(1.0 / 120)
                #expect(try w.position(of: b).x < 500, "circle \(i) passed the wall")
            }
            try w.destroyBody(b)
        }
    }

    @Test("no tunnelling at meter scale: 5 mm circle at 100 m/s and 1000 m/s against a 1 cm wall", arguments: [100.0, 1000.0])
    func noTunnellingMeters(speed: Double) throws {
        var def = WorldDefinition(gravity: .zero)
        def.enableSleep = false
        def.maxLinearSpeed = 2000
        var w = World(def)
        let wall = w.createBody(BodyDefinition(type: .static, position: Vec2(5, 0)))
        _ = try w.createShape(wall, ShapeDefinition(), .polygon(.box(halfWidth: 0.005, halfHeight: 1)))
        let b = addBall(&w, at: .zero, radius: 0.005, velocity: Vec2(speed, 0.37))
        for _ in 0..<120 {
            w.step(1.0 / 120)
            #expect(try w.position(of: b).x < 5)
        }
    }

    @Test("a bullet does not pass through a thin dynamic plank")
    func bullet() throws {
        var w = makeWorld()
        let plank = addBox(&w, at: Vec2(10, 0), half: 0.05)
        let bd = BodyDefinition(type: .dynamic, position: .zero, linearVelocity: Vec2(600, 0))
        var def = bd; def.isBullet = true
        let b = w.createBody(def)
        _ = try w.createShape(b, ShapeDefinition(), .circle(Circle(radius: 0.02)))
        for _ in 0..<30 { w.step(1.0 / 120) }
        #expect(try w.position(of: b).x < w.position(of: plank).x)
    }
}
