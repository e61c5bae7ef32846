import Foundation
import StardustWorkloads
import Stardust

/// The workloads of docs/BENCHMARKS.md, exactly as defined there.
enum Benchmarks {
    static let names = ["sprites", "snow-frame", "particles-eval", "particles-seek", "png", "gif-encode", "dust-split", "dust-frame", "physics-pyramid", "physics-rain", "studio-stream", "studio-load", "batch", "server-load", "layers-frame", "lottie"]

    static func run(_ name: String, threads: Int, runs: Int?, samples: String? = nil, variant: String? = nil, table: String? = nil) throws -> [BenchResult] {
        switch name {
        case "sprites": return try sprites(threads: threads, runs: runs ?? 20)
        case "snow-frame": return try snowFrame(threads: threads, runs: runs ?? 30)
        case "particles-eval": return particlesEval(threads: threads, runs: runs ?? 5, only: variant)
        case "particles-seek": return particlesSeek(threads: threads, runs: runs ?? 15, only: variant)
        case "png": return try png(runs: runs ?? 5)
        case "gif-encode": return try gifEncode(threads: threads, runs: runs ?? 3)
        case "dust-split": return dustSplit(threads: threads, runs: runs ?? 20)
        case "dust-frame": return try dustFrame(threads: threads, runs: runs ?? 10)
        case "physics-pyramid": return physicsPyramid(runs: runs ?? 3)
        case "physics-rain": return physicsRain(runs: runs ?? 1)
        case "studio-stream": return try studioStream(threads: threads, seconds: runs ?? 10)
        case "studio-load": return try studioLoad(threads: threads, seconds: runs ?? 5)
        case "batch": return try batch(threads: threads, runs: runs ?? 3)
        case "server-load": return try serverLoad(requests: runs ?? 400)
        case "layers-frame": return try LayersFrameBenchmark.run(runs: runs ?? 10)
        case "lottie": return try LottieBenchmark.run(folder: samples, runs: runs ?? 1, table: table)
        default: return []
        }
    }

    /// `sprites`: 1170×2532 canvas, N rotated bilinear dot sprites, 2 warm-up + 20 timed frames.
    static func sprites(threads: Int, runs: Int) throws -> [BenchResult] {
        var out: [BenchResult] = []
        let renderer = Renderer(threads: threads)
        for (variant, n, additive) in [("over-2000", 2000, false), ("over-20000", 20000, false), ("add-2000", 2000, true), ("add-20000", 20000, true)] {
            let frames = SpriteWorkload.frames(count: runs + 2, sprites: n, additive: additive, seed: 42)
            var samples: [Double] = []
            for (i, f) in frames.enumerated() {
                let ms = try measureMilliseconds { _ = try renderer.render(f) }
                if i >= 2 { samples.append(ms) }
            }
            out.append(BenchResult(benchmark: "sprites", variant: variant, unit: "ms/frame", samples: samples, threads: threads))
        }
        return out
    }

    /// The snow preset at scale 3 (1170×2532 px).
    static func snowScene() -> Scene {
        let scene = Presets.named("snow")!.make()
        scene.scale = 3
        return scene
    }

    /// `snow-frame`: evaluate + display list + rasterize the snow preset at t = 30 s, 1170×2532.
    static func snowFrame(threads: Int, runs: Int) throws -> [BenchResult] {
        let scene = snowScene()
        let renderer = Renderer(threads: threads)
        let scratch = DrawScratch()
        _ = try renderer.render(scene.displayList(at: 30, scratch: scratch))
        var samples: [Double] = []
        for i in 0..<runs {
            let t = 30 + Double(i) / 60
            samples.append(try measureMilliseconds { _ = try renderer.render(scene.displayList(at: t, scratch: scratch)) })
        }
        var r = BenchResult(benchmark: "snow-frame", variant: "1170x2532", unit: "ms/frame", samples: samples, threads: threads)
        r.extra = [("fps", String(format: "%.1f", 1000 / r.median))]
        return [r]
    }

