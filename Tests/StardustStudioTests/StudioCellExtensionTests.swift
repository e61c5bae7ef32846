import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The cell-extension controls (docs/STUDIO.md, "Cell extensions"): the scene message lists each JSON cell's
/// curves, ramp, fields and collider with their JSON paths; a `setSource` edit of a curve or a ramp rebuilds
/// the scene from the edited JSON, whose particles follow the curve; bad stops are refused with the loader's
/// message; the page is served with the editor. Truth: the particles' alpha against the analytic curve.
@Suite(.serialized) struct StudioCellExtensionTests {
    static let snowfall = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/snowfall.json").path

    static func emitter(_ h: StudioHarness) throws -> EmitterLayer {
        try #require(h.document.current.scene.allLayers.compactMap { $0 as? EmitterLayer }.first)
    }

    @Test func curveAndRampEditsWriteTheCellsJSONAndTheParticlesFollow() async throws {
        let h = try await StudioHarness.start(try StudioSource.open(Self.snowfall, limits: SceneLimits()))
        let page = try await h.page()
        let message = try await page.text(containing: "\"type\": \"scene\"")
        #expect(message.contains("\"path\": \"layers[0].emitterCells[0].alphaOverLife\""))
        #expect(message.contains("\"path\": \"layers[0].emitterCells[1].colorOverLife\""))
        #expect(message.contains("\"kind\": \"curve\"") && message.contains("\"kind\": \"ramp\""))

        // Alpha falls linearly to 0 over each particle's life.
        try await page.send(#"{"type":"setSource","path":"layers[0].emitterCells[0].alphaOverLife","value":[[0, 1], [1, 0]]}"#)
        try await page.waitForState(edits: 1)
        let cell = try Self.emitter(h).emitterCells[0]
        #expect(cell.extensions?.alphaOverLife?.values == [1, 0])
        let s = try Self.emitter(h).evaluate(at: 12)
        var checked = 0
        for i in 0..<s.count where s.cellIndex[i] == 0 {
            let f = Double(s.age[i]) / Double(s.lifetime[i])
            #expect(abs(Double(s.alpha[i]) - (1 - f)) < 1e-4, "alpha of a particle at f = \(f)")
            checked += 1
        }
        #expect(checked > 100)

        // A ramp from red to blue on the second cell; the saved JSON holds both edits and loads back.
        try await page.send(##"{"type":"setSource","path":"layers[0].emitterCells[1].colorOverLife","value":[[0, "#ff0000"], [1, [0, 0, 1, 1]]]}"##)
        try await page.waitForState(edits: 2)
        let ramp = try #require(try Self.emitter(h).emitterCells[1].extensions?.colorOverLife)
        #expect(ramp.colors == [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0, blue: 1, alpha: 1)])
        let saved = String(decoding: try await h.get("/api/scene.json").body, as: UTF8.self)
        #expect(saved.contains("alphaOverLife") && saved.contains("colorOverLife"))
        var loader = SceneLoader(baseDirectory: "/") { try ImageDecoder.decodeFile(atPath: $0) }
        let again = try loader.scene(fromJSON: saved)
        #expect(try #require(again.allLayers.compactMap { $0 as? EmitterLayer }.first).evaluate(at: 12).isIdentical(to: Self.emitter(h).evaluate(at: 12)))

        // Stops out of order: the loader's message, and nothing changes.
        try await page.send(#"{"type":"setSource","path":"layers[0].emitterCells[0].scaleOverLife","value":[[0.5, 1], [0.2, 0]]}"#)
        #expect(try await page.text(containing: "\"error\"").contains("must not decrease"))
        #expect(try Self.emitter(h).emitterCells[0].extensions?.scaleOverLife == nil)
        // A key the controls do not offer is refused.
        try await page.send(#"{"type":"setSource","path":"layers[0].emitterCells[0].bursts","value":[[0, 1]]}"#)
        #expect(try await page.text(containing: "\"error\"").contains("alphaOverLife"))
    }

    /// A Particle Designer effect's finish values arrive as over-life curves (docs/IMPORTERS.md): the studio lists them
    /// as present, at the imported JSON's paths, and edits them like a scene file's.
    @Test func anImportedPexOffersItsFinishCurvesForEditing() throws {
        let halo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/effects/halo.pex").path
        let d = try StudioDocument(source: StudioSource.open(halo, limits: SceneLimits()))
        let text = JSONWriter.string(SceneControls.describe(d.current.scene, document: d.info))
        let pattern = #/"key": "alphaOverLife",\s*"kind": "curve",\s*"path": "([^"]+)",\s*"present": true/#
        let path = try #require(text.firstMatch(of: pattern)?.1, "the imported alpha curve is listed as present")
        #expect(text.contains(#/"key": "colorOverLife",\s*"kind": "ramp",\s*"path": "[^"]+",\s*"present": true/#) && text.contains("textureSheet.columns"))
        try d.apply(StudioEdit(target: .source(jsonPath: String(path)), value: .array([.array([.number(0), .number(1)]), .array([.number(1), .number(0.5)])]), time: nil))
        let e = try #require(d.current.scene.allLayers.compactMap { $0 as? EmitterLayer }.first)
        #expect(e.emitterCells[0].extensions?.alphaOverLife?.values == [1, 0.5])
    }

    @Test func presetsHaveNoExtensionControlsAndThePageCarriesTheEditor() async throws {
        let snow = SceneControls.describe(Presets.named("snow")!.make(),
                                          document: StudioDocument.Info(source: "snow", canSaveJSON: true, exports: [], sourceJSON: nil))
        #expect(!JSONWriter.string(snow).contains("\"extensions\""))
        let h = try await StudioHarness.start()
        let script = String(decoding: try await h.get("/studio.js", token: false).body, as: UTF8.self)
        #expect(script.contains("function curveEditor") && script.contains("function rampEditor") && script.contains("curve-editor"))
    }
}
