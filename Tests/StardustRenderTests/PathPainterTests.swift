import Foundation
import Testing
import StardustCore
@testable import StardustRender

@Suite struct PathPainterTests {
    /// A w×h premultiplied RGBA8 canvas cleared to `fill`.
    final class Canvas {
        let w: Int, h: Int
        var bytes: [UInt8]
        init(_ w: Int, _ h: Int, fill: PremultipliedPixel = PremultipliedPixel(r: 0, g: 0, b: 0, a: 0)) {
            self.w = w; self.h = h
            bytes = [UInt8](repeating: 0, count: w * h * 4)
            for i in 0..<(w * h) { bytes[4 * i] = fill.r; bytes[4 * i + 1] = fill.g; bytes[4 * i + 2] = fill.b; bytes[4 * i + 3] = fill.a }
        }
        /// Draws with the clip `clip` (default: everything) split into the given row bands.
        func draw(_ p: PreparedPath, bands: [Range<Int>]? = nil, clip: PixelRect? = nil) {
            let c = clip ?? PixelRect(x0: 0, y0: 0, x1: w, y1: h)
            bytes.withUnsafeMutableBufferPointer { b in
                for band in bands ?? [0..<h] {
                    let target = RenderTarget(base: b.baseAddress! + band.lowerBound * w * 4, originY: band.lowerBound, stride: w * 4, width: w,
                                              clip: c.intersection(PixelRect(x0: 0, y0: band.lowerBound, x1: w, y1: band.upperBound)))
                    PathPainter.draw(p, into: target)
                }
            }
        }
        subscript(x: Int, y: Int) -> PremultipliedPixel {
            let i = 4 * (y * w + x)
            return PremultipliedPixel(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
        }
        var alphaSum: Double { stride(from: 3, to: bytes.count, by: 4).reduce(0) { $0 + Double(bytes[$1]) } / 255 }
    }

    func circle(_ c: Point, _ r: Double) -> Path { Path(ellipseIn: Rect(c.x - r, c.y - r, 2 * r, 2 * r)) }

    @Test("circle area through the renderer") func circleAreaThroughTheRenderer() {
        for (r, c) in [(6.0, Point(20.3, 19.6)), (11.3, Point(21.15, 20.9)), (17.0, Point(20.0, 20.45))] {
            let canvas = Canvas(84, 84)
            canvas.draw(PathPainter.prepare(PathDraw(path: circle(c, r), paint: .color(.white)), scale: 2))
            let expected = Double.pi * (2 * r) * (2 * r)
            #expect(abs(canvas.alphaSum - expected) <= expected * 0.005, "r = \(r)")
            #expect(canvas[Int(2 * c.x), Int(2 * c.y)] == PremultipliedPixel(r: 255, g: 255, b: 255, a: 255))
        }
    }

    @Test("solid fill composites hand computed values") func solidFillCompositesHandComputedValues() {
        let blue = PremultipliedPixel(r: 0, g: 0, b: 255, a: 255)
        let cmd = PathDraw(path: Path(rect: Rect(1, 1, 4, 4)), paint: .color(Color(red: 1, green: 0, blue: 0, alpha: 0.5)), opacity: 0.8)
        // src = (1·0.4, 0, 0, 0.4)·255 = (102, 0, 0, 102); source-over: dst·0.6 + src = (102, 0, 153, 255).
        let over = Canvas(12, 12, fill: blue)
        over.draw(PathPainter.prepare(cmd, scale: 2))
        #expect(over[5, 5] == PremultipliedPixel(r: 102, g: 0, b: 153, a: 255))
        #expect(over[1, 1] == blue)
        // Additive: dst + src, clamped = (102, 0, 255, 255).
        var add = cmd; add.blend = .additive
        let plus = Canvas(12, 12, fill: blue)
        plus.draw(PathPainter.prepare(add, scale: 2))
        #expect(plus[5, 5] == PremultipliedPixel(r: 102, g: 0, b: 255, a: 255))
        // A half-covered edge pixel (edge at x = 2.25 pt·2 = 4.5 px) over transparent: white at 0.5 → 128.
        let edge = Canvas(12, 12)
        edge.draw(PathPainter.prepare(PathDraw(path: Path(rect: Rect(2.25, 1, 3, 3)), paint: .color(.white)), scale: 2))
        #expect(edge[4, 4] == PremultipliedPixel(r: 128, g: 128, b: 128, a: 128))
        #expect(edge[5, 4].a == 255)
    }

