import Testing
import StardustCore
@testable import StardustRender

/// A masked composite group whose content and mask draw the same bytes under any clip is drawn inside its mask's
/// bounds only (`PreparedComposite.drawsInsideMask`; docs/RENDERER.md, "Group bounds"; twenty-fourth round): the same
/// frames, bit for bit, as drawing both over the whole region, for busy content of every kind that qualifies.
@Suite struct MaskedCompositeNarrowingTests {
    /// `prepared` with every composite's `drawsInsideMask` turned off: content and mask over the whole region, as before.
    static func drawnOverRegion(_ prepared: [PreparedCommand]) -> [PreparedCommand] {
        prepared.map { c in
            guard case .beginComposite(var p) = c else { return c }
            p.drawsInsideMask = false
            return .beginComposite(p)
        }
    }

    static func stops(_ rng: inout SplitMix64, fadesOut: Bool) -> [GradientStop] {
        func color() -> Color {
            Color(red: Double.random(in: 0...1, using: &rng), green: Double.random(in: 0...1, using: &rng),
                  blue: Double.random(in: 0...1, using: &rng), alpha: Double.random(in: 0.1...1, using: &rng))
        }
        return [GradientStop(0, color()), GradientStop(Double.random(in: 0.2...0.8, using: &rng), color()),
                GradientStop(1, fadesOut ? .clear : color())]
    }

