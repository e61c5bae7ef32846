import Testing
import StardustCore
@testable import StardustRender

/// The seventeenth Lottie round's span kernels against plain one-pixel loops, bit for bit: gradient spans shaded while
/// they are blended (no colour buffer), and the coverage tests of four pixels at once (`movmskps`, `minps`) in both
/// span compositors (docs/RENDERER.md, "Gradient spans shaded while blending").
@Suite struct GradientSpanFusionTests {
    /// Coverage with empty, full, partial and mixed blocks of four, values above 1, and runs of every length.
    private func coverageRow(_ count: Int, trial: Int, rng: inout SplitMix64) -> [Float] {
        (0..<count).map { i in
            switch (trial + i / 4) % 7 {
            case 0: return 0
            case 1: return 1
            case 2: return Float.random(in: 0...1, using: &rng)
            case 3: return Bool.random(using: &rng) ? 0 : Float.random(in: 0...1.2, using: &rng)
            case 4: return i % 4 == 3 ? Float.random(in: 0.01...1, using: &rng) : 0
            case 5: return Float.random(in: 0.9...1.5, using: &rng)
            default: return [0, -0.0, 1e-30, 1, 1.0000001, 0.99999994, -0.25][Int.random(in: 0...6, using: &rng)]
            }
        }
    }

    /// The one-pixel reference: `blend(source(i) · (min(c, 1) · 255))` wherever `c > 0`.
    private func reference(_ mode: BlendMode, _ row: UnsafeMutablePointer<UInt8>, _ cov: [Float],
                           _ source: (Int, Float) -> SIMD4<Float>) {
        for (i, c) in cov.enumerated() where c > 0 {
            let s = source(i, Swift.min(c, 1))
            switch mode {
            case .normal: SourceOver.blend(s, into: row + 4 * i)
            case .additive: Additive.blend(s, into: row + 4 * i)
            }
        }
    }

    private func randomPaint(_ trial: Int, _ stops: [GradientStop], _ rng: inout SplitMix64) -> Paint {
        let p = Point(Double.random(in: -20...100, using: &rng), Double.random(in: -20...20, using: &rng))
        switch trial % 4 {
        case 0: return .linearGradient(start: p, end: Point(Double.random(in: -20...100, using: &rng), Double.random(in: -5...5, using: &rng)), stops: stops)
        case 1: return .radialGradient(center: p, radius: Double.random(in: 0.5...60, using: &rng), stops: stops)
        case 2: return .ellipticalGradient(center: p, radiusX: Double.random(in: 0.5...50, using: &rng),
                                           radiusY: Double.random(in: 0.5...50, using: &rng), stops: stops)
        default: return .conicGradient(center: p, startAngle: Double.random(in: -4...4, using: &rng), stops: stops)
        }
    }

