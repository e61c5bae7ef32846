import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The curve editor of a cell's extensions (docs/STUDIO.md, "Cell extensions") in a real browser: dragging the
/// last point of a JSON cell's alpha curve to the bottom writes `alphaOverLife` into the cell's JSON, and the
/// document's particles then fade to 0 over their lives.
@Suite(.serialized, .enabled(if: ChromeDriver.available, ChromeDriver.skipReason), .studioBrowser)
struct StudioBrowserCurveTests {
    @Test func draggingTheAlphaCurvesLastPointDownFadesTheParticles() async throws {
        let b = try StudioBrowser.shared
        let example = StudioBrowser.example("snowfall.json")
        try await b.openSceneFile(example)
        let selector = "svg.curve-editor[data-path=\"layers[0].emitterCells[0].alphaOverLife\"] circle[data-stop=\"1\"]"
        try await b.wait("the curve editor to show") {
            try await b.driver.execute("return document.querySelector(arguments[0]) !== null", [selector]) as? Bool == true
        }
        // The controls panel scrolls: bring the editor to the middle of the viewport, with room below it.
        _ = try await b.driver.execute("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", [selector])
        let point = try await b.driver.element(selector)
        let edits = b.document.history.edits
        try await b.driver.pointer([("move", 0, 0, 0), ("down", 0, 0, 0), ("move", 0, 30, 50), ("move", 0, 90, 50), ("up", 0, 0, 0)],
                                   relativeTo: point)
        try await b.wait("the edit to reach the document") { b.document.history.edits == edits + 1 }
        let e = try #require(b.document.current.scene.allLayers.compactMap { $0 as? EmitterLayer }.first)
        let curve = try #require(e.emitterCells[0].extensions?.alphaOverLife)
        #expect(curve.values.count == 2 && curve.values[0] == 1 && curve.values[1] == 0, "\(curve.values)")
        #expect(curve.times[0] == 0 && curve.times[1] > 0.95, "\(curve.times)")
    }
}
