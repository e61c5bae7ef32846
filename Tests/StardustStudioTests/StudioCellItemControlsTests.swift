import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The studio's controls that add and remove a cell's bursts, colliders and attractors, switch its vortex and
/// turbulence, and change a collider's shape (docs/STUDIO.md, "Cell extensions"): each is a `sourceItem` edit written
/// into the cell's JSON, checked by the loader, kept by Save scene JSON. Truth: the JSON and the loaded ``CellExtensions``.
@Suite struct StudioCellItemControlsTests {
    static let json = """
    { "size": [200, 200], "duration": 2,
      "layers": [ { "type": "group", "name": "box", "bounds": [0, 0, 80, 40], "position": [100, 150] },
                  { "type": "emitter", "bounds": [0, 0, 200, 100], "position": [100, 50], "emitterPosition": [100, 20],
                    "emitterCells": [ { "name": "rocket", "contents": "builtin:dot", "birthRate": 0, "lifetime": 1, "velocity": 40,
                                        "bursts": [ { "time": 0, "count": 20 } ] } ] } ] }
    """
    static let source = StudioSource.sceneFile(path: "/nonexistent/items.json", document: try! JSONParser.parse(Array(json.utf8)))
    static let cellPath = "layers[1].emitterCells[0]"

    static func rocket(_ d: StudioDocument) throws -> CellExtensions {
        let emitter = try #require(d.current.scene.allLayers.compactMap { $0 as? EmitterLayer }.first)
        return try #require(emitter.emitterCells[0].extensions)
    }

