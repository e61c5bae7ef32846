import Foundation
import Testing
@testable import Stardust
@testable import StardustScene

/// Scene keys of over-life curves, bursts, limits and velocity stretch (docs/SCENES.md, "Beyond Core
/// Animation"): reading, JSON-path errors, budgets, the writer's round trip and the trace.
@Suite struct ParticleCurveSceneTests: SceneJSONTesting {
    func scene(cell: String) -> String {
        """
        {"size": [200, 200], "layers": [{"type": "emitter", "name": "fx", "emitterPosition": [100, 100],
          "emitterCells": [{"name": "c", "contents": "builtin:dot", "birthRate": 20, "lifetime": 2, "velocity": 30,
                            "emissionRange": "180deg", \(cell)}]}]}
        """
    }

    static let full = """
        "colorOverLife": {"interpolation": "smooth", "stops": [[0, "#ffffff"], [0.5, [1, 0.5, 0, 1]], [1, "#ff000000"]]},
        "secondColorOverLife": [[0, "#00ff00"], [1, "#0000ff"]],
        "alphaOverLife": {"interpolation": "step", "stops": [[0, 1], [0.9, 0.5]]},
        "scaleOverLife": [[0, 0.2], [0.3, 1.5], [1, 0]],
        "spinOverLife": {"stops": [[0, 1], [1, -1]]},
        "speedOverLife": {"interpolation": "linear", "stops": [[0, 1], [1, 0.1]]},
        "bursts": [{"time": 0.5, "count": 40, "cycles": 3, "interval": 1}, {"count": 5, "cycles": "infinity", "interval": 0.25}],
        "maximumAlive": 60, "emissionDuration": 4, "velocityStretch": 0.02
        """

    static func emitter(_ s: Scene) throws -> EmitterLayer {
        try #require(s.allLayers.compactMap { $0 as? EmitterLayer }.first)
    }

