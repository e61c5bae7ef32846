import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The studio page in a real browser: headless Chromium driven through chromedriver's WebDriver API, clicking
/// and typing in the page as a designer would. The truth is independent of the page: the preview's pixels,
/// read back from the canvas, must be exactly the frame the engine renders here for the document's playhead,
/// and a downloaded GIF must be the bytes the `stardust` executable writes.
@Suite(.serialized, .enabled(if: ChromeDriver.available, ChromeDriver.skipReason), .studioBrowser)
struct StudioBrowserTests {
    var browser: StudioBrowser { get throws { try StudioBrowser.shared } }

    @Test func thePageLoadsAndShowsTheEnginesFrames() async throws {
        let b = try browser
        try await b.wait("the page to draw frames") { try await b.canvas().frames >= 3 }
        try await b.openPreset("snow")
        #expect(try await b.text("source").contains("390×844"))
        try await b.pause()
        let c = try await b.waitForEngineFrame()
        #expect(c.width == 390 && c.height == 844)
        #expect(c.colors > 10, "the preview shows a picture, not a flat color")
        // The snow emitter's controls are built from the scene: the flake cell's birth rate is there.
        #expect(try await b.driver.execute("return document.querySelector('[data-key=\"C1:0:birthRate:n\"]').value") as? String == "30")
    }

    @Test func pauseStepAndPlay() async throws {
        let b = try browser
        try await b.openPreset("snow")
        try await b.pause()
        #expect(try await b.icon("play") == "play")
        #expect(try await b.icon("step-back") == "step-back")
        #expect(try await b.icon("step-forward") == "step-forward")
        let fps = b.document.current.scene.fps
        let t0 = b.document.transport().time
        try await b.click("step-forward")
        let t1 = (t0 * fps).rounded() / fps + 1 / fps
        try await b.wait("the playhead to step") { abs(b.document.transport().time - t1) < 1e-9 }
        let c1 = try await b.waitForEngineFrame()
        #expect(try await b.text("clock") == String(format: "%.2f s", t1))
        // Paused: the playhead stays where the step put it, whatever the page does meanwhile.
        _ = try await b.canvas()
        #expect(b.document.transport().time == t1)
        try await b.click("step-back")
        try await b.wait("the playhead to step back") { abs(b.document.transport().time - (t1 - 1 / fps)) < 1e-9 }
        let c0 = try await b.waitForEngineFrame()
        #expect(c0.hash != c1.hash, "two frames of falling snow differ")
        try await b.click("play")
        try await b.wait("the document to play") { b.document.transport().playing }
        try await b.wait("the page to show later frames") { try await b.canvas().time != c0.time }
        #expect(try await b.icon("play") == "pause")
    }

    @Test func scrubbingMovesTheClockAndThePreview() async throws {
        let b = try browser
        try await b.openPreset("snow")
        try await b.pause()
        let before = try await b.waitForEngineFrame()
        let duration = b.document.current.scene.duration
        let scrub = try await b.driver.element("#scrub")
        try await b.driver.execute("document.getElementById('scrub').scrollIntoView({ block: 'center' })")
        let w = try await b.driver.rect(scrub).width
        // From near the start of the bar to three quarters of it (offsets from the bar's center).
        try await b.driver.pointer([("move", -w / 2 + 8, 0, 0), ("down", 0, 0, 0), ("move", -w * 0.1, 0, 100),
                                    ("move", w * 0.25, 0, 100), ("up", 0, 0, 0)], relativeTo: scrub)
        // Where the thumb lands depends on the track's layout (the thumb's width is not part of the track), and the
        // bar shows the engine's time again as soon as a frame arrives: the truth is the document's playhead, which
        // must move well past the middle of the timeline (the drag ends three quarters along the element).
        try await b.wait("the playhead to follow the scrub bar") {
            let at = b.document.transport().time / duration
            return at > 0.6 && at < 0.95
        }
        let after = try await b.waitForEngineFrame()
        #expect(after.time != before.time)
        try await b.wait("the clock to show the playhead") {
            try await b.text("clock") == String(format: "%.2f s", b.document.transport().time)
        }
        #expect(!b.document.transport().playing, "scrubbing does not start playback")
    }