    @Test("bands and clip give identical pixels") func bandsAndClipGiveIdenticalPixels() {
        var p = circle(Point(15.2, 14.7), 11)
        p.addPath(circle(Point(15.2, 14.7), 5))
        let cmd = PathDraw(path: p, transform: Transform2D(rotationAngle: 0.3).translatedBy(x: 1, y: -2),
                           style: .fill(.evenOdd),
                           paint: .radialGradient(center: Point(15, 15), radius: 12, stops: [GradientStop(0, .red), GradientStop(1, Color(red: 0, green: 0, blue: 1, alpha: 0.5))]),
                           opacity: 0.9)
        let prepared = PathPainter.prepare(cmd, scale: 2)
        let full = Canvas(64, 64, fill: PremultipliedPixel(r: 10, g: 20, b: 30, a: 40))
        full.draw(prepared)
        let banded = Canvas(64, 64, fill: PremultipliedPixel(r: 10, g: 20, b: 30, a: 40))
        banded.draw(prepared, bands: [0..<5, 5..<6, 6..<31, 31..<64])
        #expect(full.bytes == banded.bytes)
        #expect(full.alphaSum > 64 * 64 * 40 / 255 + 100)
        // With a clip, pixels outside it stay untouched and pixels inside match the unclipped drawing.
        let clipped = Canvas(64, 64, fill: PremultipliedPixel(r: 10, g: 20, b: 30, a: 40))
        let clip = PixelRect(x0: 20, y0: 10, x1: 41, y1: 50)
        clipped.draw(prepared, bands: [0..<17, 17..<64], clip: clip)
        for y in 0..<64 { for x in 0..<64 {
            let inside = x >= clip.x0 && x < clip.x1 && y >= clip.y0 && y < clip.y1
            #expect(clipped[x, y] == (inside ? full[x, y] : PremultipliedPixel(r: 10, g: 20, b: 30, a: 40)))
        } }
    }

    @Test("linear gradient endpoints and premultiplied interpolation") func linearGradientEndpointsAndPremultipliedInterpolation() {
        // Gradient along x from 4 to 36 (pixels, scale 1), over a wider rect: padded beyond both ends.
        let stops = [GradientStop(0, Color(red: 1, green: 0, blue: 0, alpha: 0)), GradientStop(1, Color(red: 0, green: 0, blue: 1, alpha: 1))]
        let cmd = PathDraw(path: Path(rect: Rect(0, 0, 40, 4)), paint: .linearGradient(start: Point(4, 0), end: Point(36, 0), stops: stops))
        let c = Canvas(40, 4)
        c.draw(PathPainter.prepare(cmd, scale: 1))
        #expect(c[1, 2] == PremultipliedPixel(r: 0, g: 0, b: 0, a: 0))
        #expect(c[38, 2] == PremultipliedPixel(r: 0, g: 0, b: 255, a: 255))
        // Pixel 19's center 19.5 is at t = 15.5/32; premultiplied interpolation has no red at all.
        let t = 15.5 / 32.0
        #expect(c[19, 2].r == 0)
        #expect(abs((Double(c[19, 2].b)) - (255 * t)) <= 1)
        #expect(abs((Double(c[19, 2].a)) - (255 * t)) <= 1)

        // Opaque stops under a transform: the gradient lives in local space.
        let move = Transform2D(translationX: 10, y: 0)
        let cmd2 = PathDraw(path: Path(rect: Rect(-10, 0, 40, 4)), transform: move,
                            paint: .linearGradient(start: Point(0, 0), end: Point(20, 0), stops: [GradientStop(0, .red), GradientStop(1, .green)]))
        let c2 = Canvas(40, 4)
        c2.draw(PathPainter.prepare(cmd2, scale: 1))
        #expect(c2[9, 1] == PremultipliedPixel(r: 255, g: 0, b: 0, a: 255))   // before local x = 0 (device 10)
        #expect(c2[31, 1] == PremultipliedPixel(r: 0, g: 255, b: 0, a: 255))  // after local x = 20 (device 30)
        #expect(abs((Double(c2[20, 1].g)) - (255 * 10.5 / 20)) <= 1)
    }

