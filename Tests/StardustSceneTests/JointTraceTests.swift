import Foundation
import Testing
import StardustTestSupport
import Stardust

/// The `joints` of `stardust trace`: the world's joint list, with the forces physics predicts.
@Suite("Trace: joints")
struct JointTraceTests {
    /// A box hanging at rest on a pivot at its centre, a ball on a 2-unit pin below it and a spring
    /// to the world; no sleeping, so every step solves the joints.
    static let json = """
    { "size": [400, 400], "duration": 3, "fps": 30,
      "physics": { "gravity": [0, 10],
        "bodies": [ { "name": "box", "position": [2, 1], "sleeps": false, "shapes": [ { "box": { "width": 1, "height": 1 }, "density": 2 } ] },
                    { "name": "ball", "position": [2, 3], "sleeps": false, "shapes": [ { "circle": { "radius": 0.25 } } ] } ],
        "joints": [ { "type": "pivot", "b": "box", "pivot": [2, 1] },
                    { "type": "pin", "a": "box", "b": "ball", "anchorA": [0, 0], "anchorB": [0, 0] },
                    { "type": "spring", "b": "ball", "anchorA": [3, 3], "anchorB": [0, 0], "restLength": 1, "stiffness": 5 } ] } }
    """

    static func joints(_ scene: Scene, at t: Double) throws -> [JSONValue] {
        let line = try JSONParser.parse(SceneTrace.line(for: scene, at: t, includeParticles: false))
        guard case .array(let joints)? = line["joints"] else { Issue.record("no joints in \(line)"); return [] }
        return joints
    }

    static func vector(_ v: JSONValue?) -> Vec2? {
        guard case .array(let a)? = v, a.count == 2, case .number(let x) = a[0], case .number(let y) = a[1] else { return nil }
        return Vec2(x, y)
    }

    @Test("every frame lists the world's joints: kinds, body names, anchors, in the world's order")
    func agreesWithTheWorld() throws {
        var loader = SceneLoader(baseDirectory: "/nonexistent") { _ in throw SceneError(path: "$", "no files in tests") }
        let scene = try loader.scene(fromJSON: Self.json)
        let controller = try #require(scene.simulations.first as? PhysicsController)
        for frame in [0, 15, 45, 89] {
            let t = scene.time(ofFrame: frame)
            let traced = try Self.joints(scene, at: t)
            let world = controller.world(at: t)
            let reports = world.jointReports()
            #expect(traced.count == reports.count)
            #expect(traced.map { $0["type"] } == reports.map { .string($0.type) })
            #expect(traced.map { $0["type"] } == [.string("pivot"), .string("pin"), .string("spring")])
            #expect(traced.map { $0["a"] } == [.null, .string("box"), .null])
            #expect(traced.map { $0["b"] } == [.string("box"), .string("ball"), .string("ball")])
            for (j, r) in zip(traced, reports) {
                let a = try #require(Self.vector(j["anchorA"])), b = try #require(Self.vector(j["anchorB"]))
                #expect((a - r.anchorA).length < 1e-5 * max(1, r.anchorA.length), "frame \(frame) \(r.type) A")
                #expect((b - r.anchorB).length < 1e-5 * max(1, r.anchorB.length), "frame \(frame) \(r.type) B")
                #expect((j["force"] == nil) == (r.force == nil))
            }
            // The anchors are where the bodies are: the pivot on the box's centre, the pin's ends on
            // the two bodies' origins, 2 units apart (its length) at every frame.
            let box = try world.position(of: try #require(reports.first?.bodyB))
            #expect((reports[0].anchorB - box).length < 1e-12)
            #expect(abs((reports[1].anchorB - reports[1].anchorA).length - 2) < 1e-3)
            #expect(reports[2].anchorA == Vec2(3, 3))
        }
    }

    @Test("a pivot holding a body at rest pulls up with its weight; the others measure no force")
    func pivotCarriesTheWeight() throws {
        var loader = SceneLoader(baseDirectory: "/nonexistent") { _ in throw SceneError(path: "$", "no files in tests") }
        // The box alone on its pivot: mass 2 (1 × 1 × density 2), gravity 10 ⇒ the pivot pulls up with 20.
        let scene = try loader.scene(fromJSON: """
        { "size": [400, 400], "duration": 1,
          "physics": { "gravity": [0, 10],
            "bodies": [ { "name": "box", "position": [2, 1], "sleeps": false, "shapes": [ { "box": { "width": 1, "height": 1 }, "density": 2 } ] } ],
            "joints": [ { "type": "pivot", "b": "box", "pivot": [2, 1] } ] } }
        """)
        let f = try #require(Self.vector(Self.joints(scene, at: 0.5).first?["force"]))
        #expect(abs(f.x) < 1e-6 && abs(f.y + 20) < 1e-4, "\(f)")
        // In the two-body scene the pin and the spring have no measured force.
        var second = SceneLoader(baseDirectory: "/nonexistent") { _ in throw SceneError(path: "$", "no files in tests") }
        let joints = try Self.joints(try second.scene(fromJSON: Self.json), at: 0.5)
        #expect(joints.map { $0["force"] == nil } == [false, true, true])
    }

    @Test("a scene without simulations has no joints key; one with a simulation but no joints an empty list")
    func presence() throws {
        var loader = SceneLoader(baseDirectory: "/nonexistent") { _ in throw SceneError(path: "$", "no files in tests") }
        let plain = try loader.scene(fromJSON: #"{ "size": [10, 10] }"#)
        #expect(try JSONParser.parse(SceneTrace.line(for: plain, at: 0, includeParticles: false))["joints"] == nil)
        let lone = try loader.scene(fromJSON: #"{ "size": [10, 10], "physics": { "bodies": [ { "name": "b" } ] } }"#)
        #expect(try JSONParser.parse(SceneTrace.line(for: lone, at: 0, includeParticles: false))["joints"] == .array([]))
    }
}
