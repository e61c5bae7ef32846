import Foundation
import Testing
@testable import Stardust
@testable import StardustScene

/// Scene keys of several colliders, shapes, layer bounds and the collision trigger (docs/SCENES.md,
/// "Fields and collisions"): reading, JSON-path errors, the particle budget, the writer's round trip, the trace.
@Suite struct ColliderSceneTests: SceneJSONTesting {
    /// An emitter layer at (20, 30) of 200 × 200 (its coordinates start at its top-left corner), and a layer
    /// "box" whose frame is (50, 60, 80, 40) in the scene.
    func scene(cell: String, child: String = "", rate: Double = 20) -> String {
        """
        {"size": [300, 300], "layers": [
          {"type": "emitter", "name": "fx", "position": [120, 130], "bounds": [0, 0, 200, 200], "emitterPosition": [100, 10],
           "emitterCells": [{"name": "c", "contents": "builtin:dot", "birthRate": \(rate), "lifetime": 3, "velocity": 30,
                             "emissionRange": "180deg", "yAcceleration": 80, \(cell)\(child)}]},
          {"type": "group", "name": "box", "position": [90, 80], "bounds": [0, 0, 80, 40]}]}
        """
    }

    static func emitter(_ s: Scene) throws -> EmitterLayer {
        try #require(s.allLayers.compactMap { $0 as? EmitterLayer }.first)
    }

    static let shapes = """
        "collider": {"floor": 190, "restitution": 0.3},
        "colliders": [{"rectangle": [10, 20, 30, 40], "response": "stick"},
                      {"circle": [100, 120], "radius": 25, "inside": true, "restitution": 0.9, "friction": 0.2},
                      {"layer": "box", "response": "die"}]
        """

    @Test func shapesAndLayerBoundsAreReadAndRoundTrip() throws {
        let original = try load(scene(cell: Self.shapes))
        let x = try #require(try Self.emitter(original).emitterCells[0].extensions)
        #expect(x.collider?.from.y == 190 && x.collider?.restitution == 0.3)
        #expect(x.colliders.count == 3)
        #expect(x.colliders[0].shape == .rectangle(Rect(10, 20, 30, 40)) && x.colliders[0].response == .stick && !x.colliders[0].isContainer)
        #expect(x.colliders[1].shape == .circle(center: Point(100, 120), radius: 25) && x.colliders[1].isContainer)
        #expect(x.colliders[1].restitution == 0.9 && x.colliders[1].friction == 0.2)
        // The box's frame (50, 60, 80, 40) in the emitter's coordinates, which start at (20, 30).
        #expect(x.colliders[2].shape == .rectangle(Rect(30, 30, 80, 40)) && x.colliders[2].response == .die)
        let again = try load(try SceneJSONWriter.string(original))
        #expect(try Self.emitter(again).emitterCells[0].extensions == x)
        #expect(try Self.emitter(original).evaluate(at: 2.5).isIdentical(to: try Self.emitter(again).evaluate(at: 2.5)))
        let line = SceneTrace.line(for: original, at: 1, includeParticles: false)
        #expect(line.contains("\"collider(bounce,restitution=0.3,friction=0)\""))
        #expect(line.contains("\"collider(rectangle,stick,restitution=0.5,friction=0)\""))
        #expect(line.contains("\"collider(circle inside,bounce,restitution=0.9,friction=0.2)\""))
    }

    @Test func theSwiftExportWritesTheShapesForOpenQuartzCore() throws {
        let source = SwiftExporter.export(try load(scene(cell: Self.shapes))).source
        #expect(source.contains("c.stardust.colliders = [ParticleCollider.rectangle(Rect(x: 10, y: 20, width: 30, height: 40), isContainer: false, response: .stick"), "\(source)")
        #expect(source.contains("ParticleCollider.circle(center: Point(100, 120), radius: 25, isContainer: true, response: .bounce, restitution: 0.9, friction: 0.2)"))
        #expect(source.contains("a circle container collider (bounce)"))
    }

    @Test func badCollidersNameTheirPath() {
        let cell = "layers[0].emitterCells[0]"
        let cases: [(String, String, String)] = [
            ("\"colliders\": [{\"layer\": \"nowhere\"}]", "\(cell).colliders[0].layer", "no layer named \"nowhere\""),
            ("\"collider\": {\"layer\": \"ghost\"}", "\(cell).collider.layer", "no layer named \"ghost\""),
            ("\"colliders\": [{\"circle\": [1, 1]}]", "\(cell).colliders[0]", "\"radius\""),
            ("\"colliders\": [{\"circle\": [1, 1], \"radius\": 0}]", "\(cell).colliders[0].radius", "positive"),
            ("\"colliders\": [{\"rectangle\": [1, 1, 0, 4]}]", "\(cell).colliders[0].rectangle", "width and a height"),
            ("\"colliders\": [{\"floor\": 1, \"inside\": true}]", "\(cell).colliders[0].inside", "belongs to"),
            ("\"colliders\": [{\"floor\": 1, \"circle\": [0, 0]}]", "\(cell).colliders[0].circle", "not both"),
            ("\"colliders\": {\"floor\": 1}", "\(cell).colliders", "array"),
        ]
        for (key, path, text) in cases {
            _ = #expect(throws: (any Error).self, "\(key)") { try load(scene(cell: key)) }.map { e in
                guard let err = e as? SceneError else { Issue.record("expected a SceneError for \(key), got \(e)"); return }
                #expect(err.path == path, "\(key): \(err.path)")
                #expect(err.message.contains(text), "\(key): \(err.message)")
            }
        }
        let many = Array(repeating: "{\"floor\": 1}", count: 17).joined(separator: ", ")
        _ = #expect(throws: SceneError.self) { try load(scene(cell: "\"colliders\": [\(many)]")) }.map { e in
            #expect(e.path == "\(cell).colliders" && e.message.contains("16"))
        }
    }

    @Test func aCollisionTriggerChainPastTheBudgetIsRefusedBeforeWork() throws {
        let child = { (count: Int, trigger: String) in
            ", \"emitterCells\": [{\"name\": \"splash\", \"lifetime\": 2, \"trigger\": \"\(trigger)\", \"bursts\": [{\"count\": \(count)}]}]"
        }
        // 1000 bouncing parents a second living 3 s, each contact (up to 32) leaving 100 sub-particles of 2 s.
        let heavy = scene(cell: "\"collider\": {\"floor\": 190}", child: child(100, "collision"), rate: 1000)
        _ = #expect(throws: SceneError.self) { try load(heavy) }.map { e in
            #expect(e.path == "layers[0].emitterCells" && e.message.contains("live particles"))
        }
        let light = try load(scene(cell: "\"collider\": {\"floor\": 190}", child: child(3, "collision")))
        let e = try Self.emitter(light)
        let s = e.evaluate(at: 2.5)
        #expect((0..<s.count).contains { s[$0].cellIndex == 1 })
    }
}