    @Test("radial gradient center and outside") func radialGradientCenterAndOutside() {
        let cmd = PathDraw(path: Path(rect: Rect(0, 0, 20, 20)),
                           paint: .radialGradient(center: Point(10, 10), radius: 6, stops: [GradientStop(0, .white), GradientStop(1, .blue)]))
        let c = Canvas(40, 40)
        c.draw(PathPainter.prepare(cmd, scale: 2))
        // Device center (20, 20) ↔ local (10, 10): pixel (19, 19)'s center is local (9.75, 9.75), t = 0.25·√2 / 6.
        let expectedRed: Double = 255 * (1 - 0.25 * 2.0.squareRoot() / 6)
        #expect(abs(Double(c[19, 19].r) - expectedRed) <= 1)
        #expect(c[1, 1] == PremultipliedPixel(r: 0, g: 0, b: 255, a: 255))
        // Halfway along the radius: t = 0.5 → (128, 128, 255).
        // Local (13, 10) = device (26, 20): pixel (25, 19)'s center is at (25.5, 19.5) → local (12.75, 9.75): t = √(2.75² + 0.25²)/6.
        let t = (2.75 * 2.75 + 0.0625).squareRoot() / 6
        #expect(abs((Double(c[25, 19].r)) - (255 * (1 - t))) <= 1)
        #expect(c[25, 19].b == 255)
    }

    @Test("stroke through renderer has expected area") func strokeThroughRendererHasExpectedArea() {
        var p = Path(); p.move(to: Point(3, 5)); p.addLine(to: Point(30, 5))
        let cmd = PathDraw(path: p, style: .stroke(StrokeStyle(width: 2, cap: .round)), paint: .color(.white))
        let c = Canvas(64, 20)
        c.draw(PathPainter.prepare(cmd, scale: 2))
        // In pixels: length 54, width 4, round caps of radius 2.
        let expected = 54.0 * 4 + Double.pi * 4
        #expect(abs(c.alphaSum - expected) <= expected * 0.01)
    }

