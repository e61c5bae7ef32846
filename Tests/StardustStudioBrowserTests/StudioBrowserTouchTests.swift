import Foundation
import Testing
import Stardust
@testable import StardustStudio

/// Touching the scene in the browser: WebDriver pointer actions on `#preview` reach the server as the page's
/// `pointer` messages. A drag on the photo wall moves a photo (the preview shows it, pixel for pixel the engine's
/// frame) and the photo returns to its slot; a click on a thanos card snaps it to dust and a second click restores it.
extension StudioBrowserTests {
    /// The offset from the preview's center, in CSS pixels, of a scene point (for pointer actions relative to it).
    func previewOffset(_ p: Point) async throws -> (x: Double, y: Double) {
        let b = try browser
        let r = try await b.driver.rect(try await b.driver.element("#preview"))
        let size = b.document.current.scene.size
        return ((p.x / size.width - 0.5) * r.width, (p.y / size.height - 0.5) * r.height)
    }

    @Test func draggingAPhotoMovesItAndItReturnsToItsSlot() async throws {
        let b = try browser
        try await b.openPreset("photo-wall")
        try await b.pause()
        // Before the preset's own scripted finger (0.8 s). Physics advances with the playhead, so the drag steps
        // one frame between its events (as a paused designer stepping would): no event's time depends on the
        // machine's speed.
        try await b.driver.execute("window.studio.send({ type: 'seek', time: 0.05 })")
        try await b.wait("the playhead to move") { b.document.transport().time == 0.05 }
        let photoPath = LayerPath([1])  // the first photo (sublayer 0 is the title)
        let slot = try #require(photoPath.layer(in: b.document.current.scene.root)).position
        let grab = try await previewOffset(Point(slot.x + 20, slot.y - 30))
        let scale = try await previewOffset(Point(1, 0)).x - (try await previewOffset(Point(0, 0)).x)
        let preview = try await b.driver.element("#preview")
        // After the page sent the move (once per animation frame), one frame forward.
        let stepAfterTheMove = """
            const done = arguments[arguments.length - 1];
            requestAnimationFrame(() => requestAnimationFrame(() => { window.studio.send({ type: 'step', frames: 1 }); done(true); }));
            """
        try await b.driver.pointer([("move", grab.x, grab.y, 0), ("down", 0, 0, 0)], relativeTo: preview, release: false)
        let offsets = (1...8).map { 10 * Double($0) } + (1...5).map { 80 - 14 * Double($0) }
        for dx in offsets {
            _ = try await b.driver.executeAsync(stepAfterTheMove)
            try await b.driver.pointer([("move", grab.x + dx * scale, grab.y, 0)], relativeTo: preview, release: false)
        }
        _ = try await b.driver.executeAsync(stepAfterTheMove)
        try await b.driver.pointer([("up", 0, 0, 0)], relativeTo: preview)
        try await b.wait("the status to report the drag") { try await b.text("status").hasPrefix("dragged") }
        #expect(b.document.history.edits == 1, "one touch is one edit")
        try await b.pause()
        guard case .pointer(let events)? = b.document.editList.first?.target else { Issue.record("the drag is not a pointer edit"); return }
        #expect(events.count >= 3 && events.first!.phase == .began && events.last!.phase == .ended)
        // Halfway through the drag the photo is away from its slot, and the preview shows the engine's frame of it.
        let mid = events[events.count / 2].time
        let photo = try #require(photoPath.layer(in: b.document.current.scene.root))
        #expect(abs(photo.presentation(at: mid).position.x - slot.x) > 10, "the photo follows the finger")
        try await b.driver.execute("window.studio.send({ type: 'seek', time: arguments[0] })", [mid])
        try await b.wait("the playhead to move") { b.document.transport().time == mid }
        let dragged = try await b.waitForEngineFrame()
        let fresh = Presets.named("photo-wall")!.make()
        let untouched = try Renderer().render(fresh.displayList(at: mid))
        let freshHash = StudioBrowser.digest(untouched)
        #expect(dragged.hash != freshHash, "the preview shows the photo dragged")
        // Released near where it was pressed: the photo springs back and rests in its slot (the photo wall's own
        // model: its world is removed), and the preview shows the engine's frame of it.
        #expect(events.last!.time < 0.8, "the drag ended before the preset's own finger comes down")
        #expect(photo.presentation(at: 5.5).position == slot)
        let wall = try #require(b.document.current.scene.simulations.first as? PhotoWall)
        #expect(wall.pose(ofPhoto: 0, at: 5.5) == nil, "back in its slot")
        try await b.driver.execute("window.studio.send({ type: 'seek', time: 5.5 })")
        try await b.wait("the playhead to move") { b.document.transport().time == 5.5 }
        try await b.waitForEngineFrame()
    }

