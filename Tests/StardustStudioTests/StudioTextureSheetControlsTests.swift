import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The texture-sheet controls (docs/STUDIO.md, "Texture sheets"): listed with each JSON cell (off until the cell
/// has a sheet), applied as `setSource` edits of the cell's `textureSheet` (the first edit adds it), the timing
/// menu switching between `cyclesPerLife` and `speedRange`, checked by the loader, undone like any edit, and
/// reached through the server's messages. Truth: the loaded ``TextureSheet`` and the saved JSON.
@Suite struct StudioTextureSheetControlsTests {
    static let json = """
    { "size": [100, 80], "duration": 1,
      "layers": [ { "type": "emitter", "emitterPosition": [50, 40],
                    "emitterCells": [ { "name": "flame", "contents": "builtin:dot", "birthRate": 20, "lifetime": 1, "velocity": 30 } ] } ] }
    """

    static func document() throws -> StudioDocument {
        try StudioDocument(source: .sceneFile(path: "/nonexistent/sheet.json", document: JSONParser.parse(Array(Self.json.utf8))))
    }

    static func sheet(_ d: StudioDocument) throws -> TextureSheet? {
        try #require(d.current.scene.allLayers.compactMap { $0 as? EmitterLayer }.first).emitterCells[0].extensions?.textureSheet
    }

    static func edit(_ key: String, _ value: AnimatableValue) -> StudioEdit {
        StudioEdit(target: .source(jsonPath: "layers[0].emitterCells[0].textureSheet.\(key)"), value: value, time: nil)
    }

    @Test func theCellListsTheSheetsControlsOffUntilItHasOne() throws {
        let d = try Self.document()
        let text = JSONWriter.string(SceneControls.describe(d.current.scene, document: d.info))
        for key in ["columns", "rows", "frameCount", "startFrame", "startFrameRange", "timing", "cyclesPerLife"] {
            #expect(text.contains("\"path\": \"layers[0].emitterCells[0].textureSheet.\(key)\""), "\(key)")
        }
        #expect(text.contains("\"group\": \"textureSheet\"") && text.contains("\"present\": false"))
        #expect(text.contains("\"options\": [\"overLife\", \"bySpeed\"]"))
    }

    @Test func editsAddTheSheetSwitchItsTimingAreCheckedAndUndo() throws {
        let d = try Self.document()
        try d.apply(Self.edit("columns", .number(4)))
        #expect(try Self.sheet(d) == TextureSheet(columns: 4, rows: 1))
        try d.apply(Self.edit("rows", .number(2)))
        try d.apply(Self.edit("frameCount", .number(7)))
        try d.apply(Self.edit("timing", .string("bySpeed")))
        #expect(try Self.sheet(d) == TextureSheet(columns: 4, rows: 2, frameCount: 7, timing: .bySpeed(minimum: 0, maximum: 200)))
        try d.apply(Self.edit("speedRange", .point(Point(10, 50))))
        #expect(try Self.sheet(d)?.timing == .bySpeed(minimum: 10, maximum: 50))
        // Back to over the life: the speed range leaves the JSON (the loader takes one mode).
        try d.apply(Self.edit("timing", .string("overLife")))
        try d.apply(Self.edit("cyclesPerLife", .number(2)))
        #expect(try Self.sheet(d)?.timing == .overLife(cycles: 2))
        let saved = try SceneJSONSave.json(source: .sceneFile(path: "/nonexistent/sheet.json", document: JSONParser.parse(Array(Self.json.utf8))),
                                           edits: d.editList, limits: SceneLimits())
        #expect(saved.contains("\"cyclesPerLife\": 2") && !saved.contains("speedRange"))

        // More frames than the grid holds: the loader's message, and nothing changes.
        #expect(throws: StudioEditError.self) { try d.apply(Self.edit("frameCount", .number(9))) }
        #expect(throws: StudioEditError.self) { try d.apply(Self.edit("timing", .string("sideways"))) }
        #expect(try Self.sheet(d)?.frameCount == 7)
        #expect(try d.undo() && d.undo())
        #expect(try Self.sheet(d)?.timing == .bySpeed(minimum: 10, maximum: 50))
    }

    @Test func theServerTakesTheTimingMenusString() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-sheet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("sheet.json")
        try Self.json.write(to: file, atomically: true, encoding: .utf8)
        let h = try await StudioHarness.start(try StudioSource.open(file.path, limits: SceneLimits()))
        let page = try await h.page()
        #expect(try await page.text(containing: "\"type\": \"scene\"").contains("textureSheet.timing"))
        try await page.send(#"{"type":"setSource","path":"layers[0].emitterCells[0].textureSheet.timing","value":"bySpeed"}"#)
        try await page.waitForState(edits: 1)
        #expect(try Self.sheet(h.document)?.timing == .bySpeed(minimum: 0, maximum: 200))
        try await page.send(#"{"type":"setSource","path":"layers[0].emitterCells[0].textureSheet.speedRange","value":[5, 80]}"#)
        try await page.waitForState(edits: 2)
        #expect(try Self.sheet(h.document)?.timing == .bySpeed(minimum: 5, maximum: 80))
        try await page.send(#"{"type":"undo"}"#)
        try await page.waitForState(edits: 1)
        #expect(try Self.sheet(h.document)?.timing == .bySpeed(minimum: 0, maximum: 200))
    }
}
