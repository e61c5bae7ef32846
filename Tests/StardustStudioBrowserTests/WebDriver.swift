import Foundation
import StardustStudio
import StardustStudioClient

/// A small client of the W3C WebDriver HTTP API (https://www.w3.org/TR/webdriver2/), enough to drive the
/// studio page in Chromium through chromedriver: sessions, navigation, scripts, elements, pointer and key
/// actions, screenshots. Every command is one JSON request over loopback HTTP/1.1.
final class WebDriver: Sendable {
    /// A WebDriver error reply (`{"value": {"error", "message"}}`) or a transport failure.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// An element reference returned by the browser.
    struct Element: Sendable {
        /// The web element identifier.
        let id: String
    }

    /// The web element identifier key of the W3C protocol.
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    /// chromedriver's address, `http://127.0.0.1:PORT`.
    let base: URL
    /// The session id.
    let session: String

    /// Opens a session on the chromedriver at `base` with `capabilities` (the `alwaysMatch` object).
    static func newSession(base: URL, capabilities: [String: Any]) async throws -> WebDriver {
        let reply = try await command(base: base, "POST", "session", ["capabilities": ["alwaysMatch": capabilities]])
        guard let value = reply as? [String: Any], let id = value["sessionId"] as? String else {
            throw Failure(description: "chromedriver returned no session: \(String(describing: reply))")
        }
        return WebDriver(base: base, session: id)
    }

    private init(base: URL, session: String) { self.base = base; self.session = session }

    /// Ends the session (closes the browser).
    func quit() async { _ = try? await Self.command(base: base, "DELETE", "session/\(session)", nil) }

    // MARK: Commands

    /// Navigates to `url` and waits for the page load.
    func navigate(to url: String) async throws { _ = try await call("POST", "url", ["url": url]) }

    /// Sets the window's outer size in CSS pixels.
    func setWindowSize(width: Int, height: Int) async throws {
        _ = try await call("POST", "window/rect", ["width": width, "height": height])
    }

    /// Runs `script` (a function body) in the page with `args`; returns its JSON-decoded result.
    @discardableResult
    func execute(_ script: String, _ args: [Any] = []) async throws -> Any? {
        try await call("POST", "execute/sync", ["script": script, "args": args])
    }

    /// Runs `script` (a function body whose last argument is a callback) in the page; returns what it passes
    /// to the callback.
    func executeAsync(_ script: String, _ args: [Any] = []) async throws -> Any? {
        try await call("POST", "execute/async", ["script": script, "args": args])
    }

    /// The element matching the CSS `selector`.
    func element(_ selector: String) async throws -> Element {
        let v = try await call("POST", "element", ["using": "css selector", "value": selector])
        guard let m = v as? [String: Any], let id = m[Self.elementKey] as? String else {
            throw Failure(description: "no element \(selector)")
        }
        return Element(id: id)
    }

    /// Clicks the element (scrolled into view, at its center).
    func click(_ e: Element) async throws { _ = try await call("POST", "element/\(e.id)/click", [String: Any]()) }

    /// Clears an editable element.
    func clear(_ e: Element) async throws { _ = try await call("POST", "element/\(e.id)/clear", [String: Any]()) }

    /// Types `text` into the element (`\u{E007}` is Enter).
    func sendKeys(_ e: Element, _ text: String) async throws {
        _ = try await call("POST", "element/\(e.id)/value", ["text": text])
    }

    /// The element's rendered text.
    func text(_ e: Element) async throws -> String { (try await call("GET", "element/\(e.id)/text", nil) as? String) ?? "" }

    /// The element's rectangle in CSS pixels: x, y, width, height.
    func rect(_ e: Element) async throws -> (x: Double, y: Double, width: Double, height: Double) {
        guard let m = try await call("GET", "element/\(e.id)/rect", nil) as? [String: Any] else { throw Failure(description: "no rect") }
        func d(_ k: String) -> Double { (m[k] as? NSNumber)?.doubleValue ?? 0 }
        return (d("x"), d("y"), d("width"), d("height"))
    }

    /// One pointer (mouse) gesture: the actions of a single pointer input source, then a release.
    /// Each step is `("move", x, y, ms)` (viewport coordinates, a move lasting `ms`), `("down", …)` or `("up", …)`.
    /// With `relativeTo`, move coordinates are offsets from that element's center (scrolled into view first).
    /// With `release` false the button stays down for the next call (a gesture spread over several calls).
    func pointer(_ steps: [(kind: String, x: Double, y: Double, ms: Int)], relativeTo element: Element? = nil,
                 release: Bool = true) async throws {
        var actions: [[String: Any]] = []
        let origin: Any = element.map { [Self.elementKey: $0.id] as [String: Any] } ?? "viewport"
        for s in steps {
            switch s.kind {
            case "move":
                actions.append(["type": "pointerMove", "x": Int(s.x.rounded()), "y": Int(s.y.rounded()), "duration": s.ms, "origin": origin])
            case "down": actions.append(["type": "pointerDown", "button": 0])
            case "up": actions.append(["type": "pointerUp", "button": 0])
            default: actions.append(["type": "pause", "duration": s.ms])
            }
        }
        let source: [String: Any] = ["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": actions]
        _ = try await call("POST", "actions", ["actions": [source]])
        if release { _ = try await call("DELETE", "actions", nil) }
    }

    /// A PNG screenshot of the viewport.
    func screenshot() async throws -> Data {
        guard let s = try await call("GET", "screenshot", nil) as? String, let d = Data(base64Encoded: s) else {
            throw Failure(description: "no screenshot")
        }
        return d
    }

    /// Sets the script timeout (ms) for ``executeAsync(_:_:)``.
    func setScriptTimeout(milliseconds: Int) async throws {
        _ = try await call("POST", "timeouts", ["script": milliseconds])
    }

    // MARK: Transport

    private func call(_ method: String, _ path: String, _ body: Any?) async throws -> Any? {
        try await Self.command(base: base, method, "session/\(session)/\(path)", body)
    }

    /// One WebDriver request; returns the reply's `value`, throws its error. It goes over the studio's own
    /// loopback HTTP/1.1 client (``StudioClient``), on a thread of its own: Foundation's `URLSession` on this
    /// Linux fails against chromedriver ("Failed writing header" from its libcurl).
    static func command(base: URL, _ method: String, _ path: String, _ body: Any?) async throws -> Any? {
        let port = base.port ?? 80
        let payload = try body.map { try [UInt8](JSONSerialization.data(withJSONObject: $0)) } ?? []
        let headers = body == nil ? [] : [("Content-Type", "application/json; charset=utf-8")]
        let reply = try await onThread {
            HTTPReplyBox(try StudioClient(port: port, timeout: 600).request(method, "/" + path, port: port, headers: headers, body: payload))
        }.value
        let json = reply.body.isEmpty ? nil : try? JSONSerialization.jsonObject(with: Data(reply.body), options: [.fragmentsAllowed])
        let value = (json as? [String: Any])?["value"]
        if reply.status != 200 {
            let m = value as? [String: Any]
            throw Failure(description: "WebDriver \(method) \(path): HTTP \(reply.status) \(m?["error"] ?? "") — \(String(describing: m?["message"] ?? String(decoding: reply.body.prefix(400), as: UTF8.self)).prefix(400))")
        }
        return value is NSNull ? nil : value
    }
}

/// An HTTP reply handed back from the request's thread.
struct HTTPReplyBox: Sendable {
    let value: (status: Int, headers: [String: String], body: [UInt8])
    init(_ value: (status: Int, headers: [String: String], body: [UInt8])) { self.value = value }
}
