import Testing
import StardustCore
@testable import StardustRender

/// A rotated clip that covers every pixel its content draws is drawn as an axis-aligned clip, without the copy and the
/// resolve (`ClipMask.coversFully`; docs/RENDERER.md, "Group bounds"; twenty-fourth round): the corner test never says
/// "covered" for a rectangle with a pixel of coverage below 1, and the frames are those of the resolved clip, bit for bit.
@Suite struct FullyCoveredClipTests {
    /// The coverage of pixel `(x, y)` as `ClipMask.resolvePixel` computes it.
    static func scalarCoverage(_ mask: ClipMask, _ x: Int, _ y: Int) -> Float {
        let m = mask.quad, fx = Float(x)
        let e = m.e.row(y) + m.e.dx * fx, f = m.f.row(y) + m.f.dx * fx
        return QuadRasterizer.ramp(e + 0.5) * QuadRasterizer.ramp(m.width - e + 0.5)
            * QuadRasterizer.ramp(f + 0.5) * QuadRasterizer.ramp(m.height - f + 0.5)
    }

    /// Whether both resolve loops give every pixel of `rect` coverage 1 or more (the four-lane one from each column).
    static func allCovered(_ mask: ClipMask, _ rect: PixelRect) -> Bool {
        for y in rect.y0..<rect.y1 {
            let e0 = mask.quad.e.row(y), f0 = mask.quad.f.row(y)
            for x in rect.x0..<rect.x1 {
                if scalarCoverage(mask, x, y) < 1 { return false }
                let lanes = mask.coverage(SIMD4<Float>(repeating: Float(x)) + SIMD4(0, 1, 2, 3), e0, f0)
                if lanes[0] < 1 { return false }
            }
        }
        return true
    }