    @Test("a gradient span shaded while blended gives the bytes of shading into a buffer and blending pixel by pixel")
    func fusedGradientSpanMatchesShadeThenBlend() {
        var rng = SplitMix64(seed: 17)
        let stops = [GradientStop(0, Color(red: 1, green: 0, blue: 0, alpha: 0.3)), GradientStop(0.5, .white),
                     GradientStop(1, Color(red: 0, green: 0.4, blue: 1, alpha: 0.6))]
        let width = 90
        var kinds: Set<String> = []
        for trial in 0..<96 {
            let paint = randomPaint(trial, stops, &rng)
            let device = Transform2D(a: Double.random(in: -2...2, using: &rng), b: Double.random(in: -1...1, using: &rng),
                                     c: Double.random(in: -1...1, using: &rng), d: Double.random(in: -2...2, using: &rng),
                                     tx: Double.random(in: -20...20, using: &rng), ty: Double.random(in: -20...20, using: &rng))
            let shader = PaintShader(paint: paint, opacity: Double.random(in: 0.2...1, using: &rng),
                                     deviceFromLocal: trial % 8 < 4 ? .identity : device)
            guard !shader.isSolid else { continue }
            kinds.insert("\(shader.kind)")
            let mode: BlendMode = trial % 3 == 2 ? .additive : .normal
            for count in [1, 3, 4, 5, 7, 8, 9, 12, 13, 31, 64, 90] {
                let x0 = Int.random(in: 0...(width - count), using: &rng), y = Int.random(in: 0...3, using: &rng)
                let cov = coverageRow(count, trial: trial + count, rng: &rng)
                let start = (0..<(4 * width * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                var got = start, want = start
                let colors = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: count)
                defer { colors.deallocate() }
                cov.withUnsafeBufferPointer { c in
                    got.withUnsafeMutableBufferPointer { g in
                        let t = RenderTarget(base: g.baseAddress!, originY: 0, stride: 4 * width, width: width,
                                             clip: PixelRect(x0: 0, y0: 0, x1: width, y1: 4))
                        SpanCompositor.composite(t, y: y, x0: x0, count: count, coverage: c.baseAddress!, shader: shader, mode: mode)
                    }
                }
                want.withUnsafeMutableBufferPointer { w in
                    shader.shade(y: y, x0: x0, count: count, into: colors)
                    reference(mode, w.baseAddress! + 4 * (y * width + x0), cov) { i, c in colors[i] * (c * 255) }
                }
                #expect(got == want, "trial \(trial), \(shader.kind), \(mode), count \(count)")
            }
        }
        #expect(kinds == ["linear", "radial", "conic"])
    }

    @Test("a solid span blended four pixels at a time gives the bytes of the one-pixel loop")
    func solidSpanMatchesOnePixelLoop() {
        var rng = SplitMix64(seed: 71)
        let width = 70
        for trial in 0..<80 {
            let a = Float.random(in: 0...1, using: &rng)
            let color = SIMD4<Float>(Float.random(in: 0...a, using: &rng), Float.random(in: 0...a, using: &rng),
                                     Float.random(in: 0...a, using: &rng), trial % 5 == 0 ? 1 : a)
            let mode: BlendMode = trial % 3 == 2 ? .additive : .normal
            for count in [1, 2, 4, 6, 8, 11, 16, 33, 70] {
                let x0 = Int.random(in: 0...(width - count), using: &rng)
                let cov = coverageRow(count, trial: trial + count, rng: &rng)
                let start = (0..<(4 * width)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                var got = start, want = start
                cov.withUnsafeBufferPointer { c in
                    got.withUnsafeMutableBufferPointer { g in
                        let t = RenderTarget(base: g.baseAddress!, originY: 0, stride: 4 * width, width: width,
                                             clip: PixelRect(x0: 0, y0: 0, x1: width, y1: 1))
                        SpanCompositor.composite(t, y: 0, x0: x0, count: count, coverage: c.baseAddress!, color: color, mode: mode)
                    }
                }
                want.withUnsafeMutableBufferPointer { w in
                    let c255 = color * 255
                    reference(mode, w.baseAddress! + 4 * x0, cov) { _, c in c255 * c }
                }
                #expect(got == want, "trial \(trial), \(mode), count \(count)")
            }
        }
    }

    @Test("the four-coverage tests agree with the lane-by-lane comparisons")
    func coverageLaneTests() {
        var rng = SplitMix64(seed: 5)
        let special: [Float] = [0, -0.0, 1, -1, 0.5, 1e-38, .leastNonzeroMagnitude, 1.0000001, 0.99999994, 3, .infinity, -.infinity]
        for _ in 0..<2000 {
            let c = SIMD4<Float>((0..<4).map { _ in Bool.random(using: &rng) ? special.randomElement(using: &rng)! : Float.random(in: -2...2, using: &rng) })
            var bits = 0
            for j in 0..<4 where c[j] > 0 { bits |= 1 << j }
            #expect(coveredLanes(c) == bits)
            let w = coverageAtMostOne(c)
            for j in 0..<4 { #expect(w[j].bitPattern == Swift.min(c[j], 1).bitPattern, "\(c)") }
        }
        // NaN is never covered.
        #expect(coveredLanes(SIMD4<Float>(.nan, 1, .nan, 1)) == 0b1010)
    }

    @Test("the mask bits and the thirty-two-coverage run tests agree with the lane-by-lane comparisons")
    func laneBitsAndSixteenCoverageTests() {
        var rng = SplitMix64(seed: 16)
        let values: [Float] = [0, -0.0, 0.25, 0.99999994, 1, 1.0000001, 2, 1e-30]
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 32)
        defer { buffer.deallocate() }
        for trial in 0..<3000 {
            // Mostly uniform blocks (where the scans go on), with one odd value at a random place in some.
            let base = values[trial % values.count]
            for j in 0..<32 { buffer[j] = base }
            if trial % 3 != 0 { buffer[Int.random(in: 0..<32, using: &rng)] = values.randomElement(using: &rng)! }
            let all = (0..<32).map { buffer[$0] }
            #expect(PathPainter.thirtyTwo(buffer, full: true) == all.allSatisfy { $0 >= 1 }, "\(all)")
            #expect(PathPainter.thirtyTwo(buffer, full: false) == all.allSatisfy { $0 < 1 }, "\(all)")
            let v = SIMD4<Float>(all[0], all[9], all[18], all[31])
            for m in [v .> 0, v .>= 1, v .< 1, v .== 0] {
                var bits = 0
                for j in 0..<4 where m[j] { bits |= 1 << j }
                #expect(laneBits(m) == bits)
            }
        }
        let w = SIMD4<UInt32>(0xFF00_0000, 0, 0xFF00_0001, 0x7F00_0000)
        #expect(laneBits(w & 0xFF00_0000 .== 0xFF00_0000) == 0b0101)
    }

    @Test("an edge list built with its arrays reserved up front holds the edges and bounds of the plain construction")
    func edgeListWithReservedStorage() {
        var rng = SplitMix64(seed: 117)
        for trial in 0..<200 {
            // Polylines of 0–40 points on a coarse grid (horizontal segments and repeated points), some with a
            // non-finite point (skipped whole), some huge (clamped).
            let lines = (0..<Int.random(in: 0...6, using: &rng)).map { k -> Polyline in
                var pts = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                    Point(Double(Int.random(in: -20...120, using: &rng)) * 0.5, Double(Int.random(in: -10...60, using: &rng)) * 0.5)
                }
                if (trial + k) % 9 == 0 && !pts.isEmpty { pts[pts.count / 2] = Point(.nan, 3) }
                if (trial + k) % 11 == 0 && !pts.isEmpty { pts[0] = Point(1e15, -1e15) }
                return Polyline(points: pts, isClosed: k % 2 == 0)
            }
            let t = trial % 2 == 0 ? Transform2D.identity
                : Transform2D(a: 1.5, b: 0.25, c: -0.5, d: 2, tx: Double.random(in: -10...10, using: &rng), ty: 3)
            let list = EdgeList(polylines: lines, transform: t)
            // The plain construction: edges in the order made, then a stable sort by top y.
            var made: [EdgeList.Edge] = []
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for pl in lines where pl.points.count >= 2 {
                let q = pl.points.map { t.isIdentity ? $0 : t.apply(to: $0) }
                guard q.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
                let c = q.map { Point(Swift.min(Swift.max($0.x, -1e12), 1e12), Swift.min(Swift.max($0.y, -1e12), 1e12)) }
                for i in c.indices {
                    let prev = c[(i + c.count - 1) % c.count], p = c[i]
                    if p.y == prev.y { continue }
                    let down = p.y > prev.y
                    let top = down ? prev : p, bottom = down ? p : prev
                    made.append(EdgeList.Edge(x0: top.x, y0: top.y, x1: bottom.x, y1: bottom.y, direction: down ? 1 : -1))
                    minX = Swift.min(minX, p.x, prev.x); maxX = Swift.max(maxX, p.x, prev.x)
                    minY = Swift.min(minY, top.y); maxY = Swift.max(maxY, bottom.y)
                }
            }
            let want = made.enumerated().sorted { $0.element.y0 < $1.element.y0 || ($0.element.y0 == $1.element.y0 && $0.offset < $1.offset) }
                .map(\.element)
            func key(_ e: EdgeList.Edge) -> [UInt64] { [e.x0.bitPattern, e.y0.bitPattern, e.x1.bitPattern, e.y1.bitPattern, UInt64(e.direction.bitPattern)] }
            #expect(list.edges.map(key) == want.map(key), "trial \(trial)")
            #expect(list.bounds == (want.isEmpty ? nil : Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)), "trial \(trial)")
        }
    }
}
