// PhysicsWorkloads.swift — the benchmark scenes of docs/BENCHMARKS.md, built
// exactly as written there, for `stardust bench physics-pyramid` /
// `physics-rain` and for the anchor scripts (benchmarks/anchors/physics_anchors.py
// builds the same scenes in pymunk and Box2D v3). No timing here.
//
// Coordinates follow Stardust's y-down convention: gravity (0, +10), the
// ground's top surface at y = 0, boxes above it at negative y.

import StardustPhysics

/// The benchmark scenes of docs/BENCHMARKS.md (`physics-pyramid`, `physics-rain`), built exactly as written there.
public enum PhysicsWorkloads {
    /// A built pyramid: the world, the top box and where it started.
    public struct Pyramid: Sendable {
        /// The world holding the ground and the pyramid.
        public var world: World
        /// The pyramid's top box.
        public var top: BodyID
        /// The top box's position before the first step.
        public var topStart: Vec2
        /// Time step of the workload: 1/60 s.
        public var timeStep: Double

        /// Steps the world `steps` times at 1/60 s. O(steps · boxes).
        public mutating func run(steps: Int) {
            for _ in 0..<steps { world.step(timeStep) }
        }

        /// How far the top box moved from its start, units.
        public var topDisplacement: Double { ((try? world.position(of: top)) ?? topStart).distance(to: topStart) }
    }

    /// physics-pyramid: 1×1 boxes (radius 0), friction 0.6, density 1, on a
    /// static ground; gravity 10 down; rows base, base − 1, …, 1, each
    /// centered, centers 1 unit apart; the bottom row resting on the ground.
    /// Default solver settings (4 sub-steps, sleeping on, continuous on).
    /// Run 500 steps of 1/60 s and report `topDisplacement`.
    public static func pyramid(base: Int) -> Pyramid {
        var world = World(WorldDefinition(gravity: Vec2(0, 10)))
        let ground = world.createBody(BodyDefinition(type: .static, position: Vec2(0, 0)))
        var sd = ShapeDefinition(friction: 0.6, density: 1)
        _ = try? world.createShape(ground, sd, .polygon(.box(halfWidth: Double(base) + 20, halfHeight: 1, center: Vec2(0, 1))))
        let box = Polygon.box(halfWidth: 0.5, halfHeight: 0.5)
        sd.density = 1
        var top = ground
        for row in 0..<base {
            let count = base - row
            let y = -0.5 - Double(row)
            for k in 0..<count {
                let x = (Double(k) - 0.5 * Double(count - 1)) * 1.0
                let b = world.createBody(BodyDefinition(type: .dynamic, position: Vec2(x, y)))
                _ = try? world.createShape(b, sd, .polygon(box))
                top = b
            }
        }
        let start = (try? world.position(of: top)) ?? .zero
        return Pyramid(world: world, top: top, topStart: start, timeStep: 1.0 / 60.0)
    }

    /// Seed of the rain workload's counter-based hash.
    public static let rainSeed: UInt64 = 2024

    /// physics-rain: 2000 circles of radius 0.25–0.5 and 2000 boxes of side
    /// 0.5–1, sizes and horizontal jitter from `hashUniform(seed: 2024, index:)`,
    /// on a 50-column grid (spacing 1.2) above a static open box 60 units wide
    /// (floor and two walls, 1 unit thick, 150 tall); circles and boxes
    /// alternate. Friction 0.6, density 1. Run 1000 steps of 1/60 s.
    public static func rain() -> World {
        var world = World(WorldDefinition(gravity: Vec2(0, 10)))
        let ground = world.createBody(BodyDefinition(type: .static))
        let sd = ShapeDefinition(friction: 0.6, density: 1)
        _ = try? world.createShape(ground, sd, .polygon(.box(halfWidth: 31, halfHeight: 0.5, center: Vec2(0, 0.5))))
        _ = try? world.createShape(ground, sd, .polygon(.box(halfWidth: 0.5, halfHeight: 75, center: Vec2(-30.5, -75))))
        _ = try? world.createShape(ground, sd, .polygon(.box(halfWidth: 0.5, halfHeight: 75, center: Vec2(30.5, -75))))
        for i in 0..<4000 {
            let col = i % 50, row = i / 50
            let jitter = (hashUniform(seed: rainSeed, index: UInt64(3 * i)) - 0.5) * 0.1
            let size = hashUniform(seed: rainSeed, index: UInt64(3 * i + 1))
            let x = -29.4 + 1.2 * Double(col) + jitter
            let y = -1.0 - 1.2 * Double(row)
            let b = world.createBody(BodyDefinition(type: .dynamic, position: Vec2(x, y)))
            if i % 2 == 0 {
                _ = try? world.createShape(b, sd, .circle(Circle(radius: 0.25 + 0.25 * size)))
            } else {
                let h = 0.5 * (0.5 + 0.5 * size)
                _ = try? world.createShape(b, sd, .polygon(.box(halfWidth: h, halfHeight: h)))
            }
        }
        return world
    }
}

extension PhysicsWorkloads {
    /// A small mixed scene (boxes, circles, capsules, a pivot chain) used
    /// to pin the determinism hash: 300 steps of 1/120 s must give
    /// `mixedSceneGoldenHash` in debug and release builds alike.
    public static func mixedScene() -> World {
        var w = World(WorldDefinition(gravity: Vec2(0, 10)))
        let ground = w.createBody(BodyDefinition(type: .static))
        _ = try? w.createShape(ground, ShapeDefinition(), .polygon(.box(halfWidth: 50, halfHeight: 1, center: Vec2(0, 1))))
        for i in 0..<12 {
            let x = Double(i % 4) * 1.1 - 1.6, y = -1.0 - Double(i / 4) * 1.3
            let b = w.createBody(BodyDefinition(type: .dynamic, position: Vec2(x, y), angle: i % 3 == 0 ? 0.1 * Double(i) : (i % 3 == 2 ? 0.3 : 0)))
            switch i % 3 {
            case 0: _ = try? w.createShape(b, ShapeDefinition(), .polygon(.box(halfWidth: 0.4, halfHeight: 0.4)))
            case 1:
                var sd = ShapeDefinition(); sd.restitution = 0.3
                _ = try? w.createShape(b, sd, .circle(Circle(radius: 0.35)))
            default: _ = try? w.createShape(b, ShapeDefinition(), .capsule(Capsule(point1: Vec2(-0.3, 0), point2: Vec2(0.3, 0), radius: 0.2)))
            }
        }
        var prev: BodyID? = nil
        for k in 0..<4 {
            let b = w.createBody(BodyDefinition(type: .dynamic, position: Vec2(4 + Double(k) * 0.5, -6)))
            _ = try? w.createShape(b, ShapeDefinition(), .circle(Circle(radius: 0.2)))
            _ = try? w.createPivotJoint(prev, b, worldPivot: Vec2(3.75 + Double(k) * 0.5, -6))
            prev = b
        }
        return w
    }
}
