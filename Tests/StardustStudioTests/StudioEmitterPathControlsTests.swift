import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The emitter-path controls (docs/STUDIO.md, "Emitting from a path or a layer"): listed with each JSON emitter
/// from its own JSON (the layer it names, the placement), applied as `setSource` edits of `emitterPath` (a layer
/// and SVG path data replace each other), checked by the loader (a missing layer is refused with its message),
/// undone like any edit, and reached through the server's messages. Truth: the loaded ``EmitterPath``.
@Suite struct StudioEmitterPathControlsTests {
    static let buttonSparks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/button-sparks.json").path

    static func emitterPath(_ d: StudioDocument, _ name: String) throws -> EmitterPath? {
        try #require(d.current.scene.allLayers.first { $0.name == name } as? EmitterLayer).emitterPath
    }

    static func edit(_ layer: Int, _ key: String, _ value: AnimatableValue) -> StudioEdit {
        StudioEdit(target: .source(jsonPath: "layers[\(layer)].emitterPath.\(key)"), value: value, time: nil)
    }

    @Test func theEmitterListsItsPathAsItsJSONSaysIt() throws {
        let d = try StudioDocument(source: StudioSource.open(Self.buttonSparks, limits: SceneLimits()))
        let text = JSONWriter.string(SceneControls.describe(d.current.scene, document: d.info))
        #expect(text.contains("\"path\": \"layers[1].emitterPath.layer\""))
        #expect(text.contains("\"path\": \"layers[1].emitterPath.fillRule\""))  // an area placement
        #expect(text.contains("\"path\": \"layers[2].emitterPath.speed\""))  // a tracing one
        #expect(text.contains("\"value\": \"button\"") && text.contains("\"value\": \"tracing\""))
        #expect(text.contains("\"kind\": \"text\""))
    }

    @Test func editsReplaceTheSourceAreCheckedAndUndo() throws {
        let d = try StudioDocument(source: StudioSource.open(Self.buttonSparks, limits: SceneLimits()))
        let button = try #require(try Self.emitterPath(d, "sparks"))
        try d.apply(Self.edit(2, "placement", .string("outline")))
        #expect(try Self.emitterPath(d, "sparks")?.placement == .outline)
        try d.apply(Self.edit(2, "path", .string("M 0 0 L 100 0")))
        let line = try #require(try Self.emitterPath(d, "sparks"))
        #expect(abs(line.length - 100) < 1e-9 && line.placement == .outline)
        let saved = try SceneJSONSave.json(source: StudioSource.open(Self.buttonSparks, limits: SceneLimits()), edits: d.editList, limits: SceneLimits())
        #expect(saved.contains("\"path\": \"M 0 0 L 100 0\""))
        // A layer the scene does not have, and SVG it cannot read: the loader's messages, and nothing changes.
        #expect(throws: StudioEditError.self) { try d.apply(Self.edit(2, "layer", .string("nope"))) }
        #expect(throws: StudioEditError.self) { try d.apply(Self.edit(2, "path", .string("M 0 0 Q"))) }
        #expect(try Self.emitterPath(d, "sparks") == line)
        #expect(try d.undo())
        #expect(try Self.emitterPath(d, "sparks")?.length == button.length)
    }

    @Test func anEmitterWithoutAPathGetsOneFromASourceOnly() throws {
        let doc: JSONValue = .object([("layers", .array([.object([("type", .string("emitter"))])]))])
        #expect(throws: StudioEditError.self) { try StudioSourceEdits.write(.string("area"), path: "layers[0].emitterPath.placement", in: doc) }
        let added = try StudioSourceEdits.write(.string("button"), path: "layers[0].emitterPath.layer", in: doc)
        #expect(JSONWriter.string(added).contains("\"emitterPath\": {\"layer\": \"button\"}") || JSONWriter.string(added).contains("\"layer\": \"button\""))
        try StudioSourceEdits.checkPath("layers[0].sublayers[1].emitterPath.phase")
        #expect(throws: StudioEditError.self) { try StudioSourceEdits.checkPath("layers[0].emitterPath.bogus") }
        #expect(throws: StudioEditError.self) { try StudioSourceEdits.checkPath("layers[0].emitterCells[0].emitterPath.layer") }
    }

    @Test func theServerTakesALayersName() async throws {
        let h = try await StudioHarness.start(try StudioSource.open(Self.buttonSparks, limits: SceneLimits()))
        let page = try await h.page()
        _ = try await page.text(containing: "\"type\": \"scene\"")
        try await page.send(#"{"type":"setSource","path":"layers[2].emitterPath.path","value":"M 10 10 L 10 60"}"#)
        try await page.waitForState(edits: 1)
        #expect(try Self.emitterPath(h.document, "sparks")?.length == 50)
        try await page.send(#"{"type":"setSource","path":"layers[2].emitterPath.layer","value":"button"}"#)
        try await page.waitForState(edits: 2)
        #expect(try Self.emitterPath(h.document, "sparks")?.length != 50)
        try await page.send(#"{"type":"setSource","path":"layers[2].emitterPath.layer","value":"sparks"}"#)
        #expect(try await page.text(containing: "\"error\"").contains("its own geometry"))
    }
}
