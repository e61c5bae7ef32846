import Foundation
import Testing
@testable import Stardust

/// A property-animator timeline in a scene file drives the property exactly as the animator's state table says.
@Suite struct AnimatorTimelineSceneTests {
    func scene(events: String, duration: Double = 1) throws -> Layer {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        let scene = try loader.scene(fromJSON: """
        { "layers": [ { "type": "group", "name": "card", "position": [0, 0] } ],
          "animations": [ { "type": "animator", "duration": \(duration), "curve": "linear",
                            "changes": [ { "layer": "card", "keyPath": "position.x", "toValue": 100 } ],
                            "events": \(events) } ] }
        """)
        return try #require(scene.layer(named: "card"))
    }

    func x(_ layer: Layer, _ t: Double) -> Double { layer.presentationValue(forKeyPath: "position.x", at: t)?.doubleValue ?? .nan }

    @Test("pause scrub and continue") func pauseScrubAndContinue() throws {
        let card = try scene(events: """
            [ {"t": 0, "action": "start"}, {"t": 0.5, "action": "pause"}, {"t": 1, "action": "scrub", "fraction": 0.2},
              {"t": 1.5, "action": "continue", "durationFactor": 1} ]
            """)
        #expect(abs((x(card, 0.25)) - 25) <= 0.5)
        #expect(abs((x(card, 0.75)) - 50) <= 0.5)   // paused
        #expect(abs((x(card, 1.25)) - 20) <= 0.5)   // scrubbed
        #expect(abs((x(card, 2.0)) - 60) <= 0.5)    // the remaining 0.8 over durationFactor × duration = 1 s
        #expect(abs((x(card, 3.0)) - 100) <= 1e-9)  // finished at the end
    }

    @Test("reverse runs back to the start") func reverseRunsBackToTheStart() throws {
        let card = try scene(events: #"[ {"t": 0, "action": "start"}, {"t": 0.6, "action": "reverse"} ]"#)
        #expect(abs((x(card, 0.6)) - 60) <= 0.5)
        #expect(abs((x(card, 0.9)) - 30) <= 0.5)
        #expect(abs((x(card, 2)) - 0) <= 1e-9)
    }

    @Test("stop without finishing holds the current value") func stopWithoutFinishingHoldsTheCurrentValue() throws {
        let card = try scene(events: #"[ {"t": 0, "action": "start"}, {"t": 0.4, "action": "stop", "withoutFinishing": true} ]"#)
        #expect(abs((x(card, 0.4)) - 40) <= 0.5)
        #expect(abs((x(card, 5)) - 40) <= 0.5)
    }

    @Test("bad actions name their path") func badActionsNameTheirPath() {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        _ = #expect(throws: (any Error).self) { try loader.scene(fromJSON: """
            { "layers": [ { "type": "group", "name": "card" } ],
              "animations": [ { "type": "animator", "changes": [ { "layer": "card", "keyPath": "opacity", "toValue": 0 } ],
                                "events": [ { "t": 0, "action": "jump" } ] } ] }
            """) }.map { e in
            #expect((e as? SceneError)?.path == "animations[0].events[0].action")
        }
    }
}