    /// `particles-eval`: ~1 M live particles, 30 consecutive frames from t = 20 s at 60 fps; then the same
    /// emitter with curves, closed-form fields and a bouncing floor (`1M-live-fields`), ~100 000
    /// particles in integrated fields (`100k-live-integrated`), and the ~1 M with curves, turbulence and
    /// the floor (`1M-live-turbulence`), in the same run so that the ratios compare like with like
    /// (docs/BENCHMARKS.md).
    ///
    /// Each run plays frames 20 s + n/60 from n = 0, except `1M-live-turbulence`, whose runs continue the
    /// playback (run r plays n = 30r … 30r + 29): its particles resume the integration the previous frame
    /// kept, and going back to 20 s would make each run's first frame a backward seek that integrates
    /// every particle from its birth. That seek is the evaluation at 20 s before the runs, reported as
    /// `firstEvaluationMs`. The plain variant's cost does not depend on the frames before.
    ///
    /// The variants' runs are interleaved (run 1 of each variant, then run 2 of each, …), so that a change
    /// in the machine's load during the invocation falls on every variant alike; on one thread each extended
    /// variant also reports `cpuRatioToPlain`, the median over runs of its CPU throughput ÷ the plain
    /// variant's in the same round.
    static func particlesEval(threads: Int, runs: Int, only: String? = nil) -> [BenchResult] {
        let variants: [(String, () -> EmitterLayer, Bool)] = [
            ("1M-live", ParticleWorkloads.particlesEval, false),
            ("1M-live-fields", ParticleWorkloads.particlesEvalFields, false),
            ("100k-live-integrated", ParticleWorkloads.particlesEvalIntegrated, false),
            ("1M-live-turbulence", ParticleWorkloads.particlesEvalTurbulence, true),
        ].filter { only.map($0.0.contains) ?? true }
        var plays = variants.map { variant, make, continues in EvalPlay(variant: variant, emitter: make(), continues: continues) }
        for i in plays.indices { plays[i].evaluateFirst(threads: threads) }
        for run in 0..<runs {
            for i in plays.indices { plays[i].play(run: run, threads: threads) }
        }
        let plain = plays.first { $0.variant == "1M-live" }
        return plays.map { p in
            var r = BenchResult(benchmark: "particles-eval", variant: p.variant, unit: "M particle-frames/s", samples: p.samples, threads: threads)
            r.extra = [("liveParticles", "\(p.live)"), ("firstEvaluationMs", String(format: "%.0f", p.firstMs))]
            // One thread: the same throughput per CPU second of the calling thread (what the load of other processes does not change).
            if threads == 1 {
                r.extra.append(("cpuMedian", String(format: "%.3f", median(p.cpu))))
                if let plain, plain.variant != p.variant {
                    let ratios = zip(p.cpu, plain.cpu).map { $0 / $1 }
                    r.extra.append(("cpuRatioToPlain", String(format: "%.3f", median(ratios))))
                }
            }
            return r
        }
    }

    /// `particles-seek`: the snow preset evaluated at t = 1 s, 600 s and 86 400 s, each from a fresh
    /// emitter; then `snowdrift` (snowing without end: its emission duration removed, so that an hour in
    /// there is snow to find) and `fireworks` at t = 1 s and 3600 s.
    static func particlesSeek(threads: Int, runs: Int, only: String? = nil) -> [BenchResult] {
        var out: [BenchResult] = []
        func seek(_ variant: String, _ t: Double, _ make: () -> EmitterLayer) {
            if let only, !variant.contains(only) { return }
            var samples: [Double] = [], cpu: [Double] = []
            var live = 0
            for _ in 0..<runs {
                let emitter = make()
                let cpu0 = threadCPUMilliseconds()
                samples.append(measureMilliseconds {
                    let s = emitter.evaluate(at: t, threads: threads)
                    live = s.count
                })
                cpu.append(threadCPUMilliseconds() - cpu0)
            }
            var r = BenchResult(benchmark: "particles-seek", variant: variant, unit: "ms", samples: samples, threads: threads)
            r.extra = [("liveParticles", "\(live)")]
            if threads == 1 { r.extra.append(("cpuMedian", String(format: "%.4f", median(cpu)))) }  // ms of the calling thread's CPU
            out.append(r)
        }
        for t in [1.0, 600, 86_400] {
            seek("t=\(Int(t))", t) { Presets.named("snow")!.make().layer(named: "snow") as! EmitterLayer }
        }
        for t in [1.0, 3600] {
            seek("snowdrift t=\(Int(t))", t) {
                let e = Presets.named("snowdrift")!.make().layer(named: "snowdrift") as! EmitterLayer
                for c in e.emitterCells { c.extensions?.emissionDuration = nil }
                return e
            }
        }
        for t in [1.0, 3600] {
            seek("fireworks t=\(Int(t))", t) { Presets.named("fireworks")!.make().layer(named: "fireworks") as! EmitterLayer }
        }
        return out
    }