    /// The cell's JSON as the document has it (its edits written in).
    static func cellJSON(_ d: StudioDocument, _ key: String) throws -> JSONValue? {
        SceneJSONSave.value(at: try SceneJSONSave.parse("\(cellPath).\(key)")[...], in: try #require(d.info.sourceJSON))
    }

    static func add(_ d: StudioDocument, _ list: String, kind: String? = nil) throws {
        try d.apply(try StudioSourceItems.addition(at: "\(cellPath).\(list)", kind: kind, json: try #require(d.info.sourceJSON),
                                                    scene: d.current.scene))
    }

    static func set(_ d: StudioDocument, _ key: String, _ value: AnimatableValue) throws {
        try d.apply(StudioEdit(target: .source(jsonPath: "\(cellPath).\(key)"), value: value, time: nil))
    }

    /// The saved scene JSON, loaded again.
    static func reloaded(_ d: StudioDocument) throws -> (text: String, cell: CellExtensions?) {
        let text = try SceneJSONSave.json(source: source, edits: d.editList, limits: SceneLimits())
        let again = StudioSource.sceneFile(path: "/nonexistent/items.json", document: try JSONParser.parse(Array(text.utf8)))
        let scene = try again.makeScene(limits: SceneLimits())
        return (text, scene.allLayers.compactMap { $0 as? EmitterLayer }.first?.emitterCells.first?.extensions)
    }

    @Test func burstsAreAddedWithDefaultsAndRemovedByIndex() throws {
        let d = try StudioDocument(source: Self.source)
        try Self.add(d, "bursts")
        #expect(try Self.cellJSON(d, "bursts[1]") == .object([("time", .number(0)), ("count", .number(10)), ("cycles", .number(1))]))
        #expect(try Self.rocket(d).bursts.map(\.count) == [20, 10])
        try d.apply(try StudioSourceItems.removal(at: "\(Self.cellPath).bursts[0]"))
        #expect(try Self.rocket(d).bursts.map(\.count) == [10])
        #expect(try Self.reloaded(d).cell?.bursts.map(\.count) == [10])
        // The last burst removed takes the list with it; undo brings it back.
        try d.apply(try StudioSourceItems.removal(at: "\(Self.cellPath).bursts[0]"))
        #expect(try Self.cellJSON(d, "bursts") == nil)
        #expect(try d.undo())
        #expect(try Self.rocket(d).bursts.map(\.count) == [10])
    }

    @Test func collidersAreAddedReshapedEditedAndRemoved() throws {
        let d = try StudioDocument(source: Self.source)
        // A floor by default, at the bottom of the emitter's bounds (100 points high).
        try Self.add(d, "colliders")
        #expect(try Self.cellJSON(d, "colliders[0]") == .object([("floor", .number(100))]))
        #expect(try Self.rocket(d).colliders == [ParticleCollider.floor(y: 100)])
        try Self.add(d, "colliders", kind: "circle")
        #expect(try Self.rocket(d).colliders[1] == ParticleCollider.circle(center: Point(100, 50), radius: 25))
        try Self.add(d, "colliders", kind: "layer")
        #expect(try Self.cellJSON(d, "colliders[2]") == .object([("layer", .string("box"))]))
        try Self.add(d, "colliders", kind: "line")
        #expect(try Self.rocket(d).colliders[3].from == Point(50, 75) && Self.rocket(d).colliders[3].to == Point(150, 75))

        // A new shape keeps the response, restitution and friction; its numbers are then set one by one.
        try Self.set(d, "colliders[0].restitution", .number(0.2))
        try Self.set(d, "colliders[0].response", .string("stick"))
        try d.apply(try StudioColliderControls.reshape(at: "\(Self.cellPath).colliders[0].shape", to: "rectangle",
                                                       json: try #require(d.info.sourceJSON), scene: d.current.scene))
        #expect(try Self.cellJSON(d, "colliders[0]") == .object([
            ("rectangle", .array([.number(50), .number(25), .number(100), .number(50)])),
            ("restitution", .number(0.2)), ("response", .string("stick"))]))
        try Self.set(d, "colliders[0].rectangle", .rect(Rect(10, 10, 180, 80)))
        try Self.set(d, "colliders[0].inside", .bool(true))
        let box = try Self.rocket(d).colliders[0]
        #expect(box.shape == .rectangle(Rect(10, 10, 180, 80)) && box.isContainer && box.restitution == 0.2 && box.response == .stick)
        try Self.set(d, "colliders[1].radius", .number(40))
        try Self.set(d, "colliders[3].to", .point(Point(150, 90)))
        #expect(try Self.rocket(d).colliders[1].shape == .circle(center: Point(100, 50), radius: 40))

        try d.apply(try StudioSourceItems.removal(at: "\(Self.cellPath).colliders[2]"))
        let after = try Self.rocket(d).colliders
        #expect(after.count == 3 && after[2].to == Point(150, 90))
        // Saved and read back: the same colliders.
        let saved = try Self.reloaded(d)
        #expect(saved.cell?.colliders == after)
        #expect(saved.text.contains("\"inside\": true"))
    }

