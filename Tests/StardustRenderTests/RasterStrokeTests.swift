import Foundation
import Testing
import StardustCore
@testable import StardustRender

@Suite struct RasterStrokeTests {
    func strokedArea(_ path: Path, _ style: StrokeStyle, w: Int = 64, h: Int = 32) -> Double {
        let edges = EdgeList(polylines: Stroker.outline(of: path, style: style, tolerance: 0.01))
        return CoverageRasterizer.coverage(edges, rule: .nonZero, columns: 0..<w, rows: 0..<h).reduce(0) { $0 + Double($1) }
    }

    func line(_ a: Point, _ b: Point) -> Path { var p = Path(); p.move(to: a); p.addLine(to: b); return p }

    @Test("butt cap line area") func buttCapLineArea() {
        let a = Point(8.3, 10.2), b = Point(55.1, 19.7)
        let len = a.distance(to: b), w = 4.0
        #expect(abs((strokedArea(line(a, b), StrokeStyle(width: w, cap: .butt))) - (len * w)) <= len * w * 0.002)
    }

    @Test("round and square cap line area") func roundAndSquareCapLineArea() {
        let a = Point(8.3, 10.2), b = Point(55.1, 19.7)
        let len = a.distance(to: b), w = 5.0
        let round = len * w + .pi * (w / 2) * (w / 2)
        #expect(abs((strokedArea(line(a, b), StrokeStyle(width: w, cap: .round))) - round) <= round * 0.003)
        let square = (len + w) * w
        #expect(abs((strokedArea(line(a, b), StrokeStyle(width: w, cap: .square))) - square) <= square * 0.002)
    }

    @Test("closed square stroke with miter joins is a frame") func closedSquareStrokeWithMiterJoinsIsAFrame() {
        // A 20×20 square stroked with width 4, miter joins: the frame between 16×16 and 24×24 squares.
        let area = strokedArea(Path(rect: Rect(10, 5, 20, 20)), StrokeStyle(width: 4, join: .miter), w: 40, h: 32)
        #expect(abs(area - 320) <= 0.05)
        // Bevel joins cut each outer corner by a right triangle of legs 2: 4 · 2 = 8 less.
        let bevel = strokedArea(Path(rect: Rect(10, 5, 20, 20)), StrokeStyle(width: 4, join: .bevel), w: 40, h: 32)
        #expect(abs(bevel - 312) <= 0.05)
        // Round joins: each corner is a quarter disc of radius 2 instead of a 2×2 square.
        let round = strokedArea(Path(rect: Rect(10, 5, 20, 20)), StrokeStyle(width: 4, join: .round), w: 40, h: 32)
        // (The polygonal arcs at tolerance 0.01 lose about ⅔·tol·arc length ≈ 0.08.)
        let expected: Double = 320 - 4 * (4 - Double.pi)
        #expect(abs(round - expected) <= 0.15)
    }

    @Test("inner corner is not counted twice") func innerCornerIsNotCountedTwice() {
        // An L of width 4 with a miter corner, on half pixels: 80 + 80 − 4 (overlap) + 4 (miter square) = 160.
        // Overlapping segment pieces would over-count the half-covered pixels at the inner corner.
        var p = Path()
        p.move(to: Point(5.5, 5.5)); p.addLine(to: Point(25.5, 5.5)); p.addLine(to: Point(25.5, 25.5))
        #expect(abs((strokedArea(p, StrokeStyle(width: 4, join: .miter), w: 40, h: 32)) - 160) <= 1e-3)
        #expect(abs((strokedArea(p, StrokeStyle(width: 4, join: .bevel), w: 40, h: 32)) - 158) <= 1e-3)
    }

    @Test("stroked circle is a ring") func strokedCircleIsARing() {
        for (r, w, join) in [(10.0, 2.0, StrokeStyle.LineJoin.miter), (10.0, 4.0, .round), (6.0, 3.0, .bevel), (13.0, 1.0, .miter)] {
            let path = Path(ellipseIn: Rect(20.3 - r, 15.6 - r, 2 * r, 2 * r))
            let exact = Double.pi * ((r + w / 2) * (r + w / 2) - (r - w / 2) * (r - w / 2))
            #expect(abs((strokedArea(path, StrokeStyle(width: w, join: join), w: 48, h: 36)) - exact) <= exact * 0.005, "r \(r) w \(w)")
        }
    }

    @Test("miter limit falls back to bevel") func miterLimitFallsBackToBevel() {
        // A sharp 20° turn: miter length ratio 1/sin(10°) ≈ 5.76.
        var p = Path()
        p.move(to: Point(4, 8)); p.addLine(to: Point(40, 8))
        let back = 20.0 * .pi / 180
        p.addLine(to: Point(40 - 30 * cos(back), 8 + 30 * sin(back)))
        let miter = strokedArea(p, StrokeStyle(width: 2, join: .miter, miterLimit: 10))
        let bevel = strokedArea(p, StrokeStyle(width: 2, join: .miter, miterLimit: 4))
        // The miter adds a kite beyond the bevel: area = hw²·(1/tan(θ/2) − … ) > 0; bevel-limited equals .bevel.
        #expect(miter > bevel + 1)
        #expect(abs(bevel - (strokedArea(p, StrokeStyle(width: 2, join: .bevel)))) <= 1e-9)
    }

    @Test("zero length subpath caps") func zeroLengthSubpathCaps() {
        var p = Path(); p.move(to: Point(10.5, 10.5)); p.addLine(to: Point(10.5, 10.5))
        #expect(abs((strokedArea(p, StrokeStyle(width: 6, cap: .round))) - (.pi * 9)) <= .pi * 9 * 0.01)
        #expect(abs((strokedArea(p, StrokeStyle(width: 6, cap: .square))) - 36) <= 1e-3)
        #expect(strokedArea(p, StrokeStyle(width: 6, cap: .butt)) == 0)
    }

    @Test("bad tolerances and transforms do not trap") func badTolerancesAndTransformsDoNotTrap() {
        let circle = Path(ellipseIn: Rect(2, 2, 10, 10))
        for tol in [Double.nan, .infinity, 0, -1] {
            #expect(!(Stroker.outline(of: circle, style: StrokeStyle(width: 2, join: .round), tolerance: tol).isEmpty))
        }
        #expect(Stroker.outline(of: circle, style: StrokeStyle(width: .nan)).isEmpty)
        var img = Image(width: 8, height: 8)
        let bad = Transform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        img.fill(circle, color: .white, transform: bad)
        img.stroke(circle, style: StrokeStyle(width: 1), color: .white, transform: bad)
        #expect(img == Image(width: 8, height: 8))
    }

    @Test("image stroke draws opaque center line") func imageStrokeDrawsOpaqueCenterLine() {
        var img = Image(width: 20, height: 10)
        img.stroke(line(Point(2, 5), Point(18, 5)), style: StrokeStyle(width: 2), color: .white)
        #expect(img[10, 4].a == 255); #expect(img[10, 5].a == 255)
        #expect(img[10, 3].a == 0); #expect(img[1, 5].a == 0)
    }
}
