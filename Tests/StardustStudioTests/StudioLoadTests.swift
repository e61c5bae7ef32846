import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio
import StardustStudioClient

/// A bounded load test on loopback: three well-behaved pages read frames while two pages never read, one sends
/// garbage bytes, one binary messages, one floods valid messages, and two hang up mid-frame (one in the middle
/// of a frame the server is sending, one in the middle of a frame it is sending itself). Everything checked is
/// structural, not a rate (rates are `stardust bench studio-load`): the server keeps serving, every
/// well-behaved page keeps receiving new frames, a page that never reads has at most what the sockets hold
/// plus the one frame being written waiting for it (no queue grows on the server), and each hostile page gets
/// its error or its connection closed.
@Suite(.serialized) struct StudioLoadTests {
    /// Frames per page (distinct playhead times) every well-behaved page must receive while the others misbehave.
    static let framesPerPage = 30

    @Test func wellBehavedPagesKeepReceivingFramesAmongSlowAndHostileOnes() async throws {
        let h = try await StudioHarness.start()
        let o = try await blocking { try Self.load(port: h.port, token: h.config.token, origin: h.origin) }
        for (i, n) in o.goodFrames.enumerated() {
            #expect(n >= Self.framesPerPage, "well-behaved page \(i) received \(n) distinct frames")
        }
        #expect(o.goodErrors.isEmpty, "\(o.goodErrors)")
        #expect(o.garbageClosed, "the server closes a page that sends bytes that are not WebSocket frames")
        #expect(o.binaryRefused, "a binary message is answered with an error")
        // The flood's refusal is the token bucket's arithmetic, tested without a clock (MessageRateLimiterTests);
        // here the flooding page only has to change nothing for the others.
        // What waited for the page that never read: the frames the two sockets' buffers hold, plus the one being
        // written — not the frames produced meanwhile (the writer waits on the socket; nothing queues on the server).
        #expect(o.slowBacklog <= o.socketBound, "\(o.slowBacklog) frames waited for a page that never read; the sockets hold \(o.socketBound)")
        #expect(o.framesProducedMeanwhile > 2 * o.socketBound, "the test ran long enough to tell a queue from the sockets' buffers")
        // The server keeps serving: a new page gets a frame, the page loads, and the hostile pages changed nothing.
        _ = try await h.page().frame()
        #expect(try await h.get("/", token: false).status == 200)
        #expect(h.document.history.edits == 0)
        #expect(h.document.transport().speed == 1)
    }

    struct Outcome: Sendable {
        var goodFrames: [Int]
        var goodErrors: [String]
        var garbageClosed: Bool, binaryRefused: Bool
        var slowBacklog: Int, socketBound: Int, framesProducedMeanwhile: Int
    }

    /// Counts the distinct frames a page reads, on a thread of its own.
    final class Reader: @unchecked Sendable {
        private let lock = NSLock()
        private var times: Set<Double> = []
        private var stop = false
        private(set) var error: String?
        var count: Int { lock.withLock { times.count } }

        init(_ client: StudioClient) {
            Thread {
                while !self.lock.withLock({ self.stop }) {
                    do {
                        if case .binary(let b) = try client.receive(), let f = StudioFramePacket.decode(b) {
                            self.lock.withLock { _ = self.times.insert(f.time) }
                        }
                    } catch {
                        self.lock.withLock { if !self.stop { self.error = "\(error)" }; self.stop = true }
                    }
                }
                withExtendedLifetime(client) {}
            }.start()
        }

        func finish() { lock.withLock { stop = true } }
        var failure: String? { lock.withLock { error } }
    }

    /// The most frame bytes two loopback TCP buffers hold (the kernel's autotuning maxima, receive + send).
    static func socketBufferBytes() -> Int {
        func third(_ path: String) -> Int {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).compactMap { Int($0) }.last ?? (8 << 20)
        }
        return third("/proc/sys/net/ipv4/tcp_rmem") + third("/proc/sys/net/ipv4/tcp_wmem")
    }

    static func load(port: Int, token: String, origin: String) throws -> Outcome {
        func page() throws -> StudioClient {
            let c = try StudioClient(port: port, timeout: 120)
            try c.upgrade(path: "/ws?token=\(token)", port: port, origin: origin)
            return c
        }
        let good = try (0..<3).map { _ in Reader(try page()) }
        let slow = try page()          // never reads until the end
        let slowToo = try page()       // never reads at all
        let garbage = try page()
        try garbage.sendRaw((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) | 0x80 })
        let binary = try page()
        try binary.sendRaw(StudioClient.frame(opcode: 2, payload: [1, 2, 3]))
        let flood = try page()
        for _ in 0..<20_000 { try flood.send(text: #"{"type":"speed","value":1}"#) }
        let quitter = try page()       // one whole frame, then hangs up in the middle of the next
        if case .binary = try quitter.receive() {}
        quitter.hangUp()
        let halfFrame = try page()     // hangs up in the middle of a frame of its own
        let message = StudioClient.frame(opcode: 1, payload: Array(#"{"type":"pause"}"#.utf8))
        try halfFrame.sendRaw(Array(message.prefix(message.count / 2)))
        halfFrame.hangUp()

        // Every well-behaved page receives `framesPerPage` new frames while the others misbehave.
        let start = good.map(\.count)
        let frameBytes = StudioFramePacket.make(Image(width: 390, height: 844), serial: 0, time: 0).count
        let socketBound = socketBufferBytes() / frameBytes + 2
        let target = max(framesPerPage, 3 * socketBound)
        for _ in 0..<6000 {
            if zip(good, start).allSatisfy({ $0.count - $1 >= target }) || good.contains(where: { $0.failure != nil }) { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let goodFrames = zip(good, start).map { $0.count - $1 }
        good.forEach { $0.finish() }

        // The page that never read asks for an error reply; the frames before it are all that waited for it.
        try slow.send(text: #"{"type":"nope"}"#)
        var backlog = 0
        reading: for _ in 0..<10_000 {
            switch try slow.receive() {
            case .binary: backlog += 1
            case .text(let t): if t.contains("\"error\"") { break reading }
            case .close: break reading
            }
        }
        let binaryRefused = (try? binary.text(containing: "binary", limit: 10_000)) != nil
        withExtendedLifetime((slowToo, flood)) {}
        return Outcome(goodFrames: goodFrames, goodErrors: good.compactMap(\.failure), garbageClosed: StudioHostileClientTests.closes(garbage),
                       binaryRefused: binaryRefused, slowBacklog: backlog, socketBound: socketBound,
                       framesProducedMeanwhile: goodFrames.min() ?? 0)
    }
}
