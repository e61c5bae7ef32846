import Foundation
import Testing
import StardustCore

@Suite struct PathTests {
    @Test func flattenedCircleStaysWithinTolerance() {
        let r = 100.0, c = Point(20, -30)
        let circle = Path(ellipseIn: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        // Four cubic arcs deviate from the true circle by at most 2.7·10⁻⁴·r; flattening adds at most `tol`.
        let cubicError = 2.8e-4 * r
        var previousCount = 0
        for tol in [1.0, 0.1, 0.01] {
            let polys = circle.flattened(tolerance: tol)
            #expect(polys.count == 1)
            #expect(polys[0].isClosed)
            let pts = polys[0].points
            for p in pts { #expect(abs(p.distance(to: c) - r) <= cubicError + 1e-9) }
            // Chords: their midpoints are the farthest from the circle.
            for i in 0..<pts.count {
                let m = pts[i].lerp(to: pts[(i + 1) % pts.count], 0.5)
                #expect(m.distance(to: c) >= r - tol - cubicError)
            }
            // Not absurdly fine: within 3× the optimal chord count π/acos(1 − tol/r).
            #expect(Double(pts.count) < 3 * .pi / acos(1 - tol / r) + 8)
            #expect(pts.count > previousCount)
            previousCount = pts.count
        }
    }

    /// A curve's segment count is clamped before it becomes an `Int`: control points near ±10³⁰⁸ make the
    /// second-difference bound infinite (the cap, 1000 segments) and a NaN makes it NaN (one segment).
    @Test func curvesWithFarOrNaNControlPointsFlattenWithoutTrapping() {
        var far = Path()
        far.move(to: Point(0, 0))
        far.addCurve(to: Point(1, 1), control1: Point(-1e308, 1e308), control2: Point(1e308, -1e308))
        far.addQuadCurve(to: Point(2, 2), control: Point(1e308, -1e308))
        #expect(far.flattened(tolerance: 0.1).map(\.points.count) == [1 + 1000 + 1000])
        var nan = Path()
        nan.move(to: Point(0, 0))
        nan.addCurve(to: Point(1, 1), control1: Point(.nan, 0), control2: Point(0, 1))
        nan.addQuadCurve(to: Point(2, 2), control: Point(0, .nan))
        #expect(nan.flattened(tolerance: 0.1).map(\.points.count) == [1 + 1 + 1])
    }

    @Test func lengths() {
        // Cubic circle arcs run at most 2.7·10⁻⁴·r outside the circle: lengths agree with 2πr to 3·10⁻⁴.
        #expect(abs(Path(ellipseIn: Rect(x: 0, y: 0, width: 20, height: 20)).length() - 2 * .pi * 10) <= 3e-4 * 2 * .pi * 10)
        #expect(abs(Path(ellipseIn: Rect(x: 0, y: 0, width: 200, height: 200)).length(tolerance: 0.001) - 2 * .pi * 100)
                <= 3e-4 * 2 * .pi * 100)
        #expect(abs(Path(rect: Rect(x: 1, y: 2, width: 30, height: 40)).length() - 140) <= 1e-9)
        var open = Path(); open.move(to: .zero); open.addLine(to: Point(3, 4)); open.addLine(to: Point(3, 10))
        #expect(abs(open.length() - 11) <= 1e-12)
        // A rounded rectangle: straight sides plus one full circle of corners.
        let rr = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10)
        let expected: Double = 2.0 * 160 - 80 + 20 * Double.pi
        #expect(abs(rr.length(tolerance: 0.001) - expected) <= 0.02)
    }

