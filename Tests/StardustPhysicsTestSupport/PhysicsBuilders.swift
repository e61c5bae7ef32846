import StardustPhysics

// Builders for physics tests (worlds, balls, boxes, ground) and signal helpers, shared by the test targets that
// drive the physics engine. A target of its own so that only those link StardustPhysics (StardustTestSupport
// stays free of it).

/// A world without gravity unless given, meter-like units.
public func makeWorld(gravity: Vec2 = .zero, lengthUnitsPerMeter: Double = 1, sleep: Bool = false) -> World {
    var def = WorldDefinition(gravity: gravity, lengthUnitsPerMeter: lengthUnitsPerMeter)
    def.enableSleep = sleep
    return World(def)
}

@discardableResult
public func addBall(_ w: inout World, at p: Vec2, radius: Double = 0.5, density: Double = 1, friction: Double = 0.6,
             restitution: Double = 0, velocity: Vec2 = .zero, type: BodyType = .dynamic) -> BodyID {
    var bd = BodyDefinition(type: type, position: p)
    bd.linearVelocity = velocity
    let b = w.createBody(bd)
    var sd = ShapeDefinition(friction: friction, restitution: restitution, density: density)
    sd.enablePostSolveEvents = true
    _ = try! w.createShape(b, sd, .circle(Circle(radius: radius)))
    return b
}

@discardableResult
public func addBox(_ w: inout World, at p: Vec2, half: Double = 0.5, angle: Double = 0, friction: Double = 0.6,
            type: BodyType = .dynamic, density: Double = 1) -> BodyID {
    let b = w.createBody(BodyDefinition(type: type, position: p, angle: angle))
    _ = try! w.createShape(b, ShapeDefinition(friction: friction, density: density), .polygon(.box(halfWidth: half, halfHeight: half)))
    return b
}

/// Static ground whose top surface is y = 0 (y down: the ground fills y > 0).
@discardableResult
public func addGround(_ w: inout World, friction: Double = 0.6, restitution: Double = 0, halfWidth: Double = 50) -> BodyID {
    let g = w.createBody(BodyDefinition(type: .static))
    _ = try! w.createShape(g, ShapeDefinition(friction: friction, restitution: restitution),
                           .polygon(.box(halfWidth: halfWidth, halfHeight: 1, center: Vec2(0, 1))))
    return g
}

/// Times (s) of upward zero crossings of a sampled signal, linearly interpolated.
public func upwardCrossings(_ samples: [Double], dt: Double, level: Double = 0) -> [Double] {
    var out: [Double] = []
    for i in 1..<samples.count where samples[i - 1] < level && samples[i] >= level {
        let f = (level - samples[i - 1]) / (samples[i] - samples[i - 1])
        out.append((Double(i - 1) + f) * dt)
    }
    return out
}

public func relErr(_ a: Double, _ b: Double) -> Double { abs(a - b) / abs(b) }
