import Foundation
import Testing
@testable import Stardust
@testable import StardustScene

/// Scene keys of fields and colliders (docs/SCENES.md, "Beyond Core Animation"): reading, JSON-path
/// errors, the integration budget, the writer's round trip and the trace.
@Suite struct ParticleFieldSceneTests: SceneJSONTesting {
    func scene(cell: String, rate: Double = 20, lifetime: Double = 2) -> String {
        """
        {"size": [200, 200], "layers": [{"type": "emitter", "name": "fx", "emitterPosition": [100, 100],
          "emitterCells": [{"name": "c", "contents": "builtin:dot", "birthRate": \(rate), "lifetime": \(lifetime), "velocity": 30,
                            "emissionRange": "180deg", "yAcceleration": 50, \(cell)}]}]}
        """
    }

    static let full = """
        "fields": {"drag": 0.8, "wind": [18, -2], "attractors": [{"position": [50, 50], "strength": 40, "radius": 80}],
                   "vortex": {"center": [100, 100], "angularVelocity": "90deg", "coreRadius": 30},
                   "turbulence": {"strength": 60, "scale": 40, "seed": 3}},
        "collider": {"floor": 180, "response": "bounce", "restitution": 0.4, "friction": 0.1}
        """

    static func emitter(_ s: Scene) throws -> EmitterLayer {
        try #require(s.allLayers.compactMap { $0 as? EmitterLayer }.first)
    }

    @Test func everyKeyIsReadAndRoundTrips() throws {
        let original = try load(scene(cell: Self.full))
        let x = try #require(try Self.emitter(original).emitterCells[0].extensions)
        let f = try #require(x.fields)
        #expect(f.drag == 0.8 && f.wind.x == 18 && f.wind.y == -2)
        #expect(f.attractors.first?.strength == 40 && f.attractors.first?.radius == 80)
        #expect(abs((f.vortex?.angularVelocity ?? 0) - .pi / 2) < 1e-12 && f.vortex?.coreRadius == 30)
        #expect(f.turbulence?.seed == 3 && f.turbulence?.scale == 40)
        #expect(x.collider?.isInfinite == true && x.collider?.from.y == 180 && x.collider?.restitution == 0.4)
        let again = try load(try SceneJSONWriter.string(original))
        #expect(try Self.emitter(again).emitterCells[0].extensions == x)
        #expect(try Self.emitter(original).evaluate(at: 2.2).isIdentical(to: try Self.emitter(again).evaluate(at: 2.2)))
        let segment = try load(scene(cell: "\"collider\": {\"from\": [0, 150], \"to\": [200, 170], \"response\": \"stick\"}"))
        let c = try #require(try Self.emitter(segment).emitterCells[0].extensions?.collider)
        #expect(!c.isInfinite && c.response == .stick && c.to.y == 170)
    }

    @Test func badFieldsNameTheirPath() {
        let cell = "layers[0].emitterCells[0]"
        let cases: [(String, String, String)] = [
            ("\"fields\": {\"drag\": -1}", "\(cell).fields.drag", "0…10000"),
            ("\"fields\": {\"gravity\": 1}", "\(cell).fields.gravity", "gravity"),
            ("\"fields\": {\"wind\": [1]}", "\(cell).fields.wind", "2"),
            ("\"fields\": {\"attractors\": [{\"position\": [0, 0]}]}", "\(cell).fields.attractors[0]", "\"strength\""),
            ("\"fields\": {\"vortex\": {\"angularVelocity\": 1}}", "\(cell).fields.vortex", "\"center\""),
            ("\"fields\": {\"turbulence\": {\"strength\": 1, \"scale\": 0}}", "\(cell).fields.turbulence.scale", "0.01"),
            ("\"collider\": {\"response\": \"stick\"}", "\(cell).collider", "\"floor\""),
            ("\"collider\": {\"floor\": 10, \"response\": \"explode\"}", "\(cell).collider.response", "\"bounce\""),
            ("\"collider\": {\"floor\": 10, \"restitution\": 1.5}", "\(cell).collider.restitution", "0…1"),
            ("\"collider\": {\"from\": [1, 1], \"to\": [1, 1]}", "\(cell).collider.to", "differ"),
            ("\"collider\": {\"floor\": 10, \"from\": [1, 1]}", "\(cell).collider.from", "not both"),
        ]
        for (key, path, text) in cases {
            _ = #expect(throws: (any Error).self, "\(key)") { try load(scene(cell: key)) }.map { e in
                guard let err = e as? SceneError else { Issue.record("expected a SceneError for \(key), got \(e)"); return }
                #expect(err.path == path, "\(key): \(err.path)")
                #expect(err.message.contains(text), "\(key): \(err.message)")
            }
        }
        let many = Array(repeating: "{\"position\": [0, 0], \"strength\": 1}", count: 17).joined(separator: ", ")
        #expect(throws: SceneError.self) { try load(scene(cell: "\"fields\": {\"attractors\": [\(many)]}")) }
    }

    @Test func theIntegrationBudgetRefusesBeforeWork() throws {
        // 2000 particles/s living 1000 s in turbulence: ~2e11 steps a frame. Refused at load.
        let heavy = scene(cell: "\"fields\": {\"turbulence\": {\"strength\": 10}}", rate: 2000, lifetime: 1000)
        _ = #expect(throws: SceneError.self) { try load(heavy) }.map { e in
            #expect(e.path == "layers[0].emitterCells" && e.message.contains("steps per frame"))
        }
        // The same with drag only is closed form: accepted.
        _ = try load(scene(cell: "\"fields\": {\"drag\": 1}", rate: 500, lifetime: 1000))
    }

    @Test func theTraceShowsFieldsAndColliders() throws {
        let line = SceneTrace.line(for: try load(scene(cell: Self.full)), at: 1, includeParticles: false)
        #expect(line.contains("\"fields(drag=0.8,wind=18:-2,attractors=1,vortex=1.5707963267948966,turbulence=60)\"")
            || line.contains("\"fields(drag=0.8,wind=18:-2,attractors=1,vortex="))
        #expect(line.contains("\"collider(bounce,restitution=0.4,friction=0.1)\""))
    }
}
