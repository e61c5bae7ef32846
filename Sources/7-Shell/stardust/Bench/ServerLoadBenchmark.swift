import Foundation
import Stardust
import StardustRenderServer
import StardustStudio
import StardustStudioClient

/// `server-load` (docs/BENCHMARKS.md): the example render server (examples/render-server) on loopback with 2
/// workers, driven by 2 clients that POST a small scene (a 120×200 pt, 10-frame GIF of falling snow) back to back.
/// Requests per second, p50/p99 latency, and the process's resident memory before and after (flat when every
/// request's memory is freed). `--runs` sets the number of requests (default 400; the issue's soak is 10 000).
extension Benchmarks {
    static let serverScene = #"""
    {"size": [120, 200], "scale": 1, "duration": 0.5, "fps": 20, "seed": 1, "background": "#0B1A3A",
     "layers": [{"type": "emitter", "emitterPosition": [60, 0], "emitterSize": [120, 0], "emitterShape": "line", "timeOffset": 10,
       "emitterCells": [{"contents": "builtin:dot", "birthRate": 30, "lifetime": 20, "velocity": 30, "yAcceleration": 30,
                         "scale": 0.1, "scaleRange": 0.05}]}]}
    """#

    static func serverLoad(requests: Int) throws -> [BenchResult] {
        var config = RenderServer.Configuration()
        config.port = 0
        config.workers = 2
        final class PortBox: @unchecked Sendable { var value = 0 }
        let ready = DispatchSemaphore(value: 0)
        let port = PortBox()
        let server = RenderServer(configuration: config)
        let task = Task { try await server.run { p in port.value = p; ready.signal() } }
        defer { task.cancel() }
        guard ready.wait(timeout: .now() + 30) == .success else { throw CLIError.runtime("the render server did not start") }
        let body = Array(serverScene.utf8), p = port.value
        @Sendable func post() throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            let c = try StudioClient(port: p)
            let r = try c.request("POST", "/render?format=gif", port: p, headers: [("Content-Type", "application/json")], body: body)
            guard r.status == 200, r.body.starts(with: Array("GIF89a".utf8)) else {
                throw CLIError.runtime("render server answered \(r.status): \(String(decoding: r.body.prefix(200), as: UTF8.self))")
            }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        for _ in 0..<10 { _ = try post() }  // warm-up
        let before = residentMegabytes()
        let next = Counter()
        final class Latencies: @unchecked Sendable { let lock = NSLock(); var ms: [Double] = []; var error: Error? }
        let lat = Latencies()
        let wall = measureMilliseconds {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                while case let i = next.take(), i < requests {
                    do { let ms = try post(); lat.lock.withLock { lat.ms.append(ms) } } catch { lat.lock.withLock { lat.error = error } }
                }
            }
        }
        if let e = lat.error { throw e }
        let after = residentMegabytes()
        let sorted = lat.ms.sorted()
        let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        var r = BenchResult(benchmark: "server-load", variant: "2 workers, 2 clients, \(requests) requests", unit: "ms latency",
                            samples: lat.ms, threads: 2)
        r.extra = [("requestsPerSecond", String(format: "%.1f", Double(requests) / (wall / 1000))), ("p99", String(format: "%.2f", p99)),
                   ("rssBeforeMB", String(format: "%.1f", before)), ("rssAfterMB", String(format: "%.1f", after))]
        return [r]
    }

    /// The process's resident set size in MiB (Linux: /proc/self/statm).
    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
        return pages * 4096 / 1_048_576
    }
}
