import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The texture-sheet and emitter-path controls (docs/STUDIO.md, "Texture sheets", "Emitting from a path or a
/// layer") in a real browser: typing SVG path data into an emitter's path box and choosing "bySpeed" in a cell's
/// timing menu each reach the document as one edit, which the engine's emitter then has.
@Suite(.serialized, .enabled(if: ChromeDriver.available, ChromeDriver.skipReason), .studioBrowser)
struct StudioBrowserSourceControlsTests {
    @Test func typingAPathAndChoosingATimingEditTheDocument() async throws {
        let b = try StudioBrowser.shared
        try await b.openSceneFile(StudioBrowser.example("button-sparks.json"))
        let box = "input[data-key=\"Xlayers[2].emitterPath.path\"]"
        try await b.wait("the emitter path box to show") {
            try await b.driver.execute("return document.querySelector(arguments[0]) !== null", [box]) as? Bool == true
        }
        _ = try await b.driver.execute("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", [box])
        var edits = b.document.history.edits
        // Enter commits the box (its change event), as leaving it does.
        try await b.driver.sendKeys(try await b.driver.element(box), "M 10 10 L 10 60\u{E007}")
        try await b.wait("the path edit to reach the document") { b.document.history.edits == edits + 1 }
        let sparks = { b.document.current.scene.allLayers.first { $0.name == "sparks" } as? EmitterLayer }
        #expect(sparks()?.emitterPath?.length == 50)

        let option = "select[data-key=\"Xlayers[2].emitterCells[0].textureSheet.timing\"] option[value=\"bySpeed\"]"
        try await b.wait("the timing menu to show") {
            try await b.driver.execute("return document.querySelector(arguments[0]) !== null", [option]) as? Bool == true
        }
        _ = try await b.driver.execute("document.querySelector(arguments[0]).parentElement.scrollIntoView({block: 'center'})", [option])
        edits = b.document.history.edits
        try await b.driver.click(try await b.driver.element(option))
        try await b.wait("the timing edit to reach the document") { b.document.history.edits == edits + 1 }
        #expect(sparks()?.emitterCells[0].extensions?.textureSheet?.timing == .bySpeed(minimum: 0, maximum: 200))
    }
}
