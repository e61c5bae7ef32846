import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio
import StardustStudioClient

/// Pages that misbehave — garbage bytes, a message over the size cap, a flood, a page that never reads, one that
/// hangs up in the middle of a frame, a handshake never finished — cost only their own connection: a
/// well-behaved page keeps receiving frames and the server keeps answering.
@Suite(.serialized) struct StudioHostileClientTests {
    @Test func hostilePagesDoNotStallAWellBehavedOne() async throws {
        let h = try await StudioHarness.start()
        let outcome = try await blocking { try Self.hostile(port: h.port, token: h.config.token, origin: h.origin) }
        #expect(outcome.garbageClosed)
        #expect(outcome.oversizeClosed)
        #expect(outcome.distinctTimes >= 10, "the well-behaved page kept receiving new frames")
        _ = try await h.page().frame()
        #expect(try await h.get("/", token: false).status == 200)
        // The flood changed nothing in the document.
        #expect(h.document.history.edits == 0)
    }

    struct Outcome: Sendable { var garbageClosed: Bool; var oversizeClosed: Bool; var distinctTimes: Int }

    static func hostile(port: Int, token: String, origin: String) throws -> Outcome {
        func page() throws -> StudioClient {
            let c = try StudioClient(port: port, timeout: 300)
            try c.upgrade(path: "/ws?token=\(token)", port: port, origin: origin)
            return c
        }
        let h = (page: page, port: port, token: token)
        let good = try h.page()
        _ = try good.frame()

        let garbage = try h.page()
        try garbage.sendRaw([UInt8](repeating: 0xFF, count: 4096))

        let oversize = try h.page()
        try oversize.send(text: "{\"type\":\"play\",\"x\":\"" + String(repeating: "a", count: 200_000) + "\"}")

        let flood = try h.page()
        for i in 0..<3000 {
            try? flood.send(i % 2 == 0 ? #"{"type":"speed","value":1}"# : #"{"type":"set","layer":"1","keyPath":"nope","value":1}"#)
        }

        let sleeper = try h.page()  // never reads: its socket fills and only its own writer waits

        let quitter = try h.page()
        if case .binary = try quitter.receive() {}  // one whole frame, then hang up in the middle of the next
        quitter.hangUp()

        let halfHandshake = try StudioClient(port: h.port)
        try halfHandshake.sendRaw(Array("GET /ws?token=\(h.token) HTTP/1.1\r\nHost: 127.0.0.1".utf8))

        // The server closes the connections that broke the protocol; the well-behaved page still gets frames.
        let garbageClosed = closes(garbage), oversizeClosed = closes(oversize)
        var times: Set<Double> = []
        for _ in 0..<20 { times.insert(try good.frame().time) }
        withExtendedLifetime((sleeper, halfHandshake, flood)) {}
        return Outcome(garbageClosed: garbageClosed, oversizeClosed: oversizeClosed, distinctTimes: times.count)
    }

    /// Whether the server ends this connection (a close frame or the socket closing) within the read timeout.
    static func closes(_ c: StudioClient) -> Bool {
        for _ in 0..<10_000 {
            do {
                if try c.receive() == .close { return true }
            } catch {
                return true
            }
        }
        return false
    }
}
