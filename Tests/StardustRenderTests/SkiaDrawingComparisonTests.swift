import Foundation
import StardustCore
import StardustTestSupport
import Testing
@testable import StardustRender

/// Dashed strokes and radial, elliptical and conic gradients drawn by Stardust and by Skia (skia-python, CPU
/// raster, anti-aliased) on the same transparent RGBA8 canvas, compared channel by channel (premultiplied).
///
/// Tolerances: the two rasterizers compute anti-aliased edge coverage differently (Stardust exactly by area,
/// Skia by supersampled scan lines) and flatten curves and round caps to different polygons, so edge pixels differ
/// by up to about a quarter of full scale; interiors agree. Gradient interiors differ by ramp resolution (our
/// 1024-entry ramp, Skia's per-pixel evaluation) and rounding: a few levels at most.
@Suite(.enabled(if: SkiaReference.isAvailable, Comment(rawValue: SkiaReference.skipReason)))
struct SkiaDrawingComparisonTests {
    static let w = 160, h = 120

    func ours(_ draw: (inout Image) -> Void) -> [UInt8] {
        var img = Image(width: Self.w, height: Self.h)
        draw(&img)
        return img.pixels
    }

    func skia(_ script: String) throws -> [UInt8] {
        try SkiaReference.render(width: Self.w, height: Self.h, script: script)
    }

    /// A zigzag with sharp and gentle corners, and a quarter-circle arc, as both libraries build them.
    static let zigzag: [Point] = [Point(12, 100), Point(40, 20), Point(70, 90), Point(100, 30), Point(148, 60)]

    func zigzagPath() -> Path {
        var p = Path()
        p.move(to: Self.zigzag[0])
        for q in Self.zigzag.dropFirst() { p.addLine(to: q) }
        return p
    }

    var skiaZigzag: String {
        "path = skia.Path()\npath.moveTo(\(Self.zigzag[0].x), \(Self.zigzag[0].y))\n"
            + Self.zigzag.dropFirst().map { "path.lineTo(\($0.x), \($0.y))\n" }.joined()
    }

    static let capsAndJoins: [(StrokeStyle.LineCap, StrokeStyle.LineJoin)] = [(.butt, .miter), (.round, .round), (.square, .bevel)]

