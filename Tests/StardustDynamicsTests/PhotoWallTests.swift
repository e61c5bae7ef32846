import Foundation
import Testing
import StardustCore
import StardustAnimation
import StardustDynamics

/// The photo wall (docs/DESIGN.md §7): transitions in order, the 60 pt rule, gravity, worlds destroyed.
@Suite("PhotoWall: photos as cards on a finger")
struct PhotoWallTests {
    /// Two 100 pt photos at (100, 100) and (250, 100) on a 400 × 400 pt screen.
    static func makeWall(_ settings: PhotoWallSettings = PhotoWallSettings()) -> PhotoWall {
        let photos = [Point(100, 100), Point(250, 100)].enumerated().map { i, p -> Layer in
            let l = Layer()
            l.name = "photo\(i)"
            l.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
            l.position = p
            return l
        }
        return PhotoWall(photos: photos, visibleBounds: Rect(x: 0, y: 0, width: 400, height: 400), settings: settings)
    }

    /// Drags from `from` straight to `to` over 0.3 s starting at `time`, then lifts.
    static func drag(_ wall: PhotoWall, from: Point, to: Point, at time: Double) {
        wall.touchesBegan(at: from, time: time)
        for k in 1...9 {
            let s = Double(k) / 9
            wall.touchesMoved(at: Point(from.x + s * (to.x - from.x), from.y + s * (to.y - from.y)), time: time + 0.3 * s)
        }
        wall.touchesEnded(at: to, time: time + 0.3)
    }

    @Test("every transition is delivered once, in order: grabbed → returning → settled, grabbed → falling → removed")
    func transitionsInOrder() {
        let wall = Self.makeWall()
        Self.drag(wall, from: Point(120, 80), to: Point(150, 90), at: 0.1)     // 31.6 pt: back home
        Self.drag(wall, from: Point(260, 90), to: Point(380, 20), at: 2.0)     // 139 pt: away
        var got: [PhotoWallTransition] = []
        wall.onTransition = { got.append($0) }
        for k in 0...(8 * 30) { wall.update(to: Double(k) / 30) }
        wall.update(to: 8)   // again: nothing new
        let expected: [(Int, PhotoWallTransition.Kind)] = [(0, .grabbed), (0, .returning), (0, .settled),
                                                           (1, .grabbed), (1, .falling), (1, .removed)]
        #expect(got.map(\.photo) == expected.map(\.0))
        #expect(got.map(\.kind) == expected.map(\.1))
        #expect(zip(got, got.dropFirst()).allSatisfy { $0.time <= $1.time })
        // A touch takes effect in the first step starting at or after its time; stamped with that step's end.
        #expect(got.first?.time == 13.0 / 120)
        #expect(got[1].time == Double(Int((0.4 * 120).rounded(.up)) + 1) / 120)
        // The same list is available without callbacks, and as trace events with the photos' names.
        #expect(wall.transitions(through: 8) == got)
        #expect(wall.events(after: 0, through: 8).map(\.name) == got.map { "photo.\($0.kind.rawValue)" })
        #expect(wall.events(after: 0, through: 8).map(\.subject) == ["photo0", "photo0", "photo0", "photo1", "photo1", "photo1"])
    }

    @Test("a settled photo has no world and shows its slot; a removed one is hidden")
    func worldsAreDestroyed() throws {
        let wall = Self.makeWall()
        Self.drag(wall, from: Point(120, 80), to: Point(150, 90), at: 0.1)
        Self.drag(wall, from: Point(260, 90), to: Point(380, 20), at: 2.0)
        let settled = try #require(wall.transitions(through: 8).first { $0.kind == .settled }).time
        let removed = try #require(wall.transitions(through: 8).first { $0.kind == .removed }).time
        // Just before settling it is within the settle distance of its slot; after it, no pose at all.
        let before = try #require(wall.pose(ofPhoto: 0, at: settled - 1.0 / 120))
        #expect(hypot(before.position.x - 100, before.position.y - 100) < 0.25)
        #expect(wall.pose(ofPhoto: 0, at: settled) == nil)
        #expect(wall.bodyReports(at: settled).map(\.name) == [])
        #expect(wall.photos[0].presentation(at: settled + 0.5).position == Point(100, 100))
        // While it falls it is reported as a body; once out of view it is hidden and has no body.
        #expect(wall.bodyReports(at: removed - 0.1).map(\.name) == ["photo1"])
        #expect(wall.photos[1].presentation(at: removed).isHidden)
        #expect(wall.bodyReports(at: removed).isEmpty)
        // It was removed as soon as it had left the screen: one step before, its center was beyond an
        // edge by about half its size (50 pt to 70.7 pt, less one step's travel).
        let last = try #require(wall.bodyReports(at: removed - 1.0 / 120).first).position
        #expect(last.x > 440 || last.y > 440 || last.y < -40, "last seen at \(last)")
    }

