import Foundation
import Testing
import StardustTestSupport
import Stardust

/// The `photoWall` key: photos from PNG/JPEG files a scene names, laid out in a grid, moved by the
/// `pointer` track (several fingers with `"id"`); its errors name the JSON path.
@Suite("Scene files: photoWall")
struct PhotoWallSceneTests {
    /// The decoder fixtures, written by Pillow (not by our encoders), with their sizes in manifest.json.
    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StardustCodecsTests/Fixtures")
    }

    /// A fresh folder holding `pil_rgb.jpg` (24 × 16), `pil_rgb8.png` (16 × 12), `garbage.png` (not an
    /// image) and `scene.json` with `json`; returns the scene file's path.
    static func folder(_ json: String) throws -> String {
        let dir = try ScratchFolder.make("photowall")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("photos"), withIntermediateDirectories: true)
        for name in ["pil_rgb.jpg", "pil_rgb8.png"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: dir.appendingPathComponent("photos/" + name))
        }
        try Data("\u{89}PNG not really".utf8).write(to: dir.appendingPathComponent("photos/garbage.png"))
        let path = dir.appendingPathComponent("scene.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func error(_ json: String) throws -> SceneError {
        do {
            _ = try SceneLoader.load(path: try folder(json))
        } catch let e as SceneError {
            return e
        }
        Issue.record("the scene loaded")
        return SceneError(path: "", "")
    }

    @Test("photos decode from the files the scene names, at their pixel sizes, laid out in the grid")
    func filePhotos() throws {
        let scene = try SceneLoader.load(path: try Self.folder("""
        { "size": [300, 400], "duration": 1,
          "photoWall": { "photos": ["photos/pil_rgb.jpg", { "contents": "photos/pil_rgb8.png", "name": "dog" }, "builtin:star"],
                         "columns": 2, "photoSize": [100, 80], "spacing": 10, "origin": [20, 30] } }
        """))
        let wall = try #require(scene.simulations.first as? PhotoWall)
        #expect(wall.photos.map { $0.name } == ["photo0", "dog", "photo2"])
        let jpeg = try #require(wall.photos[0].contents), png = try #require(wall.photos[1].contents)
        #expect((jpeg.width, jpeg.height) == (24, 16))
        #expect((png.width, png.height) == (16, 12))
        // The PNG is opaque RGB: its decoded pixels are Pillow's own, byte for byte.
        let expected = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("pil_rgb8.rgba")))
        #expect(png.image.pixels == expected)
        // Row by row, two columns, from the origin: slot centres origin + size/2 + index·(size + spacing).
        #expect(wall.photos.map(\.position) == [Point(70, 70), Point(180, 70), Point(70, 160)])
        #expect(wall.photos.allSatisfy { $0.bounds == Rect(0, 0, 100, 80) })
        #expect(wall.photos[0].contentsScale == 0.24)
        #expect(scene.inputFiles.count == 3)   // the scene and the two photo files
        #expect(wall.visibleBounds == Rect(0, 0, 300, 400))
    }

    @Test("without an origin the grid is centred in the scene; the settings are PhotoWallSettings'")
    func defaults() throws {
        var loader = SceneLoader(baseDirectory: "/nonexistent") { _ in throw SceneError(path: "$", "no files in tests") }
        let scene = try loader.scene(fromJSON: """
        { "size": [390, 844], "photoWall": { "photos": ["builtin:star", "builtin:dot", "builtin:star", "builtin:dot"],
                                             "returnDistance": 30, "gravity": 500, "timeStep": 0.005 } }
        """)
        let wall = try #require(scene.simulations.first as? PhotoWall)
        // 3 columns of 110 pt with 16 pt between: 362 × 236 pt centred in 390 × 844.
        #expect(wall.photos.map(\.position) == [Point(69, 359), Point(195, 359), Point(321, 359), Point(69, 485)])
        var settings = PhotoWallSettings()
        settings.returnDistance = 30; settings.gravity = 500; settings.timeStep = 0.005
        #expect(wall.settings == settings)
    }

    @Test("the pointer track drives the wall, each \"id\" its own finger; the trace lists the drag joints")
    func pointerDrivesTheWall() throws {
        var loader = SceneLoader(baseDirectory: "/nonexistent") { _ in throw SceneError(path: "$", "no files in tests") }
        let scene = try loader.scene(fromJSON: """
        { "size": [400, 400], "duration": 5, "fps": 30,
          "photoWall": { "photos": ["builtin:star", "builtin:dot"], "columns": 2, "photoSize": [100, 100], "spacing": 50, "origin": [50, 50] },
          "pointer": [ { "t": 0.1, "phase": "began", "point": [120, 80] },
                       { "t": 0.1, "phase": "began", "point": [260, 90], "id": 1 },
                       { "t": 0.4, "phase": "moved", "point": [330, 300] },
                       { "t": 0.4, "phase": "moved", "point": [290, 120], "id": 1 },
                       { "t": 0.4, "phase": "ended", "point": [330, 300] },
                       { "t": 0.4, "phase": "ended", "point": [290, 120], "id": 1 } ] }
        """)
        let wall = try #require(scene.simulations.first as? PhotoWall)
        #expect(wall.pointerTrack.events.map(\.pointer) == [0, 1, 0, 1, 0, 1])
        let kinds = wall.transitions(through: 5).map { "\(wall.photos[$0.photo].name!) \($0.kind)" }
        #expect(Set(kinds) == ["photo0 grabbed", "photo0 falling", "photo0 removed", "photo1 grabbed", "photo1 returning", "photo1 settled"])
        let line = try JSONParser.parse(SceneTrace.line(for: scene, at: 0.3, includeParticles: false))
        guard case .array(let joints)? = line["joints"] else { Issue.record("no joints in \(line)"); return }
        #expect(joints.count == 2)
        let maxForce = 30 * 100 * 100 * 1000.0   // gripStrength × the card's weight (1 per pt², 1000 pt/s²)
        for j in joints {
            #expect(j["type"] == .string("drag") && j["a"] == .null)
            guard case .array(let f)? = j["force"], f.count == 2, case .number(let fx) = f[0], case .number(let fy) = f[1] else {
                Issue.record("no force in \(j)"); continue
            }
            #expect(hypot(fx, fy) <= maxForce * (1 + 1e-5), "the drag joint's force never exceeds its max force")
        }
    }

    @Test("a scene with physics and a photo wall sends every touch to both")
    func pointerReachesBoth() throws {
        var loader = SceneLoader(baseDirectory: "/nonexistent") { _ in throw SceneError(path: "$", "no files in tests") }
        let scene = try loader.scene(fromJSON: """
        { "size": [400, 400], "physics": { "bodies": [ { "name": "ball", "shapes": [ { "circle": { "radius": 0.5 } } ] } ] },
          "photoWall": { "photos": ["builtin:star"] },
          "pointer": [ { "t": 0.1, "phase": "began", "point": [200, 200], "id": 2 }, { "t": 0.2, "phase": "ended", "point": [200, 200], "id": 2 } ] }
        """)
        let controller = try #require(scene.simulations.first as? PhysicsController)
        let wall = try #require(scene.simulations.last as? PhotoWall)
        #expect(controller.pointerTrack == wall.pointerTrack)
        #expect(wall.pointerTrack.events.map(\.pointer) == [2, 2])
    }

    @Test("errors name the JSON path", arguments: [
        (#""photoWall": { "photos": ["photos/missing.png"] }"#, "photoWall.photos[0]", "not found"),
        (#""photoWall": { "photos": ["photos/pil_rgb.jpg", "photos/garbage.png"] }"#, "photoWall.photos[1]", "could not be read"),
        (#""photoWall": { "photos": [{ "name": "x" }] }"#, "photoWall.photos[0]", "missing \"contents\""),
        (#""photoWall": { "photos": [{ "contents": "photos/pil_rgb.jpg", "size": 3 }] }"#, "photoWall.photos[0].size", "unknown key"),
        (#""photoWall": { "photos": [] }"#, "photoWall.photos", "expected 1 to"),
        (#""photoWall": { }"#, "photoWall", "missing \"photos\""),
        (#""photoWall": { "photos": ["builtin:star"], "colums": 2 }"#, "photoWall.colums", "did you mean \"columns\""),
        (#""photoWall": { "photos": ["builtin:star"], "columns": 0 }"#, "photoWall.columns", ""),
        (#""photoWall": { "photos": ["builtin:star"], "photoSize": [0, 10] }"#, "photoWall.photoSize", "between 1 and 20000"),
        (#""photoWall": { "photos": ["builtin:star"], "visibleBounds": [0, 0, -1, 10] }"#, "photoWall.visibleBounds", "positive"),
        (#""photoWall": { "photos": ["builtin:star"], "gravity": "down" }"#, "photoWall.gravity", ""),
        (#""layers": [{ "type": "group", "name": "photo0" }], "photoWall": { "photos": ["builtin:star"] }"#, "photoWall.photos[0]", "already defined"),
        (#""photoWall": { "photos": ["builtin:star", { "contents": "builtin:dot", "name": "photo0" }] }"#, "photoWall.photos[1].name", "already defined"),
        (#""photoWall": { "photos": ["builtin:star"] }, "pointer": [{ "t": 0, "phase": "began", "point": [0, 0], "id": -1 }]"#, "pointer[0].id", ""),
        (#""pointer": [{ "t": 0, "phase": "began", "point": [0, 0] }]"#, "pointer", "neither"),
    ])
    func errors(_ body: String, _ path: String, _ message: String) throws {
        let e = try Self.error("{ \"size\": [200, 200], " + body + " }")
        #expect(e.path == path, "\(e)")
        #expect(message.isEmpty || e.message.contains(message), "\(e)")
    }
}
