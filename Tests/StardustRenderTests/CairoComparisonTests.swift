import Foundation
import StardustCore
import StardustTestSupport
import Testing
@testable import StardustRender

/// Dashed strokes, radial gradients and blend modes drawn by Stardust and by cairo (pycairo, image surface,
/// anti-aliased): a second rasterizer besides Skia, for what cairo covers (no conic gradient, no blur: those are
/// compared with Skia only, `SkiaDrawingComparisonTests`, `CompositingSkiaTests`). Frames are premultiplied RGBA8
/// on a transparent canvas; tolerances are the mean and largest channel difference, stated per test.
///
/// cairo computes edge coverage with pixman's sampled rasterizer (a 15×17 grid per pixel by default) and
/// approximates round caps and arcs by its own polygons, so edge pixels differ; interiors agree to rounding.
@Suite(.enabled(if: CairoReference.isAvailable, Comment(rawValue: CairoReference.skipReason)))
struct CairoComparisonTests {
    static let w = 160, h = 120

    func ours(_ draw: (inout Image) -> Void) -> [UInt8] {
        var img = Image(width: Self.w, height: Self.h)
        draw(&img)
        return img.pixels
    }

    func cairo(_ script: String) throws -> [UInt8] {
        try CairoReference.render(width: Self.w, height: Self.h, script: script)
    }

    static func alphaSum(_ p: [UInt8]) -> Int {
        stride(from: 3, to: p.count, by: 4).reduce(0) { $0 + Int(p[$1]) }
    }

    static let zigzag: [Point] = [Point(12, 100), Point(40, 20), Point(70, 90), Point(100, 30), Point(148, 60)]

    static let capsAndJoins: [(StrokeStyle.LineCap, StrokeStyle.LineJoin)] = [(.butt, .miter), (.round, .round), (.square, .bevel)]

