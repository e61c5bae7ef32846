import Foundation
import StardustTestSupport
import Testing
@testable import Stardust
@testable import StardustScene

/// The scene file's `lottie` layer (docs/SCENES.md): lottie-ios's loop modes, speed and segment, with Core Animation
/// timing around them, checked on the hand-written fixture `Tests/Fixtures/lottie/linear-position.json` — a 20 × 20
/// red square whose centre is at x = 20 + 6·frame until frame 10 and at 80 after, at 10 frames per second over 2 s
/// (frames 0…20). Each expectation is the square's place computed from that, at 1 pixel per point.
@Suite struct LottieSceneLayerTests {
    static let folder = Fixtures.url("lottie").path

    static func load(_ layers: String, duration: Double = 10) throws -> Scene {
        var loader = SceneLoader(baseDirectory: folder) { try ImageDecoder.decodeFile(atPath: $0) }
        return try loader.scene(fromJSON: #"{ "size": [100, 100], "scale": 1, "duration": \#(duration), "fps": 10, "layers": [\#(layers)] }"#)
    }

    static func error(_ layers: String) -> SceneError? {
        do { _ = try load(layers); return nil } catch { return error as? SceneError }
    }

    /// The x of the red square's centre at scene time `t` (the mean of its red columns on row 50), nil when absent.
    static func squareX(_ scene: Scene, at t: Double) throws -> Double? {
        let image = try Renderer(threads: 1).render(scene.root.displayList(size: scene.size, scale: 1, at: t))
        let xs = (0..<image.width).filter { let p = image[$0, 50]; return p.r > 128 && p.a > 128 }
        guard !xs.isEmpty else { return nil }
        return Double(xs.first! + xs.last! + 1) / 2
    }

    static func layer(_ extra: String = "") -> String {
        #"{ "type": "lottie", "name": "anim", "source": "linear-position.json", "bounds": [0, 0, 100, 100], "position": [50, 50]\#(extra) }"#
    }

    @Test func playOncePlaysTheFileAtItsOwnPaceThenHoldsTheLastFrame() throws {
        let s = try Self.load(Self.layer())
        #expect(try Self.squareX(s, at: 0) == 20)
        #expect(try Self.squareX(s, at: 0.5) == 50)   // frame 5
        #expect(try Self.squareX(s, at: 5) == 80)     // held
        let l = try #require(s.root.sublayer(named: "anim") as? LottieSceneLayer)
        #expect(l.loopMode == .playOnce && l.playback.timing.repeatCount == 1 && l.playback.timing.fillMode == .both)
    }

    @Test func loopAutoReverseAndRepeatFoldTime() throws {
        #expect(try Self.squareX(Self.load(Self.layer(#", "loopMode": "loop""#)), at: 2.5) == 50)          // 2.5 s → 0.5 s
        #expect(try Self.squareX(Self.load(Self.layer(#", "loopMode": "autoReverse""#)), at: 3.5) == 50)   // back at 0.5 s
        let twice = try Self.load(Self.layer(#", "loopMode": "repeat(2)""#))
        #expect(try Self.squareX(twice, at: 2.3) == 38)    // second play, frame 3
        #expect(try Self.squareX(twice, at: 6) == 80)      // done: the end held
        #expect(try Self.squareX(Self.load(Self.layer(#", "loopMode": "repeatBackwards(1)""#)), at: 3.5) == 50)
    }

    @Test func speedSegmentAndCoreAnimationTimingCompose() throws {
        #expect(try Self.squareX(Self.load(Self.layer(#", "animationSpeed": 2"#)), at: 0.25) == 50)
        // The segment 25 %…50 % is frames 5…10: it starts at x = 50.
        let segment = try Self.load(Self.layer(#", "fromProgress": 0.25, "toProgress": 0.5, "loopMode": "loop""#))
        #expect(try Self.squareX(segment, at: 0) == 50)
        #expect(try Self.squareX(segment, at: 0.5 + 0.2) == 62)  // the second cycle's frame 7
        // Backwards: 50 % → 25 %, starting at frame 10.
        #expect(try Self.squareX(Self.load(Self.layer(#", "fromProgress": 0.5, "toProgress": 0.25"#)), at: 0.2) == 68)
        #expect(try Self.squareX(Self.load(Self.layer(#", "animationSpeed": -1, "toProgress": 0.5"#)), at: 0.2) == 68)
        // The layer's own beginTime and speed (Core Animation) around the loop.
        let late = try Self.load(Self.layer(#", "loopMode": "loop", "beginTime": 1, "speed": 0.5"#))
        #expect(try Self.squareX(late, at: 2) == 50)   // (2 − 1) × 0.5 = 0.5 s
    }

    @Test func theCompositionFitsTheBoundsAspectFit() throws {
        // Half the size: the square is 10 wide, centred in the 50 × 50 layer at (50, 50) → x from 35 to 65.
        let s = try Self.load(#"{ "type": "lottie", "source": "linear-position.json", "bounds": [0, 0, 50, 50], "position": [50, 50] }"#)
        #expect(try Self.squareX(s, at: 0.5) == 50)
        #expect(try Self.squareX(s, at: 0) == 35)
    }

    @Test func emittersComposeWithLottieAndTraceShowsTheTranslatedLayers() throws {
        let s = try Self.load(Self.layer(#", "loopMode": "loop""#) + #", { "type": "emitter", "name": "snow", "emitterPosition": [50, 0], "emitterSize": [100, 0], "emitterShape": "line", "emitterCells": [ { "name": "flake", "contents": "builtin:dot", "birthRate": 50, "lifetime": 5, "velocity": 40, "emissionLongitude": 1.5708 } ] }"#)
        #expect(s.root.sublayers.count == 2)
        let trace = SceneTrace.line(for: s, at: 0.5, includeParticles: false)
        #expect(trace.contains("lottie.playback") && trace.contains("lottie.segment") && trace.contains("shape 1"))
        #expect(try Self.squareX(s, at: 0.5) == 50)
    }

    @Test func errorsNameTheJSONPath() throws {
        #expect(Self.error(#"{ "type": "lottie" }"#)?.path == "layers[0]")
        #expect(Self.error(#"{ "type": "lottie", "source": "../linear-position.json" }"#)?.path == "layers[0].source")
        #expect(Self.error(#"{ "type": "lottie", "source": "/etc/passwd" }"#)?.path == "layers[0].source")
        #expect(Self.error(#"{ "type": "lottie", "source": "missing.json" }"#)?.path == "layers[0].source")
        #expect(Self.error(Self.layer(#", "loopMode": "forever""#))?.path == "layers[0].loopMode")
        #expect(Self.error(Self.layer(#", "loopMode": "repeat(-1)""#))?.path == "layers[0].loopMode")
        #expect(Self.error(Self.layer(#", "fromProgress": 2"#))?.path == "layers[0].fromProgress")
        #expect(Self.error(Self.layer(#", "animation": "red""#))?.path == "layers[0].animation")
        #expect(Self.error(Self.layer(#", "loop": true"#))?.path == "layers[0].loop")
        // A Lottie file's own error carries its JSON path after the scene's.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"v":"5.7.4","fr":10,"ip":0,"op":1e12,"w":100,"h":100,"layers":[]}"#.utf8).write(to: dir.appendingPathComponent("huge.json"))
        var loader = SceneLoader(baseDirectory: dir.path) { try ImageDecoder.decodeFile(atPath: $0) }
        do {
            _ = try loader.scene(fromJSON: #"{ "layers": [ { "type": "lottie", "source": "huge.json" } ] }"#)
            Issue.record("a 10¹²-frame op was accepted")
        } catch let e as SceneError {
            #expect(e.path == "layers[0].source" && e.message.contains("$.op"))
        }
    }

    @Test func aDotLottieAnimationIsChosenByID() throws {
        let s = try Self.load(#"{ "type": "lottie", "name": "anim", "source": "two-animations.lottie", "animation": "blue", "bounds": [0, 0, 100, 100], "position": [50, 50] }"#)
        let image = try Renderer(threads: 1).render(s.root.displayList(size: s.size, scale: 1, at: 0.5))
        let p = image[50, 50]
        #expect(p.b > 200 && p.r < 40)
        #expect(Self.error(#"{ "type": "lottie", "source": "two-animations.lottie", "animation": "green" }"#)?.path == "layers[0].source")
    }

    @Test func theLottieImagesCountAgainstTheSceneImageBudget() throws {
        var loader = SceneLoader(baseDirectory: Self.folder) { try ImageDecoder.decodeFile(atPath: $0) }
        loader.limits.maxImageBytes = 100  // the 20 × 20 image of image.lottie is 1600 bytes decoded
        #expect(throws: SceneError.self) {
            try loader.scene(fromJSON: #"{ "size": [100, 100], "layers": [ { "type": "lottie", "source": "image.lottie" } ] }"#)
        }
    }
}
