import Foundation
import Testing
import StardustCore
import StardustAnimation
import StardustDynamics

/// Several fingers at once (``PointerEvent/pointer``): each holds its own photo exactly as if it
/// were alone; two fingers on one photo hold it at two points.
@Suite("PhotoWall and PhysicsController: multi-touch")
struct PhotoWallMultiTouchTests {
    /// A straight drag of finger `pointer` from `from` to `to` over 0.3 s starting at `time`, then a lift.
    static func drag(_ input: PointerInput, pointer: Int, from: Point, to: Point, at time: Double) {
        input.touchesBegan(at: from, time: time, pointer: pointer)
        for k in 1...9 {
            let s = Double(k) / 9
            input.touchesMoved(at: Point(from.x + s * (to.x - from.x), from.y + s * (to.y - from.y)), time: time + 0.3 * s, pointer: pointer)
        }
        input.touchesEnded(at: to, time: time + 0.3, pointer: pointer)
    }

    static let times = (0...(5 * 30)).map { Double($0) / 30 }

    @Test("two simultaneous drags move two photos exactly as the two drags do one at a time")
    func twoFingersTwoPhotos() {
        let both = PhotoWallTests.makeWall(), first = PhotoWallTests.makeWall(), second = PhotoWallTests.makeWall()
        // Finger 0 flings photo 0 away; finger 1, at the same moments, wiggles photo 1 and puts it back.
        for wall in [both, first] { Self.drag(wall, pointer: 0, from: Point(120, 80), to: Point(330, 300), at: 0.1) }
        for wall in [both, second] { Self.drag(wall, pointer: 1, from: Point(260, 90), to: Point(290, 120), at: 0.1) }
        for t in Self.times {
            #expect(both.pose(ofPhoto: 0, at: t) == first.pose(ofPhoto: 0, at: t), "photo 0 at \(t)")
            #expect(both.pose(ofPhoto: 1, at: t) == second.pose(ofPhoto: 1, at: t), "photo 1 at \(t)")
        }
        // The photos really moved, each its own way, and each has its own transitions.
        #expect(both.pose(ofPhoto: 0, at: 0.4) != nil && both.pose(ofPhoto: 1, at: 0.4) != nil)
        let all = both.transitions(through: 5)
        #expect(all.filter { $0.photo == 0 } == first.transitions(through: 5))
        #expect(all.filter { $0.photo == 1 } == second.transitions(through: 5))
        #expect(all.filter { $0.photo == 0 }.map(\.kind) == [.grabbed, .falling, .removed])
        #expect(all.filter { $0.photo == 1 }.map(\.kind) == [.grabbed, .returning, .settled])
        // Two drag joints at once in the trace, one per photo, each from the world.
        let held = both.jointReports(at: 0.3)
        #expect(held.map(\.type) == ["drag", "drag"])
        #expect(held.map(\.bodyB) == ["photo0", "photo1"])
        #expect(held.allSatisfy { $0.bodyA == nil })
    }

    @Test("two fingers on one photo: turning the fingers turns the card; the last finger up decides")
    func twoFingersOnePhoto() throws {
        let wall = PhotoWallTests.makeWall()
        let c = Point(100, 100), r = 40.0, turn = Double.pi / 6
        func finger(_ sign: Double, _ phi: Double) -> Point { Point(c.x + sign * r * cos(phi), c.y + sign * r * sin(phi)) }
        wall.touchesBegan(at: finger(-1, 0), time: 0.1, pointer: 0)
        wall.touchesBegan(at: finger(1, 0), time: 0.1, pointer: 1)
        for k in 1...30 {
            let phi = turn * Double(k) / 30, t = 0.1 + 0.5 * Double(k) / 30
            wall.touchesMoved(at: finger(-1, phi), time: t, pointer: 0)
            wall.touchesMoved(at: finger(1, phi), time: t, pointer: 1)
        }
        let held = try #require(wall.pose(ofPhoto: 0, at: 1.5))
        // Under gravity too: the card hangs from two points, so it takes their angle.
        #expect(abs(held.rotation - turn) < 0.01, "the card turned \(held.rotation) rad with the fingers (\(turn))")
        #expect(hypot(held.position.x - c.x, held.position.y - c.y) < 0.5, "and stays centred between them")
        // One card, two drag joints, at the fingers.
        let joints = wall.jointReports(at: 1.5)
        #expect(joints.count == 2 && joints.allSatisfy { $0.type == "drag" && $0.bodyB == "photo0" })
        for (j, sign) in zip(joints, [-1.0, 1.0]) {
            let f = finger(sign, turn)
            #expect(hypot(j.anchorA.x - f.x, j.anchorA.y - f.y) < 1e-9, "anchor A is the finger")
            #expect(hypot(j.anchorB.x - f.x, j.anchorB.y - f.y) < 0.5, "the card's point is under the finger")
        }
        // Lifting one finger changes nothing; the other, lifted near where it touched down, sends the card home.
        wall.touchesEnded(at: finger(1, turn), time: 1.6, pointer: 1)
        #expect(wall.transitions(through: 1.7).map(\.kind) == [.grabbed])
        #expect(wall.jointReports(at: 1.7).count == 1)
        wall.touchesEnded(at: finger(-1, turn), time: 1.8, pointer: 0)
        #expect(wall.transitions(through: 6).map(\.kind) == [.grabbed, .returning, .settled])
    }

