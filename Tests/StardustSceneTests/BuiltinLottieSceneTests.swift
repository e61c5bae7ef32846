import Foundation
import StardustTestSupport
import Testing
@testable import Stardust
@testable import StardustScene
import StardustLottie

/// A scene's `lottie` layer naming a built-in animation (`"source": "builtin:snow-launch"`, docs/SCENES.md), and
/// scene JSON written back from a scene that plays one: the snow preset's launch screen.
@Suite struct BuiltinLottieSceneTests {
    static func load(_ json: String, folder: String = "/nonexistent") throws -> Scene {
        var loader = SceneLoader(baseDirectory: folder) { try ImageDecoder.decodeFile(atPath: $0) }
        return try loader.scene(fromJSON: json)
    }

    static func scene(_ layer: String) -> String {
        #"{ "size": [100, 100], "scale": 1, "duration": 3, "fps": 10, "layers": [\#(layer)] }"#
    }

    @Test("builtin:snow-launch loads without a file: 300 × 300 points, 20 fps, frames 0…56")
    func builtinSourceLoads() throws {
        let s = try Self.load(Self.scene(#"{ "type": "lottie", "name": "logo", "source": "builtin:snow-launch", "loopMode": "loop", "bounds": [0, 0, 100, 100], "position": [50, 50] }"#))
        let l = try #require(s.root.sublayer(named: "logo") as? LottieSceneLayer)
        #expect(l.composition.size == Size(300, 300))
        #expect(l.composition.frameRate == 20)
        #expect(abs(l.composition.duration - 56.0 / 20) < 1e-12)
        #expect(l.loopMode == .loop)
    }

    @Test("an unknown built-in animation is refused at its source, naming the ones there are")
    func unknownBuiltin() throws {
        do {
            _ = try Self.load(Self.scene(#"{ "type": "lottie", "source": "builtin:fireworks" }"#))
            Issue.record("loaded")
        } catch let e as SceneError {
            #expect(e.path == "layers[0].source")
            #expect(e.message.contains("snow-launch"))
        }
    }

    @Test("scene JSON written from a scene with a built-in lottie layer loads back to the same frames")
    func writerRoundTrips() throws {
        let original = try Self.load(Self.scene("""
        { "type": "lottie", "name": "logo", "source": "builtin:snow-launch", "loopMode": "repeat(2)", "animationSpeed": 1.5,
          "fromProgress": 0.25, "toProgress": 0.9, "bounds": [0, 0, 80, 80], "position": [50, 50], "beginTime": 0.2 }
        """))
        let json = try SceneJSONWriter.string(original)
        #expect(json.contains(#""source":"builtin:snow-launch""#) || json.contains(#""source": "builtin:snow-launch""#))
        #expect(!json.contains("lottie.playback"))   // the playback tree is made again when the file loads
        let again = try Self.load(json)
        for t in [0.0, 0.5, 1.1, 1.7, 2.9] {
            let a = try Renderer(threads: 1).render(original.root.displayList(size: original.size, scale: 1, at: t))
            let b = try Renderer(threads: 1).render(again.root.displayList(size: again.size, scale: 1, at: t))
            #expect(a.pixels == b.pixels, "t = \(t)")
            #expect(a.pixels.contains { $0 != 0 }, "t = \(t): something is drawn")
        }
    }

    @Test("a lottie layer playing a file is not written: scene JSON names built-in animations only, as it does pictures")
    func writerRefusesFiles() throws {
        let s = try Self.load(Self.scene(#"{ "type": "lottie", "source": "linear-position.json" }"#), folder: Fixtures.url("lottie").path)
        #expect(throws: SceneJSONWriterError.self) { try SceneJSONWriter.string(s) }
    }

    @Test("the snow preset's export carries its animation as a file for the app's bundle")
    func snowExportCarriesTheAnimation() throws {
        let scene = try #require(Presets.named("snow")).make()
        let export = SwiftExporter.export(scene, command: "test")
        #expect(export.animations.map(\.file) == ["snow-launch.json"])
        #expect(export.animations.first?.json == BuiltinLottie.json(named: "snow-launch"))
    }
}