    @Test func changingABirthRateChangesThePreviewFromThePlayheadOn() async throws {
        let b = try browser
        try await b.openPreset("snow")
        try await b.pause()
        let paused = b.document.transport().time
        try await b.click("step-forward")  // on a frame boundary
        try await b.wait("the step to reach the document") { b.document.transport().time > paused }
        let atEdit = try await b.waitForEngineFrame()
        let field = try await b.driver.element("[data-key=\"C1:0:birthRate:n\"]")
        try await b.driver.clear(field)
        try await b.driver.sendKeys(field, "300\u{E007}")
        try await b.wait("the edit to reach the document") { b.document.history.edits == 1 }
        let cell = (b.document.current.scene.root.sublayers[1] as? EmitterLayer)?.emitterCells.first
        #expect(cell?.name == "flake")
        // A birth-sampled property applies from the playhead on: the frame at the playhead does not change.
        #expect(try await b.waitForEngineFrame().hash == atEdit.hash)
        for _ in 0..<6 {
            // One step at a time: a click still in flight would otherwise move the playhead after the capture.
            let before = b.document.transport().time
            try await b.click("step-forward")
            try await b.wait("the step to reach the document") { b.document.transport().time > before }
        }
        let edited = try await b.waitForEngineFrame()
        try await b.wait("undo to be enabled") { try await b.driver.execute("return !document.getElementById('undo').disabled") as? Bool == true }
        try await b.click("undo")
        try await b.wait("the undo to reach the document") { b.document.history.edits == 0 }
        let original = try await b.waitForEngineFrame()
        #expect(original.time == edited.time)
        #expect(original.hash != edited.hash, "ten times the flakes changed the preview")
        try await b.wait("redo to be enabled") { try await b.driver.execute("return !document.getElementById('redo').disabled") as? Bool == true }
        try await b.click("redo")
        try await b.wait("the redo to reach the document") { b.document.history.edits == 1 }
        #expect(try await b.waitForEngineFrame().hash == edited.hash, "redo shows the same pixels again")
    }

    /// Downloads through the page (the `href` of its GIF button and of Save scene JSON, fetched by the page) an
    /// edited scene file, and renders the saved JSON with the `stardust` executable: the same bytes.
    @Test func theGIFDownloadIsTheBytesStardustRenderWritesForTheSavedScene() async throws {
        let b = try browser
        let example = StudioBrowser.example("snowfall.json")
        try await b.openSceneFile(example)
        try await b.wait("the page to show it") { try await b.text("source").contains("snowfall") }
        let layer = try #require(b.document.current.scene.root.sublayers.firstIndex { $0 is EmitterLayer })
        let field = try await b.driver.element("[data-key=\"C\(layer):0:velocity:n\"]")
        try await b.driver.clear(field)
        try await b.driver.sendKeys(field, "5\u{E007}")
        try await b.wait("the edit to reach the document") { b.document.history.edits == 1 }

        let gif = try await download("export-gif")
        let json = try await download("save-json")
        #expect(String(decoding: json, as: UTF8.self).contains("\"velocity\": 5"), "the saved JSON holds the edit")
        let dir = try CLIRunner.temporaryFolder("studio-browser")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(json).write(to: dir.appendingPathComponent("edited.json"))
        let r = try await onThread { try CLIRunner.run(["render", "edited.json", "-o", "edited.gif", "--quiet"], in: dir, seconds: 300) }
        #expect(r.status == 0, "\(r.stderr)")
        let cli = try [UInt8](Data(contentsOf: dir.appendingPathComponent("edited.gif")))
        #expect(Array(gif.prefix(6)) == Array("GIF89a".utf8))
        let same = gif == cli
        #expect(same, "\(gif.count) bytes downloaded in the browser, \(cli.count) written by stardust render")
    }

