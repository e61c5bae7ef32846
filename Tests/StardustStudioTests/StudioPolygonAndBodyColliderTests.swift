import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The studio's controls for a polygon collider's vertices and a body collider's name (docs/STUDIO.md, "Cell
/// extensions"): the vertex list is one `setSource` of the whole `[[x, y], …]`, judged by the scene loader (count,
/// convexity); the body menu lists the scene's `physics.bodies` names, whatever their type. Truth: the JSON the
/// document writes, the loaded colliders, and the loader's messages.
@Suite struct StudioPolygonAndBodyColliderTests {
    typealias Items = StudioCellItemControlsTests
    static let cellPath = Items.cellPath

    /// A scene whose cell has a floor collider with its response numbers, and a physics world of two static
    /// bodies and a moving one (listed in that order; the menu filters none of them out).
    static let bodiesJSON = """
    { "size": [300, 300], "duration": 2,
      "layers": [ { "type": "group", "name": "box", "bounds": [0, 0, 80, 40], "position": [100, 150] },
                  { "type": "emitter", "bounds": [0, 0, 300, 300], "position": [150, 150], "emitterPosition": [100, 20],
                    "emitterCells": [ { "name": "rocket", "contents": "builtin:dot", "birthRate": 10, "lifetime": 1, "velocity": 40,
                                        "colliders": [ { "floor": 250, "response": "stick", "restitution": 0.2, "friction": 0.3 } ] } ] } ],
      "physics": { "bodies": [
        { "name": "ground", "type": "static", "position": [1.5, 2.8], "shapes": [ { "box": { "width": 3, "height": 0.2 } } ] },
        { "name": "wall", "type": "static", "position": [0.1, 1.5], "shapes": [ { "box": { "width": 0.2, "height": 3 } } ] },
        { "name": "ball", "position": [1.5, 0.5], "shapes": [ { "circle": { "radius": 0.1 } } ] } ] } }
    """
    static let bodies = StudioSource.sceneFile(path: "/nonexistent/bodies.json", document: try! JSONParser.parse(Array(bodiesJSON.utf8)))

    /// Applies the page's `setSource` of `json` (as the connection decodes it) at the cell's `key`.
    static func setVertices(_ d: StudioDocument, _ json: String, at key: String = "colliders[0].polygon") throws {
        let value = try #require(StudioColliderVertices.value(try JSONParser.parse(Array(json.utf8))))
        try d.apply(StudioEdit(target: .source(jsonPath: "\(cellPath).\(key)"), value: value, time: nil))
    }

