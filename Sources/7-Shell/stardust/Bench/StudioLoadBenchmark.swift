import Foundation
import Stardust
import StardustStudio
import StardustStudioClient

/// `studio-load`: frames per second each of three well-behaved loopback pages receives from the studio (snow
/// preset, 390×844, the page's default cap of 60 frames/s), alone and with hostile pages present: two that never
/// read, one flooding valid messages as fast as it can, one sending garbage bytes and reconnecting, one
/// that reads one frame and hangs up mid-frame, reconnecting. The two variants run interleaved (alone, hostile,
/// alone, hostile), each on a fresh server, each counted for `seconds` after a 1 s warm-up; the samples are the
/// per-page rates, and `ratioToAlone` compares the medians measured in the same run.
extension Benchmarks {
    static func studioLoad(threads: Int, seconds: Int) throws -> [BenchResult] {
        var alone: [Double] = [], hostile: [Double] = []
        var hostileEvents = (flooded: 0, garbage: 0, quits: 0)
        for _ in 0..<2 {
            alone += try loadOnce(threads: threads, seconds: Double(seconds), hostile: false).rates
            let h = try loadOnce(threads: threads, seconds: Double(seconds), hostile: true)
            hostile += h.rates
            hostileEvents.flooded += h.flooded; hostileEvents.garbage += h.garbage; hostileEvents.quits += h.quits
        }
        var a = BenchResult(benchmark: "studio-load", variant: "3-pages-alone", unit: "frames/s per page", samples: alone, threads: threads)
        a.extra = [("cap", "60")]
        var b = BenchResult(benchmark: "studio-load", variant: "3-pages-with-hostile", unit: "frames/s per page", samples: hostile, threads: threads)
        b.extra = [
            ("cap", "60"), ("ratioToAlone", String(format: "%.3f", b.median / max(a.median, 1e-9))),
            ("floodMessagesSent", "\(hostileEvents.flooded)"), ("garbageConnections", "\(hostileEvents.garbage)"),
            ("midFrameHangUps", "\(hostileEvents.quits)"),
        ]
        return [a, b]
    }

    /// A flag and counters shared by the load threads.
    final class LoadState: @unchecked Sendable {
        let lock = NSLock()
        var stop = false
        var flooded = 0, garbage = 0, quits = 0
        var stopped: Bool { lock.withLock { stop } }
    }

    static func loadOnce(threads: Int, seconds: Double, hostile: Bool) throws -> (rates: [Double], flooded: Int, garbage: Int, quits: Int) {
        let document = try StudioDocument(source: .preset("snow"))
        var config = StudioServer.Configuration()
        config.port = 0
        config.renderThreads = threads
        let studio = try LaunchedStudio.start(document, configuration: config)
        defer { studio.task.cancel() }
        let port = studio.port
        let (p, token, origin) = (port, config.token, "http://127.0.0.1:\(port)")
        let page: @Sendable () throws -> StudioClient = {
            let c = try StudioClient(port: p)
            try c.upgrade(path: "/ws?token=\(token)", port: p, origin: origin)
            return c
        }
        let state = LoadState()
        var keep: [StudioClient] = []
        var workers: [Thread] = []
        func spawn(_ body: @escaping @Sendable () -> Void) { let t = Thread(block: body); workers.append(t); t.start() }
        if hostile {
            keep = [try page(), try page()]  // never read
            spawn {
                guard let c = try? page() else { return }
                while !state.stopped {
                    guard (try? c.send(text: #"{"type":"speed","value":1}"#)) != nil else { return }
                    state.lock.withLock { state.flooded += 1 }
                }
            }
            spawn {
                while !state.stopped {
                    if let c = try? page() { try? c.sendRaw([UInt8](repeating: 0xFF, count: 4096)); _ = try? c.receive() }
                    state.lock.withLock { state.garbage += 1 }
                }
            }
            spawn {
                while !state.stopped {
                    if let c = try? page() { _ = try? c.receive(); c.hangUp() }
                    state.lock.withLock { state.quits += 1 }
                }
            }
        }
        // Three well-behaved pages, each reading on its own thread.
        let counts = CountBox(3)
        for i in 0..<3 {
            let c = try page()
            spawn {
                let warmUp = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
                var first: UInt64 = 0, frames = 0
                while !state.stopped {
                    guard let m = try? c.receive() else { return }
                    guard case .binary = m else { continue }
                    let now = DispatchTime.now().uptimeNanoseconds
                    if now < warmUp { continue }
                    if first == 0 { first = now } else { frames += 1 }
                    counts.set(i, frames: frames, nanoseconds: now - first)
                }
                c.hangUp()
            }
        }
        Thread.sleep(forTimeInterval: seconds + 1)
        let rates = counts.rates()
        state.lock.withLock { state.stop = true }
        keep.forEach { $0.hangUp() }
        Thread.sleep(forTimeInterval: 0.5)
        return (rates, state.flooded, state.garbage, state.quits)
    }

    /// Per-page frame counts and the time they took.
    final class CountBox: @unchecked Sendable {
        private let lock = NSLock()
        private var frames: [Int], nanos: [UInt64]
        init(_ n: Int) { frames = Array(repeating: 0, count: n); nanos = Array(repeating: 0, count: n) }
        func set(_ i: Int, frames f: Int, nanoseconds: UInt64) { lock.withLock { frames[i] = f; nanos[i] = nanoseconds } }
        func rates() -> [Double] { lock.withLock { zip(frames, nanos).map { $1 == 0 ? 0 : Double($0) / (Double($1) / 1e9) } } }
    }
}
