import Stardust
import StardustTestSupport
import Testing

/// `stardust trace` says what is drawn (docs/SCENES.md, "Trace"): a photo the wall removed is reported hidden,
/// as the rendered frame shows its slot empty.
@Suite struct TraceHiddenTests {
    @Test func aRemovedPhotoIsReportedHiddenAndIsNotDrawn() throws {
        let scene = try #require(Presets.named("photo-wall")).make()
        // Find the removal among the wall's events (the preset flings a photo off the wall).
        let wall = try #require(scene.simulations.first as? PhotoWall)
        let removal = try #require(wall.events(after: 0, through: scene.duration).first { $0.name == "photo.removed" })
        let photo = try #require(wall.photos.first { $0.name == removal.subject })
        let name = try #require(photo.name)
        let before = SceneTrace.line(for: scene, at: max(0, removal.time - 0.5), includeParticles: false)
        let after = SceneTrace.line(for: scene, at: removal.time + 0.5, includeParticles: false)
        #expect(!before.contains("\"\(name)\":{\"isHidden\":true"), "\(before)")
        #expect(after.contains("\"\(name)\":{\"isHidden\":true"), "\(after)")
        // Truth: the renderer draws nothing of that layer after its removal (its pose hides it).
        #expect(photo.presentation(at: removal.time + 0.5).isHidden)
        let list = scene.root.displayList(size: scene.size, scale: 1, at: removal.time + 0.5)
        let withPhoto = scene.root.displayList(size: scene.size, scale: 1, at: max(0, removal.time - 0.5))
        #expect(list.commands.count < withPhoto.commands.count)
    }

    @Test func aLayerInsideAHiddenLayerIsReportedHidden() throws {
        let scene = Scene(name: "t", size: Size(10, 10), scale: 1, duration: 1, fps: 10, seed: 1)
        let parent = Layer(), child = Layer()
        parent.name = "parent"; child.name = "child"
        parent.addSublayer(child)
        scene.root.addSublayer(parent)
        #expect(!SceneTrace.line(for: scene, at: 0, includeParticles: false).contains("isHidden"))
        parent.isHidden = true
        let line = SceneTrace.line(for: scene, at: 0, includeParticles: false)
        #expect(line.contains("\"parent\":{\"isHidden\":true") && line.contains("\"child\":{\"isHidden\":true"), "\(line)")
    }
}
