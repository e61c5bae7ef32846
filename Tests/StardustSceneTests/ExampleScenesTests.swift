import Foundation
import XCTest
@testable import Stardust

/// Every scene in examples/ loads, validates and renders.
final class ExampleScenesTests: XCTestCase {
    var examplesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples")
    }

    func testEveryExampleLoadsAndRenders() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(files.count, 3)
        for name in files {
            let scene = try SceneLoader.load(path: examplesDirectory.appendingPathComponent(name).path)
            try scene.validate()
            scene.scale = 0.25
            let image = try Renderer(threads: 1).render(scene.displayList(at: 1.5))
            XCTAssertEqual(image.width, scene.pixelWidth, name)
            XCTAssertTrue(image.pixels.contains { $0 != 0 }, "\(name) rendered nothing")
        }
    }

    /// An animation on `emitterCells.NAME.birthRate` changes births from its begin time on:
    /// the live count is the integral of the animated rate (every particle outlives the test).
    func testAnimatedCellBirthRateIsIntegrated() throws {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        let scene = try loader.scene(fromJSON: """
        { "layers": [ { "type": "emitter", "name": "e", "emitterCells": [
            { "name": "c", "birthRate": 30, "lifetime": 100, "contents": "builtin:dot" } ] } ],
          "animations": [ { "layer": "e", "keyPath": "emitterCells.c.birthRate", "fromValue": 30, "toValue": 120,
                            "beginTime": 1, "duration": 2, "fillMode": "forwards", "removedOnCompletion": false } ] }
        """)
        let emitter = try XCTUnwrap(scene.layer(named: "e") as? EmitterLayer)
        // ∫ rate over [0, 5]: 30·1 + (30 + 120)/2·2 + 120·2 = 30 + 150 + 240 = 420.
        let count = emitter.evaluate(at: 5).count
        XCTAssertEqual(Double(count), 420, accuracy: 420 * 0.02)
        // Before the animation begins only the model rate applies: 30 per second.
        XCTAssertEqual(Double(emitter.evaluate(at: 1).count), 30, accuracy: 1)
    }
}
