import Foundation
import Testing
import StardustTestSupport
@testable import Stardust
@testable import StardustScene

/// The `physics` and `pointer` keys (docs/DESIGN.md §10.1), the trace's `bodies`, and frame ranges.
@Suite("Scene files: physics and pointer")
struct PhysicsSceneTests {
    static func load(_ json: String) throws -> Scene {
        var loader = SceneLoader(baseDirectory: "/nonexistent") { _ in throw SceneError(path: "$", "no files in tests") }
        return try loader.scene(fromJSON: json)
    }

    static var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples")
    }

    /// docs/DESIGN.md §10.1's `physics` and `pointer` blocks, verbatim, with the layer they bind.
    static let specExample = """
    { "size": [390, 844], "duration": 2, "fps": 30,
      "layers": [ { "type": "image", "name": "logo", "contents": "builtin:star", "position": [195, 400], "bounds": [0, 0, 120, 120] } ],
      "physics": {
        "gravity": [0, 10], "timeStep": 0.0083333,
        "bodies": [
          { "name": "ball", "type": "dynamic", "position": [0, 0], "angle": 0,
            "velocity": [0, 0], "angularVelocity": 0, "layer": "logo",
            "shapes": [ { "circle": { "radius": 0.5, "offset": [0, 0] },
                          "density": 1, "friction": 0.5, "elasticity": 0 } ] },
          { "name": "ground", "type": "static",
            "shapes": [ { "segment": { "a": [-50, 0], "b": [50, 0], "radius": 0 } },
                        { "box": { "width": 1, "height": 1, "center": [0, 0], "angle": 0 } },
                        { "polygon": { "points": [[0, 0], [1, 0], [0, 1]] } } ] }
        ],
        "joints": [ { "type": "pin", "a": "ball", "b": "ground",
                      "anchorA": [0, 0], "anchorB": [0, -5] },
                    { "type": "spring", "a": "ball", "b": "ground",
                      "anchorA": [0, 0], "anchorB": [0, 0],
                      "restLength": 1, "stiffness": 40, "damping": 0 } ]
      },
      "pointer": [ { "t": 0.5, "phase": "began", "point": [100, 200] } ]
    }
    """

    @Test("docs/DESIGN.md §10.1's physics block loads; the trace prints every body with the spec's fields")
    func specExampleTraces() throws {
        let scene = try Self.load(Self.specExample)
        let controller = try #require(scene.simulations.first as? PhysicsController)
        #expect(controller.pointerTrack.events == [PointerEvent(time: 0.5, phase: .began, point: Point(100, 200))])
        let line = SceneTrace.line(for: scene, at: 1, includeParticles: false)
        let frame = try JSONParser.parse(line)
        guard case .object(let bodies)? = frame["bodies"] else { Issue.record("no bodies in \(line)"); return }
        #expect(bodies.map(\.key) == ["ball", "ground"])
        guard case .object(let ball)? = frame["bodies"]?["ball"] else { Issue.record("no ball"); return }
        #expect(ball.map(\.key) == ["position", "angle", "velocity", "angularVelocity", "sleeping"])
        // The ball's layer shows the body: world units × 100 pt.
        let p = try #require(scene.layer(named: "logo")).presentation(at: 1).position
        let b = controller.world(at: 1)
        let bp = try b.position(of: try #require(b.bodies.first))
        #expect(abs(p.x - 100 * bp.x) < 1e-9 && abs(p.y - 100 * bp.y) < 1e-9)
    }

    @Test("a body bound to a layer starts where the layer is; a falling one drops ½·g·t²")
    func bodyStartsAtItsLayer() throws {
        let scene = try Self.load("""
        { "layers": [ { "type": "group", "name": "box", "position": [150, 100], "bounds": [0, 0, 40, 40] } ],
          "physics": { "bodies": [ { "name": "box", "layer": "box", "shapes": [ { "box": { "width": 0.4, "height": 0.4 } } ] } ] } }
        """)
        let layer = try #require(scene.layer(named: "box"))
        #expect(layer.presentation(at: 0).position == Point(150, 100))
        let y = layer.presentation(at: 0.5).position.y
        #expect(abs(y - (100 + 100 * 0.5 * 10 * 0.25)) <= 100 * 0.5 * 10 * 0.5 / 480 + 1e-9)
    }

    @Test("errors name the JSON path and say what was expected")
    func errorsNamePaths() {
        let layer = #"{ "type": "group", "name": "logo" }"#
        let cases: [(String, String, String)] = [
            (#"{"physics": {"bodies": [{"name": "a", "shapes": [{"circle": {"radius": -1}}]}]}}"#,
             "physics.bodies[0].shapes[0].circle.radius", "expected a number"),
            (#"{"physics": {"bodies": [{"name": "a", "mass": 1}]}}"#, "physics.bodies[0].mass", "unknown key"),
            (#"{"physics": {"bodies": [{"name": "a"}, {"name": "a"}]}}"#, "physics.bodies[1].name", "already defined"),
            (#"{"physics": {"bodies": [{"shapes": []}]}}"#, "physics.bodies[0]", "missing \"name\""),
            (#"{"physics": {"bodies": [{"name": "a", "layer": "lgo"}]}, "layers": [\#(layer)]}"#,
             "physics.bodies[0].layer", "did you mean \"logo\""),
            (#"{"physics": {"bodies": [{"name": "a", "type": "dynamc"}]}}"#, "physics.bodies[0].type", "did you mean \"dynamic\""),
            (#"{"physics": {"bodies": [{"name": "a", "shapes": [{"circle": {"radius": 1}, "box": {"width": 1, "height": 1}}]}]}}"#,
             "physics.bodies[0].shapes[0]", "exactly one geometry"),
            (#"{"physics": {"bodies": [{"name": "a", "shapes": [{"polygon": {"points": [[0, 0], [1, 1], [2, 2]]}}]}]}}"#,
             "physics.bodies[0].shapes[0].polygon.points", "do not enclose an area"),
            (#"{"physics": {"bodies": [{"name": "ball"}], "joints": [{"type": "pin", "b": "bal"}]}}"#,
             "physics.joints[0].b", "did you mean \"ball\""),
            (#"{"physics": {"bodies": [{"name": "ball"}], "joints": [{"type": "rope", "b": "ball"}]}}"#,
             "physics.joints[0].type", "is not one of"),
            (#"{"physics": {"bodies": [{"name": "ball"}], "joints": [{"type": "spring", "b": "ball"}]}}"#,
             "physics.joints[0]", "missing \"stiffness\""),
            (#"{"physics": {"gravity": [0]}}"#, "physics.gravity", "2 numbers"),
            (#"{"physics": {}, "pointer": [{"t": 1, "phase": "tap", "point": [0, 0]}]}"#, "pointer[0].phase", "is not one of"),
            (#"{"physics": {}, "pointer": [{"t": -1, "phase": "began", "point": [0, 0]}]}"#, "pointer[0].t", "expected a number in"),
            (#"{"physics": {}, "pointer": [{"phase": "began", "point": [0, 0]}]}"#, "pointer[0]", "missing \"t\""),
            (#"{"pointer": []}"#, "pointer", "\"physics\""),
        ]
        for (json, path, text) in cases {
            do {
                _ = try Self.load(json)
                Issue.record("expected an error at \(path) for \(json)")
            } catch let e as SceneError {
                #expect(e.path == path, "\(json)")
                #expect(e.message.contains(text), "\(e.message)")
            } catch {
                Issue.record("expected a SceneError, got \(error)")
            }
        }
    }

    @Test("rendering frames A..B alone gives the same bytes as the full render (across a scripted throw)")
    func frameRangeEqualsFullRender() throws {
        let path = Self.examples.appendingPathComponent("physics-playground.json").path
        let full = try SceneLoader.load(path: path), alone = try SceneLoader.load(path: path)
        for s in [full, alone] { s.scale = 0.25 }
        let renderer = Renderer(threads: 2)
        // Frames 0…119 in order on one scene; 92…119 (the pointer acts from 3.1 s = frame 93) alone,
        // backwards, on a fresh one.
        var expected: [Int: String] = [:]
        for i in 0..<120 { expected[i] = Digest.hex(try renderer.render(full.displayList(at: full.time(ofFrame: i))).pixels) }
        for i in (92..<120).reversed() {
            let got = Digest.hex(try renderer.render(alone.displayList(at: alone.time(ofFrame: i))).pixels)
            #expect(got == expected[i], "frame \(i)")
        }
        // The bodies move in that range (the frames are not trivially equal).
        #expect(expected[92] != expected[119])
    }
}

/// The physics budget (docs/LIMITS.md): bodies × steps is checked before anything is simulated.
@Suite("Scene budget: physics")
struct PhysicsBudgetTests {
    @Test("too many body-steps are refused at physics.bodies; a small world passes")
    func bodySteps() throws {
        func scene(bodies: Int, duration: Double) throws -> Scene {
            let list = (0..<bodies).map { #"{"name": "b\#($0)"}"# }.joined(separator: ",")
            return try PhysicsSceneTests.load(#"{"duration": \#(duration), "physics": {"bodies": [\#(list)]}}"#)
        }
        try SceneBudget.check(try scene(bodies: 10, duration: 10), frameCount: 300, limits: SceneLimits())
        // 2000 bodies × 3600 s × 120 steps/s = 864 million body-steps.
        do {
            try SceneBudget.check(try scene(bodies: 2000, duration: 3600), frameCount: 300, limits: SceneLimits())
            Issue.record("expected the physics budget to refuse the scene")
        } catch let e as SceneError {
            #expect(e.path == "physics.bodies")
            #expect(e.message.contains("body-steps"))
        }
    }
}
