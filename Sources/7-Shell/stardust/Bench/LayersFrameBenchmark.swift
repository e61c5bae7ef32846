import Foundation
import Stardust

/// `layers-frame` (docs/BENCHMARKS.md): a 1170×2532 frame (390×844 points at scale 3) of 60 shape layers
/// with strokes, masks, two shadows and three blend modes, rendered on one thread, against Skia
/// (skia-python, CPU raster) drawing the same content in the same run (`benchmarks/anchors/layers_frame_skia.py`).
///
/// A third of the layers have dashed strokes, a third are filled with radial gradients and a sixth with conic
/// ones. A gradient-filled shape is built the Core Animation way: a `GradientLayer` masked by a `ShapeLayer` of
/// the path, under a `ShapeLayer` that strokes it, both in a container layer that carries the transform, mask,
/// shadow and blend mode (Skia fills the path with a gradient shader: the same pixels).
enum LayersFrameBenchmark {
    /// A gradient fill: `kind` radial (a circle of `radius` points about the center) or conic (starting at `angle`
    /// radians, clockwise), colors opaque (Skia interpolates unpremultiplied colors; opaque stops agree).
    struct Gradient {
        var conic: Bool
        var colors: [Color]
        var locations: [Double]
        var radius: Double, angle: Double
    }

    /// One layer of the workload, as both renderers read it.
    struct Spec {
        var x, y, w, h, rotation, cornerRadius, lineWidth: Double
        var ellipse: Bool
        var fill, stroke: Color
        var mask: (inset: Double, alpha: Double)?
        var shadow: (opacity: Double, radius: Double, dx: Double, dy: Double)?
        var blend: CompositingFilter?
        var dash: (pattern: [Double], phase: Double, roundCap: Bool)?
        var gradient: Gradient?
    }

    static let size = Size(390, 844), scale = 3.0

    /// The 60 layers, from a fixed seed: every sixth has an elliptic mask, layers 10 and 40 a shadow,
    /// multiply, screen and overlay blend 8, 8 and 5 of them; layers 1, 4, 7, … have dashed strokes (even ones
    /// two entries, odd ones three, every fourth with round caps), layers 2, 5, 8, … radial gradient fills,
    /// layers 0, 6, 12, … conic ones.
    static func specs() -> [Spec] {
        var rng = SplitMix64(seed: 24)
        func u() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        func color(_ a: Double) -> Color { Color(red: u(), green: u(), blue: u(), alpha: a) }
        return (0..<60).map { i in
            var s = Spec(x: 20 + u() * 350, y: 30 + u() * 784, w: 60 + u() * 140, h: 60 + u() * 140,
                         rotation: (u() - 0.5), cornerRadius: 14, lineWidth: 4, ellipse: i % 3 == 0,
                         fill: color(0.9), stroke: color(1), mask: nil, shadow: nil, blend: nil, dash: nil, gradient: nil)
            if i % 6 == 2 { s.mask = (inset: 10, alpha: 0.85) }
            if i == 10 || i == 40 { s.shadow = (opacity: 0.5, radius: 8, dx: 0, dy: 4) }
            if i % 7 == 3 { s.blend = .multiply } else if i % 7 == 5 { s.blend = .screen } else if i % 11 == 4 { s.blend = .overlay }
            if i % 3 == 1 {
                let pattern = i % 2 == 0 ? [8 + u() * 16, 4 + u() * 8] : [10 + u() * 10, 4 + u() * 4, 2 + u() * 3]
                s.dash = (pattern: pattern, phase: u() * 20, roundCap: i % 4 == 1)
            }
            if i % 3 == 2 || i % 6 == 0 {
                let n = 2 + Int(u() * 3)
                let stops = (0..<n).map { Double($0) / Double(n - 1) }
                let inner = (1..<(n - 1)).map { stops[$0] + (u() - 0.5) * 0.5 / Double(n - 1) }
                s.gradient = Gradient(conic: i % 6 == 0, colors: (0..<n).map { _ in color(1) },
                                      locations: [0] + inner + [1], radius: 0.3 * (s.w + s.h) * (0.8 + 0.4 * u()),
                                      angle: u() * 2 * Double.pi)
            }
            return s
        }
    }

