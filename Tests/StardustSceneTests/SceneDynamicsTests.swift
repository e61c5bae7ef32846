import Foundation
import Testing
import StardustAnimation
import StardustCore
@testable import StardustScene

@Suite("Scene files: the dynamics key")
struct SceneDynamicsTests {
    func load(_ json: String) throws -> Scene {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        return try loader.scene(fromJSON: json)
    }

    func error(_ json: String) -> String {
        do { _ = try load(json); return "no error" } catch { return "\(error)" }
    }

    let layers = """
    "layers": [ { "type": "group", "name": "box", "position": [100, 100], "bounds": [0, 0, 20, 20], "backgroundColor": "#F00" },
                { "type": "group", "name": "ball", "position": [200, 100], "bounds": [0, 0, 20, 20], "cornerRadius": 10 } ]
    """

    @Test("gravity and a timed push move the named layers as physics says")
    func gravityAndPush() throws {
        let scene = try load("""
        { "size": [400, 2000], \(layers),
          "dynamics": { "behaviors": [
            { "type": "gravity", "items": ["box"], "magnitude": 0.5 },
            { "type": "push", "items": ["ball"], "mode": "instantaneous", "magnitude": 1, "angle": "0deg", "at": 1 } ] } }
        """)
        let box = try #require(scene.layer(named: "box")), ball = try #require(scene.layer(named: "ball"))
        // ½ · 500 · 1² = 250 pt (within the integrator's 1/N).
        #expect(abs(box.presentation(at: 1).position.y - 350) < 2.5)
        // The ball is round (cornerRadius = half its side): a 10 pt circle of area 100π pt² gets
        // 100 pt/s × (100·100)/(100π) = 3183 pt/s; at rest before t = 1.
        #expect(ball.presentation(at: 0.9).position == Point(x: 200, y: 100))
        #expect(abs(ball.presentation(at: 1.1).position.x - (200 + 0.1 * 1e6 / (100 * Double.pi))) < 1)
    }

    @Test("collision with the scene bounds and a boundary segment")
    func collisionBounds() throws {
        let scene = try load("""
        { "size": [300, 300], \(layers),
          "dynamics": { "behaviors": [
            { "type": "gravity", "items": ["box", "ball"] },
            { "type": "collision", "items": ["box", "ball"], "translatesReferenceBoundsIntoBoundary": true,
              "boundaries": [ { "identifier": "shelf", "from": [150, 200], "to": [300, 200] } ] } ] } }
        """)
        let box = try #require(scene.layer(named: "box")), ball = try #require(scene.layer(named: "ball"))
        #expect(abs(box.presentation(at: 3).position.y - 290) < 1, "on the floor")
        #expect(abs(ball.presentation(at: 3).position.y - 190) < 1, "on the shelf")
    }

    @Test("errors name the JSON path")
    func errors() {
        #expect(error("{ \(layers), \"dynamics\": { \"behaviors\": [ { \"type\": \"gravity\", \"items\": [\"nope\"] } ] } }")
            == "dynamics.behaviors[0].items[0]: no layer named \"nope\"")
        #expect(error("{ \(layers), \"dynamics\": { \"behaviors\": [ { \"type\": \"snap\", \"item\": \"box\", \"point\": [0, 0], \"dampin\": 1 } ] } }")
            .hasPrefix("dynamics.behaviors[0].dampin: unknown key"))
        #expect(error("{ \(layers), \"dynamics\": { \"behaviors\": [ { \"type\": \"gravty\", \"items\": [] } ] } }")
            .hasPrefix("dynamics.behaviors[0].type:"))
        #expect(error("{ \(layers), \"dynamics\": { \"behaviors\": [ { \"type\": \"field\", \"field\": \"linearGravity\", \"items\": [\"box\"] } ] } }")
            == "dynamics.behaviors[0]: a linearGravity field needs \"direction\": [dx, dy]")
        #expect(error("{ \(layers), \"dynamics\": { \"behaviors\": [ { \"type\": \"push\", \"items\": [\"box\"], \"at\": 2, \"until\": 1 } ] } }")
            == "dynamics.behaviors[0].until: \"until\" (1.0) is before \"at\" (2.0)")
        #expect(error("{ \(layers), \"dynamics\": { \"referenceBounds\": [0, 0, 0, 10] } }")
            .hasPrefix("dynamics.referenceBounds:"))
        #expect(error("{ \(layers), \"dynamics\": { \"behaviors\": [ { \"type\": \"attachment\", \"item\": \"box\", \"to\": \"box\" } ] } }")
            == "dynamics.behaviors[0].to: an item cannot be attached to itself")
        let many = Array(repeating: "{ \"type\": \"collision\", \"items\": [\"box\"] }", count: 32).joined(separator: ", ")
        #expect(error("{ \(layers), \"dynamics\": { \"behaviors\": [ \(many) ] } }") == "dynamics.behaviors[31]: at most 31 collision behaviors per scene")
    }

    @Test("extreme but valid values render finite poses")
    func extremes() throws {
        let scene = try load("""
        { "size": [300, 300], "layers": [
            { "type": "group", "name": "dot", "position": [150, 150], "bounds": [0, 0, 0, 0] },
            { "type": "group", "name": "box", "position": [100, 100], "bounds": [0, 0, 20, 20] } ],
          "dynamics": { "behaviors": [
            { "type": "field", "field": "radialGravity", "items": ["dot", "box"], "position": [100, 100], "falloff": 10,
              "minimumRadius": 0, "strength": 1000000 },
            { "type": "push", "items": ["dot", "box"], "mode": "continuous", "magnitude": 1000000 },
            { "type": "collision", "items": ["dot", "box"], "translatesReferenceBoundsIntoBoundary": true },
            { "type": "attachment", "item": "box", "to": "dot", "frequency": 1000, "damping": 1 } ] } }
        """)
        for t in [0.0, 0.5, 1, 2] {
            for name in ["dot", "box"] {
                let p = try #require(scene.layer(named: name)).presentation(at: t).position
                #expect(p.x.isFinite && p.y.isFinite, "\(name) at \(t): \(p)")
            }
        }
    }
}
