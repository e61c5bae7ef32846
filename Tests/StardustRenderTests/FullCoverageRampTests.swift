import Testing
import StardustCore
@testable import StardustRender

/// The nineteenth Lottie round's source-over table of a translucent ramp at full coverage (``FullCoverageRamp``)
/// against the arithmetic it replaces, bit for bit (docs/RENDERER.md, "Gradient spans shaded while blending").
@Suite struct FullCoverageRampTests {
    /// Ramp colors with opaque entries, entries whose alpha is just below 1, translucent and transparent ones, and
    /// colour values beyond 0…1 (premultiplied input is not clamped).
    private func colors(_ rng: inout SplitMix64) -> [SIMD4<Float>] {
        let alphas: [Float] = [1, 0.99999994, 0.9999999, 0.998, 0.5, 0.0039215689, 0, 1.0000001]
        return (0..<PaintShader.rampSize).map { i in
            let a = i % 3 == 0 ? alphas[(i / 3) % alphas.count] : Float.random(in: 0...1, using: &rng)
            let rgb = (0..<3).map { _ in i % 11 == 0 ? Float.random(in: -0.5...1.5, using: &rng) : Float.random(in: 0...a, using: &rng) }
            return SIMD4(rgb[0], rgb[1], rgb[2], a)
        }
    }

    @Test("each entry's source, factor and replacing bytes are what source-over computes at coverage 1, for every destination byte")
    func entriesMatchSourceOver() {
        var rng = SplitMix64(seed: 19)
        let ramp = colors(&rng)
        let table = FullCoverageRamp(colors: ramp)
        #expect(table.entries.count == ramp.count && table.pixels.count == ramp.count)
        var replacing = 0
        for (k, c) in ramp.enumerated() {
            let e = table.entries[k]
            let s = c * (Swift.min(Float(1), 1) * 255)  // the fused loop's source at coverage 1
            #expect(e.source == s && all(e.keep .== SourceOver.keep(s.w)), "entry \(k)")
            for j in 0..<4 { #expect(e.source[j].bitPattern == s[j].bitPattern && e.keep[j].bitPattern == SourceOver.keep(s.w).bitPattern) }
            let replaces = FullCoverageRamp.replaceAll(e, e, e, e)
            #expect(replaces == (SourceOver.keep(s.w) == 0), "entry \(k)")
            guard replaces else { continue }
            replacing += 1
            // Every destination (one channel value per lane, all 256) stores the entry's bytes.
            for v in 0...255 {
                let d = SIMD4<Float>(Float(v), Float(255 - v), Float((v * 7) % 256), Float((v * 13) % 256))
                let bytes = unsafeBitCast(pixelBytes(SourceOver.combine(s, over: d)), to: UInt32.self)
                #expect(bytes == table.pixels[k], "entry \(k), destination \(v)")
            }
        }
        #expect(replacing > 30)  // at least the entries of alpha 1: 1 − 255·(1/255) is 0 in Float
        #expect(SourceOver.keep(255) == 0)
    }

    @Test("a ramp with a NaN source, or an opaque one, has no table")
    func noTable() {
        var ramp = [SIMD4<Float>](repeating: SIMD4(0.2, 0.2, 0.2, 0.5), count: PaintShader.rampSize)
        ramp[500] = SIMD4(.nan, 0, 0, 1)
        #expect(FullCoverageRamp(colors: ramp).entries.isEmpty)
        let opaque = GradientRamp(colors: [SIMD4<Float>](repeating: SIMD4(0.1, 0.2, 0.3, 1), count: 4))
        #expect(opaque.isOpaque && opaque.fullCoverage.entries.isEmpty)
        let translucent = GradientRamp(colors: [SIMD4<Float>](repeating: SIMD4(0.1, 0.2, 0.3, 0.5), count: 4))
        #expect(!translucent.isOpaque && translucent.fullCoverage.entries.count == 4)
    }

    @Test("fully covered gradient spans with opaque and translucent entries give the bytes of shading and blending pixel by pixel")
    func fullyCoveredSpansMatchShadeThenBlend() {
        var rng = SplitMix64(seed: 1919)
        let width = 160
        var replacedBlocks = false
        for trial in 0..<120 {
            // An opaque centre fading out, as many Lottie backgrounds and glows are; opacity 1 in a third of the trials.
            let stops = [GradientStop(0, Color(red: 1, green: 0.8, blue: 0.1, alpha: 1)),
                         GradientStop(Double.random(in: 0.05...0.8, using: &rng), Color(red: 0.2, green: 0.5, blue: 1, alpha: 1)),
                         GradientStop(1, Color(red: 0.1, green: 0, blue: 0.3, alpha: trial % 5 == 0 ? 1 : Double.random(in: 0...0.9, using: &rng)))]
            let center = Point(Double.random(in: -40...200, using: &rng), Double.random(in: -20...20, using: &rng))
            let paint: Paint
            switch trial % 3 {
            case 0: paint = .radialGradient(center: center, radius: Double.random(in: 1...150, using: &rng), stops: stops)
            case 1: paint = .ellipticalGradient(center: center, radiusX: Double.random(in: 1...120, using: &rng),
                                                radiusY: Double.random(in: 1...60, using: &rng), stops: stops)
            default: paint = .linearGradient(start: center, end: Point(Double.random(in: -40...200, using: &rng), 3), stops: stops)
            }
            let opacity = trial % 3 == 0 ? 1 : Double.random(in: 0.3...1, using: &rng)
            let shader = PaintShader(paint: paint, opacity: opacity)
            guard !shader.isSolid else { continue }
            let mode: BlendMode = trial % 7 == 6 ? .additive : .normal
            for count in [4, 5, 8, 15, 64, 160] {
                let x0 = Int.random(in: 0...(width - count), using: &rng), y = Int.random(in: 0...3, using: &rng)
                // Full coverage (1 or above) with a partly covered pixel or an empty block now and then.
                let cov: [Float] = (0..<count).map { i in
                    switch Int.random(in: 0..<24, using: &rng) {
                    case 0: return Float.random(in: 0...1, using: &rng)
                    case 1: return 0
                    case 2: return 1.0000001
                    case 3: return 0.99999994
                    default: return i % 9 == 8 ? 1.5 : 1
                    }
                }
                let start = (0..<(4 * width * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                var got = start, want = start
                cov.withUnsafeBufferPointer { c in
                    got.withUnsafeMutableBufferPointer { g in
                        let t = RenderTarget(base: g.baseAddress!, originY: 0, stride: 4 * width, width: width,
                                             clip: PixelRect(x0: 0, y0: 0, x1: width, y1: 4))
                        SpanCompositor.composite(t, y: y, x0: x0, count: count, coverage: c.baseAddress!, shader: shader, mode: mode)
                    }
                }
                let colors = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: count)
                defer { colors.deallocate() }
                shader.shade(y: y, x0: x0, count: count, into: colors)
                want.withUnsafeMutableBufferPointer { w in
                    let row = w.baseAddress! + 4 * (y * width + x0)
                    for (i, c) in cov.enumerated() where c > 0 {
                        let s = colors[i] * (Swift.min(c, 1) * 255)
                        switch mode {
                        case .normal: SourceOver.blend(s, into: row + 4 * i)
                        case .additive: Additive.blend(s, into: row + 4 * i)
                        }
                    }
                }
                #expect(got == want, "trial \(trial), \(shader.kind), \(mode), count \(count)")
                if mode == .normal && !shader.isOpaque && shader.rampAtFullCoverage.pixels.contains(where: { $0 != 0 }) { replacedBlocks = true }
            }
        }
        #expect(replacedBlocks)
    }
}