    @Test("a dashed zigzag (pattern [22, 9, 5, 9], phase 4) agrees with cairo's set_dash: mean ≤ 0.6, max ≤ 128 at edges, area within 1 %",
          arguments: capsAndJoins)
    func dashedPolyline(cap: StrokeStyle.LineCap, join: StrokeStyle.LineJoin) throws {
        var path = Path()
        path.move(to: Self.zigzag[0])
        for q in Self.zigzag.dropFirst() { path.addLine(to: q) }
        let style = StrokeStyle(width: 7, cap: cap, join: join, miterLimit: 10, dashPattern: [22, 9, 5, 9], dashPhase: 4)
        let mine = ours { $0.stroke(path, style: style, color: Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)) }
        let theirs = try cairo("""
        ctx.move_to(\(Self.zigzag[0].x), \(Self.zigzag[0].y))
        \(Self.zigzag.dropFirst().map { "ctx.line_to(\($0.x), \($0.y))" }.joined(separator: "\n"))
        ctx.set_source_rgba(0.9, 0.3, 0.1, 1)
        ctx.set_line_width(7)
        ctx.set_line_cap(cairo.LINE_CAP_\(cap.rawValue.uppercased()))
        ctx.set_line_join(cairo.LINE_JOIN_\(join.rawValue.uppercased()))
        ctx.set_miter_limit(10)
        ctx.set_dash([22, 9, 5, 9], 4)
        ctx.stroke()
        """)
        let d = ChannelDifference(mine, theirs, width: Self.w)
        #expect(d.mean < 0.6, "\(d)")
        #expect(d.max <= 128, "\(d)")
        let a = Self.alphaSum(mine), b = Self.alphaSum(theirs)
        #expect(a > 0 && abs(a - b) < b / 100, "alpha sums \(a) vs \(b)")
    }

    @Test("an odd dash count [10, 5, 3] repeats twice, as in cairo: the same dashes on a horizontal line (mean ≤ 0.2, max ≤ 8)")
    func oddDashCount() throws {
        var path = Path()
        path.move(to: Point(10, 60.5)); path.addLine(to: Point(150, 60.5))
        let style = StrokeStyle(width: 6, cap: .butt, dashPattern: [10, 5, 3], dashPhase: 0)
        let mine = ours { $0.stroke(path, style: style, color: Color(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)) }
        let theirs = try cairo("""
        ctx.move_to(10, 60.5); ctx.line_to(150, 60.5)
        ctx.set_source_rgba(0.1, 0.4, 0.9, 1); ctx.set_line_width(6)
        ctx.set_dash([10, 5, 3]); ctx.stroke()
        """)
        let d = ChannelDifference(mine, theirs, width: Self.w)
        #expect(d.mean <= 0.2 && d.max <= 8, "\(d)")
        // Analytic: painted lengths over 140 points of [10, 5, 3, 10, 5, 3] (period 36): 10 + 3 + 5 per period.
        #expect(abs(Self.alphaSum(mine) - 255 * 6 * 71) <= 255 * 6, "alpha sum \(Self.alphaSum(mine))")
    }

    @Test("zero-length dashes with round caps are dots around a circle, as cairo draws them (mean ≤ 1, max ≤ 160)")
    func dottedCircle() throws {
        let circle = Path(ellipseIn: Rect(30, 10, 100, 100))
        let style = StrokeStyle(width: 5, cap: .round, dashPattern: [0, 12], dashPhase: 0)
        let mine = ours { $0.stroke(circle, style: style, color: Color(red: 0.2, green: 0.5, blue: 1, alpha: 1)) }
        // cairo's arc starts at 3 o'clock and runs clockwise on a y-down surface, as Path(ellipseIn:) does.
        let theirs = try cairo("""
        import math
        ctx.arc(80, 60, 50, 0, 2 * math.pi); ctx.close_path()
        ctx.set_source_rgba(0.2, 0.5, 1, 1); ctx.set_line_width(5)
        ctx.set_line_cap(cairo.LINE_CAP_ROUND); ctx.set_dash([0, 12], 0); ctx.stroke()
        """)
        // Dots drift along the circle by the difference in measured arc length (cubic vs cairo's own arc).
        let d = ChannelDifference(mine, theirs, width: Self.w)
        #expect(d.mean < 1.0, "\(d)")
        #expect(d.max <= 160, "\(d)")
    }

    @Test("a radial gradient agrees with cairo's RadialGradient (mean ≤ 0.8, max ≤ 4)")
    func radialGradient() throws {
        let stops = [GradientStop(0, Color(red: 1, green: 0.8, blue: 0, alpha: 1)),
                     GradientStop(0.4, Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)),
                     GradientStop(1, Color(red: 0.9, green: 0.1, blue: 0.4, alpha: 1))]
        let mine = ours { $0.fill(Path(rect: Rect(0, 0, 160, 120)), paint: .radialGradient(center: Point(70, 55), radius: 50, stops: stops)) }
        let theirs = try cairo("""
        g = cairo.RadialGradient(70, 55, 0, 70, 55, 50)
        g.add_color_stop_rgba(0, 1, 0.8, 0, 1); g.add_color_stop_rgba(0.4, 0.1, 0.3, 0.9, 1); g.add_color_stop_rgba(1, 0.9, 0.1, 0.4, 1)
        ctx.set_source(g); ctx.rectangle(0, 0, W, H); ctx.fill()
        """)
        let d = ChannelDifference(mine, theirs, width: Self.w)
        #expect(d.mean <= 0.8 && d.max <= 4, "\(d)")
    }

    static let operators: [CompositingFilter: String] = [
        .normal: "OVER", .additive: "ADD", .multiply: "MULTIPLY", .screen: "SCREEN", .overlay: "OVERLAY", .darken: "DARKEN",
        .lighten: "LIGHTEN", .colorDodge: "COLOR_DODGE", .colorBurn: "COLOR_BURN", .hardLight: "HARD_LIGHT",
        .softLight: "SOFT_LIGHT", .difference: "DIFFERENCE", .exclusion: "EXCLUSION", .hue: "HSL_HUE",
        .saturation: "HSL_SATURATION", .color: "HSL_COLOR", .luminosity: "HSL_LUMINOSITY",
    ]

    /// Color dodge, color burn, hard light and soft light differ more (measured mean 0.63–1.0, largest 2–6 at the
    /// semi-transparent pixels): pixman evaluates them on 8-bit premultiplied values, where Skia agrees with ours
    /// within 2 levels (`CompositingSkiaTests`).
    static let coarser: Set<CompositingFilter> = [.colorDodge, .colorBurn, .hardLight, .softLight]

    @Test("every blend mode agrees with cairo's operator on pixel-aligned squares (mean ≤ 0.5, max ≤ 3; dodge, burn, hard and soft light mean ≤ 1, max ≤ 6: pixman's 8-bit arithmetic)",
          arguments: CompositingFilter.allCases)
    func blendModes(_ f: CompositingFilter) throws {
        let back = Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8), front = Color(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.7)
        let back2 = Color(red: 0.95, green: 0.9, blue: 0.1), front2 = Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.4)
        func rect(_ r: Rect, _ c: Color) -> DrawCommand { .path(PathDraw(path: Path(rect: r), paint: .color(c))) }
        let list = DisplayList(size: Size(40, 20), scale: 1, commands: [
            rect(Rect(0, 0, 30, 10), back), rect(Rect(0, 10, 30, 10), back2),
            .beginCompositeGroup(CompositeGroup(filter: f)),
            rect(Rect(10, 0, 30, 10), front), rect(Rect(10, 10, 30, 10), front2),
            .endCompositeGroup,
        ])
        let mine = try Renderer(threads: 1).render(list).pixels
        func c(_ x: Color) -> String { "\(x.red), \(x.green), \(x.blue), \(x.alpha)" }
        let theirs = try CairoReference.render(width: 40, height: 20, script: """
        def fill(x, y, w, h, c):
            ctx.set_source_rgba(*c); ctx.rectangle(x, y, w, h); ctx.fill()
        fill(0, 0, 30, 10, (\(c(back)))); fill(0, 10, 30, 10, (\(c(back2))))
        ctx.push_group()
        fill(10, 0, 30, 10, (\(c(front)))); fill(10, 10, 30, 10, (\(c(front2))))
        ctx.pop_group_to_source()
        ctx.set_operator(cairo.OPERATOR_\(Self.operators[f]!))
        ctx.paint()
        """)
        let d = ChannelDifference(mine, theirs, width: 40)
        let coarse = Self.coarser.contains(f)
        #expect(d.mean <= (coarse ? 1.0 : 0.5) && d.max <= (coarse ? 6 : 3), "\(f): \(d)")
    }
}
