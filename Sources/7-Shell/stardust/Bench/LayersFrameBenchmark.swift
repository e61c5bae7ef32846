import Foundation
import Stardust

/// `layers-frame` (docs/BENCHMARKS.md): a 1170×2532 frame (390×844 points at scale 3) of 60 shape layers
/// with strokes, masks, two shadows and three blend modes, rendered on one thread, against Skia
/// (skia-python, CPU raster) drawing the same content in the same run (`benchmarks/anchors/layers_frame_skia.py`).
///
/// Dashed strokes and radial/conic gradient fills are part of the workload in docs/BENCHMARKS.md; they plug
/// in where marked "PLUG-IN" here and in the Skia script (the same spec entries on both sides).
enum LayersFrameBenchmark {
    /// One layer of the workload, as both renderers read it.
    struct Spec {
        var x, y, w, h, rotation, cornerRadius, lineWidth: Double
        var ellipse: Bool
        var fill, stroke: Color
        var mask: (inset: Double, alpha: Double)?
        var shadow: (opacity: Double, radius: Double, dx: Double, dy: Double)?
        var blend: CompositingFilter?
    }

    static let size = Size(390, 844), scale = 3.0

    /// The 60 layers, from a fixed seed: every sixth has an elliptic mask, layers 10 and 40 a shadow,
    /// and multiply, screen and overlay blend 8, 8 and 5 of them.
    static func specs() -> [Spec] {
        var rng = SplitMix64(seed: 24)
        func u() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        func color(_ a: Double) -> Color { Color(red: u(), green: u(), blue: u(), alpha: a) }
        return (0..<60).map { i in
            var s = Spec(x: 20 + u() * 350, y: 30 + u() * 784, w: 60 + u() * 140, h: 60 + u() * 140,
                         rotation: (u() - 0.5), cornerRadius: 14, lineWidth: 4, ellipse: i % 3 == 0,
                         fill: color(0.9), stroke: color(1), mask: nil, shadow: nil, blend: nil)
            if i % 6 == 2 { s.mask = (inset: 10, alpha: 0.85) }
            if i == 10 || i == 40 { s.shadow = (opacity: 0.5, radius: 8, dx: 0, dy: 4) }
            if i % 7 == 3 { s.blend = .multiply } else if i % 7 == 5 { s.blend = .screen } else if i % 11 == 4 { s.blend = .overlay }
            // PLUG-IN: lineDashPattern / lineDashPhase (dashed strokes) and gradient fills (radial, conic) go here.
            return s
        }
    }

    /// The Stardust layer tree of `specs`.
    static func scene(_ specs: [Spec]) -> Layer {
        let root = Layer()
        root.bounds = Rect(origin: .zero, size: size)
        root.anchorPoint = .zero
        for s in specs {
            let l = ShapeLayer()
            l.bounds = Rect(0, 0, s.w, s.h)
            l.position = Point(s.x, s.y)
            l.transform = Transform3D(rotationAngle: s.rotation, x: 0, y: 0, z: 1)
            let r = Rect(0, 0, s.w, s.h)
            l.path = s.ellipse ? Path(ellipseIn: r) : Path(roundedRect: r, cornerRadius: s.cornerRadius)
            l.fillColor = s.fill
            l.strokeColor = s.stroke
            l.lineWidth = s.lineWidth
            if let m = s.mask {
                let mask = ShapeLayer()
                mask.bounds = r
                mask.position = Point(s.w / 2, s.h / 2)
                mask.path = Path(ellipseIn: Rect(m.inset, m.inset, s.w - 2 * m.inset, s.h - 2 * m.inset))
                mask.fillColor = Color(white: 1, alpha: m.alpha)
                l.mask = mask
            }
            if let sh = s.shadow {
                l.shadowOpacity = sh.opacity; l.shadowRadius = sh.radius; l.shadowOffset = Size(sh.dx, sh.dy)
            }
            l.compositingFilter = s.blend
            root.addSublayer(l)
        }
        return root
    }

