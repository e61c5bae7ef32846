import Foundation
import Stardust

/// The disintegration workloads of docs/BENCHMARKS.md (`dust-split`, `dust-frame`).
extension Benchmarks {
    /// `dust-split`: a 1024×1024 RGBA image of seeded noise split into 32 layers (and 256 to show
    /// the memory does not grow): ms to build the assignment and its extra bytes (per pixel).
    static func dustSplit(threads: Int, runs: Int) -> [BenchResult] {
        var g = SplitMix64(seed: 42)
        var px = [UInt8](repeating: 0, count: 1024 * 1024 * 4)
        for i in 0..<px.count { px[i] = UInt8(truncatingIfNeeded: g.next()) }
        let image = Image(width: 1024, height: 1024, straightRGBA: px)
        var out: [BenchResult] = []
        for n in [32, 256] {
            var bytes = 0
            _ = DustSplit.split(width: image.width, height: image.height, layerCount: n, seed: 1, threads: threads)
            var samples: [Double] = []
            for i in 0..<runs {
                samples.append(measureMilliseconds {
                    bytes = DustSplit.split(width: image.width, height: image.height, layerCount: n, seed: UInt64(i),
                                            threads: threads).byteCount
                })
            }
            var r = BenchResult(benchmark: "dust-split", variant: "1MP-\(n)-layers", unit: "ms", samples: samples, threads: threads)
            r.extra = [("extraBytes", "\(bytes)"), ("bytesPerPixel", String(format: "%.2f", Double(bytes) / Double(image.pixelCount)))]
            out.append(r)
            // The drawing index built once from the assignment (per-layer pixel lists), reported apart.
            let a = DustSplit.split(width: image.width, height: image.height, layerCount: n, seed: 1, threads: threads)
            var indexBytes = 0
            var indexSamples: [Double] = []
            for _ in 0..<runs {
                indexSamples.append(measureMilliseconds { indexBytes = LayerPixelIndex(a, threads: threads)?.byteCount ?? 0 })
            }
            var ri = BenchResult(benchmark: "dust-split", variant: "1MP-\(n)-layers-pixel-index", unit: "ms", samples: indexSamples,
                                 threads: threads)
            ri.extra = [("extraBytes", "\(indexBytes)"),
                        ("bytesPerPixel", String(format: "%.2f", Double(indexBytes) / Double(image.pixelCount)))]
            out.append(ri)
        }
        return out
    }

    /// `dust-frame`: the 1170×2532 snow frame (t = 30 s) as the source, 32 layers, the frame at
    /// t = 0.8 s after the snap: display list + rasterize (the split and its pixel index are built once,
    /// outside the timing).
    static func dustFrame(threads: Int, runs: Int) throws -> [BenchResult] {
        var renderer = Renderer(threads: threads)
        // The same frame each run: it is drawn every time, as before frames were reused (docs/RENDERER.md).
        renderer.reusesUnchangedFrames = false
        let source = try renderer.render(snowScene().displayList(at: 30))
        let size = Size(Double(source.width), Double(source.height))
        let effect = DustEffect(texture: Texture(source), frame: Rect(origin: .zero, size: size),
                                parameters: DustParameters(layerCount: 32, seed: 1))
        let root = Layer()
        root.bounds = Rect(origin: .zero, size: size)
        root.position = Point(size.width / 2, size.height / 2)
        root.addSublayer(effect.container)
        var frame = Image(width: 0, height: 0)
        try renderer.render(root.displayList(size: size, scale: 1, at: 0.8), into: &frame)
        var samples: [Double] = []
        for _ in 0..<runs {
            samples.append(try measureMilliseconds {
                try renderer.render(root.displayList(size: size, scale: 1, at: 0.8), into: &frame)
            })
        }
        return [BenchResult(benchmark: "dust-frame", variant: "1170x2532-32-layers-t0.8", unit: "ms/frame", samples: samples,
                            threads: threads)]
    }
}
