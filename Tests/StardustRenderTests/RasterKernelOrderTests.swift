import Testing
import StardustCore
@testable import StardustRender

/// The rasterizer's faster kernels against the plain loops they replace: the edge order (radix and insertion sorts
/// against a stable comparison sort) and four-pixel span compositing (against the one-pixel blend), bit for bit.
@Suite struct RasterKernelOrderTests {
    /// Edges sorted by top y with ties in the order made, the pinned order (docs/RENDERER.md, "Edge order").
    private func stableOrder(_ edges: [EdgeList.Edge]) -> [EdgeList.Edge] {
        edges.enumerated().sorted { $0.element.y0 < $1.element.y0 || ($0.element.y0 == $1.element.y0 && $0.offset < $1.offset) }
            .map(\.element)
    }

    @Test("edge sort keeps the stable order by top y, short and long lists, ties, negatives and signed zeros")
    func edgeSortKeepsStableOrder() {
        var rng = SplitMix64(seed: 77)
        for count in [2, 3, 17, 32, 33, 100, 1000, 5000] {
            for trial in 0..<4 {
                let edges = (0..<count).map { i -> EdgeList.Edge in
                    // Few distinct tops in some trials (many ties), wide and negative ones in others, −0 beside +0.
                    var y: Double = trial == 0 ? Double(Int.random(in: 0..<5, using: &rng))
                        : Double.random(in: -600...600, using: &rng)
                    if trial == 1 && i % 7 == 0 { y = i % 14 == 0 ? -0.0 : 0.0 }
                    if trial == 3 { y = Double(Int.random(in: -3...3, using: &rng)) * 0.5 + 1e-9 * Double(i % 3) }
                    return EdgeList.Edge(x0: Double(i), y0: y, x1: Double(i) + 1, y1: y + 1, direction: i % 2 == 0 ? 1 : -1)
                }
                let got = EdgeList.sortedByTop(edges), want = stableOrder(edges)
                #expect(got.map(\.x0) == want.map(\.x0), "\(count) edges, trial \(trial)")
            }
        }
    }

    @Test("clipping the edges to a band keeps the pieces of every edge that meets it, and only those")
    func bandClipStopsAtTheFirstEdgeBelow() {
        var rng = SplitMix64(seed: 2224)
        for trial in 0..<60 {
            // Polygons spread over 0…300 rows and beyond the 0…200 column window (cut pieces), with horizontal runs,
            // tops on band boundaries and shared tops (ties).
            let polylines = (0..<Int.random(in: 1...6, using: &rng)).map { k in
                Polyline(points: (0..<Int.random(in: 3...40, using: &rng)).map { _ in
                    let y = trial % 3 == 0 ? Double(Int.random(in: 0...10, using: &rng) * 32)
                                           : Double.random(in: -20...320, using: &rng)
                    return Point(Double.random(in: -60...260, using: &rng), y)
                }, isClosed: k % 2 == 0)
            }
            let list = EdgeList(polylines: polylines)
            let columns = 0..<200
            let all = CoverageRasterizer.clip(list, columns: columns, rows: -100..<400)
            for band in [0..<32, 32..<64, 64..<96, 96..<300, 288..<320, 5..<6, 400..<500] {
                let got = CoverageRasterizer.clip(list, columns: columns, rows: band)
                // The pieces are cut at the window's sides only, so a band's pieces are those of the edges meeting it.
                let want = all.filter { s in
                    let e = list.edges[s.key / 4]
                    return e.y1 > Double(band.lowerBound) && e.y0 < Double(band.upperBound)
                }
                #expect(got.map(\.key) == want.map(\.key), "trial \(trial), band \(band)")
                #expect(got.map(\.x0) == want.map(\.x0) && got.map(\.y1) == want.map(\.y1), "trial \(trial), band \(band)")
            }
        }
    }