    @Test func roundedRectBounds() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        let p = Path(roundedRect: r, cornerRadius: 12)
        #expect(p.controlPointBounds == r)
        let pts = p.flattened(tolerance: 0.01).flatMap(\.points)
        #expect(abs(pts.map(\.x).min()! - 10) <= 1e-9); #expect(abs(pts.map(\.x).max()! - 110) <= 1e-9)
        #expect(abs(pts.map(\.y).min()! - 20) <= 1e-9); #expect(abs(pts.map(\.y).max()! - 70) <= 1e-9)
        // The corner is cut: no point near the bounding box's corner.
        #expect(pts.map { $0.distance(to: Point(10, 20)) }.min()! > 12 * (2.0.squareRoot() - 1) - 0.05)
        // The radius is clamped to half the shorter side; a negative size is standardized; radius 0 is a plain rectangle.
        let stadium: Double = 100 + 50 * Double.pi
        #expect(abs(Path(roundedRect: r, cornerRadius: 1000).length(tolerance: 0.001) - stadium) <= 0.05)
        #expect(Path(roundedRect: Rect(x: 110, y: 70, width: -100, height: -50), cornerRadius: 12).controlPointBounds == r)
        #expect(Path(roundedRect: r, cornerRadius: 0) == Path(rect: r))
        #expect(Path().controlPointBounds == .zero)
    }

    @Test func arcsAndCurrentPoint() {
        var p = Path()
        p.addArc(center: Point(5, 5), radius: 10, startAngle: 0, endAngle: .pi / 2)
        #expect(abs(p.currentPoint!.x - 5) <= 1e-12)
        #expect(abs(p.currentPoint!.y - 15) <= 1e-12, "a clockwise quarter from +x ends at +y (downwards)")
        for q in p.flattened(tolerance: 0.001)[0].points { #expect(abs(q.distance(to: Point(5, 5)) - 10) <= 0.003) }
        // Counter-clockwise from 0 to π/2 is the long way round: three quarters.
        var ccw = Path()
        ccw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(abs(ccw.length(tolerance: 0.001) - 15 * .pi) <= 0.02)
        // An arc added to an open path first draws a line to its start.
        var joined = Path(); joined.move(to: .zero)
        joined.addArc(center: Point(20, 0), radius: 10, startAngle: .pi, endAngle: 0)
        #expect(joined.elements[1] == .line(to: Point(10, 0 + 10 * sin(Double.pi))))
    }

    @Test func elementsInitKeepsTheCurrentPoint() {
        var built = Path()
        built.move(to: Point(1, 2)); built.addLine(to: Point(3, 4)); built.closeSubpath()
        var copy = Path(elements: built.elements)
        #expect(copy == built)
        #expect(copy.currentPoint == Point(1, 2))
        copy.addLine(to: Point(9, 9))
        #expect(copy.elements.last == .line(to: Point(9, 9)), "continues the path instead of starting a new one")
    }

    @Test func applyingATransformAndAddPath() {
        let square = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        let moved = square.applying(Transform2D(rotationAngle: .pi / 2).concatenating(Transform2D(translationX: 100, y: 0)))
        let b = moved.controlPointBounds
        #expect(abs(b.minX - 90) <= 1e-9); #expect(abs(b.maxX - 100) <= 1e-9)
        #expect(abs(b.minY - 0) <= 1e-9); #expect(abs(b.maxY - 10) <= 1e-9)
        var both = square; both.addPath(moved)
        #expect(both.flattened().count == 2)
        #expect(abs(both.length() - 80) <= 1e-9)
    }

    @Test func flatteningOfQuadraticsMeetsTheTolerance() {
        // y = x²/100 sampled by a quadratic from (−100, 100) through control (0, −100) to (100, 100).
        var p = Path(); p.move(to: Point(-100, 100)); p.addQuadCurve(to: Point(100, 100), control: Point(0, -100))
        let tol = 0.05
        let pts = p.flattened(tolerance: tol)[0].points
        #expect(pts.first == Point(-100, 100)); #expect(pts.last == Point(100, 100))
        // The curve is the parabola y = x²/100; chord midpoints lie above it by at most tol.
        for i in 1..<pts.count {
            let m = pts[i - 1].lerp(to: pts[i], 0.5)
            #expect(m.y - m.x * m.x / 100 <= tol + 1e-9)
            #expect(abs(pts[i].y - pts[i].x * pts[i].x / 100) <= 1e-9)
        }
    }
}
