import Foundation
import Stardust

/// The workloads of PERFORMANCE.md, exactly as defined there.
enum Benchmarks {
    static let names = ["sprites", "snow-frame", "particles-eval", "particles-seek", "png", "gif-encode", "dust-split", "dust-frame"]

    static func run(_ name: String, threads: Int, runs: Int?) throws -> [BenchResult] {
        switch name {
        case "sprites": return try sprites(threads: threads, runs: runs ?? 20)
        case "snow-frame": return try snowFrame(threads: threads, runs: runs ?? 30)
        case "particles-eval": return particlesEval(threads: threads, runs: runs ?? 5)
        case "particles-seek": return particlesSeek(threads: threads, runs: runs ?? 15)
        case "png": return try png(runs: runs ?? 5)
        case "gif-encode": return try gifEncode(threads: threads, runs: runs ?? 3)
        case "dust-split": return dustSplit(threads: threads, runs: runs ?? 20)
        case "dust-frame": return try dustFrame(threads: threads, runs: runs ?? 10)
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

    /// `particles-eval`: ~1 M live particles, 30 consecutive frames from t = 20 s at 60 fps.
    static func particlesEval(threads: Int, runs: Int) -> [BenchResult] {
        let emitter = ParticleWorkloads.particlesEval()
        let snapshot = ParticleSnapshot()
        emitter.evaluate(at: 20, into: snapshot, threads: threads)
        var samples: [Double] = []
        var live = 0
        for _ in 0..<runs {
            var particleFrames = 0
            let ms = measureMilliseconds {
                for f in 0..<30 {
                    emitter.evaluate(at: 20 + Double(f) / 60, into: snapshot, threads: threads)
                    particleFrames += snapshot.count
                }
            }
            live = snapshot.count
            samples.append(Double(particleFrames) / (ms / 1000) / 1e6)
        }
        var r = BenchResult(benchmark: "particles-eval", variant: "1M-live", unit: "M particle-frames/s", samples: samples, threads: threads)
        r.extra = [("liveParticles", "\(live)")]
        return [r]
    }

    /// `particles-seek`: the snow preset evaluated at t = 1 s, 600 s and 86 400 s, each from a fresh emitter.
    static func particlesSeek(threads: Int, runs: Int) -> [BenchResult] {
        var out: [BenchResult] = []
        for t in [1.0, 600, 86_400] {
            var samples: [Double] = []
            var live = 0
            for _ in 0..<runs {
                let emitter = Presets.named("snow")!.make().layer(named: "snow") as! EmitterLayer
                samples.append(measureMilliseconds {
                    let s = emitter.evaluate(at: t, threads: threads)
                    live = s.count
                })
            }
            var r = BenchResult(benchmark: "particles-seek", variant: "t=\(Int(t))", unit: "ms", samples: samples, threads: threads)
            r.extra = [("liveParticles", "\(live)")]
            out.append(r)
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

    /// `gif-encode`: 60 frames of the snow preset at 390×844 (scale 1) → animated GIF: ms, bytes, mean PSNR.
    static func gifEncode(threads: Int, runs: Int) throws -> [BenchResult] {
        let scene = Presets.named("snow")!.make()
        scene.scale = 1
        let renderer = Renderer(threads: threads)
        let frames = try (0..<60).map { try renderer.render(scene.displayList(at: Double($0) / 30)) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("snow.gif").path
        var samples: [Double] = []
        for _ in 0..<runs {
            samples.append(try measureMilliseconds {
                let sink = try Exporter.makeSink(path: path, format: .gif, width: frames[0].width, height: frames[0].height,
                                                 fps: 30, options: ExportOptions())
                for f in frames { try sink.append(f) }
                try sink.finish()
            })
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let decoded = try GIFDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        var psnrSum = 0.0
        for (a, b) in zip(decoded.frames, frames) { psnrSum += a.image.psnr(against: b) }
        let psnr = psnrSum / Double(frames.count)
        var r = BenchResult(benchmark: "gif-encode", variant: "snow-60x390x844", unit: "ms", samples: samples, threads: threads)
        r.extra = [("bytes", "\(bytes)"), ("psnr", String(format: "%.2f", psnr))]
        return [r]
    }
}
