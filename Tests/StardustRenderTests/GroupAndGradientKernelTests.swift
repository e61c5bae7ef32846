import Testing
import StardustCore
@testable import StardustRender

/// The eighth Lottie round's faster kernels against the plain loops they replace, bit for bit: group compositing four
/// pixels at a time, gradient shading four pixels at a time, and groups cleared and composited over their content's
/// bounds only (docs/RENDERER.md, "Group bounds").
@Suite struct GroupAndGradientKernelTests {
    /// The RGBA bytes of prepared `commands` drawn band by band over `background` (the frame `layout` describes).
    static func drawn(_ commands: [PreparedCommand], layout: BandLayout, background: Color) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: 4 * layout.width * layout.height)
        pixels.withUnsafeMutableBufferPointer { w in
            for b in 0..<layout.count {
                BandDrawer.draw(band: b, commands: commands, layout: layout, frame: w.baseAddress!, background: PremultipliedPixel(background))
            }
        }
        return pixels
    }

    // MARK: Group compositing

    /// A row of group pixels with transparent, opaque and translucent blocks (and mixed ones).
    private func groupRow(_ width: Int, trial: Int, rng: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = []
        for i in 0..<width {
            let a: UInt8
            switch (trial + i / 4) % 5 {
            case 0: a = 0
            case 1: a = 255
            case 2: a = UInt8.random(in: 0...255, using: &rng)
            case 3: a = Bool.random(using: &rng) ? 0 : 255
            default: a = Bool.random(using: &rng) ? 0 : UInt8.random(in: 1...255, using: &rng)
            }
            // Premultiplied (colors ≤ alpha); a zero alpha keeps zero colors, as a cleared buffer does.
            for _ in 0..<3 { out.append(a == 0 ? 0 : UInt8.random(in: 0...a, using: &rng)) }
            out.append(a)
        }
        return out
    }

    @Test("group compositing four pixels at a time gives the bytes of the one-pixel loop")
    func groupRowMatchesOnePixelLoop() {
        var rng = SplitMix64(seed: 8)
        for width in [1, 3, 4, 7, 16, 37] {
            for trial in 0..<30 {
                var src = groupRow(width, trial: trial, rng: &rng)
                let start = (0..<(4 * width)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                for opacity: Float in [1, 0.5, Float.random(in: 0.001...1, using: &rng), 1 - 1e-7] {
                    var got = start, want = start
                    src.withUnsafeMutableBufferPointer { s in
                        got.withUnsafeMutableBufferPointer { g in
                            GroupCompositor.compositeRow(s.baseAddress!, onto: g.baseAddress!, count: width, opacity: opacity)
                        }
                        want.withUnsafeMutableBufferPointer { w in
                            for i in 0..<width {
                                GroupCompositor.compositePixel(s.baseAddress! + 4 * i, onto: w.baseAddress! + 4 * i, opacity: opacity)
                            }
                        }
                    }
                    #expect(got == want, "width \(width), trial \(trial), opacity \(opacity)")
                }
            }
        }
    }

    @Test("an opaque group pixel at opacity 1 copied is what source-over gives, for every color and destination byte")
    func opaqueCopyIsSourceOver() {
        var src = [UInt8](repeating: 0, count: 4 * 4), dst = [UInt8](repeating: 0, count: 4 * 4)
        for c in 0...255 {
            for d in 0...255 {
                for i in 0..<4 { src[4 * i] = UInt8(c); src[4 * i + 1] = UInt8(255 - c); src[4 * i + 2] = 0; src[4 * i + 3] = 255 }
                for i in 0..<16 { dst[i] = UInt8(d) }
                var want = dst
                src.withUnsafeMutableBufferPointer { s in
                    want.withUnsafeMutableBufferPointer { w in
                        for i in 0..<4 { SourceOver.blend(loadPixel(s.baseAddress! + 4 * i) * 1, into: w.baseAddress! + 4 * i) }
                    }
                }
                #expect(want == src, "color \(c) over \(d)")
                if want != src { return }
            }
        }
    }

    // MARK: Gradient shading

    /// The ramp indices of the scalar loops `shade` and `shadeOpaquePixels` ran before they took four pixels per step.
    private func referenceIndices(_ s: PaintShader, y: Int, x0: Int, count: Int) -> [Int] {
        let py = Double(y) + 0.5, last = Double(PaintShader.rampSize - 1)
        return (0..<count).map { i in
            switch s.kind {
            case .linear:
                let t = s.ax * (Double(x0 + i) + 0.5) + (s.ay * py + s.a0)
                let c = t > 0 ? (t < 1 ? t : 1) : 0
                return Int(c * last + 0.5)
            case .radial:
                let px = Double(x0 + i) + 0.5
                let qx = s.ax * px + (s.ay * py + s.a0), qy = s.bx * px + (s.by * py + s.b0)
                let t = (qx * qx + qy * qy).squareRoot()
                let c = t < 1 ? t : (t >= 1 ? 1 : 0)
                return Int(c * last + 0.5)
            default:
                Issue.record("not a linear or radial shader"); return 0
            }
        }
    }

    /// What the one-pixel loop of `shade` wrote: ramp colors.
    private func referenceShade(_ s: PaintShader, y: Int, x0: Int, count: Int) -> [SIMD4<Float>] {
        referenceIndices(s, y: y, x0: x0, count: count).map { s.ramp[$0] }
    }

    /// What the one-pixel loop of `shadeOpaquePixels` wrote: packed ramp bytes.
    private func referenceOpaque(_ s: PaintShader, y: Int, x0: Int, count: Int) -> [UInt32] {
        referenceIndices(s, y: y, x0: x0, count: count).map { s.rampPixels[$0] }
    }

    /// The `trial`-th random gradient of a kernel test (linear, radial or elliptical, by `trial % 3`) and a random
    /// turned, sheared and scaled transform.
    private func randomGradient(_ trial: Int, _ stops: [GradientStop], _ rng: inout SplitMix64) -> (Paint, Transform2D) {
        let p = Point(Double.random(in: -50...150, using: &rng), Double.random(in: -50...150, using: &rng))
        let q = Point(Double.random(in: -50...150, using: &rng), Double.random(in: -50...150, using: &rng))
        let paint: Paint
        switch trial % 3 {
        case 0: paint = .linearGradient(start: p, end: q, stops: stops)
        case 1: paint = .radialGradient(center: p, radius: Double.random(in: 0.5...120, using: &rng), stops: stops)
        default: paint = .ellipticalGradient(center: p, radiusX: Double.random(in: 0.5...90, using: &rng),
                                             radiusY: Double.random(in: 0.5...90, using: &rng), stops: stops)
        }
        let t = Transform2D(a: Double.random(in: -2...2, using: &rng), b: Double.random(in: -1...1, using: &rng),
                            c: Double.random(in: -1...1, using: &rng), d: Double.random(in: -2...2, using: &rng),
                            tx: Double.random(in: -20...20, using: &rng), ty: Double.random(in: -20...20, using: &rng))
        return (paint, t)
    }

    @Test("linear, radial and elliptical gradients shaded four pixels at a time match the one-pixel loop")
    func gradientShadingMatchesScalarLoop() {
        var rng = SplitMix64(seed: 88)
        let stops = [GradientStop(0, Color(red: 1, green: 0, blue: 0, alpha: 0.2)), GradientStop(0.4, .white),
                     GradientStop(1, Color(red: 0, green: 0, blue: 1, alpha: 0.7))]
        for trial in 0..<60 {
            // Turned, sheared and scaled; a vertical linear gradient (ax = 0) among them.
            let (paint, turned) = randomGradient(trial, stops, &rng)
            let t = trial == 3 ? .identity : turned
            let shader = PaintShader(paint: paint, opacity: Double.random(in: 0.2...1, using: &rng), deviceFromLocal: t)
            guard shader.kind == .linear || shader.kind == .radial else { continue }
            for count in [1, 3, 4, 5, 8, 61] {
                let y = Int.random(in: -10...200, using: &rng), x0 = Int.random(in: -10...200, using: &rng)
                let out = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: count)
                defer { out.deallocate() }
                shader.shade(y: y, x0: x0, count: count, into: out)
                let got = Array(UnsafeBufferPointer(start: out, count: count))
                #expect(got == referenceShade(shader, y: y, x0: x0, count: count), "trial \(trial), count \(count)")
            }
        }
        // A vertical gradient: ax = 0 exactly.
        let vertical = PaintShader(paint: .linearGradient(start: Point(0, 0), end: Point(0, 10), stops: stops))
        #expect(vertical.ax == 0)
    }

    @Test("opaque linear, radial and elliptical gradients written four pixels at a time match the one-pixel loop")
    func opaqueGradientPixelsMatchScalarLoop() {
        var rng = SplitMix64(seed: 89)
        // Opaque stops that differ in every channel, so a wrong ramp index shows in the bytes.
        let stops = [GradientStop(0, Color(red: 1, green: 0, blue: 0.1, alpha: 1)), GradientStop(0.4, Color(red: 0.2, green: 0.9, blue: 0.5, alpha: 1)),
                     GradientStop(1, Color(red: 0, green: 0.3, blue: 1, alpha: 1))]
        for trial in 0..<60 {
            let (paint, t) = randomGradient(trial, stops, &rng)
            let shader = PaintShader(paint: paint, deviceFromLocal: t)
            guard shader.kind == .linear || shader.kind == .radial else { continue }
            #expect(shader.isOpaque)
            for count in [1, 3, 4, 5, 8, 61] {
                let y = Int.random(in: -10...200, using: &rng), x0 = Int.random(in: -10...200, using: &rng)
                var got = [UInt32](repeating: 0, count: count)
                got.withUnsafeMutableBytes { shader.shadeOpaquePixels(y: y, x0: x0, count: count, into: $0.baseAddress!) }
                #expect(got == referenceOpaque(shader, y: y, x0: x0, count: count), "trial \(trial), count \(count)")
            }
        }
        // Overflow to infinity (t clamped to 1) in the four-pixel steps as in the scalar loop.
        let huge = PaintShader(paint: .radialGradient(center: .zero, radius: 1e-300, stops: stops))
        var got = [UInt32](repeating: 0, count: 9)
        got.withUnsafeMutableBytes { huge.shadeOpaquePixels(y: 3, x0: 0, count: 9, into: $0.baseAddress!) }
        #expect(got == referenceOpaque(huge, y: 3, x0: 0, count: 9))
    }

    @Test("a radial gradient whose parameter overflows to infinity reads the last ramp entry, as the scalar loop reads it")
    func radialOverflowReadsLastEntry() {
        let stops = [GradientStop(0, .white), GradientStop(1, .black)]
        // A huge transform makes qx² overflow to infinity: t is infinite (not NaN), clamped to 1 in both.
        let shader = PaintShader(paint: .radialGradient(center: .zero, radius: 1e-300, stops: stops))
        let out = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: 8)
        defer { out.deallocate() }
        shader.shade(y: 3, x0: 0, count: 8, into: out)
        #expect(Array(UnsafeBufferPointer(start: out, count: 8)) == referenceShade(shader, y: 3, x0: 0, count: 8))
    }

    // MARK: Group bounds

    @Test("a group's prepared bounds are its content's bounds within the clip, nested groups and clips included")
    func groupBoundsAreContentBounds() throws {
        func square(_ r: Rect) -> DrawCommand { .path(PathDraw(path: Path(rect: r), paint: .color(.white))) }
        let list = Fixture.list(100, 80, [
            .beginGroup(opacity: 0.5),
            square(Rect(10, 10, 5, 5)),
            .pushClip(rect: Rect(0, 0, 90, 80), transform: .identity),
            .beginGroup(opacity: 0.5), square(Rect(70, 50, 30, 10)), .endGroup,
            .popClip,
            .endGroup,
            .beginGroup(opacity: 0.5), .endGroup,
        ])
        let prepared = try FramePreparer.prepare(list, layout: BandLayout(width: 100, height: 80, bandHeight: 16))
        let groups = prepared.compactMap { c -> PixelRect? in
            if case .beginGroup(_, let b) = c { return b } else { return nil }
        }
        #expect(groups.count == 3)
        // The outer group holds both squares (the inner one's whole bounds: a clip inside is not subtracted, which
        // is conservative); the inner one its square within the clip; the empty one nothing.
        #expect(groups[0] == PixelRect(x0: 10, y0: 10, x1: 100, y1: 60))
        #expect(groups[1] == PixelRect(x0: 70, y0: 50, x1: 90, y1: 60))
        #expect(groups[2].isEmpty)
    }

    @Test("a group drawn over its content's bounds gives the pixels of one drawn over the whole band")
    func groupOverBoundsMatchesWholeBand() throws {
        var rng = SplitMix64(seed: 3)
        for trial in 0..<12 {
            var commands: [DrawCommand] = []
            for _ in 0..<3 {
                let x = Double.random(in: -20...110, using: &rng), y = Double.random(in: -20...90, using: &rng)
                let color = Color(red: Double.random(in: 0...1, using: &rng), green: 0.5, blue: 0.2,
                                  alpha: Double.random(in: 0.2...1, using: &rng))
                let shape = PathDraw(path: Path(ellipseIn: Rect(x, y, Double.random(in: 1...60, using: &rng), 25)),
                                     paint: .color(color))
                commands += [.beginGroup(opacity: Double.random(in: 0.1...1, using: &rng)), .path(shape),
                             .path(PathDraw(path: Path(rect: Rect(y, x, 9, 9)), paint: .color(.white))), .endGroup]
            }
            let list = Fixture.list(100, 80, background: Color(red: 0.1, green: 0.2, blue: 0.9, alpha: 1), commands)
            let got = try Fixture.render(list, bandHeight: 7 + trial)
            // The same groups with their bounds widened to the whole frame (what the band drawer did before).
            let layout = BandLayout(width: 100, height: 80, bandHeight: 7 + trial)
            let widened = try FramePreparer.prepare(list, layout: layout).map { c -> PreparedCommand in
                if case .beginGroup(let o, _) = c { return .beginGroup(opacity: o, bounds: PixelRect(x0: 0, y0: 0, x1: 100, y1: 80)) }
                return c
            }
            let want = Self.drawn(widened, layout: layout, background: Color(red: 0.1, green: 0.2, blue: 0.9, alpha: 1))
            #expect(got.pixels == want, "trial \(trial)")
        }
    }

    @Test("a rotated clip resolved over its content's bounds gives the pixels of one resolved over its whole rectangle")
    func rotatedClipOverContentMatchesWholeRect() throws {
        var rng = SplitMix64(seed: 12)
        let background = Color(red: 0.3, green: 0.6, blue: 0.1, alpha: 0.8)
        for trial in 0..<10 {
            let turn = Transform2D(rotationAngle: Double.random(in: 0.1...1.2, using: &rng))
                .concatenating(Transform2D(translationX: 50, y: 10))
            let x = Double.random(in: -10...90, using: &rng), y = Double.random(in: -10...70, using: &rng)
            let color = Color(red: 1, green: 0.2, blue: Double.random(in: 0...1, using: &rng), alpha: Double.random(in: 0.3...1, using: &rng))
            let list = Fixture.list(100, 80, background: background, [
                .pushClip(rect: Rect(0, 0, 60, 50), transform: turn),
                .path(PathDraw(path: Path(ellipseIn: Rect(x, y, 14, 9)), paint: .color(color))),
                .beginGroup(opacity: 0.6), .path(PathDraw(path: Path(rect: Rect(y, x, 7, 12)), paint: .color(.white))), .endGroup,
                .popClip,
            ])
            let layout = BandLayout(width: 100, height: 80, bandHeight: 5 + trial)
            let prepared = try FramePreparer.prepare(list, layout: layout)
            // The preparer drops the mask where it covers every pixel of the content (FullyCoveredClipTests).
            guard case .pushClip(let shrunk, let kept) = prepared[0], let mask = ClipMask(Rect(0, 0, 60, 50), turn, scale: 1)
            else { Issue.record("no rotated clip"); return }
            #expect(kept != nil || mask.coversFully(shrunk))
            let whole = mask.bounds.intersection(PixelRect(x0: 0, y0: 0, x1: 100, y1: 80))
            #expect(shrunk.x0 >= whole.x0 && shrunk.x1 <= whole.x1 && shrunk.y0 >= whole.y0 && shrunk.y1 <= whole.y1)
            var widened = prepared
            widened[0] = .pushClip(whole, mask)
            let got = try Fixture.render(list, bandHeight: 5 + trial)
            let want = Self.drawn(widened, layout: layout, background: background)
            #expect(got.pixels == want, "trial \(trial)")
        }
    }

    @Test("masks applied four pixels at a time give the bytes of the one-pixel loop, in every mask mode")
    func maskQuadsMatchOnePixelLoop() {
        var rng = SplitMix64(seed: 21)
        let width = 23, rows = 3
        for mode in [MaskMode.alpha, .alphaInverted, .luminance, .luminanceInverted] {
            for trial in 0..<20 {
                // Content and mask rows with transparent, opaque, white and random blocks.
                var content: [UInt8] = [], mask: [UInt8] = []
                for r in 0..<rows { content += groupRow(width, trial: trial + r, rng: &rng); mask += groupRow(width, trial: trial + 2 * r + 1, rng: &rng) }
                for i in 0..<(width * rows) where (i / 4 + trial) % 6 == 5 { for k in 0..<4 { mask[4 * i + k] = 255 } }
                var got = content, want = content
                mask.withUnsafeMutableBufferPointer { m in
                    let maskTarget = RenderTarget(base: m.baseAddress!, originY: 0, stride: 4 * width, width: width,
                                                  clip: PixelRect(x0: 0, y0: 0, x1: width, y1: rows))
                    got.withUnsafeMutableBufferPointer { g in
                        let target = RenderTarget(base: g.baseAddress!, originY: 0, stride: 4 * width, width: width,
                                                  clip: PixelRect(x0: 0, y0: 0, x1: width, y1: rows))
                        CompositeResolver.applyMask(mode, mask: maskTarget, to: target, rect: PixelRect(x0: 1, y0: 0, x1: width, y1: rows))
                    }
                    want.withUnsafeMutableBufferPointer { w in
                        let coverage: (SIMD4<Float>) -> Float
                        switch mode {
                        case .alpha: coverage = { $0.w }
                        case .alphaInverted: coverage = { 255 - $0.w }
                        case .luminance: coverage = { CompositeResolver.luminance($0) }
                        case .luminanceInverted: coverage = { 255 - CompositeResolver.luminance($0) }
                        }
                        for y in 0..<rows {
                            for x in 1..<width {
                                let o = 4 * (y * width + x)
                                CompositeResolver.applyPixel(m.baseAddress! + o, w.baseAddress! + o, coverage)
                            }
                        }
                    }
                }
                #expect(got == want, "\(mode), trial \(trial)")
            }
        }
    }

    @Test("a rotated clip resolved four pixels at a time gives the bytes of the one-pixel loop")
    func clipResolveMatchesOnePixelLoop() throws {
        var rng = SplitMix64(seed: 44)
        let width = 41, height = 30
        for trial in 0..<30 {
            let t = Transform2D(rotationAngle: Double.random(in: -1.5...1.5, using: &rng))
                .concatenating(Transform2D(translationX: Double.random(in: 0...30, using: &rng), y: Double.random(in: -5...10, using: &rng)))
            guard let mask = ClipMask(Rect(0, 0, Double.random(in: 1...30, using: &rng), Double.random(in: 1...25, using: &rng)), t,
                                      scale: Double.random(in: 0.5...2, using: &rng)) else { continue }
            let start = (0..<(4 * width * height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            // The copy as the clip's commands leave it: stretches they did not draw over keep the parent's bytes (also
            // blocks of four that the resolve skips), the rest changed; every other trial changes nothing at all.
            var drawn = start
            if trial % 2 == 1 {
                for i in 0..<(width * height) where (i / 3 + i / 7 + trial) % 3 != 0 {
                    for c in 0..<4 { drawn[4 * i + c] = UInt8.random(in: 0...255, using: &rng) }
                }
            }
            var got = start, want = start
            let rect = PixelRect(x0: trial % 5, y0: 0, x1: width - trial % 3, y1: height)
            drawn.withUnsafeMutableBufferPointer { d in
                let source = RenderTarget(base: d.baseAddress!, originY: 0, stride: 4 * width, width: width, clip: rect)
                got.withUnsafeMutableBufferPointer { g in
                    mask.resolve(source, onto: RenderTarget(base: g.baseAddress!, originY: 0, stride: 4 * width, width: width, clip: rect), rect: rect)
                }
                want.withUnsafeMutableBufferPointer { w in
                    for y in rect.y0..<rect.y1 {
                        for x in rect.x0..<rect.x1 {
                            mask.resolvePixel(x, mask.quad.e.row(y), mask.quad.f.row(y), d.baseAddress! + y * 4 * width,
                                              w.baseAddress! + y * 4 * width)
                        }
                    }
                }
            }
            #expect(got == want, "trial \(trial)")
        }
    }

    @Test("an alpha or luminance masked group composited inside its mask's bounds gives the pixels of one composited over its region")
    func maskedGroupInsideMaskBoundsMatchesWholeRegion() throws {
        var rng = SplitMix64(seed: 31)
        let background = Color(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)
        for mode in MaskMode.allCases {
            for trial in 0..<6 {
                let x = Double.random(in: 0...80, using: &rng), y = Double.random(in: 0...60, using: &rng)
                let content = Color(red: 0.9, green: Double.random(in: 0...1, using: &rng), blue: 0.1, alpha: Double.random(in: 0.3...1, using: &rng))
                let maskColor = Color(red: Double.random(in: 0...1, using: &rng), green: 0.7, blue: 0.5, alpha: Double.random(in: 0.2...1, using: &rng))
                let tint: Color? = trial % 2 == 0 ? nil : Color(red: 0.5, green: 1, blue: 0.8, alpha: 0.9)
                let list = Fixture.list(100, 80, background: background, [
                    .beginCompositeGroup(CompositeGroup(opacity: 0.9, filter: trial % 3 == 0 ? .multiply : .normal, mask: mode, tint: tint)),
                    .path(PathDraw(path: Path(ellipseIn: Rect(5, 5, 90, 70)), paint: .color(content))),
                    .beginGroupMask,
                    .path(PathDraw(path: Path(ellipseIn: Rect(x, y, 17, 11)), paint: .color(maskColor))),
                    .endCompositeGroup,
                ])
                let layout = BandLayout(width: 100, height: 80, bandHeight: 6 + trial)
                let prepared = try FramePreparer.prepare(list, layout: layout)
                guard case .beginComposite(let p) = prepared[0] else { Issue.record("no composite group"); return }
                #expect((p.maskBounds != nil) == (mode == .alpha || mode == .luminance))
                var widened = prepared, q = p
                q.maskBounds = nil
                widened[0] = .beginComposite(q)
                let got = try Fixture.render(list, bandHeight: 6 + trial)
                let want = Self.drawn(widened, layout: layout, background: background)
                #expect(got.pixels == want, "\(mode), trial \(trial)")
            }
        }
    }
}
