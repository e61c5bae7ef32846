import Foundation
import Testing
import Stardust
@testable import StardustStudio

/// Pages that misbehave — garbage bytes, a message over the size cap, a flood, a page that never reads, one that
/// hangs up in the middle of a frame, a handshake never finished — cost only their own connection: a
/// well-behaved page keeps receiving frames and the server keeps answering.
@Suite(.serialized) struct StudioHostileClientTests {
    @Test func hostilePagesDoNotStallAWellBehavedOne() throws {
        let h = try StudioHarness()
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
        _ = sleeper

        let quitter = try h.page()
        if case .binary = try quitter.receive() {}  // one whole frame, then hang up in the middle of the next
        quitter.hangUp()

        let halfHandshake = try StudioClient(port: h.port)
        try halfHandshake.sendRaw(Array("GET /ws?token=\(h.config.token) HTTP/1.1\r\nHost: 127.0.0.1".utf8))

        // The server closed the connections that broke the protocol.
        #expect(Self.closes(garbage))
        #expect(Self.closes(oversize))

        // The well-behaved page still gets frames as the playhead moves…
        var times: Set<Double> = []
        for _ in 0..<20 { times.insert(try good.frame().time) }
        #expect(times.count >= 10)
        // …a new page connects and is served, and so is HTTP.
        _ = try h.page().frame()
        #expect(try h.get("/", token: false).status == 200)
        // The flood changed nothing in the document.
        #expect(h.document.history.edits == 0)
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
