import Foundation
import Testing
import StardustCore
@testable import StardustRender

/// The twentieth Lottie round's AVX2 kernel of gradient source-over spans (``GradientSpanKernel``, CStardustSpans)
/// against the Swift loop it stands in for (``SpanCompositor/compositeRamp(_:_:_:_:_:_:_:_:_:)`` with ``SourceOver``),
/// bit for bit: the kernel on the span, then the Swift loop on the pixels it left, as the compositor runs them,
/// against the Swift loop alone (docs/RENDERER.md, "Gradient spans shaded while blending").
@Suite struct GradientSpanKernelTests {
    /// The edge coverages, partial, full, empty and values above 1 (the rasterizer's coverages are never NaN).
    private static let edgeCoverages: [Float] = [0, -0.0, 1e-30, 1e-7, 0.5, 0.99999994, 1, 1.0000001, 1.5, 3, -0.25]

    /// Coverage with empty, full, partial and mixed blocks of eight and four, and every edge value.
    private func coverageRow(_ count: Int, trial: Int, rng: inout SplitMix64) -> [Float] {
        (0..<count).map { i in
            switch (trial + i / 8 + i / 4) % 6 {
            case 0: return 0
            case 1: return 1
            case 2: return Float.random(in: 0...1, using: &rng)
            case 3: return Bool.random(using: &rng) ? 0 : Float.random(in: 0...1.2, using: &rng)
            case 4: return Float.random(in: 0.9...1.5, using: &rng)
            default: return Self.edgeCoverages.randomElement(using: &rng)!
            }
        }
    }

    /// A ramp of opaque (every fifth trial), translucent or mixed entries: an opaque centre fading out, colours at
    /// and just below alpha 1, transparent entries, and premultiplied values beyond 0…1.
    private func ramp(_ trial: Int, _ rng: inout SplitMix64) -> [SIMD4<Float>] {
        let alphas: [Float] = [1, 0.99999994, 0.998, 0.5, 0.0039215689, 0, 1.0000001]
        return (0..<PaintShader.rampSize).map { i in
            let a: Float
            if trial % 5 == 0 { a = 1 } else if trial % 5 == 1 { a = i < 300 ? 1 : Float(1023 - i) / 723 } else {
                a = i % 3 == 0 ? alphas[(i / 3) % alphas.count] : Float.random(in: 0...1, using: &rng)
            }
            let rgb = (0..<3).map { _ in i % 37 == 0 ? Float.random(in: -0.5...1.5, using: &rng) : Float.random(in: 0...a, using: &rng) }
            return SIMD4(rgb[0], rgb[1], rgb[2], a)
        }
    }

