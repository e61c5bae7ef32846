import Foundation
import Testing
import Stardust
import StardustTestSupport

/// The `photo-wall` preset written as a scene file — its photos as PNG files next to the scene, its
/// scripted finger as a `pointer` track, the grid as a `photoWall` key — renders the same frames.
@Suite("photo-wall preset as a scene file")
struct PhotoWallSceneFileTests {
    /// Writes the preset's photos (PNG: lossless, and the prints are opaque) and the scene file into a
    /// fresh folder; returns the scene file's path.
    static func sceneFile(for preset: Scene) throws -> String {
        let dir = try ScratchFolder.make("photowall-preset")
        let wall = try #require(preset.simulations.first as? PhotoWall)
        var photos: [String] = []
        for (i, layer) in wall.photos.enumerated() {
            let image = try #require(layer.contents).image
            try PNGEncoder.write(image, to: dir.appendingPathComponent("photo\(i).png").path)
            photos.append("\"photo\(i).png\"")
        }
        // Doubles print in their shortest round-trip form: the parsed track is the preset's, bit for bit.
        let pointer = wall.pointerTrack.events.map {
            "{ \"t\": \($0.time), \"phase\": \"\($0.phase.rawValue)\", \"point\": [\($0.point.x), \($0.point.y)] }"
        }
        let first = wall.photos[0]
        let origin = Point(first.position.x - first.bounds.width / 2, first.position.y - first.bounds.height / 2)
        let json = """
        { "name": "photo-wall", "size": [\(preset.size.width), \(preset.size.height)], "scale": 2, "duration": \(preset.duration),
          "fps": \(preset.fps), "seed": 1, "background": "#F2F2F7",
          "layers": [ { "type": "text", "string": "Photos", "fontSize": 32, "foregroundColor": "#1C1C1E",
                        "bounds": [0, 0, \(preset.size.width - 32), 40], "position": [\(16 + (preset.size.width - 32) / 2), 70] } ],
          "photoWall": { "photos": [\(photos.joined(separator: ", "))], "columns": 3, "photoSize": [110, 110], "spacing": 16,
                         "origin": [\(origin.x), \(origin.y)] },
          "pointer": [\(pointer.joined(separator: ",\n"))] }
        """
        let path = dir.appendingPathComponent("photo-wall.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the scene-file version renders the same frames and traces the same transitions as the preset")
    func sameFrames() throws {
        let preset = try #require(Presets.named("photo-wall")).make()
        let file = try SceneLoader.load(path: try Self.sceneFile(for: preset))
        let presetWall = try #require(preset.simulations.first as? PhotoWall)
        let fileWall = try #require(file.simulations.first as? PhotoWall)
        #expect(fileWall.pointerTrack == presetWall.pointerTrack)
        #expect(fileWall.photos.map(\.position) == presetWall.photos.map(\.position))
        #expect(fileWall.transitions(through: preset.duration) == presetWall.transitions(through: preset.duration))
        preset.scale = 1
        file.scale = 1
        let renderer = Renderer(threads: 2)
        // Resting, swinging on the finger, settling, flung and tumbling, gone.
        for t in [0.5, 1.2, 2.0, 3.3, 3.8, 5.0] {
            let a = try renderer.render(preset.displayList(at: t)).pixels
            let b = try renderer.render(file.displayList(at: t)).pixels
            #expect(a == b, "frame at \(t) s")
        }
    }
}