    /// `png`: encode one 1170×2532 snow frame at fast and default compression.
    static func png(runs: Int) throws -> [BenchResult] {
        let frame = try Renderer().render(snowScene().displayList(at: 30))
        var out: [BenchResult] = []
        for (variant, c) in [("fast", PNGCompression.fast), ("default", PNGCompression.default)] {
            var bytes = 0
            var samples: [Double] = []
            for _ in 0..<runs { samples.append(measureMilliseconds { bytes = PNGEncoder.encode(frame, compression: c).count }) }
            var r = BenchResult(benchmark: "png", variant: variant, unit: "ms", samples: samples, threads: 1)
            r.extra = [("bytes", "\(bytes)")]
            out.append(r)
        }
        return out
    }

    /// `gif-encode`: the snow preset at 390×844 (scale 1) → animated GIF with the default options: ms for
    /// the whole encode, bytes, and mean PSNR. Two variants: 60 frames at t = i/30 s (the original
    /// workload) and the 100 frames of the default `snow.gif` (20 fps, 5 s). When `ffmpeg` is on PATH the
    /// same frames also go through ffmpeg's two-pass GIF, and when Python has Pillow through
    /// `benchmarks/anchors/gif_pillow.py`; those lines carry `"anchor"` and our ratios.
    ///
    /// PSNR: the mean over frames of the PSNR of the decoded frame (our `GIFDecoder`, composed on a
    /// transparent canvas) against the source frame, over all four RGBA channels of premultiplied pixels
    /// (`Image.psnr`). The snow frames are opaque, so this is the RGB PSNR with alpha equal everywhere.
    static func gifEncode(threads: Int, runs: Int) throws -> [BenchResult] {
        let renderer = Renderer(threads: threads)
        var out: [BenchResult] = []
        let scene60 = Presets.named("snow")!.make()
        scene60.scale = 1
        let frames60 = try (0..<60).map { try renderer.render(scene60.displayList(at: Double($0) / 30)) }
        out += try gifEncodeVariant("snow-60x390x844", frames: frames60, fps: 30, threads: threads, runs: runs)
        let scene100 = Presets.named("snow")!.make()
        scene100.scale = 1
        let job = RenderJob(scene: scene100, threads: threads)
        let frames100 = try job.times.map { try renderer.render(scene100.displayList(at: $0)) }
        out += try gifEncodeVariant("snow-\(frames100.count)x390x844", frames: frames100, fps: scene100.fps, threads: threads, runs: runs)
        return out
    }

    private static func meanPSNR(_ gif: [UInt8], _ frames: [Image]) throws -> Double {
        let decoded = try GIFDecoder.decode(gif)
        guard decoded.frames.count == frames.count else { return .nan }
        var sum = 0.0
        for (a, b) in zip(decoded.frames, frames) { sum += a.image.psnr(against: b) }
        return sum / Double(frames.count)
    }

    private static func gifEncodeVariant(_ variant: String, frames: [Image], fps: Double, threads: Int, runs: Int) throws -> [BenchResult] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("snow.gif").path
        let w = frames[0].width, h = frames[0].height
        // Anchors on the same frames: raw straight RGBA in one file.
        let raw = dir.appendingPathComponent("frames.rgba").path
        var bytes = [UInt8]()
        bytes.reserveCapacity(frames.count * w * h * 4)
        for f in frames { bytes += f.straightRGBA() }
        try Data(bytes).write(to: URL(fileURLWithPath: raw))
        let ffmpeg = findExecutable("ffmpeg")
        let ffmpegPath = dir.appendingPathComponent("ffmpeg.gif").path
        let filter = "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle"
        let ffmpegArgs = ["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(w)x\(h)",
                          "-framerate", String(fps), "-i", raw, "-filter_complex", filter, "-f", "gif", ffmpegPath]
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../benchmarks/anchors/gif_pillow.py").standardized.path
        let python = FileManager.default.fileExists(atPath: script) ? findExecutable("python3") : nil
        let pillowPath = dir.appendingPathComponent("pillow.gif").path
        let pillowJSON = dir.appendingPathComponent("pillow.json").path