    /// The indexer's parameters: moderate, a centre on the span, far centres, steep and shallow gradients.
    private func geometry(_ trial: Int, x0: Int, y: Double, _ rng: inout SplitMix64) -> (ax: Double, rowA: Double, bx: Double, rowB: Double) {
        let scale = [1.0 / 40, 1.0 / 3, 1, 1.0 / 400, 1e-6, 25][trial % 6]
        var ax = Double.random(in: -1...1, using: &rng) * scale, bx = Double.random(in: -1...1, using: &rng) * scale
        let ay = Double.random(in: -1...1, using: &rng) * scale, by = Double.random(in: -1...1, using: &rng) * scale
        var a0 = Double.random(in: -2...2, using: &rng), b0 = Double.random(in: -2...2, using: &rng)
        switch trial % 4 {
        case 0:  // the centre (q = 0) on a pixel centre or between two of the span
            let cx = Double(x0) + Double(Int.random(in: 0...40, using: &rng)) + (Bool.random(using: &rng) ? 0.5 : 0)
            ax = scale; bx = 0; a0 = -ax * cx - ay * y; b0 = -by * y
        case 1:  // far centres: every index clamps to the last entry
            a0 = Double.random(in: 1e3...1e7, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
        case 2:  // a vertical one: one index per row
            ax = 0; bx = 0
        default: break
        }
        return (ax, ay * y + a0, bx, by * y + b0)
    }

    /// One span composited twice over `start` (row pixel `x0` on): by the kernel with the Swift loop doing the
    /// pixels it leaves, and by the Swift loop alone; both rows, and how many pixels the kernel did. `full` is the
    /// compositor's table for the ramp (empty for an opaque one); `solid` is a `.solid` span's colour times 255.
    private func bothPaths(_ start: [UInt8], x0: Int, count: Int, coverage cov: [Float], colors: [SIMD4<Float>],
                           table full: FullCoverageRamp, source: GradientSpanKernel.Source,
                           _ g: (ax: Double, rowA: Double, bx: Double, rowB: Double),
                           solid: SIMD4<Float> = .zero, transparentFrom far: Double = 1) -> (got: [UInt8], want: [UInt8], done: Int) {
        var got = start, want = start, done = 0, c255 = solid
        colors.withUnsafeBufferPointer { ramp in
        full.entries.withUnsafeBufferPointer { entries in
        full.pixels.withUnsafeBufferPointer { pixels in
        cov.withUnsafeBufferPointer { c in
            let e = entries.isEmpty ? nil : entries.baseAddress
            func swiftLoop(_ row: UnsafeMutablePointer<UInt8>, _ x: Int, _ n: Int, _ c: UnsafePointer<Float>) {
                switch source {
                case .solid:
                    SpanCompositor.composite(SourceOver.self, row, n, c, c255)
                case .radial:
                    SpanCompositor.compositeRamp(SourceOver.self, RadialRampIndexer(ax: g.ax, rowA: g.rowA, bx: g.bx, rowB: g.rowB),
                                                 row, x, n, c, ramp.baseAddress!, e, pixels)
                case .linear:
                    SpanCompositor.compositeRamp(SourceOver.self, LinearRampIndexer(ax: g.ax, rowA: g.rowA),
                                                 row, x, n, c, ramp.baseAddress!, e, pixels)
                }
            }
            got.withUnsafeMutableBufferPointer { b in
                let row = b.baseAddress! + 4 * x0
                done = withUnsafePointer(to: &c255) { solid in
                    GradientSpanKernel.sourceOver(row, x0: x0, count: count, coverage: c.baseAddress!,
                                                  ramp: source == .solid ? solid : ramp.baseAddress!,
                                                  source: source, g.ax, g.rowA, g.bx, g.rowB, transparentFrom: far,
                                                  forceAVX2: true)
                }
                swiftLoop(row + 4 * done, x0 + done, count - done, c.baseAddress! + done)
            }
            want.withUnsafeMutableBufferPointer { b in swiftLoop(b.baseAddress! + 4 * x0, x0, count, c.baseAddress!) }
        }
        }
        }
        }
        return (got, want, done)
    }

    @Test("blocks of transparent ramp entries (±0) are left as they are, the bytes of the Swift loop")
    func transparentEntriesLeaveTheRow() throws {
        try #require(GradientSpanKernel.cpuHasAVX2, "skipped: this CPU has no AVX2, so there is no kernel to compare")
        var rng = SplitMix64(seed: 2121)
        // A ramp that fades out to a transparent end: entries from 512 on are +0 or −0 in every channel.
        let colors = (0..<PaintShader.rampSize).map { i -> SIMD4<Float> in
            if i >= 512 { return i % 2 == 0 ? .zero : SIMD4(-0.0, 0, -0.0, -0.0) }
            let a = Float(512 - i) / 512
            return SIMD4(a * 0.3, a * 0.6, a, a)
        }
        let full = FullCoverageRamp(colors: colors)
        var skipped = 0
        for trial in 0..<300 {
            let count = [8, 9, 16, 17, 40, 64, 100, 160][trial % 8]
            let x0 = Int.random(in: 0...20, using: &rng)
            // Radial and linear geometry whose span runs from inside the ramp to its transparent end and beyond.
            let radial = trial % 2 == 0
            let scale = [1.0 / 30, 1.0 / 80, 1.0 / 200][trial % 3]
            let ax = scale, rowA = -scale * Double(x0 + Int.random(in: 0...30, using: &rng)), bx = 0.0
            let rowB = Double.random(in: -0.3...0.3, using: &rng)
            let cov = coverageRow(count, trial: trial, rng: &rng)
            let start = (0..<(4 * (x0 + count))).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let (got, want, done) = bothPaths(start, x0: x0, count: count, coverage: cov, colors: colors, table: full,
                                              source: radial ? .radial : .linear, (ax, rowA, bx, rowB))
            #expect(done == count / 8 * 8)
            #expect(got == want, "trial \(trial), radial \(radial), count \(count)")
            // Pixels left as they were past the ramp's transparent end.
            skipped += zip(got, start).dropFirst(4 * x0).filter { $0 == $1 }.count
        }
        #expect(skipped > 10_000)
    }

    @Test("radial blocks beyond the ramp's transparent radius skip their square roots: the bytes of the Swift loop")
    func transparentRadiusKeepsTheBytes() throws {
        try #require(GradientSpanKernel.cpuHasAVX2, "skipped: this CPU has no AVX2, so there is no kernel to compare")
        var rng = SplitMix64(seed: 2222)
        var beyond = 0
        for trial in 0..<400 {
            // Ramps whose ±0 end starts at 0 (all transparent), 1, a middle entry, 1023, or nowhere (far stays 1).
            let first = [0, 1, 300, 512, 700, 1022, 1023, 1024][trial % 8]
            let colors = (0..<PaintShader.rampSize).map { i -> SIMD4<Float> in
                if i >= first { return Bool.random(using: &rng) ? .zero : SIMD4(-0.0, 0, -0.0, -0.0) }
                let a = Float.random(in: 0.001...1, using: &rng)
                return SIMD4(a * 0.3, a * 0.6, a, a)
            }
            let far = GradientRamp.transparentSquaredRadius(colors)
            let full = FullCoverageRamp(colors: colors)
            let count = [8, 9, 13, 16, 23, 40, 64, 101, 160][trial % 9]
            let x0 = Int.random(in: 0...30, using: &rng)
            // Spans through the centre and out, spans whose radius crosses √far within a pixel or two (shallow scales),
            // and far geometry, in x and in both axes (elliptical).
            let scale = [1.0 / 30, 1.0 / 90, 1.0 / 400, 1e-4, 3][trial % 5]
            let cx = Double(x0) + Double.random(in: -20...Double(count + 20), using: &rng)
            let ax = scale, rowA = -scale * cx
            let bx = trial % 3 == 0 ? scale * Double.random(in: -1...1, using: &rng) : 0
            let rowB: Double
            switch trial % 4 {
            case 0: rowB = far.squareRoot() * Double.random(in: 0.98...1.02, using: &rng)
            case 1: rowB = far.squareRoot()
            case 2: rowB = Double.random(in: 1e3...1e6, using: &rng)
            default: rowB = Double.random(in: -0.5...0.5, using: &rng)
            }
            let cov = coverageRow(count, trial: trial, rng: &rng)
            let start = (0..<(4 * (x0 + count))).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let (got, want, done) = bothPaths(start, x0: x0, count: count, coverage: cov, colors: colors, table: full,
                                              source: .radial, (ax, rowA, bx, rowB), transparentFrom: far)
            #expect(done == count / 8 * 8)
            #expect(got == want, "trial \(trial), first transparent entry \(first), count \(count)")
            // Pixel centres at or beyond the radius, where the kernel took the shortcut when four of them were.
            for i in 0..<count {
                let px = Double(x0 + i) + 0.5, qx = ax * px + rowA, qy = bx * px + rowB
                if qx * qx + qy * qy >= far && far < 1 { beyond += 1 }
            }
        }
        #expect(beyond > 2000)
    }

    /// The least squared radius whose index is at least `k` (1…1023), by bisecting the doubles' bit patterns in 0…1
    /// with the loop's own expression (the index is nondecreasing in the squared radius).
    private static func leastSquaredRadius(ofIndex k: Int) -> Double {
        var lo = Double(0).bitPattern, hi = Double(1).bitPattern
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if GradientRamp.radialIndex(squaredRadius: Double(bitPattern: mid)) >= k { hi = mid } else { lo = mid + 1 }
        }
        return Double(bitPattern: lo)
    }