    /// The spec as the Skia script reads it.
    static func json(_ specs: [Spec]) -> String {
        func c(_ x: Color) -> String { "[\(x.red),\(x.green),\(x.blue),\(x.alpha)]" }
        let names: [CompositingFilter: String] = [.multiply: "multiply", .screen: "screen", .overlay: "overlay"]
        let layers = specs.map { s in
            var f = ["\"x\":\(s.x)", "\"y\":\(s.y)", "\"w\":\(s.w)", "\"h\":\(s.h)", "\"rotation\":\(s.rotation)",
                     "\"cornerRadius\":\(s.cornerRadius)", "\"lineWidth\":\(s.lineWidth)",
                     "\"shape\":\"\(s.ellipse ? "ellipse" : "roundedRect")\"", "\"fill\":\(c(s.fill))", "\"stroke\":\(c(s.stroke))",
                     "\"blend\":\"\(s.blend.flatMap { names[$0] } ?? "normal")\""]
            if let m = s.mask { f.append("\"mask\":{\"inset\":\(m.inset),\"alpha\":\(m.alpha)}") }
            if let sh = s.shadow { f.append("\"shadow\":{\"opacity\":\(sh.opacity),\"radius\":\(sh.radius),\"dx\":\(sh.dx),\"dy\":\(sh.dy)}") }
            return "{" + f.joined(separator: ",") + "}"
        }
        return "{\"pixelWidth\":\(Int(size.width * scale)),\"pixelHeight\":\(Int(size.height * scale)),\"scale\":\(scale),"
            + "\"layers\":[" + layers.joined(separator: ",") + "]}"
    }

    /// Times display list + render on one thread; then the Skia script, in the same run; then compares the pixels.
    static func run(runs: Int) throws -> [BenchResult] {
        let specs = specs()
        let root = scene(specs)
        let renderer = Renderer(threads: 1)
        var image = Image(width: 0, height: 0)
        func frame() throws {
            try renderer.render(root.displayList(size: size, scale: scale, at: 0), into: &image)
        }
        try frame()
        var samples: [Double] = []
        for _ in 0..<runs { samples.append(try measureMilliseconds(frame)) }
        var ours = BenchResult(benchmark: "layers-frame", variant: "1170x2532", unit: "ms/frame", samples: samples, threads: 1)
        var out = [ours]

        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../benchmarks/anchors/layers_frame_skia.py").standardized.path
        guard FileManager.default.fileExists(atPath: script), let python = Benchmarks.executable("python3") else { return out }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-layers-frame-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let specPath = dir.appendingPathComponent("spec.json").path, rgba = dir.appendingPathComponent("skia.rgba").path
        let stdout = dir.appendingPathComponent("skia.json").path
        try json(specs).write(toFile: specPath, atomically: true, encoding: .utf8)
        guard Benchmarks.runTool(python, [script, specPath, rgba, "\(runs + 1)"], stdout: stdout),
              let j = try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: stdout))) as? [String: Any],
              let ms = j["ms"] as? [Double], ms.count > 1,
              let skia = FileManager.default.contents(atPath: rgba), skia.count == image.pixels.count else {
            // skia-python missing: our figure alone (docs/BENCHMARKS.md says how to install the anchor).
            return out
        }
        var sum = 0.0, worst = 0
        image.pixels.withUnsafeBufferPointer { a in
            for (i, b) in skia.enumerated() {
                let d = abs(Int(a[i]) - Int(b))
                sum += Double(d); worst = max(worst, d)
            }
        }
        var anchor = BenchResult(benchmark: "layers-frame", variant: "1170x2532", unit: "ms/frame", samples: Array(ms.dropFirst()), threads: 1)
        anchor.extra = [("anchor", "\"skia-python raster\"")]
        ours.extra = [("skiaMs", String(format: "%.2f", anchor.median)), ("oursTimeRatio", String(format: "%.3f", ours.median / anchor.median)),
                      ("meanChannelDiff", String(format: "%.4f", sum / Double(skia.count))), ("maxChannelDiff", "\(worst)")]
        out = [ours, anchor]
        return out
    }
}
