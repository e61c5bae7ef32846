import Foundation
import Testing
import StardustTestSupport
@testable import Stardust

/// Every scene in examples/ loads, validates and renders.
@Suite struct ExampleScenesTests {
    var examplesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples")
    }

    @Test("every example loads and renders") func everyExampleLoadsAndRenders() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path).filter { $0.hasSuffix(".json") }
        #expect(files.count >= 3)
        for name in files {
            let scene = try SceneLoader.load(path: examplesDirectory.appendingPathComponent(name).path)
            try scene.validate()
            scene.scale = 0.25
            let image = try Renderer(threads: 1).render(scene.displayList(at: 1.5))
            #expect(image.width == scene.pixelWidth, "\(name)")
            let report = try SpriteVisibility.check(root: scene.root, size: scene.size, scale: scene.scale,
                                                    seed: scene.seed, at: 1.5)
            #expect(Double(report.drawn) >= 0.9 * Double(report.visible), "\(name): \(report)")
            // Every image layer at the top of the tree is drawn at its presentation position.
            for layer in scene.root.sublayers where layer.contents != nil {
                let p = layer.presentationValue(forKeyPath: "position", at: 1.5)
                guard case .point(let c)? = p else { Issue.record("\(name): no position"); continue }
                layer.isHidden = true
                let without = try Renderer(threads: 1).render(scene.displayList(at: 1.5))
                layer.isHidden = false
                let x = Int(c.x * scene.scale), y = Int(c.y * scene.scale), i = 4 * (y * image.width + x)
                #expect(Array(image.pixels[i..<i + 4]) != Array(without.pixels[i..<i + 4]), "\(name): layer \(layer.name ?? "?") is not drawn at its position \(c)")
            }
            let emitters = scene.allLayers.filter { $0 is EmitterLayer }.count
            #expect(emitters == 0 || report.visible > 0, "\(name): no visible particle at t = 1.5")
        }
    }

    /// examples/snow-on-bodies.json: flakes stick to a turning kinematic paddle and ride it. Seen in the paddle's
    /// frame — its pose read from its layer, which the physics controller moves by another route than the
    /// particles' collider samples — no flake is inside it and many lie on its edges.
    @Test("snow rides the turning paddle") func snowRidesTheTurningPaddle() throws {
        let scene = try SceneLoader.load(path: examplesDirectory.appendingPathComponent("snow-on-bodies.json").path)
        let emitter = try #require(scene.layer(named: "snow") as? EmitterLayer)
        let paddle = try #require(scene.layer(named: "paddle"))
        for t in [2.0, 4.5] {
            guard case .point(let c)? = paddle.presentationValue(forKeyPath: "position", at: t),
                  case .number(let angle)? = paddle.presentationValue(forKeyPath: "transform.rotation.z", at: t) else {
                Issue.record("no pose for the paddle at \(t)"); continue
            }
            let s = emitter.evaluate(at: t, sceneSeed: scene.seed)
            var inside = 0, onEdge = 0
            for i in 0..<s.count {
                // The emitter's origin is at (0, −5) in the scene.
                let dx = Double(s[i].position.x) - c.x, dy = Double(s[i].position.y) - 5 - c.y
                let lx = dx * cos(angle) + dy * sin(angle), ly = -dx * sin(angle) + dy * cos(angle)
                if abs(lx) < 100 - 0.02 && abs(ly) < 7 - 0.02 { inside += 1 }
                if abs(lx) <= 100.02 && abs(abs(ly) - 7) < 0.02 { onEdge += 1 }
            }
            #expect(inside == 0, "t = \(t): \(inside) flakes inside the paddle")
            #expect(onEdge > 20, "t = \(t): \(onEdge) flakes on the paddle's long edges")
        }
    }

    /// An animation on `emitterCells.NAME.birthRate` changes births from its begin time on:
    /// the live count is the integral of the animated rate (every particle outlives the test).
    @Test("animated cell birth rate is integrated") func animatedCellBirthRateIsIntegrated() throws {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        let scene = try loader.scene(fromJSON: """
        { "layers": [ { "type": "emitter", "name": "e", "emitterCells": [
            { "name": "c", "birthRate": 30, "lifetime": 100, "contents": "builtin:dot" } ] } ],
          "animations": [ { "layer": "e", "keyPath": "emitterCells.c.birthRate", "fromValue": 30, "toValue": 120,
                            "beginTime": 1, "duration": 2, "fillMode": "forwards", "removedOnCompletion": false } ] }
        """)
        let emitter = try #require(scene.layer(named: "e") as? EmitterLayer)
        // ∫ rate over [0, 5]: 30·1 + (30 + 120)/2·2 + 120·2 = 30 + 150 + 240 = 420.
        let count = emitter.evaluate(at: 5).count
        #expect(abs((Double(count)) - 420) <= 420 * 0.02)
        // Before the animation begins only the model rate applies: 30 per second.
        #expect(abs((Double(emitter.evaluate(at: 1).count)) - 30) <= 1)
    }
}