    @Test("radial spans whose radii cross index boundaries within a pixel or a few ulps: the bytes of the Swift loop")
    func radialBoundariesKeepTheBytes() throws {
        try #require(GradientSpanKernel.cpuHasAVX2, "skipped: this CPU has no AVX2, so there is no kernel to compare")
        var rng = SplitMix64(seed: 2323)
        // Neighbouring entries store different bytes, so a pixel given the index next to its own shows.
        let colors = (0..<PaintShader.rampSize).map { i -> SIMD4<Float> in
            let r: Float = i % 2 == 0 ? 0.1 : 0.45, g: Float = Float(i % 3) * 0.15, b: Float = i % 5 == 0 ? 0.4 : 0.2
            return SIMD4(r, g, b, 0.5)
        }
        let full = FullCoverageRamp(colors: colors)
        for trial in 0..<500 {
            let count = [8, 11, 16, 24, 40, 64, 77][trial % 7]
            let x0 = Int.random(in: 0...40, using: &rng)
            // A squared radius where the index steps from k − 1 to k (the least one), reached at the span's middle
            // pixel, with steps per pixel from 10⁻¹⁶ (the same ulps) to a whole index.
            let k = Int.random(in: 1...1023, using: &rng)
            let boundary = Self.leastSquaredRadius(ofIndex: k).squareRoot()
            let ax = [1e-16, 1e-12, 1e-9, 1e-7, 1e-5, 1e-3][trial % 6] * (trial % 12 < 6 ? 1 : -1)
            let mid = Double(x0 + count / 2) + 0.5
            // Along x (bx = 0) or at 45° (both axes), where qx² + qy² crosses the same squared radius.
            let diagonal = trial % 3 == 0
            let r = diagonal ? boundary / 2.0.squareRoot() : boundary
            let rowA = r - ax * mid, bx = diagonal ? ax : 0, rowB = diagonal ? r - ax * mid : 0
            let cov = coverageRow(count, trial: trial, rng: &rng)
            let start = (0..<(4 * (x0 + count))).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let (got, want, done) = bothPaths(start, x0: x0, count: count, coverage: cov, colors: colors, table: full,
                                              source: .radial, (ax, rowA, bx, rowB))
            #expect(done == count / 8 * 8)
            #expect(got == want, "trial \(trial), index \(k), step \(ax), count \(count)")
        }
    }

