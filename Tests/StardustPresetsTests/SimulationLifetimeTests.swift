import Stardust
import StardustTestSupport
import Testing

/// A scene with a photo wall is freed with its wall and photos once dropped: the photos' animations refer to the
/// wall weakly (the wall holds the photos), so rebuilding a scene — as the studio does on every edit and touch —
/// does not keep every earlier wall in memory.
@Suite struct SimulationLifetimeTests {
    @Test func aDroppedPhotoWallSceneFreesItsWallAndPhotos() throws {
        weak var wall: PhotoWall?
        weak var photo: Layer?
        var moved = false
        do {
            let scene = try #require(Presets.named("photo-wall")).make()
            let w = try #require(scene.simulations.first as? PhotoWall)
            wall = w
            photo = w.photos.first
            // The wall moves its photos while the scene lives (the preset drags photo 0 from 0.5 s on).
            let grabbed = w.photos.indices.contains { w.photos[$0].presentation(at: 1.5).position != w.photos[$0].position }
            moved = grabbed
            _ = scene.root.displayList(size: scene.size, scale: 1, at: 1.5)
        }
        #expect(moved)
        #expect(wall == nil)
        #expect(photo == nil)
    }
}