    /// A fast throw, released 300 pt from where it began: the photo falls away and leaves the wall.
    @Test func flingingAPhotoThrowsItOutOfTheWall() async throws {
        let b = try browser
        try await b.openPreset("photo-wall")
        try await b.pause()
        try await b.driver.execute("window.studio.send({ type: 'seek', time: 0.05 })")
        try await b.wait("the playhead to move") { b.document.transport().time == 0.05 }
        let photoPath = LayerPath([1])
        let slot = try #require(photoPath.layer(in: b.document.current.scene.root)).position
        let grab = try await previewOffset(Point(slot.x, slot.y))
        let scale = try await previewOffset(Point(1, 0)).x - (try await previewOffset(Point(0, 0)).x)
        let preview = try await b.driver.element("#preview")
        let stepAfterTheMove = """
            const done = arguments[arguments.length - 1];
            requestAnimationFrame(() => requestAnimationFrame(() => { window.studio.send({ type: 'step', frames: 1 }); done(true); }));
            """
        try await b.driver.pointer([("move", grab.x, grab.y, 0), ("down", 0, 0, 0)], relativeTo: preview, release: false)
        for i in 1...6 {
            _ = try await b.driver.executeAsync(stepAfterTheMove)
            try await b.driver.pointer([("move", grab.x + 50 * Double(i) * scale, grab.y + 40 * Double(i) * scale, 0)],
                                       relativeTo: preview, release: false)
        }
        _ = try await b.driver.executeAsync(stepAfterTheMove)
        try await b.driver.pointer([("up", 0, 0, 0)], relativeTo: preview)
        try await b.wait("the status to report the drag") { try await b.text("status").hasPrefix("dragged") }
        #expect(b.document.history.edits == 1, "one touch is one edit")
        let wall = try #require(b.document.current.scene.simulations.first as? PhotoWall)
        let removed = wall.transitions(through: 6).contains { $0.photo == 0 && $0.kind == .removed }
        #expect(removed, "thrown 300 pt away the photo leaves the wall: \(wall.transitions(through: 6).filter { $0.photo == 0 })")
        #expect(wall.pose(ofPhoto: 0, at: 5.9)?.isHidden == true)
        try await b.pause()
        try await b.driver.execute("window.studio.send({ type: 'seek', time: 5.9 })")
        try await b.wait("the playhead to move") { b.document.transport().time == 5.9 }
        try await b.waitForEngineFrame()
    }

    @Test func aClickSnapsACardToDustAndASecondClickRestoresIt() async throws {
        let b = try browser
        try await b.openPreset("thanos")
        try await b.pause()
        try await b.driver.execute("window.studio.send({ type: 'seek', time: 0.5 })")
        try await b.wait("the playhead to move") { b.document.transport().time == 0.5 }
        let before = try await b.waitForEngineFrame()
        // The search bar, sublayer 0: a card with a background color.
        let card = try await previewOffset(b.document.current.scene.root.sublayers[0].position)
        let preview = try await b.driver.element("#preview")
        try await b.driver.pointer([("move", card.x, card.y, 0), ("down", 0, 0, 0), ("up", 0, 0, 0)], relativeTo: preview)
        try await b.wait("the status to say snapped") { try await b.text("status").hasPrefix("snapped") }
        #expect(b.document.history.edits == 1)
        try await b.driver.execute("window.studio.send({ type: 'seek', time: 2.9 })")
        try await b.wait("the playhead to move") { b.document.transport().time == 2.9 }
        let dust = try await b.waitForEngineFrame()
        #expect(dust.hash != before.hash)
        try await b.driver.pointer([("move", card.x, card.y, 0), ("down", 0, 0, 0), ("up", 0, 0, 0)], relativeTo: preview)
        try await b.wait("the status to say restored") { try await b.text("status").hasPrefix("restored") }
        #expect(b.document.history.edits == 2)
    }
}