    /// The layer's path in its bounds space (the Skia script gets its elements, so both stroke and dash the
    /// same curves from the same start point).
    static func path(_ s: Spec) -> Path {
        let r = Rect(0, 0, s.w, s.h)
        return s.ellipse ? Path(ellipseIn: r) : Path(roundedRect: r, cornerRadius: s.cornerRadius)
    }

    /// The Stardust layer tree of `specs`.
    static func scene(_ specs: [Spec]) -> Layer {
        let root = Layer()
        root.bounds = Rect(origin: .zero, size: size)
        root.anchorPoint = .zero
        for s in specs {
            let r = Rect(0, 0, s.w, s.h)
            let path = path(s)
            let shape = ShapeLayer()
            shape.bounds = r
            shape.path = path
            shape.fillColor = s.fill
            shape.strokeColor = s.stroke
            shape.lineWidth = s.lineWidth
            if let d = s.dash {
                shape.lineDashPattern = d.pattern
                shape.lineDashPhase = d.phase
                if d.roundCap { shape.lineCap = .round }
            }
            // The layer that carries the transform, mask, shadow and blend mode: the shape itself, or for a
            // gradient fill a container of the gradient (masked by the path) and the stroking shape.
            let l: Layer
            if let g = s.gradient {
                l = Layer()
                l.bounds = r
                let fill = GradientLayer()
                fill.bounds = r
                fill.position = Point(s.w / 2, s.h / 2)
                fill.type = g.conic ? .conic : .radial
                fill.colors = g.colors
                fill.locations = g.locations
                fill.startPoint = Point(0.5, 0.5)
                fill.endPoint = g.conic ? Point(0.5 + cos(g.angle) * 10 / s.w, 0.5 + sin(g.angle) * 10 / s.h)
                                        : Point(0.5 + g.radius / s.w, 0.5 + g.radius / s.h)
                let pathMask = ShapeLayer()
                pathMask.bounds = r
                pathMask.position = Point(s.w / 2, s.h / 2)
                pathMask.path = path
                pathMask.fillColor = .white
                fill.mask = pathMask
                shape.fillColor = nil
                shape.position = Point(s.w / 2, s.h / 2)
                l.addSublayer(fill)
                l.addSublayer(shape)
            } else {
                l = shape
            }
            l.position = Point(s.x, s.y)
            l.transform = Transform3D(rotationAngle: s.rotation, x: 0, y: 0, z: 1)
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
        func elements(_ p: Path) -> String {
            "[" + p.elements.map { e -> String in
                switch e {
                case .move(let a): return "[\"M\",\(a.x),\(a.y)]"
                case .line(let a): return "[\"L\",\(a.x),\(a.y)]"
                case .quadCurve(let a, let c): return "[\"Q\",\(c.x),\(c.y),\(a.x),\(a.y)]"
                case .curve(let a, let c1, let c2): return "[\"C\",\(c1.x),\(c1.y),\(c2.x),\(c2.y),\(a.x),\(a.y)]"
                case .closeSubpath: return "[\"Z\"]"
                }
            }.joined(separator: ",") + "]"
        }
        let layers = specs.map { s in
            var f = ["\"x\":\(s.x)", "\"y\":\(s.y)", "\"w\":\(s.w)", "\"h\":\(s.h)", "\"rotation\":\(s.rotation)",
                     "\"cornerRadius\":\(s.cornerRadius)", "\"lineWidth\":\(s.lineWidth)",
                     "\"path\":\(elements(path(s)))", "\"fill\":\(c(s.fill))", "\"stroke\":\(c(s.stroke))",
                     "\"blend\":\"\(s.blend.flatMap { names[$0] } ?? "normal")\""]
            if let m = s.mask { f.append("\"mask\":{\"inset\":\(m.inset),\"alpha\":\(m.alpha)}") }
            if let sh = s.shadow { f.append("\"shadow\":{\"opacity\":\(sh.opacity),\"radius\":\(sh.radius),\"dx\":\(sh.dx),\"dy\":\(sh.dy)}") }
            if let d = s.dash {
                f.append("\"lineDashPattern\":[\(d.pattern.map { "\($0)" }.joined(separator: ","))],\"lineDashPhase\":\(d.phase),"
                         + "\"lineCap\":\"\(d.roundCap ? "round" : "butt")\"")
            }
            if let g = s.gradient {
                f.append("\"fillGradient\":{\"type\":\"\(g.conic ? "conic" : "radial")\",\"colors\":[\(g.colors.map(c).joined(separator: ","))],"
                         + "\"locations\":[\(g.locations.map { "\($0)" }.joined(separator: ","))],\"radius\":\(g.radius),\"angle\":\(g.angle)}")
            }
            return "{" + f.joined(separator: ",") + "}"
        }
        return "{\"pixelWidth\":\(Int(size.width * scale)),\"pixelHeight\":\(Int(size.height * scale)),\"scale\":\(scale),"
            + "\"layers\":[" + layers.joined(separator: ",") + "]}"
    }

    /// Times display list + render on one thread against the Skia script, in the same run, in alternating rounds
    /// (one of our frames, then one Skia process drawing a warm-up frame and a timed one) so that a slow spell of a
    /// shared machine weighs on both sides alike; then compares the pixels.
    static func run(runs: Int) throws -> [BenchResult] {
        let specs = specs()
        let root = scene(specs)
        var renderer = Renderer(threads: 1)
        // The same frame each round: it is drawn every time, as before frames were reused (docs/RENDERER.md).
        renderer.reusesUnchangedFrames = false
        var image = Image(width: 0, height: 0)
        func frame() throws {
            try renderer.render(root.displayList(size: size, scale: scale, at: 0), into: &image)
        }
        try frame()
        var samples: [Double] = [], anchorSamples: [Double] = []
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../benchmarks/anchors/layers_frame_skia.py").standardized.path
        let python = FileManager.default.fileExists(atPath: script) ? Benchmarks.executable("python3") : nil
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-layers-frame-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let specPath = dir.appendingPathComponent("spec.json").path, rgba = dir.appendingPathComponent("skia.rgba").path
        let stdout = dir.appendingPathComponent("skia.json").path
        try json(specs).write(toFile: specPath, atomically: true, encoding: .utf8)
        var skiaAvailable = python != nil
        for _ in 0..<runs {
            samples.append(try measureMilliseconds(frame))
            guard skiaAvailable, let python else { continue }
            if Benchmarks.runTool(python, [script, specPath, rgba, "2"], stdout: stdout),
               let j = try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: stdout))) as? [String: Any],
               let ms = j["ms"] as? [Double], ms.count == 2 {
                anchorSamples.append(ms[1])
            } else {
                skiaAvailable = false  // skia-python missing: our figure alone (docs/BENCHMARKS.md says how to install it).
            }
        }
        var ours = BenchResult(benchmark: "layers-frame", variant: "1170x2532", unit: "ms/frame", samples: samples, threads: 1)
        guard skiaAvailable, !anchorSamples.isEmpty, let skia = FileManager.default.contents(atPath: rgba),
              skia.count == image.pixels.count else { return [ours] }
        var sum = 0.0, worst = 0
        image.pixels.withUnsafeBufferPointer { a in
            for (i, b) in skia.enumerated() {
                let d = abs(Int(a[i]) - Int(b))
                sum += Double(d); worst = max(worst, d)
            }
        }
        var anchor = BenchResult(benchmark: "layers-frame", variant: "1170x2532", unit: "ms/frame", samples: anchorSamples, threads: 1)
        anchor.extra = [("anchor", "\"skia-python raster\"")]
        let minRatio = (samples.min() ?? 0) / (anchorSamples.min() ?? 1)
        ours.extra = [("skiaMs", String(format: "%.2f", anchor.median)), ("oursTimeRatio", String(format: "%.3f", ours.median / anchor.median)),
                      ("oursMinRatio", String(format: "%.3f", minRatio)),
                      ("meanChannelDiff", String(format: "%.4f", sum / Double(skia.count))), ("maxChannelDiff", "\(worst)")]
        return [ours, anchor]
    }
}