    /// The Swift button of the page downloads the bytes `stardust export-swift` writes for the same preset, and the
    /// preset menu shows the preset that is open.
    @Test func theSwiftDownloadIsTheBytesStardustExportSwiftWrites() async throws {
        let b = try browser
        try await b.openPreset("snow")
        let shown = try await b.driver.execute("return document.getElementById('preset').value") as? String
        #expect(shown == "snow", "the preset menu shows \(shown ?? "nothing")")
        let swift = try await download("export-swift")
        let dir = try CLIRunner.temporaryFolder("studio-browser-swift")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await onThread { try CLIRunner.run(["export-swift", "snow", "-o", "snow.swift"], in: dir, seconds: 300) }
        #expect(r.status == 0, "\(r.stderr)")
        let cli = try [UInt8](Data(contentsOf: dir.appendingPathComponent("snow.swift")))
        #expect(String(decoding: swift, as: UTF8.self).contains("CAEmitterLayer"), "the download is the Swift source")
        let same = swift == cli
        #expect(same, "\(swift.count) bytes downloaded in the browser, \(cli.count) written by stardust export-swift")
    }

    /// The bytes behind a download link of the page, fetched by the page itself (with its cookies, token and
    /// origin), base64-encoded through WebDriver.
    ///
    /// One export of a document runs at a time (a second is refused with HTTP 409), but this suite is serialized and
    /// each download awaits its export to the end, and the page's document is its own (other studios in the test
    /// process have their own gates): a 409 here is a failure, not something to wait out.
    func download(_ id: String) async throws -> [UInt8] {
        let b = try browser
        let reply = try await b.driver.executeAsync("""
            const done = arguments[arguments.length - 1];
            fetch(document.getElementById(arguments[0]).href).then(async (r) => {
              const bytes = new Uint8Array(await r.arrayBuffer());
              let s = ''; for (let i = 0; i < bytes.length; i += 32768) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 32768));
              done([r.status, btoa(s)]);
            }).catch((e) => done([0, String(e)]));
            """, [id])
        let a = try #require(reply as? [Any])
        let status = (a.first as? NSNumber)?.intValue ?? 0
        let body = [UInt8](Data(base64Encoded: a.last as? String ?? "") ?? Data())
        #expect(status == 200, "\(id): HTTP \(status) \(String(decoding: body.prefix(200), as: UTF8.self))")
        return body
    }

    /// The README's screenshot: the studio with the snow preset, paused at 2.5 s. Written to
    /// `docs/images/studio.png` when `STARDUST_WRITE_SCREENSHOTS=1`.
    @Test func aScreenshotOfTheStudio() async throws {
        let b = try browser
        try await b.openPreset("snow")
        try await b.pause()
        try await b.driver.execute("window.studio.send({ type: 'seek', time: 2.5 })")
        try await b.wait("the playhead to move") { b.document.transport().time == 2.5 }
        try await b.waitForEngineFrame()
        try await b.driver.execute("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
        let png = try await b.driver.screenshot()
        let bytes = [UInt8](png)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = Int(bytes[16]) << 24 | Int(bytes[17]) << 16 | Int(bytes[18]) << 8 | Int(bytes[19])
        let viewport = (try await b.driver.execute("return window.innerWidth") as? NSNumber)?.intValue
        #expect(width == viewport)
        if ProcessInfo.processInfo.environment["STARDUST_WRITE_SCREENSHOTS"] == "1" {
            let out = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("docs/images/studio.png")
            try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
            try png.write(to: out, options: .atomic)
        }
    }
}

/// Runs blocking work (a subprocess) on a thread of its own, off Swift's cooperative pool, which the in-process
/// server needs.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { c in
        Thread { do { c.resume(returning: try body()) } catch { c.resume(throwing: error) } }.start()
    }
}
