import Foundation
import Testing
import Stardust
@testable import StardustStudio

/// Touching the scene, driven through the document as the page's messages drive it: drags reach the photo wall's
/// physics and are recorded into the document (the export renders the same motion); clicks snap pictures to dust and
/// restore them. Truth: the preset built fresh, rendered by the engine, and the photo wall's own model.
@Suite(.serialized) struct StudioTouchTests {
    /// The photo wall's first photo (row 0, column 0: the scripted finger never touches it) is the root's
    /// sublayer 1 (sublayer 0 is the title).
    static let photoPath = LayerPath([1])
    static let fps = 30.0

    /// The frame at `t` at half a pixel per point (a quarter of the photo wall's pixels at its scale 2, so the
    /// debug-build tests stay light): both sides of every comparison are drawn the same way.
    static func pixels(_ scene: Scene, at t: Double) throws -> [UInt8] {
        let list = scene.root.displayList(size: scene.size, scale: 0.5, background: scene.background, at: t,
                                          context: DrawContext(seed: scene.seed))
        return try Renderer(threads: 1).render(list).pixels
    }

    /// The number of pixels whose RGBA differ (a count, not an array comparison: a failed `#expect` on two
    /// multi-megabyte arrays would spend minutes diffing them for its message).
    static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) / 4 }
        var n = 0
        for i in stride(from: 0, to: a.count, by: 4) where a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] || a[i + 3] != b[i + 3] { n += 1 }
        return n
    }

    /// A paused photo-wall document at `start` seconds.
    static func pausedWall(at start: Double) throws -> StudioDocument {
        let d = try StudioDocument(source: .preset("photo-wall"))
        d.setPlaying(false)
        d.seek(to: start)
        return d
    }

    /// A drag of the first photo: pressed 20 pt right of and 30 pt above its centre, moved by `offsets` (one per frame,
    /// relative to the press), released at `release` (relative to the press) one frame after the last move.
    static func drag(_ d: StudioDocument, offsets: [Point], release: Point) throws -> [String?] {
        let photo = try #require(photoPath.layer(in: d.current.scene.root))
        let grab = Point(photo.position.x + 20, photo.position.y - 30)
        var statuses: [String?] = [try d.pointer(.began, at: grab, id: 7)]
        for o in offsets {
            d.step(frames: 1)
            statuses.append(try d.pointer(.moved, at: Point(grab.x + o.x, grab.y + o.y), id: 7))
        }
        d.step(frames: 1)
        statuses.append(try d.pointer(.ended, at: Point(grab.x + release.x, grab.y + release.y), id: 7))
        return statuses
    }

    @Test func aDragMovesThePhotoAndAReleaseNearTheStartSnapsItBack() throws {
        // The drag ends before the preset's own scripted finger comes down at 0.8 s (the wall has one finger).
        let d = try Self.pausedWall(at: 0.1)
        let slot = try #require(Self.photoPath.layer(in: d.current.scene.root)).position
        // Out to the right by 80 pt over 8 frames, then back: released 10 pt from where it was pressed.
        let out = (1...8).map { Point(10 * Double($0), 0) }
        let back = (1...5).map { Point(80 - 14 * Double($0), 0) }
        let statuses = try Self.drag(d, offsets: out + back, release: Point(10, 0))
        #expect(statuses.last! == "dragged: a touch of 15 events recorded")
        #expect(d.history.edits == 1, "one touch is one edit (one undo step)")
        guard case .pointer(let events)? = d.editList.first?.target else { Issue.record("the touch is not a pointer edit"); return }
        #expect(events.count == 15 && events.first!.phase == .began && events.last!.phase == .ended)
        #expect(events.last!.time < 0.8)

        // Mid-drag (8 frames in) the photo is away from its slot, and the pixels show it.
        let scene = d.current.scene, fresh = Presets.named("photo-wall")!.make()
        let photo = try #require(Self.photoPath.layer(in: scene.root))
        let mid = 0.1 + 8 / Self.fps
        let moved = photo.presentation(at: mid).position
        #expect(moved.x - slot.x > 30, "the photo follows the finger: \(moved) against its slot \(slot)")
        let freshMid = try Self.pixels(fresh, at: mid)
        #expect(Self.differing(try Self.pixels(scene, at: mid), freshMid) > 200)
        // The export renders the same motion: the baked scene carries the recorded touch.
        let baked = try d.bakedScene()
        #expect(try #require(Self.photoPath.layer(in: baked.root)).presentation(at: mid).position == moved)

        // Released 10 pt from the start (within 60 pt): it springs back into its slot and rests there — the
        // photo wall's own model says so, and the frame equals the untouched wall's frame.
        let wall = try #require(scene.simulations.first as? PhotoWall)
        #expect(wall.pose(ofPhoto: 0, at: 5.5) == nil, "back in its slot, its world removed")
        #expect(photo.presentation(at: 5.5).position == slot)
        let settled = try Self.pixels(scene, at: 5.5), untouched = try Self.pixels(fresh, at: 5.5)
        #expect(Self.differing(settled, untouched) == 0)

        // Undo takes the touch back.
        #expect(try d.undo())
        #expect(Self.differing(try Self.pixels(d.current.scene, at: mid), freshMid) == 0)
    }

    @Test func aFlingThrowsThePhotoOutOfTheWall() throws {
        let d = try Self.pausedWall(at: 0.2)
        // A fast throw down and to the right, released 300 pt away.
        let throwPath = (1...6).map { Point(50 * Double($0), 40 * Double($0)) }
        _ = try Self.drag(d, offsets: throwPath, release: Point(300, 240))
        let scene = d.current.scene
        let wall = try #require(scene.simulations.first as? PhotoWall)
        // Released far from the start it falls and is removed once it has left the screen.
        let removed = wall.transitions(through: 6).contains { $0.photo == 0 && $0.kind == .removed }
        #expect(removed, "\(wall.transitions(through: 6).filter { $0.photo == 0 })")
        #expect(wall.pose(ofPhoto: 0, at: 5.9)?.isHidden == true)
    }

    @Test func aClickSnapsAPhotoToDustAndASecondClickRestoresIt() throws {
        let d = try Self.pausedWall(at: 0.5)
        let fresh = Presets.named("photo-wall")!.make()
        let photo = try #require(Self.photoPath.layer(in: d.current.scene.root))
        let centre = photo.position
        // pointerdown + pointerup 3 pt apart: a click, not a drag.
        #expect(try d.pointer(.began, at: centre, id: 1) == nil)
        let snapped = try d.pointer(.ended, at: Point(centre.x + 3, centre.y), id: 1)
        #expect(snapped == "snapped layer 1")
        #expect(d.history.edits == 1)
        guard case .snap(let path, nil)? = d.editList.first?.target else { Issue.record("a click is a snap edit"); return }
        #expect(path == Self.photoPath)
        // The click did not reach the physics: the wall's touches are the preset's own.
        let wall = try #require(d.current.scene.simulations.first as? PhotoWall)
        #expect(wall.pointerTrack == (fresh.simulations.first as! PhotoWall).pointerTrack)
        // Before the snap the frame is the original; a second after it the photo is crumbling.
        #expect(Self.differing(try Self.pixels(d.current.scene, at: 0.4), try Self.pixels(fresh, at: 0.4)) == 0)
        #expect(Self.differing(try Self.pixels(d.current.scene, at: 1.5), try Self.pixels(fresh, at: 1.5)) > 100)

        // A second click at 1.0 s restores it: the dust flies back once it has settled, and from the end of the
        // restore the frame has the original pixels again.
        d.seek(to: 1.0)
        #expect(try d.pointer(.began, at: centre, id: 2) == nil)
        #expect(try d.pointer(.ended, at: centre, id: 2) == "restored layer 1")
        #expect(d.history.edits == 2)
        let restoreEnd = 0.5 + 2 * DustParameters().totalDuration  // the restore starts when the dust has settled
        #expect(restoreEnd < 5.5)
        #expect(Self.differing(try Self.pixels(d.current.scene, at: 3.0), try Self.pixels(fresh, at: 3.0)) > 100)
        let after = try Self.pixels(d.current.scene, at: 5.5)
        let original = try Self.pixels(fresh, at: 5.5)
        #expect(Self.differing(after, original) == 0, "pixels differ after the restore")
    }

    @Test func aDragOnAPictureIsNotAClickAndAClickOnNothingSaysSo() throws {
        let d = try Self.pausedWall(at: 0.5)
        let photo = try #require(Self.photoPath.layer(in: d.current.scene.root))
        // 5 pt is more than a click's 4: a drag of the photo, not a snap.
        _ = try d.pointer(.began, at: photo.position, id: 3)
        let status = try d.pointer(.ended, at: Point(photo.position.x, photo.position.y + 5), id: 3)
        #expect(status?.hasPrefix("dragged") == true)
        guard case .pointer? = d.editList.last?.target else { Issue.record("a drag is a touch"); return }
        // A click on the background (no picture or card there) changes nothing.
        _ = try d.pointer(.began, at: Point(5, 830), id: 4)
        #expect(try d.pointer(.ended, at: Point(5, 830), id: 4) == "nothing to snap at (5, 830)")
        #expect(d.history.edits == 1)
    }

    @Test func theSnapMessageTogglesByLayerPathAndUndoTakesItBack() throws {
        let d = try StudioDocument(source: .preset("thanos"))
        d.setPlaying(false)
        d.seek(to: 0.5)
        // The search bar (sublayer 0): a card with a background color.
        #expect(try d.toggleSnap(LayerPath([0])) == "snapped layer 0")
        d.seek(to: 2.9)
        #expect(try d.toggleSnap(LayerPath([0])) == "restored layer 0")
        #expect(throws: StudioEditError.self) { try d.toggleSnap(LayerPath([99])) }
        #expect(d.history.edits == 2)
        #expect(try d.undo() && d.undo())
        let fresh = Presets.named("thanos")!.make()
        #expect(Self.differing(try Self.pixels(d.current.scene, at: 1.5), try Self.pixels(fresh, at: 1.5)) == 0)
    }

    @Test func aSceneWithoutPhysicsTakesClicksButNotDrags() throws {
        let d = try StudioDocument(source: .preset("snow"))
        d.setPlaying(false)
        _ = try d.pointer(.began, at: Point(10, 10), id: 1)
        d.step(frames: 1)
        _ = try d.pointer(.moved, at: Point(100, 100), id: 1)
        let status = try d.pointer(.ended, at: Point(100, 100), id: 1)
        #expect(status == "a drag moves a photo wall or a scene's physics; this scene has neither")
        #expect(d.history.edits == 0)
    }
}
