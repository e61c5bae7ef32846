import Testing
import StardustCore
@testable import StardustRender

/// The ninth Lottie round's gradient runs that skip blocks of four uncovered pixels (neither shaded nor composited)
/// against one shade and one composite over the whole run, bit for bit.
@Suite struct CoveredShadingTests {
    /// Coverage with empty, full, partial and mixed blocks of four, and runs of every length around them.
    private func coverageRow(_ count: Int, trial: Int, rng: inout SplitMix64) -> [Float] {
        (0..<count).map { i in
            switch (trial + i / 4) % 6 {
            case 0, 1: return 0
            case 2: return 1
            case 3: return Float.random(in: 0...1, using: &rng)
            case 4: return Bool.random(using: &rng) ? 0 : Float.random(in: 0...1.2, using: &rng)
            default: return i % 4 == 3 ? Float.random(in: 0.01...1, using: &rng) : 0
            }
        }
    }

    @Test("a gradient run skipping its empty blocks gives the bytes of shading and compositing the whole run")
    func skippingEmptyBlocksMatchesWholeRun() {
        var rng = SplitMix64(seed: 9)
        let stops = [GradientStop(0, Color(red: 1, green: 0, blue: 0, alpha: 0.3)), GradientStop(0.5, .white),
                     GradientStop(1, Color(red: 0, green: 0.4, blue: 1, alpha: 0.6))]
        let width = 80
        for trial in 0..<48 {
            let p = Point(Double.random(in: -20...100, using: &rng), Double.random(in: -20...20, using: &rng))
            let paint: Paint
            switch trial % 3 {
            case 0: paint = .linearGradient(start: p, end: Point(Double.random(in: -20...100, using: &rng), 3), stops: stops)
            case 1: paint = .radialGradient(center: p, radius: Double.random(in: 0.5...60, using: &rng), stops: stops)
            default: paint = .ellipticalGradient(center: p, radiusX: Double.random(in: 0.5...50, using: &rng),
                                                 radiusY: Double.random(in: 0.5...50, using: &rng), stops: stops)
            }
            let shader = PaintShader(paint: paint, opacity: Double.random(in: 0.2...1, using: &rng))
            let mode: BlendMode = trial % 4 == 3 ? .additive : .normal
            for count in [1, 3, 4, 5, 7, 8, 9, 12, 13, 31, 64] {
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
                        PathPainter.shadeCovered(shader, t, y: y, x0: x0, count: count, coverage: c.baseAddress!,
                                                 colors: colors, mode: mode)
                    }
                    want.withUnsafeMutableBufferPointer { w in
                        let t = RenderTarget(base: w.baseAddress!, originY: 0, stride: 4 * width, width: width,
                                             clip: PixelRect(x0: 0, y0: 0, x1: width, y1: 4))
                        shader.shade(y: y, x0: x0, count: count, into: colors)
                        SpanCompositor.composite(t, y: y, x0: x0, count: count, coverage: c.baseAddress!,
                                                 colors: colors, mode: mode)
                    }
                }
                #expect(got == want, "trial \(trial), count \(count)")
            }
        }
    }
}