    @Test("without gravity a finger still drags its photo: the grip is set against the standard weight")
    func noGravity() throws {
        var settings = PhotoWallSettings()
        settings.gravity = 0
        let wall = PhotoWallTests.makeWall(settings)
        wall.touchesBegan(at: Point(100, 100), time: 0.1)
        wall.touchesMoved(at: Point(160, 130), time: 0.2)
        // Grabbed at its centre and held still at (160, 130): with no gravity the centre comes to the finger.
        let pose = try #require(wall.pose(ofPhoto: 0, at: 2))
        #expect(hypot(pose.position.x - 160, pose.position.y - 130) < 0.5, "\(pose.position)")
        #expect(abs(pose.rotation) < 1e-6)
    }

    @Test("a touch began again by the same finger lets its photo go as if cancelled; other fingers keep theirs")
    func sameFingerBeganAgain() {
        let wall = PhotoWallTests.makeWall()
        wall.touchesBegan(at: Point(120, 80), time: 0.1, pointer: 0)
        wall.touchesBegan(at: Point(260, 90), time: 0.1, pointer: 1)
        wall.touchesBegan(at: Point(80, 120), time: 0.5, pointer: 0)   // finger 0 again, on photo 0 again
        let kinds = wall.transitions(through: 0.6).map { "\($0.photo) \($0.kind)" }
        #expect(kinds == ["0 grabbed", "1 grabbed", "0 returning", "0 grabbed"])
    }

    @Test("the physics controller drags two bodies with two fingers as it drags each alone")
    func controllerTwoFingers() throws {
        func make() throws -> (PhysicsController, BodyID, BodyID) {
            var world = World(WorldDefinition(gravity: Vec2(0, 10)))
            let a = world.createBody(BodyDefinition(type: .dynamic, position: Vec2(1, 1)))
            let b = world.createBody(BodyDefinition(type: .dynamic, position: Vec2(10, 1)))
            for body in [a, b] { _ = try world.createShape(body, ShapeDefinition(density: 1), .polygon(.box(halfWidth: 0.5, halfHeight: 0.5))) }
            return (PhysicsController(world: world, pointsPerUnit: 100), a, b)
        }
        let (both, a, b) = try make(), (first, _, _) = try make(), (second, _, _) = try make()
        for c in [both, first] { Self.drag(c, pointer: 3, from: Point(120, 110), to: Point(300, 50), at: 0.05) }
        for c in [both, second] { Self.drag(c, pointer: 7, from: Point(1000, 90), to: Point(900, 20), at: 0.05) }
        for step in [12, 36, 60] {
            let w = both.world(atStep: step)
            let pa = try w.position(of: a), pb = try w.position(of: b)
            let qa = try first.world(atStep: step).position(of: a), qb = try second.world(atStep: step).position(of: b)
            #expect((pa - qa).length < 1e-9 && (pb - qb).length < 1e-9, "step \(step)")
        }
        // Both bodies were held up against gravity while the fingers were down.
        let w = both.world(atStep: 36)
        #expect(try w.position(of: a).y < 1 && w.position(of: b).y < 1)
    }
}