    @Test(arguments: capsAndJoins)
    func dashedPolylineMatchesSkia(cap: StrokeStyle.LineCap, join: StrokeStyle.LineJoin) throws {
        let style = StrokeStyle(width: 7, cap: cap, join: join, miterLimit: 10, dashPattern: [22, 9, 5, 9], dashPhase: 4)
        let mine = ours { $0.stroke(zigzagPath(), style: style, color: Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)) }
        let skCap = ["butt": "kButt_Cap", "round": "kRound_Cap", "square": "kSquare_Cap"][cap.rawValue]!
        let skJoin = ["miter": "kMiter_Join", "round": "kRound_Join", "bevel": "kBevel_Join"][join.rawValue]!
        let theirs = try skia(skiaZigzag + """
        paint = skia.Paint(AntiAlias=True, Color=skia.Color4f(0.9, 0.3, 0.1, 1.0).toColor(), Style=skia.Paint.kStroke_Style,
                           StrokeWidth=7, StrokeCap=skia.Paint.\(skCap), StrokeJoin=skia.Paint.\(skJoin), StrokeMiter=10,
                           PathEffect=skia.DashPathEffect.Make([22, 9, 5, 9], 4))
        canvas.drawPath(path, paint)
        """)
        let d = ChannelDifference(mine, theirs, width: Self.w)
        #expect(d.mean < 0.6, "\(d)")
        #expect(d.max <= 96, "\(d)")
        // Both drew the same area: alpha sums within 1 %, or 2.5 % with round caps and joins — our round caps are
        // polygons inscribed within 0.05 px of the circle, which lose about 0.7 px² per 7-px disc (26 caps here),
        // where Skia's are conics.
        let a = mine.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
        let b = theirs.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
        #expect(a > 0 && abs(a - b) < b * (cap == .round ? 25 : 10) / 1000, "alpha sums \(a) vs \(b)")
    }

    @Test func dashedCircleMatchesSkia() throws {
        let circle = Path(ellipseIn: Rect(30, 10, 100, 100))
        let style = StrokeStyle(width: 5, cap: .round, dashPattern: [0, 12], dashPhase: 0)
        let mine = ours { $0.stroke(circle, style: style, color: Color(red: 0.2, green: 0.5, blue: 1, alpha: 1)) }
        // Skia's oval starts at 3 o'clock and runs clockwise, as Path(ellipseIn:) does.
        let theirs = try skia("""
        paint = skia.Paint(AntiAlias=True, Color=skia.Color4f(0.2, 0.5, 1.0, 1.0).toColor(), Style=skia.Paint.kStroke_Style,
                           StrokeWidth=5, StrokeCap=skia.Paint.kRound_Cap, PathEffect=skia.DashPathEffect.Make([0, 12], 0))
        path = skia.Path()
        path.addOval(skia.Rect.MakeXYWH(30, 10, 100, 100), skia.PathDirection.kCW, 1)
        canvas.drawPath(path, paint)
        """)
        // Skia measures curves with a coarser tolerance (0.5 px) than ours (0.05 px), so its dots drift along the
        // circle, by half a pixel at the last ones: single edge pixels differ by up to 60 %; the mean stays small.
        let d = ChannelDifference(mine, theirs, width: Self.w)
        #expect(d.mean < 1.0, "\(d)")
        #expect(d.max <= 160, "\(d)")
        // Ours against the formula: the 26th dot (300 points along, 6 radians past 3 o'clock) is centred on the circle.
        let expected = Point(80 + 50 * cos(6.0), 60 + 50 * sin(6.0))
        var sx = 0.0, sy = 0.0, sw = 0.0
        for y in Int(expected.y) - 5...Int(expected.y) + 5 {
            for x in Int(expected.x) - 5...Int(expected.x) + 5 {
                let w = Double(mine[(y * Self.w + x) * 4 + 3])
                sx += w * (Double(x) + 0.5); sy += w * (Double(y) + 0.5); sw += w
            }
        }
        #expect(Point(sx / sw, sy / sw).distance(to: expected) < 0.1, "dot at \(sx / sw), \(sy / sw), expected \(expected)")
    }

    static let stops: [GradientStop] = [GradientStop(0, Color(red: 1, green: 0.8, blue: 0, alpha: 1)),
                                        GradientStop(0.4, Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)),
                                        GradientStop(1, Color(red: 0.9, green: 0.1, blue: 0.4, alpha: 1))]
    static let skiaStops = """
    colors = [skia.Color4f(1, 0.8, 0, 1).toColor(), skia.Color4f(0.1, 0.3, 0.9, 1).toColor(), skia.Color4f(0.9, 0.1, 0.4, 1).toColor()]
    positions = [0, 0.4, 1]

    """

    func expectGradientsAgree(_ mine: [UInt8], _ theirs: [UInt8]) {
        let d = ChannelDifference(mine, theirs, width: Self.w)
        #expect(d.mean < 0.8, "\(d)")
        #expect(d.max <= 4, "\(d)")
    }

    @Test func radialGradientMatchesSkia() throws {
        let mine = ours { $0.fill(Path(rect: Rect(0, 0, 160, 120)), paint: .radialGradient(center: Point(70, 55), radius: 50, stops: Self.stops)) }
        let theirs = try skia(Self.skiaStops + """
        paint = skia.Paint(Shader=skia.GradientShader.MakeRadial((70, 55), 50, colors, positions))
        canvas.drawRect(skia.Rect.MakeWH(W, H), paint)
        """)
        expectGradientsAgree(mine, theirs)
    }

    @Test func ellipticalGradientMatchesSkia() throws {
        let paint = Paint.ellipticalGradient(center: Point(80, 60), radiusX: 70, radiusY: 30, stops: Self.stops)
        let mine = ours { $0.fill(Path(rect: Rect(0, 0, 160, 120)), paint: paint) }
        // Skia: a unit circle's gradient scaled by the radii about the centre (its local matrix).
        let theirs = try skia(Self.skiaStops + """
        m = skia.Matrix.Translate(80, 60)
        m.preScale(70, 30)
        paint = skia.Paint(Shader=skia.GradientShader.MakeRadial((0, 0), 1, colors, positions, skia.TileMode.kClamp, 0, m))
        canvas.drawRect(skia.Rect.MakeWH(W, H), paint)
        """)
        expectGradientsAgree(mine, theirs)
    }

    @Test func conicGradientMatchesSkia() throws {
        // Skia's sweep starts at +x and turns clockwise on screen, as ours; a start angle of 30° rotates both.
        let paint = Paint.conicGradient(center: Point(80, 60), startAngle: Double.pi / 6, stops: Self.stops)
        let mine = ours { $0.fill(Path(rect: Rect(0, 0, 160, 120)), paint: paint) }
        let theirs = try skia(Self.skiaStops + """
        m = skia.Matrix.RotateDeg(30, (80, 60))
        paint = skia.Paint(Shader=skia.GradientShader.MakeSweep(80, 60, colors, positions, skia.TileMode.kClamp, 0, 360, 0, m))
        canvas.drawRect(skia.Rect.MakeWH(W, H), paint)
        """)
        // The seam (where location 1 meets 0) and the centre pixel are where the angle jumps: up to a full swing on
        // the pixels the seam crosses; everywhere else a few levels.
        let d = ChannelDifference(mine, theirs, width: Self.w)
        #expect(d.mean < 1.0, "\(d)")
        var off = 0
        for i in stride(from: 0, to: mine.count, by: 4) where (0..<3).contains(where: { abs(Int(mine[i + $0]) - Int(theirs[i + $0])) > 4 }) { off += 1 }
        #expect(off <= 80, "\(off) pixels differ by more than 4 levels (\(d))")
    }
}
