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