    @Test("the transparent radius is the least squared radius whose index reads the ramp's ±0 end")
    func transparentRadiusIsLeast() {
        var rng = SplitMix64(seed: 2223)
        // The index from the squared radius is the loop's index: q = (rowA, rowB) at ax = bx = 0.
        for _ in 0..<2000 {
            let a = Double.random(in: -1.2...1.2, using: &rng), b = Double.random(in: -1.2...1.2, using: &rng)
            #expect(GradientRamp.radialIndex(squaredRadius: a * a + b * b) == PaintShader.radialIndex(0, 0, a, 0, b))
        }
        for first in [0, 1, 2, 511, 512, 1000, 1022, 1023, 1024] {
            let colors = (0..<PaintShader.rampSize).map { i in i >= first ? SIMD4<Float>.zero : SIMD4<Float>(0, 0, 0, 0.5) }
            let far = GradientRamp.transparentSquaredRadius(colors)
            guard first < PaintShader.rampSize else { #expect(far == 1); continue }
            #expect(far <= 1)
            #expect(GradientRamp.radialIndex(squaredRadius: far) >= first, "first \(first)")
            if far > 0 { #expect(GradientRamp.radialIndex(squaredRadius: far.nextDown) < first, "first \(first)") }
            // Every larger squared radius reads the transparent end too, up to and past 1, infinity included.
            for _ in 0..<500 {
                let r2 = far + Double.random(in: 0...1.5, using: &rng) * (Bool.random(using: &rng) ? 1 : 1e-12)
                #expect(GradientRamp.radialIndex(squaredRadius: r2) >= first)
            }
            #expect(GradientRamp.radialIndex(squaredRadius: .infinity) >= first)
        }
        // An entry that is not ±0 after the end's start (a stop after a gap) is not part of the end.
        var gap = [SIMD4<Float>](repeating: .zero, count: PaintShader.rampSize)
        gap[1023] = SIMD4(0, 0, 0, 1e-30)
        #expect(GradientRamp.transparentSquaredRadius(gap) == 1)
    }

    @Test("the AVX2 kernel and the Swift loops write the same bytes for linear, radial, elliptical and one-colour spans")
    func kernelMatchesSwiftLoop() throws {
        try #require(GradientSpanKernel.cpuHasAVX2, "skipped: this CPU has no AVX2, so there is no kernel to compare")
        var rng = SplitMix64(seed: 2020)
        let width = 160
        var blocks = 0
        for trial in 0..<600 {
            let colors = ramp(trial, &rng)
            let table = FullCoverageRamp(colors: colors)
            let opaqueRamp = colors.allSatisfy { $0.w == 1 }
            // The compositor's table: none for an opaque ramp.
            let full = opaqueRamp ? FullCoverageRamp() : table
            let source: GradientSpanKernel.Source = [.radial, .radial, .linear, .solid][trial % 4]
            // A solid span's colour times 255 (an entry of the ramp: opaque, translucent, out of range).
            let c255 = colors[(trial * 7) % colors.count] * 255
            let count = [1, 3, 4, 7, 8, 9, 12, 15, 16, 17, 31, 33, 64, 100, 131, 160][trial % 16]
            let x0 = Int.random(in: 0...(width - count), using: &rng)
            let y = Double(Int.random(in: 0...300, using: &rng)) + 0.5
            let g = geometry(trial, x0: x0, y: y, &rng)
            let cov = coverageRow(count, trial: trial, rng: &rng)
            let start = (0..<(4 * width)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let (got, want, done) = bothPaths(start, x0: x0, count: count, coverage: cov, colors: colors, table: full,
                                              source: source, g, solid: c255)
            #expect(done == count / 8 * 8, "trial \(trial): a NaN-free span is done in whole blocks of eight")
            #expect(got == want, "trial \(trial), \(source), count \(count), x0 \(x0)")
            blocks += done / 8
        }
        #expect(blocks > 2000)
    }

    @Test("one-colour pixels of faint coverage (at most 2⁻¹²), skipped by the kernel, keep the bytes of the Swift loop")
    func faintCoverageKeepsTheBytes() throws {
        try #require(GradientSpanKernel.cpuHasAVX2, "skipped: this CPU has no AVX2, so there is no kernel to compare")
        var rng = SplitMix64(seed: 2626)
        let bound = Float(0x1p-12)
        // At and around the bound, the residues of a ring's inside, zeros, and ordinary coverages.
        let faint: [Float] = [bound, bound.nextDown, bound.nextUp, bound / 2, 1e-7, 5.9604645e-8, 1e-30, .leastNonzeroMagnitude,
                              0, -0.0, -1e-7, 0.001, 0.5, 1]
        // Colours times 255 at the channel limits ±255, inside, and beyond them (where the kernel blends every pixel).
        let channels: [Float] = [255, 254.99998, 0, -0.0, 1, 128.5, -255, 255.00002, -255.00002, 300]
        var unchanged = 0
        for trial in 0..<2000 {
            let c255 = SIMD4<Float>((0..<4).map { _ in
                trial % 3 == 0 ? channels.randomElement(using: &rng)! : Float.random(in: -255...255, using: &rng)
            })
            let count = [8, 16, 17, 40, 64][trial % 5]
            let x0 = Int.random(in: 0...8, using: &rng)
            // Mostly faint blocks (a ring's inside), some mixed with real coverage.
            let cov = (0..<count).map { i -> Float in
                (trial + i / 8) % 4 == 3 ? faint.randomElement(using: &rng)! : faint[Int.random(in: 0...8, using: &rng)]
            }
            // Destination bytes at the ends of their range and random.
            let start = (0..<(4 * (x0 + count))).map { i -> UInt8 in
                [0, 255, UInt8.random(in: 0...255, using: &rng)][(i + trial) % 3]
            }
            let (got, want, done) = bothPaths(start, x0: x0, count: count, coverage: cov, colors: [], table: FullCoverageRamp(),
                                              source: .solid, (0, 0, 0, 0), solid: c255)
            #expect(done == count / 8 * 8)
            #expect(got == want, "trial \(trial), colour \(c255), coverage \(cov)")
            if got == start { unchanged += 1 }
        }
        // Rows whose coverages are all faint store the destination's own bytes (the proof's claim, on both paths).
        #expect(unchanged > 500)
    }

    @Test("a block that would store a NaN channel is left to the Swift loop; the blocks before it are the loop's bytes")
    func nanBlockIsLeft() throws {
        try #require(GradientSpanKernel.cpuHasAVX2, "skipped: this CPU has no AVX2, so there is no kernel to compare")
        var colors = [SIMD4<Float>](repeating: SIMD4(0.2, 0.1, 0.3, 0.5), count: PaintShader.rampSize)
        for k in 700..<PaintShader.rampSize { colors[k] = SIMD4(.nan, 0, 0, 1) }
        let width = 64
        // Linear from index 0 at column 0 to 1023 at column 64: the NaN entries start at column 44.75.
        let ax = 1.0 / 64, rowA = 0.0
        for nanCovered in [true, false] {
            var cov = [Float](repeating: 1, count: width)
            if !nanCovered { for x in 40..<width { cov[x] = 0 } }
            let start = (0..<(4 * width)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            var got = start, want = start
            var done = 0
            colors.withUnsafeBufferPointer { ramp in cov.withUnsafeBufferPointer { c in
                got.withUnsafeMutableBufferPointer { b in
                    done = GradientSpanKernel.sourceOver(b.baseAddress!, x0: 0, count: width, coverage: c.baseAddress!, ramp: ramp.baseAddress!,
                                                         source: .linear, ax, rowA, 0, 0, forceAVX2: true)
                }
                // The Swift loop on the pixels the kernel wrote (it would trap on the NaN block).
                want.withUnsafeMutableBufferPointer { b in
                    SpanCompositor.compositeRamp(SourceOver.self, LinearRampIndexer(ax: ax, rowA: rowA), b.baseAddress!, 0,
                                                 nanCovered ? done : width, c.baseAddress!, ramp.baseAddress!, nil, UnsafeBufferPointer(start: nil, count: 0))
                }
            } }
            // Column 44 has index Int(44.5/64·1023 + ½) = 711: the block of columns 40…47 is the first with a NaN source.
            #expect(done == (nanCovered ? 40 : width))
            #expect(got == want)
        }
    }

    @Test("the kernel is chosen exactly where the CPU has AVX2 and STARDUST_NO_AVX does not turn it off")
    func choice() {
        let off = ProcessInfo.processInfo.environment["STARDUST_NO_AVX"].map { !$0.isEmpty && $0 != "0" } ?? false
        #expect(GradientSpanKernel.isChosen == (GradientSpanKernel.cpuHasAVX2 && !off))
        // Recorded so that a run shows which path the compositor's other tests compared.
        print("CStardustSpans: AVX2 kernel chosen \(GradientSpanKernel.isChosen)")
    }
}

/// The twentieth Lottie round's AVX2 kernel of group rows (``GroupRowKernel``, CStardustSpans) against the Swift row it
/// stands in for (``GroupCompositor/compositeQuads(_:onto:from:count:opacity:)``) and the one-pixel loop, bit for bit.
@Suite struct GroupRowKernelTests {
    /// Group pixels: transparent, opaque, translucent, mixed blocks of eight and four, colours above alpha (a group
    /// buffer holds what was drawn into it) and nearly transparent ones.
    private func groupRow(_ width: Int, trial: Int, rng: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = []
        for i in 0..<width {
            let a: UInt8
            switch (trial + i / 8 + i / 4) % 6 {
            case 0: a = 0
            case 1: a = 255
            case 2: a = UInt8.random(in: 0...255, using: &rng)
            case 3: a = Bool.random(using: &rng) ? 0 : 255
            case 4: a = [0, 1, 254, 255][Int.random(in: 0...3, using: &rng)]
            default: a = Bool.random(using: &rng) ? 0 : UInt8.random(in: 1...255, using: &rng)
            }
            let over = i % 13 == 12
            for _ in 0..<3 { out.append(a == 0 && !over ? 0 : UInt8.random(in: 0...(over ? 255 : a), using: &rng)) }
            out.append(a)
        }
        return out
    }

    @Test("the AVX2 group row gives the bytes of the four-pixel row and of the one-pixel loop")
    func kernelMatchesSwiftRow() throws {
        try #require(GradientSpanKernel.cpuHasAVX2, "skipped: this CPU has no AVX2, so there is no kernel to compare")
        var rng = SplitMix64(seed: 2021)
        var blocks = 0
        for width in [1, 7, 8, 9, 12, 16, 23, 37, 64, 100] {
            for trial in 0..<40 {
                var src = groupRow(width, trial: trial, rng: &rng)
                let start = (0..<(4 * width)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                let opacities: [Float] = [1, 0.99999994, 0.5, 1e-7, Float.leastNonzeroMagnitude, Float.random(in: 0.001...1, using: &rng)]
                for opacity in opacities {
                    var got = start, quads = start, pixels = start
                    var done = 0
                    src.withUnsafeMutableBufferPointer { s in
                        got.withUnsafeMutableBufferPointer { g in
                            done = GroupRowKernel.sourceOver(s.baseAddress!, onto: g.baseAddress!, count: width, opacity: opacity, forceAVX2: true)
                            GroupCompositor.compositeQuads(s.baseAddress!, onto: g.baseAddress!, from: done, count: width, opacity: opacity)
                        }
                        quads.withUnsafeMutableBufferPointer { q in
                            GroupCompositor.compositeQuads(s.baseAddress!, onto: q.baseAddress!, from: 0, count: width, opacity: opacity)
                        }
                        pixels.withUnsafeMutableBufferPointer { w in
                            for i in 0..<width {
                                GroupCompositor.compositePixel(s.baseAddress! + 4 * i, onto: w.baseAddress! + 4 * i, opacity: opacity)
                            }
                        }
                    }
                    #expect(done == width / 8 * 8)
                    #expect(got == quads, "width \(width), trial \(trial), opacity \(opacity)")
                    #expect(got == pixels, "width \(width), trial \(trial), opacity \(opacity)")
                    blocks += done / 8
                }
            }
        }
        #expect(blocks > 1000)
    }
}

/// The twentieth Lottie round's AVX2 kernel of a shadow blur's rows (``BlurRowKernel``, CStardustSpans) against the
/// Swift loop, bit for bit.
@Suite struct BlurRowKernelTests {
    @Test("the AVX2 row gives the sums of the one-element loop")
    func kernelMatchesSwiftLoop() throws {
        try #require(GradientSpanKernel.cpuHasAVX2, "skipped: this CPU has no AVX2, so there is no kernel to compare")
        var rng = SplitMix64(seed: 2022)
        let specials: [Float] = [0, -0.0, 1, 0.99999994, 1e-38, 1e-45, 3.4e38, 0.1, 0.3333333]
        for count in [1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 200] {
            for trial in 0..<40 {
                let s = (0..<count).map { i in i % 5 == 0 ? specials.randomElement(using: &rng)! : Float.random(in: 0...1, using: &rng) }
                let start = (0..<count).map { i in i % 7 == 0 ? specials.randomElement(using: &rng)! : Float.random(in: 0...2, using: &rng) }
                let w = trial % 4 == 0 ? specials.randomElement(using: &rng)! : Float.random(in: 0...0.5, using: &rng)
                var got = start, want = start
                var done = 0
                s.withUnsafeBufferPointer { sp in
                    got.withUnsafeMutableBufferPointer { g in
                        done = BlurRowKernel.addScaled(g.baseAddress!, sp.baseAddress!, count: count, w, forceAVX2: true)
                        for x in done..<count { g[x] += w * sp[x] }
                    }
                    for x in 0..<count { want[x] += w * s[x] }
                }
                #expect(done == count / 8 * 8)
                #expect(got.map(\.bitPattern) == want.map(\.bitPattern), "count \(count), trial \(trial)")
            }
        }
    }
}

/// The twenty-fifth round's AVX2 kernel of opaque gradient runs (``OpaqueRampKernel``, CStardustSpans) against the
/// Swift loop of ``PaintShader/shadeOpaquePixels(y:x0:count:into:)``, bit for bit (docs/RENDERER.md, "Eight-pixel AVX2
/// span kernels").
@Suite struct OpaqueRampKernelTests {
    /// Opaque shaders: linear, radial and elliptical, under turned, stretched, far and tiny transforms.
    private func shaders(_ rng: inout SplitMix64) -> [PaintShader] {
        let stops = [GradientStop(0, .red), GradientStop(0.3, Color(red: 0.2, green: 0.9, blue: 0.1)),
                     GradientStop(0.31, Color(white: 0.5)), GradientStop(1, .blue)]
        var out: [PaintShader] = []
        for trial in 0..<24 {
            let scale = [1.0, 0.01, 40, 1e-7, 3][trial % 5]
            let t = Transform2D(a: Double.random(in: -2...2, using: &rng) * scale, b: Double.random(in: -2...2, using: &rng) * scale,
                                c: Double.random(in: -2...2, using: &rng) * scale, d: Double.random(in: -2...2, using: &rng) * scale,
                                tx: Double.random(in: -300...300, using: &rng), ty: Double.random(in: -300...300, using: &rng))
            let p = Point(Double.random(in: -50...150, using: &rng), Double.random(in: -50...150, using: &rng))
            let paint: Paint
            switch trial % 3 {
            case 0: paint = .linearGradient(start: p, end: Point(p.x + Double.random(in: -90...90, using: &rng), p.y + 3), stops: stops)
            case 1: paint = .radialGradient(center: p, radius: [0.4, 17, 250, 1e5][trial % 4], stops: stops)
            default: paint = .ellipticalGradient(center: p, radiusX: 30, radiusY: [2, 60, 0.5][trial % 3], stops: stops)
            }
            let shader = PaintShader(paint: paint, deviceFromLocal: trial % 4 == 3 ? .identity : t)
            if shader.isOpaque { out.append(shader) }
        }
        return out
    }

    @Test("opaque gradient runs through the kernel are the bytes of the Swift loop, with and without AVX2 forced")
    func kernelMatchesSwiftLoop() throws {
        var rng = SplitMix64(seed: 2525)
        let shaders = shaders(&rng)
        #expect(shaders.count >= 20)
        for (s, shader) in shaders.enumerated() {
            for trial in 0..<12 {
                let count = [1, 7, 8, 9, 15, 16, 17, 64, 203, 512][trial % 10]
                let x0 = [0, 3, -40, 700, 1 << 20][trial % 5], y = [0, 5, 63, -7, 100_000][(trial + s) % 5]
                var plain = [UInt8](repeating: 0xA5, count: 4 * count + 8)
                var chosen = plain, forced = plain
                plain.withUnsafeMutableBytes { shader.shadeOpaquePixels(y: y, x0: x0, count: count, into: $0.baseAddress! + 4, kernel: false) }
                chosen.withUnsafeMutableBytes { shader.shadeOpaquePixels(y: y, x0: x0, count: count, into: $0.baseAddress! + 4) }
                #expect(chosen == plain, "shader \(s), trial \(trial)")
                guard GradientSpanKernel.cpuHasAVX2, shader.kind == .linear || shader.kind == .radial else { continue }
                let py = Double(y) + 0.5
                let done = forced.withUnsafeMutableBytes { b in
                    shader.rampPixels.withUnsafeBufferPointer { r in
                        OpaqueRampKernel.run(b.baseAddress! + 4, x0: x0, count: count, packed: r.baseAddress!, radial: shader.kind == .radial,
                                             shader.ax, shader.ay * py + shader.a0, shader.bx, shader.by * py + shader.b0, forceAVX2: true)
                    }
                }
                #expect(done == (count / 8) * 8)
                #expect(forced[0..<(4 + 4 * done)] == plain[0..<(4 + 4 * done)], "shader \(s), trial \(trial), forced")
                #expect(forced[(4 + 4 * done)...].allSatisfy { $0 == 0xA5 }, "nothing written past the blocks")
            }
        }
    }
}