    @Test("the return distance is 60 pt: 59 pt brings the photo back, 61 pt lets it fall")
    func returnThreshold() {
        for (distance, kind) in [(59.0, PhotoWallTransition.Kind.returning), (61.0, .falling)] {
            let wall = Self.makeWall()
            Self.drag(wall, from: Point(100, 100), to: Point(100 + distance, 100), at: 0.1)
            #expect(wall.transitions(through: 1).map(\.kind) == [.grabbed, kind], "released \(distance) pt away")
        }
    }

    @Test("a cancelled touch puts the photo back")
    func cancelReturns() {
        let wall = Self.makeWall()
        wall.touchesBegan(at: Point(100, 100), time: 0.1)
        wall.touchesMoved(at: Point(300, 300), time: 0.3)
        wall.touchesCancelled(at: Point(300, 300), time: 0.4)
        #expect(wall.transitions(through: 5).map(\.kind) == [.grabbed, .returning, .settled])
    }

    @Test("a released photo falls freely: dv/dt = g, spin constant (no air)")
    func fallsUnderGravity() throws {
        var settings = PhotoWallSettings()
        settings.airDamping = 0
        let wall = Self.makeWall(settings)
        Self.drag(wall, from: Point(130, 70), to: Point(230, 60), at: 0.1)
        let release = try #require(wall.transitions(through: 1).last { $0.kind == .falling }).time
        let t1 = release + 10.0 / 120, t2 = release + 40.0 / 120
        let a = try #require(wall.bodyReports(at: t1).first), b = try #require(wall.bodyReports(at: t2).first)
        #expect(abs((b.velocity.y - a.velocity.y) - settings.gravity * (t2 - t1)) < 1e-6 * settings.gravity)
        #expect(abs(b.velocity.x - a.velocity.x) < 1e-9)
        #expect(abs(b.angularVelocity - a.angularVelocity) < 1e-9)
        #expect(abs(a.angularVelocity) > 0.1, "a card flung from off its center spins")
    }

    @Test("a card held still off its center hangs below the finger, turned 45°")
    func cardHangsFromFinger() throws {
        let wall = Self.makeWall()
        // Held by the top-right corner region and kept still: the center swings below the finger.
        wall.touchesBegan(at: Point(130, 70), time: 0.1)
        wall.touchesMoved(at: Point(130, 70), time: 0.2)
        let pose = try #require(wall.pose(ofPhoto: 0, at: 6))
        // Hanging at rest: the center is straight below the held point (the card turned by atan(30/30) = 45°).
        #expect(abs(pose.position.x - 130) < 1)
        #expect(abs(pose.position.y - (70 + 30 * 2.0.squareRoot())) < 1)
        #expect(abs(abs(pose.rotation) - .pi / 4) < 0.02)
    }

    @Test("any frame renders alone: sampling in reverse gives the same poses as in order")
    func orderIndependent() {
        let a = Self.makeWall(), b = Self.makeWall()
        for w in [a, b] { Self.drag(w, from: Point(260, 90), to: Point(380, 20), at: 0.2) }
        let times = (0..<60).map { Double($0) / 30 }
        let forward = times.map { a.pose(ofPhoto: 1, at: $0) }
        let backward = times.reversed().map { b.pose(ofPhoto: 1, at: $0) }
        #expect(forward == Array(backward.reversed()))
    }
}
