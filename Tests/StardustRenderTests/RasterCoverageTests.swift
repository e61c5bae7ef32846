import Foundation
import Testing
import StardustCore
@testable import StardustRender

@Suite struct RasterCoverageTests {
    func coverage(_ path: Path, rule: FillRule = .nonZero, w: Int, h: Int, tolerance: Double = 0.002) -> [Float] {
        CoverageRasterizer.coverage(EdgeList(polylines: path.flattened(tolerance: tolerance)), rule: rule, columns: 0..<w, rows: 0..<h)
    }
    func area(_ c: [Float]) -> Double { c.reduce(0) { $0 + Double($1) } }
    func circle(_ cx: Double, _ cy: Double, _ r: Double) -> Path { Path(ellipseIn: Rect(cx - r, cy - r, 2 * r, 2 * r)) }

    @Test("circle area matches pi r squared") func circleAreaMatchesPiRSquared() {
        for (r, cx, cy) in [(3.0, 10.3, 9.7), (7.25, 16.1, 15.45), (12.5, 20.37, 19.81), (18.0, 24.5, 24.2)] {
            let a = area(coverage(circle(cx, cy, r), w: 48, h: 48))
            #expect(abs(a - (.pi * r * r)) <= .pi * r * r * 0.005, "r = \(r)")
        }
    }

    @Test("half pixel rectangle edges") func halfPixelRectangleEdges() {
        let c = coverage(Path(rect: Rect(2.5, 3.5, 6, 4)), w: 12, h: 10)
        func at(_ x: Int, _ y: Int) -> Float { c[y * 12 + x] }
        // Interior: exactly 1; edges: exactly 0.5; corners: 0.25; outside: 0.
        #expect(at(5, 5) == 1)
        #expect(at(2, 5) == 0.5); #expect(at(8, 5) == 0.5)
        #expect(at(5, 3) == 0.5); #expect(at(5, 7) == 0.5)
        #expect(at(2, 3) == 0.25); #expect(at(8, 7) == 0.25)
        #expect(at(1, 5) == 0); #expect(at(9, 5) == 0); #expect(at(5, 2) == 0); #expect(at(5, 8) == 0)
        #expect(abs((area(c)) - 24) <= 1e-4)
    }

    @Test("even odd and non zero on concentric circles") func evenOddAndNonZeroOnConcentricCircles() {
        var p = circle(20.2, 19.7, 15)
        p.addPath(circle(20.2, 19.7, 8)) // same direction
        let nz = area(coverage(p, rule: .nonZero, w: 40, h: 40))
        let eo = area(coverage(p, rule: .evenOdd, w: 40, h: 40))
        let disc: Double = .pi * 225, ring: Double = .pi * 161
        #expect(abs(nz - disc) <= disc * 0.005)
        #expect(abs(eo - ring) <= ring * 0.005)
    }

