import Foundation
import Testing
import StardustCore
import StardustAnimation
import StardustDynamics

/// The physics controller: bodies on layers, touches through the drag joint, time as an input.
@Suite("PhysicsController: bodies bound to layers, pointer input")
struct PhysicsControllerTests {
    /// A 0.5-unit box at (1, 1) in a world of 100 pt per unit, shown on a layer.
    static func makeBox(gravity: Vec2) throws -> (PhysicsController, BodyID, Layer) {
        let controller = PhysicsController(world: World(WorldDefinition(gravity: gravity)), pointsPerUnit: 100)
        let body = try controller.modifyWorld { world throws(PhysicsError) -> BodyID in
            let b = world.createBody(BodyDefinition(type: .dynamic, position: Vec2(1, 1)))
            try world.createShape(b, ShapeDefinition(density: 1), .polygon(.box(halfWidth: 0.25, halfHeight: 0.25)))
            return b
        }
        let layer = Layer()
        layer.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        layer.position = Point(0, 0)
        controller.bind(body, name: "box", to: layer)
        return (controller, body, layer)
    }

    @Test("a bound layer falls ½·g·t² (in points: units × pointsPerUnit)")
    func freeFall() throws {
        let (_, _, layer) = try Self.makeBox(gravity: Vec2(0, 10))
        for t in [0.25, 0.5, 1.0] {
            let p = layer.presentation(at: t).position
            let exact = 100 + 100 * 0.5 * 10 * t * t
            // The integrator (symplectic Euler, 4 sub-steps of 1/480 s) is first order: error ≤ ½·g·t·h per unit.
            #expect(abs(p.y - exact) <= 100 * 0.5 * 10 * t * (1.0 / 480) + 1e-9, "t = \(t): \(p.y) vs \(exact)")
            #expect(p.x == 100)
        }
    }

    @Test("a body's poses over a range of steps are the timeline's, in points, the angle continuous; a touch says to read them again")
    func posesOverStepsAndResimulation() throws {
        let (controller, body, _) = try Self.makeBox(gravity: Vec2(0, 10))
        controller.modifyWorld { world in _ = try? world.setAngularVelocity(body, 40) }
        let poses = controller.poses(of: body, steps: 100..<400)
        #expect(poses.count == 300)
        for (i, step) in [100, 217, 399].enumerated() {
            let t = try controller.world(atStep: step).transform(of: body)
            let p = poses[step - 100]
            #expect(p.x == t.p.x * 100 && p.y == t.p.y * 100, "step \(step), case \(i)")
            #expect(abs(remainder(p.z - t.q.angle, 2 * .pi)) < 1e-12)
        }
        // At 40 rad/s the body turns many times over these steps: the samples never jump by 2π.
        #expect(zip(poses, poses.dropFirst()).allSatisfy { abs($1.z - $0.z) < .pi })
        #expect(poses.last!.z - poses.first!.z > 2 * .pi)
        let told = Told()
        controller.whenResimulated { told.mark() }
        controller.touchesBegan(at: Point(100, 100), time: 1)
        #expect(told.count >= 1)
    }

    /// Counts calls from a `@Sendable` closure.
    final class Told: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func mark() { lock.lock(); n += 1; lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return n }
    }

    @Test("a touch on a body drags it to the finger through the drag joint; the body stays dynamic")
    func dragFollowsFinger() throws {
        let (controller, body, layer) = try Self.makeBox(gravity: .zero)
        controller.touchesBegan(at: Point(110, 90), time: 0.1)      // on the box, off its center
        controller.touchesMoved(at: Point(210, 190), time: 0.2)
        // The held point (10, −10) pt from the center ends at the finger.
        let p = layer.presentation(at: 3).position
        let held = try controller.world(at: 3).worldPoint(of: body, local: Vec2(0.1, -0.1))
        #expect(abs(held.x - 2.1) < 0.01 && abs(held.y - 1.9) < 0.01, "held point at \(held)")
        #expect(p.x > 190)
        for step in stride(from: 0, through: 360, by: 12) {
            #expect(try controller.world(atStep: step).type(of: body) == .dynamic)
        }
    }

    @Test("released, the body keeps its velocity (no gravity: it moves uniformly)")
    func releaseKeepsVelocity() throws {
        let (controller, body, _) = try Self.makeBox(gravity: .zero)
        controller.touchesBegan(at: Point(100, 100), time: 0)
        for k in 1...10 { controller.touchesMoved(at: Point(100 + 20 * Double(k), 100), time: 0.05 * Double(k)) }
        controller.touchesEnded(at: Point(300, 100), time: 0.5)
        let v1 = try controller.world(at: 1).linearVelocity(of: body)
        let v2 = try controller.world(at: 2).linearVelocity(of: body)
        #expect(v1.x > 1)
        #expect(v1 == v2)
        let x1 = try controller.world(at: 1).position(of: body).x, x2 = try controller.world(at: 2).position(of: body).x
        #expect(abs((x2 - x1) - v1.x * 1) < 1e-9)
    }

    @Test("a touch that starts on no body drags nothing")
    func missDoesNothing() throws {
        let (controller, body, _) = try Self.makeBox(gravity: .zero)
        controller.touchesBegan(at: Point(300, 300), time: 0.1)
        controller.touchesMoved(at: Point(100, 100), time: 0.2)
        #expect(try controller.world(at: 2).position(of: body) == Vec2(1, 1))
    }

    @Test("touches at the controller's clock equal touches with explicit times")
    func clockRecording() throws {
        let (a, bodyA, _) = try Self.makeBox(gravity: Vec2(0, 10))
        let (b, bodyB, _) = try Self.makeBox(gravity: Vec2(0, 10))
        a.touchesBegan(at: Point(100, 100), time: 0.2); a.touchesMoved(at: Point(150, 50), time: 0.4)
        b.currentTime = 0.2; b.touchesBegan(at: Point(100, 100))
        b.currentTime = 0.4; b.touchesMoved(at: Point(150, 50))
        #expect(try a.world(at: 1).position(of: bodyA) == b.world(at: 1).position(of: bodyB))
        #expect(a.world(at: 1).stateHash() == b.world(at: 1).stateHash())
    }

    @Test("samples do not depend on the order of the times asked, nor on touches recorded later")
    func orderIndependent() throws {
        let (a, _, layerA) = try Self.makeBox(gravity: Vec2(0, 10))
        let (b, _, layerB) = try Self.makeBox(gravity: Vec2(0, 10))
        for c in [a, b] { c.touchesBegan(at: Point(100, 100), time: 0.3); c.touchesMoved(at: Point(200, 50), time: 0.5) }
        let times = (0..<40).map { Double($0) / 20 }
        let forward = times.map { layerA.presentation(at: $0).position }
        let backward = times.reversed().map { layerB.presentation(at: $0).position }
        #expect(forward == Array(backward.reversed()))
        // A touch recorded after sampling changes only what follows its time.
        let early = layerA.presentation(at: 0.9).position
        a.touchesEnded(at: Point(200, 50), time: 1.0)
        #expect(layerA.presentation(at: 0.9).position == early)
    }

    @Test("a bound layer the app hides stays hidden (a pose only ever hides)")
    func modelHiddenWins() throws {
        let (_, _, layer) = try Self.makeBox(gravity: Vec2(0, 10))
        #expect(layer.presentation(at: 0.5).isHidden == false)
        layer.isHidden = true
        #expect(layer.presentation(at: 0.5).isHidden == true)
    }
}
