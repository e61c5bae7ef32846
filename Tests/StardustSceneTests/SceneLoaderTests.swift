import Foundation
import Testing
@testable import Stardust
@testable import StardustScene

@Suite struct SceneLoaderTests: SceneJSONTesting {
    @Test("the spec example emitter loads with core animation values") func theSpecExampleEmitterLoadsWithCoreAnimationValues() throws {
        let scene = try load("""
        { "size": [390, 844], "scale": 2, "duration": 10, "fps": 30, "seed": 1, "background": "#0B1A3A",
          "layers": [
            { "type": "emitter", "name": "snow", "emitterPosition": [195, 0], "emitterSize": [390, 0], "emitterShape": "line",
              "emitterCells": [ { "name": "flake", "contents": "builtin:dot", "birthRate": 30, "emissionRange": "90deg",
                                  "color": [1, 0.5, 0, 1], "beginTime": 1.5, "duration": 1 } ] },
            { "type": "image", "name": "logo", "contents": "builtin:star", "position": [195, 400],
              "bounds": [0, 0, 120, 120], "anchorPoint": [0.5, 0.5], "opacity": 1, "contentsRect": [0, 0, 1, 1], "sublayers": [] } ],
          "animations": [
            { "layer": "logo", "keyPath": "position.x", "type": "basic", "fromValue": 0, "toValue": 100, "beginTime": 0,
              "duration": 1, "timingFunction": "easeInEaseOut", "repeatCount": 1, "autoreverses": false,
              "fillMode": "forwards", "removedOnCompletion": false } ] }
        """)
        #expect(scene.size == Size(390, 844))
        #expect(scene.background == Color(hex: "#0B1A3A"))
        let snow = try #require(scene.layer(named: "snow") as? EmitterLayer)
        #expect(snow.emitterShape == .line)
        #expect(snow.emitterPosition == Point(195, 0))
        let flake = try #require(snow.emitterCells.first)
        #expect(flake.birthRate == 30)
        #expect(abs(flake.emissionRange - (.pi / 2)) <= 1e-12)
        #expect(flake.color == Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(flake.timing.beginTime == 1.5)
        #expect(flake.contents != nil)
        let logo = try #require(scene.layer(named: "logo"))
        // The animation is visible in the presentation value and leaves the model alone.
        #expect(logo.position == Point(195, 400))
        guard case .number(let mid)? = logo.presentationValue(forKeyPath: "position.x", at: 0.5),
              case .number(let end)? = logo.presentationValue(forKeyPath: "position.x", at: 5) else { Issue.record("no value"); return }
        #expect(abs(mid - 50) <= 1e-4) // easeInEaseOut is symmetric: half way at half time
        #expect(abs(end - 100) <= 1e-9) // held by fillMode forwards
    }