    /// A random path command: solid, translucent linear or radial (glow) gradient, elliptical, stroke or even-odd,
    /// rotated or not, partly outside the frame at times.
    static func shape(_ rng: inout SplitMix64, _ w: Double, _ h: Double) -> DrawCommand {
        let x = Double.random(in: -0.3 * w...w, using: &rng), y = Double.random(in: -0.3 * h...h, using: &rng)
        let rect = Rect(x, y, Double.random(in: 3...(0.8 * w), using: &rng), Double.random(in: 3...(0.8 * h), using: &rng))
        let centre = Point(rect.midX, rect.midY)
        let paint: Paint
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: paint = .color(Color(red: 0.8, green: Double.random(in: 0...1, using: &rng), blue: 0.3,
                                     alpha: Double.random(in: 0.2...1, using: &rng)))
        case 1: paint = .linearGradient(start: Point(rect.minX, rect.minY), end: Point(rect.maxX, rect.maxY),
                                        stops: stops(&rng, fadesOut: false))
        case 2: paint = .radialGradient(center: centre, radius: max(rect.width, rect.height) / 2, stops: stops(&rng, fadesOut: true))
        case 3: paint = .ellipticalGradient(center: centre, radiusX: rect.width / 2, radiusY: rect.height / 3,
                                            stops: stops(&rng, fadesOut: true))
        default: paint = .conicGradient(center: centre, startAngle: 0.4, stops: stops(&rng, fadesOut: false))
        }
        let style: PathDraw.Style
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: style = .stroke(StrokeStyle(width: Double.random(in: 0.5...6, using: &rng)))
        case 1: style = .fill(.evenOdd)
        default: style = .fill(.nonZero)
        }
        let turn = Bool.random(using: &rng) ? Transform2D.identity
            : Transform2D(translationX: -centre.x, y: -centre.y).concatenating(Transform2D(rotationAngle: 0.6))
                .concatenating(Transform2D(translationX: centre.x, y: centre.y))
        return .path(PathDraw(path: Bool.random(using: &rng) ? Path(ellipseIn: rect) : Path(rect: rect), transform: turn,
                              style: style, paint: paint, opacity: Double.random(in: 0.3...1, using: &rng)))
    }

    /// Content: shapes, with a group at an opacity, an axis-aligned and a rotated clip and a nested masked composite.
    static func content(_ rng: inout SplitMix64, _ w: Double, _ h: Double) -> [DrawCommand] {
        var c: [DrawCommand] = [shape(&rng, w, h), shape(&rng, w, h)]
        c += [.beginGroup(opacity: Double.random(in: 0.2...0.9, using: &rng)), shape(&rng, w, h), shape(&rng, w, h), .endGroup]
        c += [.pushClip(rect: Rect(w * 0.1, h * 0.2, w * 0.7, h * 0.5), transform: .identity), shape(&rng, w, h), .popClip]
        c += [.pushClip(rect: Rect(-w * 0.2, -h * 0.2, w * 0.5, h * 0.4),
                        transform: Transform2D(rotationAngle: 0.5).concatenating(Transform2D(translationX: w / 2, y: h / 2))),
              shape(&rng, w, h), .popClip]
        c += [.beginCompositeGroup(CompositeGroup(opacity: 0.8, mask: .alpha)), shape(&rng, w, h), .beginGroupMask,
              shape(&rng, w, h), .endCompositeGroup]
        return c
    }

    @Test("content and mask drawn inside the mask's bounds give the frames of both drawn over the whole region")
    func insideMaskMatchesWholeRegion() throws {
        var rng = SplitMix64(seed: 2024)
        let w = 97.0, h = 83.0
        let background = Color(red: 0.3, green: 0.1, blue: 0.6, alpha: 1)
        var narrowed = 0
        for trial in 0..<60 {
            let mode = MaskMode.allCases[trial % MaskMode.allCases.count]
            let group = CompositeGroup(opacity: Double.random(in: 0.3...1, using: &rng),
                                       filter: trial % 4 == 1 ? .multiply : (trial % 4 == 3 ? .screen : .normal), mask: mode,
                                       tint: trial % 5 == 2 ? Color(red: 0.9, green: 0.6, blue: 1, alpha: 0.8) : nil)
            var commands: [DrawCommand] = [Self.shape(&rng, w, h), .beginCompositeGroup(group)]
            commands += Self.content(&rng, w, h)
            commands.append(.beginGroupMask)
            // A mask smaller than the content at times, larger at others, sometimes outside the frame.
            for _ in 0..<Int.random(in: 1...3, using: &rng) { commands.append(Self.shape(&rng, w * 0.6, h * 0.6)) }
            commands += [.endCompositeGroup, Self.shape(&rng, w, h)]
            let list = Fixture.list(w, h, scale: trial % 3 == 0 ? 1.5 : 1, background: background, commands)
            let bandHeight = 5 + trial % 17
            let layout = BandLayout(width: list.pixelWidth, height: list.pixelHeight, bandHeight: bandHeight)
            let prepared = try FramePreparer.prepare(list, layout: layout)
            for case .beginComposite(let p) in prepared where p.drawsInsideMask {
                #expect(p.maskBounds != nil)
                narrowed += 1
            }
            let got = try Fixture.render(list, bandHeight: bandHeight)
            let want = GroupAndGradientKernelTests.drawn(Self.drawnOverRegion(prepared), layout: layout, background: background)
            #expect(got.pixels == want, "trial \(trial), \(mode)")
        }
        // At least the outer composite of every alpha and luminance trial (half of them) is narrowed.
        #expect(narrowed >= 30)
    }

    @Test("content or a mask holding an image is drawn over the whole region")
    func clipDependentCommandsAreNotNarrowed() throws {
        let texture = Texture(Fixture.noise(6, 5, seed: 4))
        let image = DrawCommand.image(ImageDraw(texture: texture, rect: Rect(10.3, 7.7, 40, 30), transform: Transform2D(rotationAngle: 0.2)))
        let disc = DrawCommand.path(PathDraw(path: Path(ellipseIn: Rect(20, 20, 30, 30)), paint: .color(.white)))
        for (content, mask) in [([image], [disc]), ([disc], [image]), ([disc, image], [disc])] {
            let list = Fixture.list(80, 60, [.beginCompositeGroup(CompositeGroup(mask: .alpha))] + content
                                    + [.beginGroupMask] + mask + [.endCompositeGroup])
            let prepared = try FramePreparer.prepare(list, layout: BandLayout(width: 80, height: 60, bandHeight: 64))
            guard case .beginComposite(let p) = prepared[0] else { Issue.record("no composite group"); return }
            #expect(p.maskBounds != nil)
            #expect(!p.drawsInsideMask)
        }
        #expect(CompositePreparer.drawsPixelwise([.popClip, .endGroup, .beginGroupMask, .endComposite][...]))
    }
}