    @Test("pentagram center depends on rule") func pentagramCenterDependsOnRule() {
        var p = Path()
        let c = Point(20, 20), r = 18.0
        for k in 0..<5 {
            let a = -Double.pi / 2 + Double(k * 2) * 2 * .pi / 5
            let q = Point(c.x + r * cos(a), c.y + r * sin(a))
            if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        let nz = coverage(p, rule: .nonZero, w: 40, h: 40), eo = coverage(p, rule: .evenOdd, w: 40, h: 40)
        #expect(nz[20 * 40 + 20] == 1)
        #expect(eo[20 * 40 + 20] == 0)
        // A point inside one tip is covered under both rules.
        #expect(nz[9 * 40 + 20] == 1); #expect(eo[9 * 40 + 20] == 1)
        // Analytic areas: the pentagon of radius ri = r·cos(72°)/cos(36°) and the star around it.
        let ri = r * cos(2 * .pi / 5) / cos(.pi / 5)
        let pentagon = 2.5 * ri * ri * sin(2 * .pi / 5)
        let star = 5 * 0.5 * r * ri * sin(.pi / 5) * 2
        #expect(abs((area(nz)) - star) <= star * 0.005)
        #expect(abs((area(eo)) - (star - pentagon)) <= star * 0.005)
    }

    @Test("bands are bit identical") func bandsAreBitIdentical() {
        var p = circle(21.3, 17.9, 14.2)
        p.addPath(Path(rect: Rect(-30, 5.25, 200, 3.3)))
        try! p.addPath(Path(svg: "M 3 40 L 37 2 L 39 38 Z"))
        let edges = EdgeList(polylines: p.flattened(tolerance: 0.05))
        for rule in [FillRule.nonZero, .evenOdd] {
            let full = CoverageRasterizer.coverage(edges, rule: rule, columns: 0..<40, rows: 0..<40)
            var parts: [Float] = []
            for band in [0..<7, 7..<8, 8..<23, 23..<40] {
                parts += CoverageRasterizer.coverage(edges, rule: rule, columns: 0..<40, rows: band)
            }
            #expect(full == parts)
            #expect(area(full) > 100)
        }
    }

    @Test("column window clips without changing coverage") func columnWindowClipsWithoutChangingCoverage() {
        // A disc straddling the left and right window sides: the visible part keeps its coverage.
        let edges = EdgeList(polylines: circle(10, 10, 8).flattened(tolerance: 0.02))
        let whole = CoverageRasterizer.coverage(edges, rule: .nonZero, columns: 0..<20, rows: 0..<20)
        let part = CoverageRasterizer.coverage(edges, rule: .nonZero, columns: 6..<13, rows: 0..<20)
        for y in 0..<20 { for x in 6..<13 { #expect(abs((part[y * 7 + x - 6]) - (whole[y * 20 + x])) <= 1e-5) } }
    }

    @Test("huge na n and degenerate input") func hugeNaNAndDegenerateInput() {
        // Huge coordinates: a half plane x < 5 over the window.
        var big = Path()
        big.move(to: Point(-1e30, -1e30)); big.addLine(to: Point(5, -1e30)); big.addLine(to: Point(5, 1e30)); big.addLine(to: Point(-1e30, 1e30))
        big.closeSubpath()
        let c = coverage(big, w: 10, h: 4)
        #expect(c[0] == 1); #expect(c[4] == 1); #expect(c[5] == 0)
        // NaN / infinite subpaths are skipped whole; the finite one still draws.
        var bad = Path(rect: Rect(1, 1, 2, 2))
        bad.move(to: Point(.nan, 0)); bad.addLine(to: Point(3, 3)); bad.addLine(to: Point(0, .infinity))
        #expect(abs((area(coverage(bad, w: 6, h: 6))) - 4) <= 1e-4)
        // A razor-thin, nearly horizontal edge (height 1e-300) neither crashes nor leaks coverage.
        var thin = Path()
        thin.move(to: Point(0, 1)); thin.addLine(to: Point(10, 1 + 1e-300)); thin.addLine(to: Point(10, 5)); thin.addLine(to: Point(0, 5))
        thin.closeSubpath()
        #expect(abs((area(coverage(thin, w: 12, h: 8))) - 40) <= 1e-4)
        // Degenerate: empty, a single point, a zero-area line.
        #expect(area(coverage(Path(), w: 4, h: 4)) == 0)
        var line = Path(); line.move(to: Point(1, 1)); line.addLine(to: Point(3, 3))
        #expect(abs((area(coverage(line, w: 4, h: 4))) - 0) <= 1e-6)
    }

    @Test("removing non finite subpaths") func removingNonFiniteSubpaths() {
        var p = Path(rect: Rect(0, 0, 1, 1))
        p.move(to: Point(5, 5)); p.addCurve(to: Point(6, 6), control1: Point(.infinity, 0), control2: Point(1, 1)); p.closeSubpath()
        p.addPath(Path(rect: Rect(2, 2, 1, 1)))
        #expect(!p.isFinite)
        let q = p.removingNonFiniteSubpaths()
        #expect(q.isFinite)
        #expect(q.elements == Path(rect: Rect(0, 0, 1, 1)).elements + Path(rect: Rect(2, 2, 1, 1)).elements)
        // Absurd magnitudes would overflow the flattener's segment count: dropped too.
        var huge = Path(); huge.move(to: .zero); huge.addQuadCurve(to: Point(1, 1), control: Point(1e300, 0))
        #expect(huge.removingNonFiniteSubpaths().isEmpty)
        let fine = Path(rect: Rect(0, 0, 1, 1))
        #expect(fine.removingNonFiniteSubpaths() == fine)
    }

    @Test("image fill composites premultiplied") func imageFillCompositesPremultiplied() {
        var img = Image(width: 8, height: 8, color: Color(red: 0, green: 0, blue: 1, alpha: 1))
        img.fill(Path(rect: Rect(2, 2, 4, 4)), color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        // src = (127.5, 0, 0, 127.5); dst·(1 − 0.5) = (0, 0, 127.5, 127.5) → (128, 0, 128, 255).
        #expect(img[3, 3] == PremultipliedPixel(r: 128, g: 0, b: 128, a: 255))
        #expect(img[0, 0] == PremultipliedPixel(r: 0, g: 0, b: 255, a: 255))
        // Half-covered edge pixel on a transparent image: white at coverage 0.5.
        var t = Image(width: 4, height: 4)
        t.fill(Path(rect: Rect(0, 0, 1.5, 4)), color: .white)
        #expect(t[1, 1] == PremultipliedPixel(r: 128, g: 128, b: 128, a: 128))
    }
}