    @Test("unknown keys name the path and suggest close names") func unknownKeysNameThePathAndSuggestCloseNames() {
        expectError(#"{"layers": [{"type": "emitter", "emitterCells": [{"brithRate": 3}]}]}"#,
                    path: "layers[0].emitterCells[0].brithRate", containing: "\"birthRate\"")
        expectError(#"{"sise": [1, 2]}"#, path: "sise", containing: "\"size\"")
        expectError(#"{"layers": [{"type": "image", "contents": "builtin:dot", "opactiy": 1}]}"#,
                    path: "layers[0].opactiy", containing: "\"opacity\"")
    }

    @Test("wrong types and ranges say what was expected") func wrongTypesAndRangesSayWhatWasExpected() {
        expectError(#"{"layers": [{"type": "emitter", "emitterCells": [{"birthRate": "many"}]}]}"#,
                    path: "layers[0].emitterCells[0].birthRate", containing: "expected a number, found a string")
        expectError(#"{"layers": [{"type": "image", "contents": "builtin:dot", "opacity": 3}]}"#,
                    path: "layers[0].opacity", containing: "0…1")
        expectError(#"{"size": [390]}"#, path: "size", containing: "2 numbers")
        expectError(#"{"layers": [{"type": "emitter", "emitterShape": "lien"}]}"#,
                    path: "layers[0].emitterShape", containing: "did you mean \"line\"")
        expectError(#"{"layers": [{"type": "blob"}]}"#, path: "layers[0].type", containing: "\"emitter\"")
        expectError(##"{"background": "#12"}"##, path: "background", containing: "is not a color")
        expectError(#"{"layers": [{"type": "emitter", "emitterCells": [{"emissionRange": "ninety"}]}]}"#,
                    path: "layers[0].emitterCells[0].emissionRange", containing: "not an angle")
    }

    @Test("references must exist") func referencesMustExist() {
        expectError(#"{"layers": [{"type": "image", "contents": "builtin:nope"}]}"#, path: "layers[0].contents", containing: "no builtin image")
        expectError(#"{"layers": [{"type": "image", "contents": "missing.png"}]}"#, path: "layers[0].contents", containing: "not found")
        expectError(#"{"layers": [{"type": "image", "name": "logo", "contents": "builtin:dot"}], "animations": [{"layer": "lgo", "keyPath": "opacity"}]}"#,
                    path: "animations[0].layer", containing: "did you mean \"logo\"")
        expectError(#"{"layers": [{"type": "image", "name": "logo", "contents": "builtin:dot"}], "animations": [{"layer": "logo", "keyPath": "wobble"}]}"#,
                    path: "animations[0].keyPath", containing: "not an animatable key path")
        expectError(#"{"layers": [{"type": "group", "name": "a"}, {"type": "group", "name": "a"}]}"#, path: "layers[1].name", containing: "already named")
    }

    @Test("unsupported sections are reported not ignored") func unsupportedSectionsAreReportedNotIgnored() {
        expectError(#"{"audio": {}}"#, path: "audio", containing: "not supported")
    }

    @Test("keyframe spring and group animations load") func keyframeSpringAndGroupAnimationsLoad() throws {
        let scene = try load("""
        { "layers": [ { "type": "image", "name": "logo", "contents": "builtin:dot", "position": [0, 0] } ],
          "animations": [
            { "layer": "logo", "keyPath": "position", "type": "keyframe", "values": [[0, 0], [100, 50]], "keyTimes": [0, 1],
              "duration": 2, "calculationMode": "paced" },
            { "layer": "logo", "keyPath": "transform.scale", "type": "spring", "fromValue": 1, "toValue": 1.5 },
            { "layer": "logo", "type": "group", "duration": 2,
              "animations": [ { "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1 } ] } ] }
        """)
        let logo = try #require(scene.layer(named: "logo"))
        #expect(logo.animationKeys().count == 3)
        guard case .point(let p)? = logo.presentationValue(forKeyPath: "position", at: 1) else { Issue.record(); return }
        #expect(abs(p.x - 50) <= 1e-6)
        #expect(abs(p.y - 25) <= 1e-6)
        guard case .number(let o)? = logo.presentationValue(forKeyPath: "opacity", at: 0.5) else { Issue.record(); return }
        #expect(abs(o - 0.5) <= 1e-9)
    }

    /// Randomized corruption of a valid scene never crashes the loader.
    @Test("random corruption of a valid scene never crashes") func randomCorruptionOfAValidSceneNeverCrashes() throws {
        let text = #"{"size": [100, 80], "layers": [{"type": "emitter", "name": "e", "emitterShape": "line", "emitterCells": [{"name": "a", "birthRate": 3, "lifetime": 2, "contents": "builtin:dot", "emitterCells": [{"name": "b", "birthRate": 1}]}]}, {"type": "text", "string": "hi", "name": "t"}], "animations": [{"layer": "t", "keyPath": "opacity", "toValue": 0}]}"#
        let base = Array(text.utf8)
        let rng = CounterRandom(seed: 3)
        for i in 0..<500 {
            var b = base
            let pos = rng.below(b.count, UInt64(i))
            let alphabet = Array("0123456789[]{}\",:-.aeztx ".utf8)
            b[pos] = alphabet[rng.below(alphabet.count, UInt64(i), 1)]
            do { _ = try load(String(decoding: b, as: UTF8.self)) } catch is SceneError {} catch is JSONSyntaxError {} catch {
                Issue.record("unexpected error type \(type(of: error)): \(error)")
            }
        }
    }
}

@Suite struct SceneLoaderValidationTests {
    func error(_ json: String) -> SceneError? {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        do { _ = try loader.scene(fromJSON: json); return nil } catch { return error as? SceneError }
    }
    let layer = #"{"type": "image", "name": "l", "contents": "builtin:dot"}"#

    @Test("keyframe inputs are checked") func keyframeInputsAreChecked() {
        #expect(error(#"{"layers": [\#(layer)], "animations": [{"layer": "l", "type": "keyframe", "keyPath": "opacity", "values": []}]}"#)?.path == "animations[0].values")
        #expect(error(#"{"layers": [\#(layer)], "animations": [{"layer": "l", "type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 0.5, 1]}]}"#)?.path == "animations[0].keyTimes")
        #expect(error(#"{"layers": [\#(layer)], "animations": [{"layer": "l", "type": "keyframe", "keyPath": "opacity", "calculationMode": "discrete", "values": [0, 1], "keyTimes": [0, 0.5, 1]}]}"#) == nil)
        #expect(error(#"{"layers": [\#(layer)], "animations": [{"layer": "l", "type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.5]}]}"#)?.path == "animations[0].keyTimes")
        #expect(error(#"{"layers": [\#(layer)], "animations": [{"layer": "l", "type": "keyframe", "keyPath": "opacity", "values": [0, 1], "timingFunctions": ["easeIn", "easeOut"]}]}"#)?.path == "animations[0].timingFunctions")
        #expect(error(#"{"layers": [\#(layer)], "animations": [{"layer": "l", "type": "keyframe", "keyPath": "opacity", "path": "M 0 0 L 1 1"}]}"#)?.path == "animations[0].path")
    }

    @Test("duplicate keys are rejected") func duplicateKeysAreRejected() {
        #expect(error(#"{"layers": [{"type": "group", "opacity": 1, "opacity": 0}]}"#)?.path == "layers[0].opacity")
    }

    @Test("non finite angles are rejected") func nonFiniteAnglesAreRejected() {
        #expect(error(#"{"layers": [{"type": "emitter", "emitterCells": [{"emissionRange": "nandeg"}]}]}"#)?.path == "layers[0].emitterCells[0].emissionRange")
        #expect(error(#"{"layers": [{"type": "emitter", "emitterCells": [{"spin": "inf"}]}]}"#)?.path == "layers[0].emitterCells[0].spin")
    }

    @Test("spring duration and bounce are used") func springDurationAndBounceAreUsed() throws {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        let scene = try loader.scene(fromJSON: #"{"layers": [\#(layer)], "animations": [{"layer": "l", "type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "perceptualDuration": 0.5, "bounce": 0.3}]}"#)
        let spring = try #require(scene.layer(named: "l")?.animationKeys().first.flatMap { scene.layer(named: "l")?.animation(forKey: $0) } as? SpringAnimation)
        // SwiftUI's mapping (docs/PARTICLE-MODEL.md §3.4): duration 0.5, bounce 0.3 → stiffness 157.91, damping 17.59.
        #expect(abs(spring.stiffness - 157.91) <= 0.01)
        #expect(abs(spring.damping - 17.59) <= 0.01)
        #expect(error(#"{"layers": [\#(layer)], "animations": [{"layer": "l", "type": "spring", "keyPath": "opacity", "bounce": "lots"}]}"#)?.path == "animations[0].bounce")
    }
}
