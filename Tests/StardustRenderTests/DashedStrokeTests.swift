import StardustCore
import StardustTestSupport
import Testing
@testable import StardustRender

/// Dashed strokes (`lineDashPattern` / `lineDashPhase`) against analytic coverage: on a straight line a dash
/// pattern covers exactly (sum of its on-intervals) × line width with butt caps, plus a cap's area per dash.
@Suite struct DashedStrokeTests {
    /// The covered area (sum of coverage) of `path` stroked with `style`.
    func area(_ path: Path, _ style: StrokeStyle, w: Int = 128, h: Int = 48) -> Double {
        let edges = EdgeList(polylines: Stroker.outline(of: path, style: style, tolerance: 0.01))
        return CoverageRasterizer.coverage(edges, rule: .nonZero, columns: 0..<w, rows: 0..<h).reduce(0) { $0 + Double($1) }
    }

    func line(_ x0: Double, _ x1: Double, y: Double = 20.5) -> Path {
        var p = Path(); p.move(to: Point(x0, y)); p.addLine(to: Point(x1, y)); return p
    }

    func dashed(_ pattern: [Double], phase: Double = 0, cap: StrokeStyle.LineCap = .butt, width: Double = 4) -> StrokeStyle {
        StrokeStyle(width: width, cap: cap, dashPattern: pattern, dashPhase: phase)
    }

    @Test func aDashPatternCoversTheSumOfItsOnIntervals() {
        // A 100-point line, [10, 5]: dashes at 0–10, 15–25, …, 90–100: 7 × 10 = 70 points of a 4-point pen.
        #expect(abs(area(line(10, 110), dashed([10, 5])) - 70 * 4) < 0.05)
        // Phase 3 starts 3 points into the first dash: 0–7, 12–22, …, 87–97: 7 + 6 × 10 = 67.
        #expect(abs(area(line(10, 110), dashed([10, 5], phase: 3)) - 67 * 4) < 0.05)
        // A negative phase shifts the other way: −5 ≡ 10, which starts in the gap: 5–15, 20–30, …, 95–100 → 10·6 + 5 = 65.
        #expect(abs(area(line(10, 110), dashed([10, 5], phase: -5)) - 65 * 4) < 0.05)
    }

    @Test func anOddPatternIsUsedTwiceOver() {
        // [10] is [10, 10]: half of 100 points.
        #expect(abs(area(line(10, 110), dashed([10])) - 50 * 4) < 0.05)
        // [5, 3, 2] is [5, 3, 2, 5, 3, 2]: on 5 + 2 + 3 = 10 of every 20 points.
        #expect(abs(area(line(10, 110), dashed([5, 3, 2])) - 50 * 4) < 0.05)
    }

    @Test func zeroLengthDashesAreDotsWithRoundOrSquareCapsAndNothingWithButt() {
        // [0, 10] on 100 points: dots at 0, 10, …, 90 (none at the very end): 10 discs or squares of the pen.
        let discs = area(line(10, 110), dashed([0, 10], cap: .round))
        // (Round caps are polygons within 0.01 of the circle: each disc loses about ⅔ · 0.01 · its perimeter ≈ 0.08.)
        #expect(abs(discs - 10 * Double.pi * 4) < 10 * 0.1)
        #expect(abs(area(line(10, 110), dashed([0, 10], cap: .square)) - 10 * 16) < 0.05)
        #expect(area(line(10, 110), dashed([0, 10], cap: .butt)) < 1e-6)
    }

    @Test func aSquareDotTurnsWithThePath() {
        // On a 45° line the square dot is a diamond: its covered rows span 4·√2 ≈ 5.66 pixels, not 4.
        var p = Path(); p.move(to: Point(20, 20)); p.addLine(to: Point(60, 60))
        let edges = EdgeList(polylines: Stroker.outline(of: p, style: dashed([0, 100], cap: .square), tolerance: 0.01))
        let b = edges.bounds!
        #expect(abs(b.height - 4 * 2.0.squareRoot()) < 1e-5)
        #expect(abs(b.midX - 20) < 1e-6 && abs(b.midY - 20) < 1e-6)
    }

    @Test func capsAreAppliedToEveryDash() {
        // Round caps add a disc per dash: 7 dashes of 10 on 100 points with [10, 5].
        let expected = 70 * 4 + 7 * Double.pi * 4
        #expect(abs(area(line(10, 110), dashed([10, 5], cap: .round)) - expected) < 7 * 0.1)
        // Square caps add half a pen at each end: 7 × 4 × 4 — neighbours 5 apart overlap by 0 (4 of extension < 5).
        #expect(abs(area(line(10, 110), dashed([10, 5], cap: .square)) - (70 * 4 + 7 * 16)) < 0.05)
    }

    @Test func everySubpathRestartsThePatternAtThePhase() {
        // Two 25-point subpaths with [10, 10]: each draws 0–10 and 20–25 = 15; continuing across them would give 25.
        var p = line(10, 35)
        p.addPath(line(50, 75, y: 30.5))
        #expect(abs(area(p, dashed([10, 10])) - 30 * 4) < 0.05)
    }

    @Test func aClosedSubpathJoinsItsLastDashToItsFirst() {
        // A 40-point square (perimeter 160) with [25, 10] from a corner: the last dash (140–160) runs into the first
        // (0–25) through the corner, which gets a miter join: the union is exactly 120 points × 4 (a right-angle
        // miter stroke covers length × width). Two butt-capped pieces would leave the 2×2 outer corner empty (476).
        let square = Path(rect: Rect(20.5, 4.5, 40, 40))
        #expect(abs(area(square, dashed([25, 10])) - 480) < 0.05)
        // A pattern longer than the perimeter leaves the square closed: the same as a solid stroke.
        #expect(abs(area(square, dashed([500, 10])) - area(square, StrokeStyle(width: 4))) < 1e-9)
    }

    @Test func badPatternsStrokeSolid() {
        let solid = area(line(10, 110), StrokeStyle(width: 4))
        for pattern in [[0.0, 0.0], [-1.0, 5.0], [Double.nan, 3.0], [Double.infinity, 1.0]] {
            #expect(area(line(10, 110), dashed(pattern)) == solid, "pattern \(pattern)")
        }
    }

    @Test func aPatternCuttingTooManyDashesStrokesSolidInsteadOfAllocating() {
        let solid = area(line(10, 110), StrokeStyle(width: 4))
        #expect(PathDashing.dashCount(length: 100, pattern: [0.0001, 0.0001]) > Double(PathDashing.maximumDashes))
        #expect(area(line(10, 110), dashed([0.0001, 0.0001])) == solid)
    }

    @Test func dashesOnACurveFollowItsLength() {
        // A circle of radius 30 (circumference 188.5) with [π·30/8, π·30/8]: 8 dashes, half the ring.
        let r = 30.0, w = 4.0
        let circle = Path(ellipseIn: Rect(64 - r, 24 - r + 20, 2 * r, 2 * r))
        let q = Double.pi * r / 8
        let ring = Double.pi * ((r + w / 2) * (r + w / 2) - (r - w / 2) * (r - w / 2))
        #expect(abs(area(circle, dashed([q, q], width: w), w: 128, h: 96) - ring / 2) < ring * 0.01)
    }
}
