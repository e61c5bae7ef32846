import XCTest
@testable import Stardust

/// A property-animator timeline in a scene file drives the property exactly as the animator's state table says.
final class AnimatorTimelineSceneTests: XCTestCase {
    func scene(events: String, duration: Double = 1) throws -> Layer {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        let scene = try loader.scene(fromJSON: """
        { "layers": [ { "type": "group", "name": "card", "position": [0, 0] } ],
          "animations": [ { "type": "animator", "duration": \(duration), "curve": "linear",
                            "changes": [ { "layer": "card", "keyPath": "position.x", "toValue": 100 } ],
                            "events": \(events) } ] }
        """)
        return try XCTUnwrap(scene.layer(named: "card"))
    }

    func x(_ layer: Layer, _ t: Double) -> Double { layer.presentationValue(forKeyPath: "position.x", at: t)?.doubleValue ?? .nan }

    func testPauseScrubAndContinue() throws {
        let card = try scene(events: """
            [ {"t": 0, "action": "start"}, {"t": 0.5, "action": "pause"}, {"t": 1, "action": "scrub", "fraction": 0.2},
              {"t": 1.5, "action": "continue", "durationFactor": 1} ]
            """)
        XCTAssertEqual(x(card, 0.25), 25, accuracy: 0.5)
        XCTAssertEqual(x(card, 0.75), 50, accuracy: 0.5)   // paused
        XCTAssertEqual(x(card, 1.25), 20, accuracy: 0.5)   // scrubbed
        XCTAssertEqual(x(card, 2.0), 60, accuracy: 0.5)    // the remaining 0.8 over durationFactor × duration = 1 s
        XCTAssertEqual(x(card, 3.0), 100, accuracy: 1e-9)  // finished at the end
    }

    func testReverseRunsBackToTheStart() throws {
        let card = try scene(events: #"[ {"t": 0, "action": "start"}, {"t": 0.6, "action": "reverse"} ]"#)
        XCTAssertEqual(x(card, 0.6), 60, accuracy: 0.5)
        XCTAssertEqual(x(card, 0.9), 30, accuracy: 0.5)
        XCTAssertEqual(x(card, 2), 0, accuracy: 1e-9)
    }

    func testStopWithoutFinishingHoldsTheCurrentValue() throws {
        let card = try scene(events: #"[ {"t": 0, "action": "start"}, {"t": 0.4, "action": "stop", "withoutFinishing": true} ]"#)
        XCTAssertEqual(x(card, 0.4), 40, accuracy: 0.5)
        XCTAssertEqual(x(card, 5), 40, accuracy: 0.5)
    }

    func testBadActionsNameTheirPath() {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        XCTAssertThrowsError(try loader.scene(fromJSON: """
            { "layers": [ { "type": "group", "name": "card" } ],
              "animations": [ { "type": "animator", "changes": [ { "layer": "card", "keyPath": "opacity", "toValue": 0 } ],
                                "events": [ { "t": 0, "action": "jump" } ] } ] }
            """)) { e in
            XCTAssertEqual((e as? SceneError)?.path, "animations[0].events[0].action")
        }
    }
}