    @Test("the corner test says covered only when every pixel of the rectangle has coverage 1")
    func cornerTestIsExact() {
        var rng = SplitMix64(seed: 77)
        var covered = 0, tight = 0
        for trial in 0..<120 {
            let angle = [0.0, 1e-7, 0.3, .pi / 4, 1.1, .pi / 2, 2.5][trial % 7] + Double.random(in: 0...1e-3, using: &rng)
            let skew = trial % 5 == 4 ? Transform2D(a: 1, b: 0.2, c: -0.1, d: 1, tx: 0, ty: 0) : .identity
            let far = trial % 11 == 10 ? 3.0e5 : 0
            let t = Transform2D(rotationAngle: angle).concatenating(skew)
                .concatenating(Transform2D(translationX: 40 + far + Double.random(in: -3...3, using: &rng), y: 30 + Double.random(in: -3...3, using: &rng)))
            let rect = Rect(Double.random(in: -30 ... -5, using: &rng), Double.random(in: -30 ... -5, using: &rng),
                            Double.random(in: 10...70, using: &rng), Double.random(in: 10...70, using: &rng))
            guard let mask = ClipMask(rect, t, scale: [1, 1.5, 0.5][trial % 3]) else { continue }
            // Rectangles around the quad's middle, of every size up to its bounds: the small ones inside, the large
            // ones crossing its edges; then the tightest covered one grown by a pixel on each side.
            let b = mask.bounds
            let cx = (b.x0 + b.x1) / 2, cy = (b.y0 + b.y1) / 2
            for size in stride(from: 1, through: max(b.x1 - b.x0, b.y1 - b.y0), by: 4) {
                let r = PixelRect(x0: cx - size / 2, y0: cy - size / 3, x1: cx + (size + 1) / 2, y1: cy + size / 3 + 1)
                let says = mask.coversFully(r)
                if says {
                    covered += 1
                    #expect(Self.allCovered(mask, r), "trial \(trial), \(r)")
                    for grown in [PixelRect(x0: r.x0 - 1, y0: r.y0, x1: r.x1, y1: r.y1), PixelRect(x0: r.x0, y0: r.y0 - 1, x1: r.x1, y1: r.y1),
                                  PixelRect(x0: r.x0, y0: r.y0, x1: r.x1 + 1, y1: r.y1), PixelRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1 + 1)]
                    where mask.coversFully(grown) {
                        tight += 1
                        #expect(Self.allCovered(mask, grown), "trial \(trial), \(grown)")
                    }
                }
            }
        }
        #expect(covered > 100)
        #expect(tight > 20)
        // Empty and far rectangles are never covered.
        let mask = ClipMask(Rect(0, 0, 10, 10), Transform2D(rotationAngle: 0.5), scale: 1)!
        #expect(!mask.coversFully(PixelRect(x0: 3, y0: 3, x1: 3, y1: 9)))
        #expect(!mask.coversFully(PixelRect(x0: 1 << 25, y0: 0, x1: (1 << 25) + 2, y1: 2)))
    }

    @Test("content inside a turned clip draws the frame of the resolved clip, bit for bit")
    func uncopiedClipMatchesResolvedClip() throws {
        var rng = SplitMix64(seed: 5)
        let background = Color(red: 0.2, green: 0.5, blue: 0.3, alpha: 0.9)
        let texture = Texture(Fixture.noise(9, 7, seed: 2))
        var dropped = 0
        for trial in 0..<40 {
            let clipRect = Rect(-40, -35, 80, 70)
            let turn = Transform2D(rotationAngle: Double.random(in: 0.05...1.5, using: &rng))
                .concatenating(Transform2D(translationX: 50 + Double.random(in: -5...5, using: &rng), y: 40))
            // Content near the middle: inside the turned rectangle in most trials, crossing its edge in some.
            let reach = trial % 4 == 3 ? 45.0 : 22
            func spot() -> Rect {
                Rect(50 + Double.random(in: -reach...(reach - 10), using: &rng), 40 + Double.random(in: -reach...(reach - 10), using: &rng),
                     Double.random(in: 2...10, using: &rng), Double.random(in: 2...10, using: &rng))
            }
            let stops = [GradientStop(0, Color(red: 1, green: 0.8, blue: 0.2, alpha: 0.9)), GradientStop(1, .clear)]
            let s1 = spot(), s2 = spot(), s3 = spot(), s4 = spot()
            let list = Fixture.list(100, 80, scale: trial % 3 == 1 ? 1.5 : 1, background: background, [
                .pushClip(rect: clipRect, transform: turn),
                .path(PathDraw(path: Path(ellipseIn: s1), paint: .radialGradient(center: Point(s1.midX, s1.midY), radius: 6, stops: stops))),
                .beginGroup(opacity: 0.7),
                .path(PathDraw(path: Path(rect: s2), paint: .color(Color(red: 0.1, green: 0.2, blue: 1, alpha: 0.6)))),
                .image(ImageDraw(texture: texture, rect: s3, transform: .identity, opacity: 0.8)),
                .endGroup,
                .path(PathDraw(path: Path(ellipseIn: s4), style: .stroke(StrokeStyle(width: 1.5)), paint: .color(.white))),
                .popClip,
            ])
            let bandHeight = 4 + trial % 13
            let layout = BandLayout(width: list.pixelWidth, height: list.pixelHeight, bandHeight: bandHeight)
            let prepared = try FramePreparer.prepare(list, layout: layout)
            guard case .pushClip(let rect, let kept) = prepared[0],
                  let mask = ClipMask(clipRect, turn, scale: list.scale) else { Issue.record("no clip"); return }
            #expect((kept == nil) == mask.coversFully(rect), "trial \(trial)")
            if kept == nil { dropped += 1 }
            // The same frame with the copy and the resolve.
            var resolved = prepared
            resolved[0] = .pushClip(rect, mask)
            let got = try Fixture.render(list, bandHeight: bandHeight)
            let want = GroupAndGradientKernelTests.drawn(resolved, layout: layout, background: background)
            #expect(got.pixels == want, "trial \(trial)")
        }
        #expect(dropped >= 15)
    }
}
