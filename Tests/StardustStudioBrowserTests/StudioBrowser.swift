import Foundation
import StardustStudioClient
import Testing
import Stardust
@testable import StardustStudio

/// One studio server (in-process, on a free loopback port) and one headless Chromium session (through
/// chromedriver on another free port) showing its page, shared by every test of a suite marked
/// ``StudioBrowserTrait`` (`@Suite(.studioBrowser)`): the browser starts once per suite, not once per test.
final class StudioBrowser: Sendable {
    /// The browser window, CSS pixels (the README screenshot's size).
    static let windowSize = (width: 1180, height: 940)

    let document: StudioDocument
    let token: String
    let port: Int
    let driver: WebDriver
    private let chromedriver: ChromeDriver.Process
    private let server: Task<Void, any Error>

    /// The browser for the suite being run (set by ``StudioBrowserTrait``).
    @TaskLocal static var current: StudioBrowser?

    /// The shared browser; fails the test when the suite is not marked `.studioBrowser`.
    static var shared: StudioBrowser {
        get throws { try #require(current, "the suite must be marked .studioBrowser") }
    }

    var address: String { StudioServer.address(host: "127.0.0.1", port: port, token: token) }

    private init(document: StudioDocument, token: String, port: Int, driver: WebDriver, chromedriver: ChromeDriver.Process,
                 server: Task<Void, any Error>) {
        self.document = document; self.token = token; self.port = port; self.driver = driver
        self.chromedriver = chromedriver; self.server = server
    }

    /// Starts the server showing the snow preset, chromedriver and a browser on the page.
    static func start() async throws -> StudioBrowser {
        let document = try StudioDocument(source: .preset("snow"))
        var config = StudioServer.Configuration()
        config.port = 0
        config.maxFrameRate = 30
        let studio = try await LaunchedStudio.start(document, configuration: config)
        let (serverTask, port) = (studio.task, studio.port)
        let chromedriver = try ChromeDriver.Process()
        do {
            try await chromedriver.waitUntilReady()
            let driver = try await WebDriver.newSession(base: chromedriver.base,
                                                        capabilities: ChromeDriver.capabilities(width: windowSize.width, height: windowSize.height))
            try await driver.setScriptTimeout(milliseconds: 600_000)
            let browser = StudioBrowser(document: document, token: config.token, port: port, driver: driver,
                                        chromedriver: chromedriver, server: serverTask)
            try await driver.navigate(to: browser.address)
            return browser
        } catch {
            FileHandle.standardError.write(Data("studio browser tests: could not start the browser: \(error)\n".utf8))
            await chromedriver.stop()
            serverTask.cancel()
            throw error
        }
    }

    /// Closes the browser, stops chromedriver and the server.
    func stop() async {
        await driver.quit()
        await chromedriver.stop()
        server.cancel()
    }

    // MARK: The page

    /// Polls `condition` every 50 ms until it holds (at most `seconds` worth of polls); throws naming `what` otherwise.
    func wait(_ what: String, seconds: Double = 120, until condition: () async throws -> Bool) async throws {
        let tries = Int(seconds * 20)
        for _ in 0..<tries {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw WebDriver.Failure(description: "gave up waiting: \(what)")
    }

    /// What the preview canvas holds, read in the page with `getImageData`.
    struct Canvas: Equatable {
        var width: Int, height: Int
        /// FNV-1a of the RGBA bytes of the opaque pixels (straight and premultiplied are the same there).
        var hash: UInt32
        /// Pixels with alpha below 255 (their RGB round-trips through the canvas's premultiplied storage).
        var translucent: Int
        /// Distinct opaque colors (counted up to 1000).
        var colors: Int
        /// Frames the page drew, and the time of the last one.
        var frames: Int, time: Double
    }

    static let canvasScript = """
        const c = document.getElementById('preview'), w = c.width, h = c.height;
        const d = c.getContext('2d').getImageData(0, 0, w, h).data;
        let hash = 0x811c9dc5 >>> 0, translucent = 0; const colors = new Set();
        for (let i = 0; i < d.length; i += 4) {
          if (d[i + 3] !== 255) { translucent++; continue; }
          for (let k = 0; k < 4; k++) { hash = Math.imul(hash ^ d[i + k], 16777619) >>> 0; }
          if (colors.size < 1000) colors.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
        }
        return [w, h, hash, translucent, colors.size, window.studio.framesReceived(), String(window.studio.lastFrameTime())];
        """

    /// The preview's pixels now.
    func canvas() async throws -> Canvas {
        guard let a = try await driver.execute(Self.canvasScript) as? [Any], a.count == 7 else {
            throw WebDriver.Failure(description: "the canvas script returned nothing")
        }
        func n(_ i: Int) -> Double { (a[i] as? NSNumber)?.doubleValue ?? -1 }
        // The time as JavaScript's shortest round-trip text: exactly the header's Float64 (a JSON number may not be).
        return Canvas(width: Int(n(0)), height: Int(n(1)), hash: UInt32(n(2)), translucent: Int(n(3)), colors: Int(n(4)),
                      frames: Int(n(5)), time: Double(a[6] as? String ?? "") ?? -1)
    }

    /// The same digest of the frame the engine renders for the document's current scene at `time`, computed here
    /// without the server or the browser.
    func engineCanvas(at time: Double) throws -> (width: Int, height: Int, hash: UInt32, translucent: Int) {
        let image = try Renderer().render(document.current.scene.displayList(at: time))
        let (hash, translucent) = Self.digestAndTranslucent(image)
        return (image.width, image.height, hash, translucent)
    }

    /// ``Canvas/hash`` of an engine image as the page would receive it (straight RGBA).
    static func digest(_ image: Image) -> UInt32 { digestAndTranslucent(image).hash }

    static func digestAndTranslucent(_ image: Image) -> (hash: UInt32, translucent: Int) {
        let px = StudioFramePacket.decode(StudioFramePacket.make(image, serial: 0, time: 0))!.pixels
        var hash: UInt32 = 0x811c9dc5, translucent = 0
        var i = px.startIndex
        while i < px.endIndex {
            if px[i + 3] != 255 { translucent += 1 } else {
                for k in 0..<4 { hash = (hash ^ UInt32(px[i + k])) &* 16777619 }
            }
            i += 4
        }
        return (hash, translucent)
    }

    /// Waits until the preview shows exactly the engine's frame of the document at its (paused) playhead; returns it.
    @discardableResult
    func waitForEngineFrame() async throws -> Canvas {
        var expected: (key: String, value: (width: Int, height: Int, hash: UInt32, translucent: Int))?
        var last: Canvas?
        do {
            try await wait("the preview to show the engine's frame") {
                let t = document.transport()
                let key = "\(document.current.version)@\(t.time)"
                if expected?.key != key { expected = (key, try engineCanvas(at: t.time)) }
                let c = try await canvas()
                last = c
                let e = expected!.value
                return !t.playing && c.time == t.time && c.width == e.width && c.height == e.height && c.hash == e.hash
                    && c.translucent == e.translucent
            }
        } catch {
            Issue.record("the page shows \(String(describing: last)), the engine \(String(describing: expected))")
            throw error
        }
        return last!
    }

    /// Clicks the element with this id.
    func click(_ id: String) async throws { try await driver.click(try await driver.element("#\(id)")) }

    /// The element's text.
    func text(_ id: String) async throws -> String { try await driver.text(try await driver.element("#\(id)")) }

    /// The path of the repository's example scene `name` (in `examples/`).
    static func example(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/\(name)").path
    }

    /// Types `path` into the page's path field, presses Open and waits until the document shows that file.
    func openSceneFile(_ path: String) async throws {
        let field = try await driver.element("#path")
        try await driver.clear(field)
        try await driver.sendKeys(field, path)
        let version = document.current.version
        try await click("open-path")
        try await wait("the scene file to open") { self.document.currentSource.label == path && self.document.current.version != version }
    }

    /// The transport button's icon (`play` or `pause`), and whether it is drawn: an inline SVG with a size (a font
    /// glyph could render as an empty box on a machine without the font).
    func icon(_ id: String) async throws -> String {
        let script = "const b = document.getElementById('\(id)'), s = b.querySelector('svg');"
            + "return s && s.getBoundingClientRect().width > 0 && s.querySelector('path, rect') ? b.dataset.icon : 'not drawn';"
        return try await driver.execute(script) as? String ?? "not drawn"
    }

    /// Pauses through the play button (when playing) and waits for the paused frame.
    func pause() async throws {
        if document.transport().playing { try await click("play") }
        try await wait("the document to pause") { !document.transport().playing }
        // The page's play button toggles by the last state it received: wait until it knows.
        try await wait("the page to show the pause") { try await icon("play") == "play" }
    }

    /// Opens a preset through the page's preset menu and waits for the new scene's controls.
    func openPreset(_ name: String) async throws {
        let before = document.current.version
        try await wait("the preset menu to list \(name)") {
            (try? await driver.element("#preset option[value='\(name)']")) != nil
        }
        // Choosing the option already shown fires no change: show the blank entry first.
        try await driver.execute("document.getElementById('preset').value = ''")
        try await driver.click(try await driver.element("#preset option[value='\(name)']"))
        try await wait("the preset \(name) to open") {
            document.current.version != before && document.currentSource.label == name
        }
        try await wait("the page to show \(name)") { try await text("source").contains(name) }
        try await driver.execute("window.scrollTo(0, 0)")
    }
}

/// The suite trait that starts one ``StudioBrowser`` for the whole suite (skipped, with the reason in the report,
/// when chromium or chromedriver is not installed).
struct StudioBrowserTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let browser = try await StudioBrowser.start()
        do {
            try await StudioBrowser.$current.withValue(browser) { try await function() }
        } catch {
            await browser.stop()
            throw error
        }
        await browser.stop()
    }
}

extension Trait where Self == StudioBrowserTrait {
    /// One studio and one headless Chromium for the whole suite.
    static var studioBrowser: StudioBrowserTrait { StudioBrowserTrait() }
}