    @Test func everyKeyIsRead() throws {
        let e = try Self.emitter(load(scene(cell: Self.full)))
        let x = try #require(e.emitterCells[0].extensions)
        #expect(x.colorOverLife?.interpolation == .smooth && x.colorOverLife?.times == [0, 0.5, 1])
        #expect(x.colorOverLife?.colors[2] == Color(red: 1, green: 0, blue: 0, alpha: 0))
        #expect(x.secondColorOverLife?.interpolation == .linear)
        #expect(x.alphaOverLife?.interpolation == .step && x.alphaOverLife?.values == [1, 0.5])
        #expect(x.scaleOverLife?.values == [0.2, 1.5, 0])
        #expect(x.spinOverLife?.values == [1, -1] && x.speedOverLife?.values == [1, 0.1])
        #expect(x.bursts == [ParticleBurst(time: 0.5, count: 40, cycles: 3, interval: 1),
                             ParticleBurst(time: 0, count: 5, cycles: ParticleBurst.forever, interval: 0.25)])
        #expect(x.maximumAlive == 60 && x.emissionDuration == 4 && x.velocityStretch == 0.02)
        #expect(e.evaluate(at: 2.2).count <= 60)
    }

    @Test func theWriterRoundTrips() throws {
        let original = try load(scene(cell: Self.full))
        let json = try SceneJSONWriter.string(original)
        let again = try load(json)
        let a = try Self.emitter(original), b = try Self.emitter(again)
        #expect(a.emitterCells[0].extensions == b.emitterCells[0].extensions)
        #expect(a.evaluate(at: 3.3).isIdentical(to: b.evaluate(at: 3.3)))
    }

    @Test func badCurvesAndBurstsNameTheirPath() {
        let cell = "layers[0].emitterCells[0]"
        let cases: [(String, String, String)] = [
            ("\"scaleOverLife\": [[0, 1], [0.6, 2], [0.4, 3]]", "\(cell).scaleOverLife[2][0]", "must not decrease"),
            ("\"alphaOverLife\": {\"stops\": [[0, 1], [1.5, 0]]}", "\(cell).alphaOverLife.stops[1][0]", "0…1"),
            ("\"spinOverLife\": {\"interpolation\": \"cubic\", \"stops\": [[0, 1]]}", "\(cell).spinOverLife.interpolation", "\"smooth\""),
            ("\"speedOverLife\": []", "\(cell).speedOverLife", "at least one stop"),
            ("\"scaleOverLife\": [[0, 1, 2]]", "\(cell).scaleOverLife[0]", "[time, value]"),
            ("\"colorOverLife\": [[0, \"red\"]]", "\(cell).colorOverLife[0][1]", "not a color"),
            ("\"secondColorOverLife\": [[0, \"#ffffff\"]]", "\(cell).secondColorOverLife", "needs a \"colorOverLife\""),
            ("\"scaleOverLife\": {\"stops\": [[0, 1]], \"tension\": 1}", "\(cell).scaleOverLife.tension", "tension"),
            ("\"bursts\": [{\"time\": 1}]", "\(cell).bursts[0]", "needs a \"count\""),
            ("\"bursts\": [{\"count\": 5, \"cycles\": 3}]", "\(cell).bursts[0]", "interval"),
            ("\"bursts\": [{\"count\": 2000000}]", "\(cell).bursts[0].count", "0…1000000"),
            ("\"maximumAlive\": -1", "\(cell).maximumAlive", "whole number"),
            ("\"emissionDuration\": -1", "\(cell).emissionDuration", "≥ 0"),
            ("\"velocityStretch\": -0.1", "\(cell).velocityStretch", "0…1000"),
        ]
        for (key, path, text) in cases {
            _ = #expect(throws: (any Error).self, "\(key)") { try load(scene(cell: key)) }.map { e in
                guard let err = e as? SceneError else { Issue.record("expected a SceneError for \(key), got \(e)"); return }
                #expect(err.path == path, "\(key): \(err.path)")
                #expect(err.message.contains(text), "\(key): \(err.message)")
            }
        }
    }

    @Test func budgetsCapStopsAndBursts() {
        let stops = (0...16).map { "[\(Double($0) / 16), 1]" }.joined(separator: ", ")
        #expect(throws: SceneError.self) { try load(scene(cell: "\"scaleOverLife\": [\(stops)]")) }
        let bursts = Array(repeating: "{\"count\": 1}", count: 65).joined(separator: ", ")
        #expect(throws: SceneError.self) { try load(scene(cell: "\"bursts\": [\(bursts)]")) }
        // A burst that would overflow the particle budget is refused before any evaluation.
        let huge = "\"bursts\": [{\"count\": 1000000, \"cycles\": \"infinity\", \"interval\": 0.01}], \"lifetime\": 1"
        #expect(throws: SceneError.self) { try load(scene(cell: huge).replacingOccurrences(of: "\"lifetime\": 2, ", with: "")) }
    }

    @Test func subEmitterKeysAreReadWrittenAndCheckedForAParent() throws {
        let json = scene(cell: """
            "emitterCells": [{"name": "boom", "contents": "builtin:spark", "lifetime": 1, "velocity": 50, "emissionRange": "180deg",
                              "trigger": "death", "inheritedVelocity": 0.25, "bursts": [{"count": 30}]}]
            """)
        let original = try load(json)
        let x = try #require(try Self.emitter(original).emitterCells[0].emitterCells[0].extensions)
        #expect(x.trigger == .death && x.inheritedVelocity == 0.25)
        let again = try load(try SceneJSONWriter.string(original))
        #expect(try Self.emitter(again).emitterCells[0].emitterCells[0].extensions == x)
        #expect(try Self.emitter(original).evaluate(at: 2.6).isIdentical(to: try Self.emitter(again).evaluate(at: 2.6)))
        let line = SceneTrace.line(for: original, at: 1, includeParticles: false)
        #expect(line.contains("\"fx.c.boom\":[\"burst(t=0,count=30,cycles=1,interval=0)\",\"trigger=death\",\"inheritedVelocity=0.25\"]"))
        // A top-level cell has no parent to trigger it.
        _ = #expect(throws: SceneError.self) { try load(scene(cell: "\"trigger\": \"death\"")) }.map { e in
            #expect(e.path == "layers[0].emitterCells[0].trigger")
        }
        _ = #expect(throws: SceneError.self) {
            try load(scene(cell: "\"emitterCells\": [{\"name\": \"x\", \"trigger\": \"explosion\"}]"))
        }.map { e in #expect(e.path == "layers[0].emitterCells[0].emitterCells[0].trigger" && e.message.contains("\"death\"")) }
        // The collision trigger needs a parent with colliders.
        _ = #expect(throws: SceneError.self) {
            try load(scene(cell: "\"emitterCells\": [{\"name\": \"x\", \"trigger\": \"collision\"}]"))
        }.map { e in #expect(e.path == "layers[0].emitterCells[0].emitterCells[0].trigger" && e.message.contains("colliders")) }
        // A triggered rate with no end is named, capped or not (each parent would leave an emitter running forever).
        for cap in ["", ", \"maximumAlive\": 3"] {
            _ = #expect(throws: SceneError.self) {
                try load(scene(cell: "\"emitterCells\": [{\"name\": \"x\", \"trigger\": \"death\", \"birthRate\": 5\(cap)}]"))
            }.map { e in
                #expect(e.path == "layers[0].emitterCells"
                        && e.message.contains("emitterCells.c.emitterCells.x.emissionDuration") && e.message.contains("running forever"))
            }
        }
        #expect(throws: Never.self) {
            try load(scene(cell: "\"emitterCells\": [{\"name\": \"x\", \"trigger\": \"death\", \"birthRate\": 5, \"emissionDuration\": 0.5}]"))
        }
    }

    @Test func theTraceShowsTheFeaturesOnlyWhenUsed() throws {
        let line = SceneTrace.line(for: try load(scene(cell: Self.full)), at: 1, includeParticles: false)
        #expect(line.contains("\"cellFeatures\":{\"fx.c\":[\"colorOverLife(smooth,3)\""))
        #expect(line.contains("\"burst(t=0.5,count=40,cycles=3,interval=1)\""))
        #expect(line.contains("\"maximumAlive=60\"") && line.contains("\"velocityStretch=0.02\""))
        let plain = SceneTrace.line(for: try load(scene(cell: "\"finishScale\": 0")), at: 1, includeParticles: false)
        #expect(!plain.contains("cellFeatures"))
    }
}