        // Rounds interleave ours, ffmpeg and Pillow (one run each), so that a change of load on a
        // shared machine affects all three alike.
        var samples: [Double] = [], ffmpegMs: [Double] = [], pillowMs: [Double] = []
        var ffmpegOK = ffmpeg != nil, pillowOK = python != nil
        for _ in 0..<runs {
            samples.append(try measureMilliseconds {
                let sink = try Exporter.makeSink(path: path, format: .gif, width: w, height: h, fps: fps, options: ExportOptions())
                for f in frames { try sink.append(f) }
                try sink.finish()
            })
            if ffmpegOK, let ffmpeg { ffmpegMs.append(measureMilliseconds { ffmpegOK = run(ffmpeg, ffmpegArgs) }) }
            if pillowOK, let python {
                // Pillow times its own `save_all` in-process (one run per round).
                pillowOK = run(python, [script, raw, "\(w)", "\(h)", "\(frames.count)", String(fps), pillowPath, "1"], stdout: pillowJSON)
                if pillowOK, let json = try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: pillowJSON))) as? [String: Any],
                   let ms = json["ms"] as? [Double] {
                    pillowMs += ms
                } else {
                    pillowOK = false
                }
            }
        }
        let ours = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let psnr = try meanPSNR(ours, frames)
        var result = BenchResult(benchmark: "gif-encode", variant: variant, unit: "ms", samples: samples, threads: threads)
        result.extra = [("frames", "\(frames.count)"), ("bytes", "\(ours.count)"), ("psnr", String(format: "%.2f", psnr))]
        var out = [result]
        func anchor(_ name: String, _ ms: [Double], _ gif: [UInt8]) throws -> BenchResult {
            let p = try meanPSNR(gif, frames)
            var r = BenchResult(benchmark: "gif-encode", variant: variant, unit: "ms", samples: ms, threads: 1)
            r.extra = [("anchor", "\"\(name)\""), ("frames", "\(frames.count)"), ("bytes", "\(gif.count)"),
                       ("psnr", String(format: "%.2f", p)),
                       ("oursBytesRatio", String(format: "%.3f", Double(ours.count) / Double(gif.count))),
                       ("oursTimeRatio", String(format: "%.3f", result.median / r.median)),
                       ("oursPsnrDelta", String(format: "%.2f", psnr - p))]
            return r
        }
        if ffmpegOK, let gif = try? Data(contentsOf: URL(fileURLWithPath: ffmpegPath)) {
            out.append(try anchor("ffmpeg-two-pass", ffmpegMs, Array(gif)))
        }
        if pillowOK, let gif = try? Data(contentsOf: URL(fileURLWithPath: pillowPath)) {
            out.append(try anchor("pillow-save_all", pillowMs, Array(gif)))
        }
        return out
    }

    /// The first executable named `name` on PATH (for benchmarks in other files).
    static func executable(_ name: String) -> String? { findExecutable(name) }

    /// Runs a tool to completion; true when it exits with status 0 (for benchmarks in other files).
    static func runTool(_ executable: String, _ arguments: [String], stdout: String? = nil) -> Bool {
        run(executable, arguments, stdout: stdout)
    }

    /// The first executable named `name` on PATH.
    private static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
            return "\(dir)/\(name)"
        }
        return nil
    }

    /// Runs a tool to completion; true when it exits with status 0.
    private static func run(_ executable: String, _ arguments: [String], stdout: String? = nil) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let stdout {
            _ = FileManager.default.createFile(atPath: stdout, contents: nil)
            process.standardOutput = FileHandle(forWritingAtPath: stdout)
        }
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
