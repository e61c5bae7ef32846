import Foundation
import Stardust
@testable import StardustStudio

/// A studio server running in-process on an ephemeral loopback port, driven by ``StudioClient``.
final class StudioHarness: @unchecked Sendable {
    let document: StudioDocument
    let config: StudioServer.Configuration
    let port: Int
    private let task: Task<Void, any Error>

    init(_ source: StudioSource = .preset("snow"), maxFrameRate: Double = 60) throws {
        document = try StudioDocument(source: source)
        var c = StudioServer.Configuration()
        c.port = 0
        c.maxFrameRate = maxFrameRate
        config = c
        let server = StudioServer(document: document, configuration: c)
        let ready = DispatchSemaphore(value: 0)
        final class Box: @unchecked Sendable { var port = 0 }
        let box = Box()
        task = Task { try await server.run { p in box.port = p; ready.signal() } }
        guard ready.wait(timeout: .now() + 60) == .success else { throw StudioEditError("the server did not start") }
        port = box.port
    }

    deinit { task.cancel() }

    var origin: String { "http://127.0.0.1:\(port)" }

    /// A client whose WebSocket is open, with the token and the studio's Origin.
    func page() throws -> StudioClient {
        let c = try StudioClient(port: port)
        try c.upgrade(path: "/ws?token=\(config.token)", port: port, origin: origin)
        return c
    }

    func get(_ path: String, token: Bool = true) throws -> (status: Int, headers: [String: String], body: [UInt8]) {
        let sep = path.contains("?") ? "&" : "?"
        return try StudioClient(port: port, timeout: 120).request("GET", token ? "\(path)\(sep)token=\(config.token)" : path, port: port)
    }

    func post(_ path: String, body: String, origin: String?) throws -> (status: Int, headers: [String: String], body: [UInt8]) {
        var h = [("Content-Type", "application/json"), ("X-Stardust-Token", config.token)]
        if let origin { h.append(("Origin", origin)) }
        return try StudioClient(port: port, timeout: 120).request("POST", path, port: port, headers: h, body: Array(body.utf8))
    }
}

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