    @Test("a rasterizer scratch kept across calls gives every call the coverages of a fresh one")
    func keptScratchGivesFreshCoverages() {
        var rng = SplitMix64(seed: 2225)
        let scratch = CoverageScratch()
        for trial in 0..<120 {
            // Windows that grow and shrink from call to call, both fill rules, shapes inside and across the window.
            let left = Int.random(in: -20...40, using: &rng), width = [1, 7, 64, 300, 16, 513, 33][trial % 7]
            let polylines = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                Polyline(points: (0..<Int.random(in: 3...30, using: &rng)).map { _ in
                    Point(Double.random(in: Double(left - 30)...Double(left + width + 30), using: &rng),
                          Double.random(in: -5...90, using: &rng))
                }, isClosed: true)
            }
            let list = EdgeList(polylines: polylines)
            let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            let columns = left..<(left + width), rows = Int.random(in: -3...20, using: &rng)..<Int.random(in: 30...100, using: &rng)
            let want = CoverageRasterizer.coverage(list, rule: rule, columns: columns, rows: rows)
            var got = [Float](repeating: 0, count: width * rows.count)
            scratch.reserve(cells: width + 2, pieces: 0)
            let buffer = scratch.coverage
            CoverageRasterizer.rasterize(list, rule: rule, columns: columns, rows: rows, coverage: buffer, scratch: scratch) { y, span in
                for x in span { got[(y - rows.lowerBound) * width + x - left] = buffer[x - left] }
            }
            #expect(got.map(\.bitPattern) == want.map(\.bitPattern), "trial \(trial)")
            // Between calls the cell differences are all zero again.
            #expect((0..<scratch.cellCapacity).allSatisfy { scratch.cells[$0].bitPattern == 0 }, "trial \(trial)")
        }
    }

    @Test("four-pixel span compositing gives the bytes of the one-pixel blend")
    func spanCompositingMatchesOnePixelBlend() {
        var rng = SplitMix64(seed: 5)
        let width = 37
        for mode in [BlendMode.normal, .additive] {
            for trial in 0..<40 {
                // Coverage with zero blocks, mixed blocks, full and over-full values.
                let coverage: [Float] = (0..<width).map { i in
                    switch (trial + i / 4) % 4 {
                    case 0: return 0
                    case 1: return Float.random(in: 0...1, using: &rng) < 0.5 ? 0 : Float.random(in: 0...1.2, using: &rng)
                    case 2: return 1
                    default: return Float.random(in: 0.001...1, using: &rng)
                    }
                }
                let alpha = Float.random(in: 0...1, using: &rng)
                let color = SIMD4<Float>(Float.random(in: 0...alpha, using: &rng), Float.random(in: 0...alpha, using: &rng),
                                         Float.random(in: 0...alpha, using: &rng), alpha)
                let colors = (0..<width).map { _ in color * Float.random(in: 0...1, using: &rng) }
                let start = (0..<(4 * width)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                for perPixel in [false, true] {
                    var got = start, want = start
                    got.withUnsafeMutableBufferPointer { g in
                        let target = RenderTarget(base: g.baseAddress!, originY: 0, stride: 4 * width, width: width,
                                                  clip: PixelRect(x0: 0, y0: 0, x1: width, y1: 1))
                        if perPixel {
                            SpanCompositor.composite(target, y: 0, x0: 0, count: width, coverage: coverage, colors: colors, mode: mode)
                        } else {
                            SpanCompositor.composite(target, y: 0, x0: 0, count: width, coverage: coverage, color: color, mode: mode)
                        }
                    }
                    want.withUnsafeMutableBufferPointer { w in
                        for i in 0..<width where coverage[i] > 0 {
                            let c = min(coverage[i], 1)
                            let s = perPixel ? colors[i] * (c * 255) : color * 255 * c
                            let p = w.baseAddress! + 4 * i
                            if mode == .normal { SourceOver.blend(s, into: p) } else { Additive.blend(s, into: p) }
                        }
                    }
                    #expect(got == want, "\(mode), trial \(trial), per-pixel colors \(perPixel)")
                }
            }
        }
    }
}
