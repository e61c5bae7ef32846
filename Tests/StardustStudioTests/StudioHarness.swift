import Foundation
import Stardust
import StardustTestSupport
@testable import StardustStudio
import StardustStudioClient

/// A studio server running in-process on an ephemeral loopback port, driven by ``StudioClient``. The client
/// blocks on sockets, so every call runs on a thread of its own (``blocking(_:)``): blocking the few threads of
/// Swift's cooperative pool would starve the in-process server it talks to.
final class StudioHarness: @unchecked Sendable {
    let document: StudioDocument
    let config: StudioServer.Configuration
    let port: Int
    private let task: Task<Void, any Error>

    /// Starts a server and waits for it on a semaphore: call it on a thread of its own (``blocking(_:)``), or
    /// through ``start(_:maxFrameRate:)``.
    init(_ source: StudioSource, maxFrameRate: Double = 60) throws {
        document = try StudioDocument(source: source)
        var c = StudioServer.Configuration()
        c.port = 0
        c.maxFrameRate = maxFrameRate
        // The test's client reads only when a test waits for a message, and a test on a loaded machine may spend
        // minutes between two reads: with the default 30 s the server dropped such pages ("the connection closed").
        c.pingPeriod = .seconds(3600)
        config = c
        let studio = try LaunchedStudio.start(document, configuration: c)
        task = studio.task
        port = studio.port
    }

    deinit { task.cancel() }

    /// A running server showing `source`.
    static func start(_ source: StudioSource = .preset("snow"), maxFrameRate: Double = 60) async throws -> StudioHarness {
        try await blocking { try StudioHarness(source, maxFrameRate: maxFrameRate) }
    }

    var origin: String { "http://127.0.0.1:\(port)" }

    /// A client whose WebSocket is open, with the token and the studio's Origin.
    func page() async throws -> Page {
        let (port, token, origin) = (self.port, config.token, self.origin)
        return Page(try await blocking {
            let c = try StudioClient(port: port, timeout: 300)
            try c.upgrade(path: "/ws?token=\(token)", port: port, origin: origin)
            return UncheckedClient(c)
        }.client)
    }

    func get(_ path: String, token: Bool = true) async throws -> HTTPReply {
        let sep = path.contains("?") ? "&" : "?"
        let (port, target) = (self.port, token ? "\(path)\(sep)token=\(config.token)" : path)
        return try await blocking { HTTPReply(try StudioClient(port: port, timeout: 120).request("GET", target, port: port)) }
    }

    func post(_ path: String, body: String, origin: String?) async throws -> HTTPReply {
        var h = [("Content-Type", "application/json"), ("X-Stardust-Token", config.token)]
        if let origin { h.append(("Origin", origin)) }
        let (port, headers) = (self.port, h)
        return try await blocking {
            HTTPReply(try StudioClient(port: port, timeout: 120).request("POST", path, port: port, headers: headers, body: Array(body.utf8)))
        }
    }
}

/// An HTTP reply.
struct HTTPReply: Sendable {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    init(_ r: (status: Int, headers: [String: String], body: [UInt8])) { status = r.status; headers = r.headers; body = r.body }
}

/// A client handed between threads (used by one thread at a time).
struct UncheckedClient: @unchecked Sendable {
    let client: StudioClient
    init(_ c: StudioClient) { client = c }
}

/// A connected page, every call on a thread of its own.
struct Page: @unchecked Sendable {
    let client: StudioClient
    init(_ c: StudioClient) { client = c }
    func send(_ json: String) async throws { let c = client; try await blocking { try c.send(text: json) } }
    func frame(where accept: @escaping @Sendable (Double) -> Bool = { _ in true }) async throws -> (time: Double, pixels: [UInt8]) {
        let c = client
        let f = try await blocking { let f = try c.frame(where: accept); return FrameValue(time: f.time, pixels: f.pixels) }
        return (f.time, f.pixels)
    }
    func text(containing needle: String) async throws -> String { let c = client; return try await blocking { try c.text(containing: needle) } }
    func waitForState(edits: Int) async throws { let c = client; try await blocking { try c.waitForState(edits: edits) } }
    func run<T: Sendable>(_ body: @escaping @Sendable (StudioClient) throws -> T) async throws -> T { let c = client; return try await blocking { try body(c) } }
}

struct FrameValue: Sendable { var time: Double; var pixels: [UInt8] }

extension StudioClient {
    /// Sends one JSON message.
    func send(_ json: String) throws { try send(text: json) }

    /// The next frame for which `accept` holds (text messages on the way go to `texts`).
    func frame(where accept: (Double) -> Bool = { _ in true }, texts: ((String) -> Void)? = nil, limit: Int = 2000)
        throws -> (time: Double, pixels: [UInt8]) {
        for _ in 0..<limit {
            switch try receive() {
            case .binary(let b):
                guard let f = StudioFramePacket.decode(b) else { continue }
                if accept(f.time) { return (f.time, Array(f.pixels)) }
            case .text(let t): texts?(t)
            case .close: throw StudioClient.Failure(status: 0, description: "closed")
            }
        }
        throw StudioClient.Failure(status: 0, description: "no matching frame")
    }

    /// Reads until a text message containing `needle`; returns it.
    func text(containing needle: String, limit: Int = 2000) throws -> String {
        for _ in 0..<limit {
            if case .text(let t) = try receive(), t.contains(needle) { return t }
        }
        throw StudioClient.Failure(status: 0, description: "no message with \(needle)")
    }
}

extension StudioClient {
    /// Reads until a `state` message reporting `edits` edits; frames after it show that document.
    func waitForState(edits: Int, limit: Int = 4000) throws {
        for _ in 0..<limit {
            guard case .text(let t) = try receive() else { continue }
            if t.contains("\"error\"") { throw StudioClient.Failure(status: 0, description: t) }
            if t.contains("\"state\""), t.contains("\"edits\": \(edits)") { return }
        }
        throw StudioClient.Failure(status: 0, description: "no state with \(edits) edits")
    }
}
