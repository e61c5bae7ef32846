import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The studio's controls for a cell's bursts, limits, velocity stretch, extra colliders (a circle, a layer's
/// rectangle) and a sub-cell's trigger (docs/STUDIO.md, "Cell extensions"): listed with the JSON cell, applied as
/// `setSource` edits, checked by the loader, undone like any edit. Truth: the loaded ``CellExtensions``.
@Suite struct StudioCellEmissionControlsTests {
    static let json = """
    { "size": [200, 200], "duration": 2,
      "layers": [ { "type": "group", "name": "box", "bounds": [0, 0, 80, 40], "position": [100, 150] },
                  { "type": "emitter", "emitterPosition": [100, 60],
                    "emitterCells": [ { "name": "rocket", "contents": "builtin:dot", "birthRate": 0, "lifetime": 1, "velocity": 40,
                                        "bursts": [ { "time": 0, "count": 20 } ], "maximumAlive": 30,
                                        "collider": { "floor": 190 },
                                        "colliders": [ { "circle": [100, 100], "radius": 90, "inside": true }, { "layer": "box" } ],
                                        "emitterCells": [ { "name": "spark", "contents": "builtin:dot", "birthRate": 0, "lifetime": 0.5,
                                                            "bursts": [ { "count": 8 } ], "trigger": "death" } ] } ] } ] }
    """
    static let source = StudioSource.sceneFile(path: "/nonexistent/emission.json", document: try! JSONParser.parse(Array(json.utf8)))

    static func cell(_ d: StudioDocument) throws -> EmitterCell {
        try #require(d.current.scene.allLayers.compactMap { $0 as? EmitterLayer }.first).emitterCells[0]
    }

    static func rocket(_ d: StudioDocument) throws -> CellExtensions {
        try #require(try cell(d).extensions)
    }

    static func edit(_ key: String, _ value: AnimatableValue, sub: Bool = false) -> StudioEdit {
        StudioEdit(target: .source(jsonPath: "layers[1].emitterCells[0]\(sub ? ".emitterCells[0]" : "").\(key)"), value: value, time: nil)
    }

    @Test func theCellListsItsBurstsLimitsCollidersAndTheSubCellItsTrigger() throws {
        let d = try StudioDocument(source: Self.source)
        let text = JSONWriter.string(SceneControls.describe(d.current.scene, document: d.info))
        for key in ["bursts[0].count", "bursts[0].time", "maximumAlive", "velocityStretch", "collider.restitution",
                    "colliders[0].restitution", "colliders[1].friction", "emitterCells[0].trigger", "emitterCells[0].inheritedVelocity"] {
            #expect(text.contains("\"path\": \"layers[1].emitterCells[0].\(key)\""), "\(key)")
        }
        // The trigger belongs to sub-cells only; its menu offers Core Animation's sub-cell and the three triggers.
        #expect(!text.contains("\"path\": \"layers[1].emitterCells[0].trigger\""))
        #expect(text.contains("\"options\": [\"none\", \"birth\", \"death\", \"collision\"]"))
    }

    @Test func editsApplyAreCheckedAndUndo() throws {
        let d = try StudioDocument(source: Self.source)
        try d.apply(Self.edit("bursts[0].count", .number(50)))
        try d.apply(Self.edit("maximumAlive", .number(10)))
        try d.apply(Self.edit("velocityStretch", .number(0.04)))
        try d.apply(Self.edit("colliders[0].restitution", .number(0.3)))
        try d.apply(Self.edit("colliders[1].friction", .number(0.2)))
        let x = try Self.rocket(d)
        #expect(x.bursts[0].count == 50 && x.maximumAlive == 10 && x.velocityStretch == 0.04)
        #expect(x.colliders[0].restitution == 0.3 && x.colliders[0].shape == ParticleCollider.circle(center: Point(100, 100), radius: 90).shape)
        #expect(x.colliders[1].friction == 0.2 && x.colliders.count == 2)
        // A trigger switched to birth, then back to Core Animation's sub-cell: the key leaves the JSON.
        try d.apply(Self.edit("trigger", .string("birth"), sub: true))
        let spark = { try #require(try Self.cell(d).emitterCells.first) }
        #expect(try spark().extensions?.trigger == .birth)
        try d.apply(Self.edit("trigger", .string("none"), sub: true))
        #expect(try spark().extensions?.trigger == nil)
        let saved = try SceneJSONSave.json(source: Self.source, edits: d.editList, limits: SceneLimits())
        #expect(!saved.contains("\"trigger\"") && saved.contains("\"velocityStretch\": 0.04"))

        // A repeating burst without an interval, a burst the cell lacks, a trigger the loader lacks: refused.
        #expect(throws: StudioEditError.self) { try d.apply(Self.edit("bursts[0].cycles", .number(3))) }
        #expect(throws: StudioEditError.self) { try d.apply(Self.edit("bursts[4].count", .number(3))) }
        #expect(throws: StudioEditError.self) { try d.apply(Self.edit("trigger", .string("sometimes"), sub: true)) }
        #expect(throws: StudioEditError.self) { try d.apply(Self.edit("bursts[0].shape", .number(1))) }
        #expect(try d.undo() && d.undo())
        #expect(try spark().extensions?.trigger == .death)
        #expect(try d.undo() && d.undo() && d.undo() && d.undo() && d.undo())
        #expect(try Self.rocket(d).bursts[0].count == 20 && Self.rocket(d).velocityStretch == 0)
    }
}