    /// A polygon from the menu is a triangle in the middle of the emitter's bounds (200 × 100); its menu shows
    /// `polygon`, with its vertex list (StudioPolygonAndBodyColliderTests), `inside` and the response controls, and no line's points.
    @Test func aPolygonColliderIsATriangleInTheMiddle() throws {
        let d = try StudioDocument(source: Self.source)
        try Self.add(d, "colliders", kind: "polygon")
        #expect(try Self.rocket(d).colliders == [.polygon([Point(100, 25), Point(150, 75), Point(50, 75)])])
        let cell = SceneJSONSave.value(at: try SceneJSONSave.parse(Self.cellPath)[...], in: try #require(d.info.sourceJSON))
        let controls = JSONWriter.string(.array(StudioColliderControls.describe(json: cell, jsonPath: Self.cellPath,
                                                                              layerNames: ["box"])))
        #expect(controls.contains("colliders[0].inside") && controls.contains("colliders[0].restitution"))
        #expect(!controls.contains("colliders[0].from") && controls.contains("colliders[0].polygon"))
        #expect(StudioColliderControls.shape(of: .object([("body", .string("ground"))])) == "body")
    }

    @Test func aCellHoldsAtMostSixteenCollidersAndAttractors() throws {
        let d = try StudioDocument(source: Self.source)
        for _ in 0..<16 { try Self.add(d, "colliders") }
        for _ in 0..<16 { try Self.add(d, "fields.attractors") }
        let before = d.info.sourceJSON, edits = d.editList.count
        do { try Self.add(d, "fields.attractors"); Issue.record("a 17th attractor was added") } catch {
            #expect("\(error)".contains("at most 16 attractors"))
        }
        do { try Self.add(d, "colliders"); Issue.record("a 17th collider was added") } catch { #expect("\(error)".contains("at most 16 colliders")) }
        #expect(d.editList.count == edits && d.info.sourceJSON == before)
        #expect(try Self.rocket(d).colliders.count == 16 && Self.rocket(d).fields?.attractors.count == 16)
        // A shape the scene format does not have is refused with the ones it has.
        let d2 = try StudioDocument(source: Self.source)
        do { try Self.add(d2, "colliders", kind: "hexagon"); Issue.record("a hexagon collider was added") } catch {
            #expect("\(error)".contains("polygon, layer, body; not hexagon"))
        }
    }

    @Test func attractorsVortexAndTurbulenceAreSwitchedAndEdited() throws {
        let d = try StudioDocument(source: Self.source)
        #expect(try Self.rocket(d).fields == nil)
        try Self.add(d, "fields.attractors")
        #expect(try Self.cellJSON(d, "fields") == .object([("attractors", .array([.object([
            ("position", .array([.number(100), .number(50)])), ("strength", .number(40)), ("radius", .number(0))])]))]))
        try Self.set(d, "fields.attractors[0].strength", .number(-80))
        try Self.set(d, "fields.attractors[0].position", .point(Point(20, 30)))
        try Self.set(d, "fields.attractors[0].radius", .number(60))
        #expect(try Self.rocket(d).fields?.attractors == [ParticleFields.Attractor(position: Point(20, 30), strength: -80, radius: 60)])

        try Self.add(d, "fields.vortex")
        try Self.set(d, "fields.vortex.angularVelocity", .number(3))
        try Self.set(d, "fields.vortex.coreRadius", .number(12))
        try Self.set(d, "fields.vortex.center", .point(Point(1, 2)))
        #expect(try Self.rocket(d).fields?.vortex == ParticleFields.Vortex(center: Point(1, 2), angularVelocity: 3, coreRadius: 12))
        // Switching on what is on is refused.
        #expect(throws: StudioEditError.self) { try Self.add(d, "fields.vortex") }

        try Self.add(d, "fields.turbulence")
        #expect(try Self.rocket(d).fields?.turbulence == ParticleFields.Turbulence(strength: 120, scale: 100, seed: 0))
        try Self.set(d, "fields.turbulence.scale", .number(50))
        try Self.set(d, "fields.turbulence.seed", .number(7))
        try Self.set(d, "fields.turbulence.strength", .number(30))
        #expect(try Self.rocket(d).fields?.turbulence == ParticleFields.Turbulence(strength: 30, scale: 50, seed: 7))
        let saved = try Self.reloaded(d)
        #expect(saved.cell?.fields == (try Self.rocket(d).fields))

        try d.apply(try StudioSourceItems.removal(at: "\(Self.cellPath).fields.vortex"))
        try d.apply(try StudioSourceItems.removal(at: "\(Self.cellPath).fields.attractors[0]"))
        let f = try #require(try Self.rocket(d).fields)
        #expect(f.vortex == nil && f.attractors.isEmpty && f.turbulence?.seed == 7)
        #expect(try Self.cellJSON(d, "fields.attractors") == nil)
    }

    @Test func aRefusedEditNamesItsPathAndChangesNothing() throws {
        let d = try StudioDocument(source: Self.source)
        try Self.add(d, "colliders")
        try Self.add(d, "fields.turbulence")
        let before = d.info.sourceJSON, edits = d.editList.count
        let refused: [(String, AnimatableValue)] = [
            ("colliders[0].radius", .number(4)),              // a floor has no radius
            ("fields.turbulence.scale", .number(0)),          // below 0.01
            ("colliders[0].restitution", .number(2)),         // above 1
        ]
        for (key, value) in refused {
            do {
                try Self.set(d, key, value)
                Issue.record("\(key) was accepted")
            } catch {
                #expect("\(error)".contains("\(Self.cellPath).\(key)"), "\(error)")
            }
        }
        // Paths the studio does not add to or remove from, and an item past the end, are refused too.
        #expect(throws: StudioEditError.self) { try StudioSourceItems.removal(at: "\(Self.cellPath).lifetime") }
        #expect(throws: StudioEditError.self) { try Self.add(d, "emitterCells") }
        #expect(throws: StudioEditError.self) { try d.apply(try StudioSourceItems.removal(at: "\(Self.cellPath).bursts[5]")) }
        #expect(throws: StudioEditError.self) { try Self.set(d, "colliders[0].shape", .string("circle")) }
        #expect(d.editList.count == edits && d.info.sourceJSON == before)
    }

    @Test func theCellListsItsItemControls() throws {
        let d = try StudioDocument(source: Self.source)
        try Self.add(d, "colliders", kind: "circle")
        try Self.add(d, "fields.vortex")
        let text = JSONWriter.string(SceneControls.describe(d.current.scene, document: d.info))
        for key in ["bursts[0]", "colliders[0]", "colliders[0].shape", "colliders[0].circle", "colliders[0].radius", "colliders[0].inside",
                    "colliders[0].response", "colliders[0].restitution", "fields.attractors", "fields.vortex", "fields.vortex.angularVelocity",
                    "fields.turbulence", "bursts"] {
            #expect(text.contains("\"path\": \"\(Self.cellPath).\(key)\""), "\(key)")
        }
        #expect(text.contains("\"kind\": \"add\"") && text.contains("\"kind\": \"remove\"") && text.contains("\"kind\": \"switch\""))
        #expect(text.contains("\"options\": [\"floor\", \"line\", \"rectangle\", \"circle\", \"polygon\", \"layer\", \"body\"]"))
    }

    @Test func thePageSendsTheNewMessages() async throws {
        let h = try await StudioHarness.start(Self.source)
        let script = String(decoding: try await h.get("/studio.js", token: false).body, as: UTF8.self)
        #expect(script.contains("function addItemButton") && script.contains("function removeItemButton")
                && script.contains("type: 'addSource'") && script.contains("type: 'removeSource'") && script.contains("x.kind === 'switch'"))
        let page = try await h.page()
        _ = try await page.text(containing: "\"type\": \"scene\"")
        try await page.send(#"{"type":"addSource","path":"layers[1].emitterCells[0].colliders","value":"circle"}"#)
        try await page.waitForState(edits: 1)
        try await page.send(#"{"type":"setSource","path":"layers[1].emitterCells[0].colliders[0].shape","value":"floor"}"#)
        try await page.waitForState(edits: 2)
        #expect(try Self.rocket(h.document).colliders == [ParticleCollider.floor(y: 100)])
        try await page.send(#"{"type":"addSource","path":"layers[1].emitterCells[0].fields.turbulence"}"#)
        try await page.waitForState(edits: 3)
        try await page.send(#"{"type":"removeSource","path":"layers[1].emitterCells[0].bursts[0]"}"#)
        try await page.waitForState(edits: 4)
        let x = try Self.rocket(h.document)
        #expect(x.bursts.isEmpty && x.fields?.turbulence != nil)
        try await page.send(#"{"type":"removeSource","path":"layers[1].emitterCells[0].lifetime"}"#)
        #expect(try await page.text(containing: "\"error\"").contains("removes a cell's bursts[N]"))
    }
}