    @Test("degenerate commands draw nothing") func degenerateCommandsDrawNothing() {
        let c = Canvas(8, 8)
        c.draw(PathPainter.prepare(PathDraw(path: Path(), paint: .color(.white)), scale: 2))
        c.draw(PathPainter.prepare(PathDraw(path: Path(rect: Rect(0, 0, 4, 4)), transform: Transform2D(scaleX: 0, y: 1), paint: .color(.white)), scale: 2))
        c.draw(PathPainter.prepare(PathDraw(path: Path(rect: Rect(.nan, 0, 4, 4)), paint: .color(.white)), scale: 2))
        c.draw(PathPainter.prepare(PathDraw(path: Path(rect: Rect(-1e9, -1e9, 1e3, 1e3)), paint: .color(.white)), scale: 2))
        c.draw(PathPainter.prepare(PathDraw(path: Path(rect: Rect(5, 0, 10, 2)), paint: .color(.white)), scale: 2)) // right of the canvas
        c.draw(PathPainter.prepare(PathDraw(path: Path(rect: Rect(0, 4, 2, 10)), paint: .color(.white)), scale: 2)) // below it
        c.draw(PathPainter.prepare(PathDraw(path: Path(rect: Rect(0, 0, 2, 2)), paint: .color(.white), opacity: 0), scale: 2))
        #expect(c.alphaSum == 0)
        // NaN inside a curve: that subpath is skipped (flattening it would trap), the other one is drawn.
        var mixed = Path()
        mixed.move(to: Point(0, 0)); mixed.addQuadCurve(to: Point(2, 2), control: Point(.nan, 1)); mixed.closeSubpath()
        mixed.addPath(Path(rect: Rect(0, 0, 1, 1)))
        for style in [PathDraw.Style.fill(.nonZero), .stroke(StrokeStyle(width: 0.5))] {
            let m = Canvas(8, 8)
            m.draw(PathPainter.prepare(PathDraw(path: mixed, style: style, paint: .color(.white)), scale: 2))
            #expect(m.alphaSum > 1)
        }
        // A huge rectangle covering the canvas fills it exactly.
        c.draw(PathPainter.prepare(PathDraw(path: Path(rect: Rect(-1e9, -1e9, 2e9, 2e9)), paint: .color(.white)), scale: 2))
        #expect(c.alphaSum == 64)
    }
}

@Suite struct PathPainterOpaqueTests {
    /// The general route: coverage from the rasterizer, colors from the shader, SpanCompositor for every pixel.
    func reference(_ p: PreparedPath, w: Int, h: Int, background: UInt8) -> [UInt8] {
        var bytes = [UInt8](repeating: background, count: w * h * 4)
        let columns = max(p.bounds.x0, 0)..<min(p.bounds.x1, w)
        var cov = [Float](repeating: 0, count: columns.count)
        var colors = [SIMD4<Float>](repeating: .zero, count: w)
        bytes.withUnsafeMutableBufferPointer { b in
            let target = RenderTarget(base: b.baseAddress!, originY: 0, stride: w * 4, width: w, clip: PixelRect(x0: 0, y0: 0, x1: w, y1: h))
            cov.withUnsafeMutableBufferPointer { c in
                colors.withUnsafeMutableBufferPointer { col in
                    CoverageRasterizer.rasterize(p.edges, rule: p.rule, columns: columns, rows: max(p.bounds.y0, 0)..<min(p.bounds.y1, h),
                                                 coverage: c.baseAddress!) { y, span in
                        p.shader.shade(y: y, x0: span.lowerBound, count: span.count, into: col.baseAddress!)
                        SpanCompositor.composite(target, y: y, x0: span.lowerBound, count: span.count,
                                                 coverage: c.baseAddress! + (span.lowerBound - columns.lowerBound), colors: col.baseAddress!, mode: p.blend)
                    }
                }
            }
        }
        return bytes
    }

    @Test("opaque fast path matches the compositor") func opaqueFastPathMatchesTheCompositor() {
        let paints: [Paint] = [
            .color(Color(red: 0.2, green: 0.7, blue: 0.9)),
            .linearGradient(start: Point(0, 0), end: Point(0, 30), stops: [GradientStop(0, .red), GradientStop(1, .blue)]),
            .linearGradient(start: Point(3, 4), end: Point(25, 20), stops: [GradientStop(0, .green), GradientStop(0.4, .white), GradientStop(1, .black)]),
            .radialGradient(center: Point(15, 15), radius: 9, stops: [GradientStop(0, .white), GradientStop(1, .red)]),
        ]
        for paint in paints {
            var path = Path(ellipseIn: Rect(2, 3, 26, 22))
            path.addPath(Path(rect: Rect(10.25, 0.5, 4.5, 29)))
            let cmd = PathDraw(path: path, transform: Transform2D(rotationAngle: 0.2).translatedBy(x: 2, y: 0), paint: paint)
            let p = PathPainter.prepare(cmd, scale: 2)
            #expect(p.shader.isOpaque)
            let expected = reference(p, w: 64, h: 64, background: 77)
            let canvas = PathPainterTests.Canvas(64, 64, fill: PremultipliedPixel(r: 77, g: 77, b: 77, a: 77))
            canvas.draw(p, bands: [0..<20, 20..<41, 41..<64])
            #expect(canvas.bytes == expected, "\(paint)")
            // Interior pixels took the paint exactly; the count of changed pixels shows the path was drawn.
            #expect(stride(from: 3, to: expected.count, by: 4).filter { expected[$0] == 255 }.count > 500)
        }
    }
}
