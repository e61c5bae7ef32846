import Foundation
import Stardust
import StardustStudio
import StardustStudioClient

/// `studio-stream` (docs/BENCHMARKS.md): frames per second delivered over the studio's WebSocket to one loopback
/// client for the snow preset at 390×844 (scale 1), counted for `seconds` after a 2 s warm-up. Two variants:
/// the page's default cap (60 frames/s) and no cap (the most the server delivers). The anchor, measured in the
/// same run: frames per second of rendering alone (display list + rasterizer + frame packet, no network).
extension Benchmarks {
    static func studioStream(threads: Int, seconds: Int) throws -> [BenchResult] {
        let anchor = try studioRenderOnly(threads: threads, seconds: Double(seconds) / 2)
        var out: [BenchResult] = []
        for (variant, cap) in [("390x844-cap60", 60.0), ("390x844-uncapped", 1000.0)] {
            let fps = try streamOnce(threads: threads, maxFrameRate: cap, seconds: Double(seconds))
            var r = BenchResult(benchmark: "studio-stream", variant: variant, unit: "frames/s", samples: [fps], threads: threads)
            r.extra = [("renderOnlyFps", String(format: "%.1f", anchor)), ("ratioToRenderOnly", String(format: "%.3f", fps / anchor))]
            out.append(r)
        }
        return out
    }

    /// Frames per second of render + packet alone for the same scene and size.
    static func studioRenderOnly(threads: Int, seconds: Double) throws -> Double {
        let scene = Presets.named("snow")!.make()
        let renderer = Renderer(threads: threads)
        let scratch = DrawScratch()
        var image = Image(width: 0, height: 0)
        var frames = 0
        let start = DispatchTime.now().uptimeNanoseconds
        var elapsed = 0.0
        while elapsed < seconds {
            try renderer.render(scene.displayList(at: 1 + Double(frames) / 60, scratch: scratch), into: &image)
            _ = StudioFramePacket.make(image, serial: frames, time: 0)
            frames += 1
            elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        return Double(frames) / elapsed
    }

    static func streamOnce(threads: Int, maxFrameRate: Double, seconds: Double) throws -> Double {
        let document = try StudioDocument(source: .preset("snow"))
        var config = StudioServer.Configuration()
        config.port = 0
        config.maxFrameRate = maxFrameRate
        config.renderThreads = threads
        let studio = try LaunchedStudio.start(document, configuration: config)
        defer { studio.task.cancel() }
        let port = studio.port
        let client = try StudioClient(port: port)
        try client.upgrade(path: "/ws?token=\(config.token)", port: port, origin: "http://127.0.0.1:\(port)")
        func count(for s: Double) throws -> Int {
            var frames = 0
            let start = DispatchTime.now().uptimeNanoseconds
            while Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < s {
                if case .binary = try client.receive() { frames += 1 }
            }
            return frames
        }
        _ = try count(for: 2)
        let start = DispatchTime.now().uptimeNanoseconds
        let frames = try count(for: seconds)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        client.hangUp()
        return Double(frames) / elapsed
    }
}