    static func reshape(_ d: StudioDocument, to kind: String) throws {
        try d.apply(try StudioColliderControls.reshape(at: "\(cellPath).colliders[0].shape", to: kind,
                                                       json: try #require(d.info.sourceJSON), scene: d.current.scene))
    }

    /// The control whose `key` is `key` in the `scene` message the page receives, as (kind, path, value, options).
    static func control(_ d: StudioDocument, _ key: String) -> (kind: JSONValue?, path: JSONValue?, value: JSONValue?, options: JSONValue?)? {
        func find(_ v: JSONValue) -> [(key: String, value: JSONValue)]? {
            switch v {
            case .object(let m):
                if m.contains(where: { $0.key == "key" && $0.value == .string(key) }) && m.contains(where: { $0.key == "kind" }) { return m }
                return m.lazy.compactMap { find($0.value) }.first
            case .array(let a): return a.lazy.compactMap { find($0) }.first
            default: return nil
            }
        }
        guard let m = find(SceneControls.describe(d.current.scene, document: d.info)) else { return nil }
        func field(_ k: String) -> JSONValue? { m.first(where: { $0.key == k })?.value }
        return (field("kind"), field("path"), field("value"), field("options"))
    }

    static func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }

    @Test func editingTheVerticesWritesTheListAndUndoRestoresIt() throws {
        let d = try StudioDocument(source: Items.source)
        try Items.add(d, "colliders", kind: "polygon")
        let triangle = try Items.rocket(d).colliders
        // The control: the vertex list at the polygon's own path, holding the triangle.
        let list = try #require(Self.control(d, "colliders[0].polygon"))
        #expect(list.kind == .string("vertices") && list.path == .string("\(Self.cellPath).colliders[0].polygon"))
        #expect(list.value == .array([[100, 25], [150, 75], [50, 75]].map { .array($0.map { .number($0) }) }))

        // A fourth vertex (the page sends the whole list): one edit, the JSON as sent, the model a square-ish kite.
        let edits = d.editList.count
        try Self.setVertices(d, "[[100, 25], [150, 75], [100, 90], [50, 75]]")
        #expect(d.editList.count == edits + 1)
        #expect(try Items.cellJSON(d, "colliders[0].polygon") == .array([[100, 25], [150, 75], [100, 90], [50, 75]].map {
            .array($0.map { .number($0) }) }))
        #expect(try Items.rocket(d).colliders == [.polygon([Point(100, 25), Point(150, 75), Point(100, 90), Point(50, 75)])])
        // `inside` and the response numbers are the collider's other keys, kept.
        try Items.set(d, "colliders[0].inside", .bool(true))
        try Items.set(d, "colliders[0].restitution", .number(0.4))
        let kite = try Items.rocket(d).colliders
        #expect(kite.first?.isContainer == true && kite.first?.restitution == 0.4)
        #expect(try Items.reloaded(d).cell?.colliders == kite)

        // Undo takes back one change at a time: the restitution, `inside`, then the fourth vertex.
        for _ in 0..<3 { #expect(try d.undo()) }
        #expect(try Items.rocket(d).colliders == triangle)
        #expect(try d.redo())
        #expect(try Items.rocket(d).colliders.first?.shape == .polygon([Point(100, 25), Point(150, 75), Point(100, 90), Point(50, 75)]))
    }

    @Test func aNonConvexPolygonOrAWrongCountIsRefusedWithTheLoadersMessage() throws {
        let d = try StudioDocument(source: Items.source)
        try Items.add(d, "colliders", kind: "polygon")
        let before = d.info.sourceJSON, edits = d.editList.count, colliders = try Items.rocket(d).colliders
        let refused: [(vertices: String, message: String)] = [
            // A dart: the fourth vertex pushed inside the triangle.
            ("[[100, 25], [150, 75], [100, 50], [50, 75]]", "must be convex"),
            // Three on a line.
            ("[[50, 75], [100, 75], [150, 75], [100, 25]]", "must be convex"),
            ("[[100, 25], [150, 75]]", "needs 3 to 16 points, found 2"),
            ("[]", "needs 3 to 16 points, found 0"),
            ("[" + (0..<17).map { i in
                let a = Double(i) / 17 * 2 * Double.pi
                return "[\(100 + 40 * cos(a)), \(50 + 40 * sin(a))]"
            }.joined(separator: ", ") + "]", "needs 3 to 16 points, found 17"),
        ]
        for (vertices, message) in refused {
            do {
                try Self.setVertices(d, vertices)
                Issue.record("\(vertices) was accepted")
            } catch {
                // The loader's message, at the polygon's path in the scene.
                #expect("\(error)".contains("\(Self.cellPath).colliders[0].polygon") && "\(error)".contains(message), "\(error)")
            }
        }
        #expect(d.editList.count == edits && d.info.sourceJSON == before)
        #expect(try Items.rocket(d).colliders == colliders)
        // Rows that are not [x, y] are not vertices at all.
        for bad in ["[[1, 2, 3]]", "[[1, \"2\"]]", "[[1, 2], 3]", "{\"x\": 1}"] {
            #expect(StudioColliderVertices.value(try JSONParser.parse(Array(bad.utf8))) == nil, "\(bad)")
        }
    }

    @Test func theBodyMenuListsTheScenesBodiesAndKeepsTheResponse() throws {
        let d = try StudioDocument(source: Self.bodies)
        #expect(StudioColliderControls.bodyNames(in: d.info.sourceJSON) == ["ground", "wall", "ball"])
        #expect(Self.control(d, "colliders[0].shape")?.options == Self.strings(["floor", "line", "rectangle", "circle", "polygon", "layer", "body"]))

        // "body" in the shape menu names the first body, keeping the response, restitution and friction.
        try Self.reshape(d, to: "body")
        let kept: [(key: String, value: JSONValue)] = [("response", .string("stick")), ("restitution", .number(0.2)), ("friction", .number(0.3))]
        #expect(try Items.cellJSON(d, "colliders[0]") == .object([("body", .string("ground"))] + kept))
        // Its menu lists every body of the scene, moving ones too: the loader says which a collider takes.
        let menu = try #require(Self.control(d, "colliders[0].body"))
        #expect(menu.kind == .string("string") && menu.path == .string("\(Self.cellPath).colliders[0].body"))
        #expect(menu.value == .string("ground") && menu.options == Self.strings(["ground", "wall", "ball"]))

        // Choosing another body writes {"body": name}, the rest kept; its box becomes the cell's collider.
        try Items.set(d, "colliders[0].body", .string("wall"))
        #expect(try Items.cellJSON(d, "colliders[0]") == .object([("body", .string("wall"))] + kept))
        let wall = try #require(try Items.rocket(d).colliders.first)
        guard case .polygon(let v) = wall.shape else { Issue.record("\(wall.shape)"); return }
        #expect(Set(v.map { [($0.x * 1e6).rounded() / 1e6, ($0.y * 1e6).rounded() / 1e6] }) == [[0, 0], [20, 0], [20, 300], [0, 300]])
        #expect(wall.response == .stick && wall.restitution == 0.2 && wall.friction == 0.3)
        // Save scene JSON writes the name, and the saved file loads with the same collider.
        let saved = try SceneJSONSave.json(source: Self.bodies, edits: d.editList, limits: SceneLimits())
        #expect(saved.contains(#""body": "wall""#))
        let again = try StudioSource.sceneFile(path: "/nonexistent/bodies.json", document: try JSONParser.parse(Array(saved.utf8)))
            .makeScene(limits: SceneLimits())
        #expect(again.allLayers.compactMap { $0 as? EmitterLayer }.first?.emitterCells.first?.extensions?.colliders.first == wall)

        // A name the scene does not have is refused by the loader, which suggests the close ones.
        let before = d.info.sourceJSON
        do { try Items.set(d, "colliders[0].body", .string("grund")); Issue.record("grund was accepted") } catch {
            #expect("\(error)".contains("no physics body named \"grund\"") && "\(error)".contains("\"ground\""), "\(error)")
        }
        #expect(d.info.sourceJSON == before)
        #expect(try d.undo())
        #expect(try Items.cellJSON(d, "colliders[0].body") == .string("ground"))
    }

    @Test func aSceneWithoutBodiesSaysSoInsteadOfWritingABodyCollider() throws {
        let d = try StudioDocument(source: Items.source)
        try Items.add(d, "colliders")
        let before = d.info.sourceJSON, edits = d.editList.count
        do { try Self.reshape(d, to: "body"); Issue.record("a body collider was written") } catch {
            #expect("\(error)".contains("this scene has none"), "\(error)")
        }
        do { try Items.add(d, "colliders", kind: "body"); Issue.record("a body collider was added") } catch {
            #expect("\(error)".contains("this scene has none"), "\(error)")
        }
        #expect(d.editList.count == edits && d.info.sourceJSON == before)
    }

    @Test func thePageEditsTheVerticesAndTheBody() async throws {
        let h = try await StudioHarness.start(Self.bodies)
        let script = String(decoding: try await h.get("/studio.js", token: false).body, as: UTF8.self)
        #expect(script.contains("function verticesEditor") && script.contains("x.kind === 'vertices'") && script.contains("revertOnError"))
        let page = try await h.page()
        _ = try await page.text(containing: "\"type\": \"scene\"")
        try await page.send(#"{"type":"setSource","path":"layers[1].emitterCells[0].colliders[0].shape","value":"polygon"}"#)
        try await page.waitForState(edits: 1)
        try await page.send(#"{"type":"setSource","path":"layers[1].emitterCells[0].colliders[0].polygon","value":[[10,10],[290,10],[290,290],[10,290]]}"#)
        try await page.waitForState(edits: 2)
        #expect(try Items.rocket(h.document).colliders.first?.shape == .polygon([Point(10, 10), Point(290, 10), Point(290, 290), Point(10, 290)]))
        try await page.send(#"{"type":"setSource","path":"layers[1].emitterCells[0].colliders[0].polygon","value":[[10,10],[290,10],[150,150],[10,290]]}"#)
        #expect(try await page.text(containing: "\"error\"").contains("must be convex"))
        try await page.send(#"{"type":"setSource","path":"layers[1].emitterCells[0].colliders[0].shape","value":"body"}"#)
        try await page.waitForState(edits: 3)
        try await page.send(#"{"type":"setSource","path":"layers[1].emitterCells[0].colliders[0].body","value":"wall"}"#)
        try await page.waitForState(edits: 4)
        #expect(try Items.cellJSON(h.document, "colliders[0]") == .object([("body", .string("wall")), ("response", .string("stick")),
                                                                         ("restitution", .number(0.2)), ("friction", .number(0.3))]))
    }
}
