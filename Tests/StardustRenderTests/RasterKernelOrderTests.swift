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

    @Test("the radix sort by the top bytes with its insertion pass, and its fall-back for crowded keys, give the plain sort's order")
    func radixSortByTopBytesMatchesEveryByte() {
        var rng = SplitMix64(seed: 2028)
        for count in [33, 64, 257, 1000, 4096] {
            for trial in 0..<7 {
                // 0: spread; 1: crowded in one top beside an outlier (the insertion pass over its bound: the
                // fall-back); 2: spread first half, crowded second half; 3: a few ties per top; 4: negatives and
                // signed zeros; 5: crowded but already in order beside an outlier (no moves); 6: denormal tops (all
                // in one top, a few values: the fall-back).
                let ys: [Double] = (0..<count).map { i in
                    switch trial {
                    case 0: return Double.random(in: 0...512, using: &rng)
                    case 1: return i == count / 3 ? -1e6 : 300 + Double(Int.random(in: 0..<1000, using: &rng)) * 1e-10
                    case 2: return i < count / 2 ? Double.random(in: 0...512, using: &rng)
                        : 300 + Double(Int.random(in: 0..<50, using: &rng)) * 1e-10
                    case 3: return Double(Int.random(in: 0..<40, using: &rng)) + Double(Int.random(in: 0..<3, using: &rng)) * 1e-9
                    case 4: return i % 5 == 0 ? (i % 10 == 0 ? -0.0 : 0.0) : Double.random(in: -1e6...1e6, using: &rng)
                    case 5: return i == 0 ? -1e12 : 300 + Double(i) * 1e-10
                    default: return Double(bitPattern: UInt64(Int.random(in: 0...3, using: &rng))) * (i % 2 == 0 ? 1 : -1)
                    }
                }
                let keys = ys.enumerated().map { i, y -> EdgeList.SortKey in
                    let bits = (y + 0).bitPattern
                    return EdgeList.SortKey(y: bits >> 63 == 0 ? bits | (1 << 63) : ~bits, index: i)
                }
                var fast = keys, plain = keys
                fast.withUnsafeMutableBufferPointer { EdgeList.radixSort($0) }
                plain.withUnsafeMutableBufferPointer { k in
                    let spare = UnsafeMutableBufferPointer<EdgeList.SortKey>.allocate(capacity: k.count)
                    defer { spare.deallocate() }
                    EdgeList.radixSortEveryByte(k, differ: ~0, spare: spare)
                }
                let want = keys.sorted { $0.y < $1.y || ($0.y == $1.y && $0.index < $1.index) }
                #expect(fast.map(\.index) == want.map(\.index), "\(count) keys, trial \(trial)")
                #expect(plain.map(\.index) == want.map(\.index), "\(count) keys, trial \(trial), every byte")
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

    /// The rasterizer's coverages by the plain loop: every piece's entry and exit x from the interpolation at the row's
    /// clipped top and bottom, two divisions per piece and row, nothing carried; the same area sums and fold.
    private func plainCoverage(_ list: EdgeList, rule: FillRule, columns: Range<Int>, rows: Range<Int>) -> [Float] {
        let width = columns.count, W = Double(width)
        let segments = CoverageRasterizer.clip(list, columns: columns, rows: rows)
        var out = [Float](repeating: 0, count: width * rows.count)
        for y in rows {
            var acc = [Float](repeating: 0, count: width + 2)
            let top = Double(y), bottom = top + 1
            for s in segments where s.y0 < bottom && s.y1 > top {
                let ya = max(s.y0, top), yb = min(s.y1, bottom)
                guard yb > ya else { continue }
                let enter = s.x0 + (s.x1 - s.x0) * ((ya - s.y0) / (s.y1 - s.y0))
                let exit = s.x0 + (s.x1 - s.x0) * ((yb - s.y0) / (s.y1 - s.y0))
                let xa = min(max(enter, 0), W), xb = min(max(exit, 0), W)
                let d = (yb - ya) * Double(s.direction)
                let lo = min(xa, xb), hi = max(xa, xb)
                let i0 = Int(lo), i1 = Int(hi)
                if i0 == i1 {
                    let c = d * (Double(i0 + 1) - (xa + xb) * 0.5)
                    acc[i0] += Float(c); acc[i0 + 1] += Float(d - c)
                    continue
                }
                let k2 = 0.5 * d / (hi - lo), full = 0.5 * d * (hi - lo)
                var hPrev = 0.0, cPrev = 0.0
                for i in i0...i1 {
                    let xr = Double(i + 1)
                    let h = xr <= hi ? k2 * (xr - lo) * (xr - lo) : full + d * (xr - hi)
                    acc[i] += Float((h - hPrev) - cPrev)
                    cPrev = h - hPrev; hPrev = h
                }
                acc[i1 + 1] += Float(d - cPrev)
            }
            var sum: Float = 0
            for x in 0..<width {
                sum += acc[x]
                out[(y - rows.lowerBound) * width + x] = CoverageRasterizer.fold(sum, evenOdd: rule == .evenOdd)
            }
        }
        return out
    }

    @Test("pieces entering their first row without a division give the coverages of the plain loop")
    func divisionFreeRowsGiveThePlainCoverages() {
        var rng = SplitMix64(seed: 2326)
        for trial in 0..<150 {
            // Vertices on row boundaries (pieces that start and end exactly on a row's top or bottom), inside rows,
            // pieces a few ulps or 10⁻³⁰⁰ high, and far vertices (10¹⁸: the rasterizer's first row is an Int).
            let polylines = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                Polyline(points: (0..<Int.random(in: 3...25, using: &rng)).map { i -> Point in
                    let x = Double.random(in: -10...90, using: &rng)
                    switch (trial + i) % 6 {
                    case 0: return Point(x, Double(Int.random(in: -3...40, using: &rng)))
                    case 1: return Point(x, Double(Int.random(in: 0...40, using: &rng)).nextUp)
                    case 2: return Point(x, 7 + 1e-300 * Double(i))
                    case 3 where trial % 10 == 0: return Point(x, (i % 2 == 0 ? 1 : -1) * 1e18)
                    default: return Point(x, Double.random(in: -3...40, using: &rng))
                    }
                }, isClosed: true)
            }
            let list = EdgeList(polylines: polylines)
            let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            let columns = 0..<[80, 3, 17, 64][trial % 4], rows = -2..<38
            let want = plainCoverage(list, rule: rule, columns: columns, rows: rows)
            let got = CoverageRasterizer.coverage(list, rule: rule, columns: columns, rows: rows)
            #expect(got.map(\.bitPattern) == want.map(\.bitPattern), "trial \(trial)")
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
