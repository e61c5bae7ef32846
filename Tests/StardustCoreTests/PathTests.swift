import XCTest
import StardustCore

final class PathTests: XCTestCase {
    func testFlattenedCircleStaysWithinTolerance() {
        let r = 100.0, c = Point(20, -30)
        let circle = Path(ellipseIn: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        // Four cubic arcs deviate from the true circle by at most 2.7·10⁻⁴·r; flattening adds at most `tol`.
        let cubicError = 2.8e-4 * r
        var previousCount = 0
        for tol in [1.0, 0.1, 0.01] {
            let polys = circle.flattened(tolerance: tol)
            XCTAssertEqual(polys.count, 1)
            XCTAssertTrue(polys[0].isClosed)
            let pts = polys[0].points
            for p in pts { XCTAssertEqual(p.distance(to: c), r, accuracy: cubicError + 1e-9) }
            // Chords: their midpoints are the farthest from the circle.
            for i in 0..<pts.count {
                let m = pts[i].lerp(to: pts[(i + 1) % pts.count], 0.5)
                XCTAssertGreaterThanOrEqual(m.distance(to: c), r - tol - cubicError)
            }
            // Not absurdly fine: within 3× the optimal chord count π/acos(1 − tol/r).
            XCTAssertLessThan(Double(pts.count), 3 * .pi / acos(1 - tol / r) + 8)
            XCTAssertGreaterThan(pts.count, previousCount)
            previousCount = pts.count
        }
    }

    func testLengths() {
        // Cubic circle arcs run at most 2.7·10⁻⁴·r outside the circle: lengths agree with 2πr to 3·10⁻⁴.
        XCTAssertEqual(Path(ellipseIn: Rect(x: 0, y: 0, width: 20, height: 20)).length(), 2 * .pi * 10, accuracy: 3e-4 * 2 * .pi * 10)
        XCTAssertEqual(Path(ellipseIn: Rect(x: 0, y: 0, width: 200, height: 200)).length(tolerance: 0.001), 2 * .pi * 100,
                       accuracy: 3e-4 * 2 * .pi * 100)
        XCTAssertEqual(Path(rect: Rect(x: 1, y: 2, width: 30, height: 40)).length(), 140, accuracy: 1e-9)
        var open = Path(); open.move(to: .zero); open.addLine(to: Point(3, 4)); open.addLine(to: Point(3, 10))
        XCTAssertEqual(open.length(), 11, accuracy: 1e-12)
        // A rounded rectangle: straight sides plus one full circle of corners.
        let rr = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10)
        let expected: Double = 2.0 * 160 - 80 + 20 * Double.pi
        XCTAssertEqual(rr.length(tolerance: 0.001), expected, accuracy: 0.02)
    }

    func testRoundedRectBounds() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        let p = Path(roundedRect: r, cornerRadius: 12)
        XCTAssertEqual(p.controlPointBounds, r)
        let pts = p.flattened(tolerance: 0.01).flatMap(\.points)
        XCTAssertEqual(pts.map(\.x).min()!, 10, accuracy: 1e-9); XCTAssertEqual(pts.map(\.x).max()!, 110, accuracy: 1e-9)
        XCTAssertEqual(pts.map(\.y).min()!, 20, accuracy: 1e-9); XCTAssertEqual(pts.map(\.y).max()!, 70, accuracy: 1e-9)
        // The corner is cut: no point near the bounding box's corner.
        XCTAssertGreaterThan(pts.map { $0.distance(to: Point(10, 20)) }.min()!, 12 * (2.0.squareRoot() - 1) - 0.05)
        // The radius is clamped to half the shorter side; a negative size is standardized; radius 0 is a plain rectangle.
        let stadium: Double = 100 + 50 * Double.pi
        XCTAssertEqual(Path(roundedRect: r, cornerRadius: 1000).length(tolerance: 0.001), stadium, accuracy: 0.05)
        XCTAssertEqual(Path(roundedRect: Rect(x: 110, y: 70, width: -100, height: -50), cornerRadius: 12).controlPointBounds, r)
        XCTAssertEqual(Path(roundedRect: r, cornerRadius: 0), Path(rect: r))
        XCTAssertEqual(Path().controlPointBounds, .zero)
    }

    func testArcsAndCurrentPoint() {
        var p = Path()
        p.addArc(center: Point(5, 5), radius: 10, startAngle: 0, endAngle: .pi / 2)
        XCTAssertEqual(p.currentPoint!.x, 5, accuracy: 1e-12)
        XCTAssertEqual(p.currentPoint!.y, 15, accuracy: 1e-12, "a clockwise quarter from +x ends at +y (downwards)")
        for q in p.flattened(tolerance: 0.001)[0].points { XCTAssertEqual(q.distance(to: Point(5, 5)), 10, accuracy: 0.003) }
        // Counter-clockwise from 0 to π/2 is the long way round: three quarters.
        var ccw = Path()
        ccw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(ccw.length(tolerance: 0.001), 15 * .pi, accuracy: 0.02)
        // An arc added to an open path first draws a line to its start.
        var joined = Path(); joined.move(to: .zero)
        joined.addArc(center: Point(20, 0), radius: 10, startAngle: .pi, endAngle: 0)
        XCTAssertEqual(joined.elements[1], .line(to: Point(10, 0 + 10 * sin(Double.pi))))
    }

    func testElementsInitKeepsTheCurrentPoint() {
        var built = Path()
        built.move(to: Point(1, 2)); built.addLine(to: Point(3, 4)); built.closeSubpath()
        var copy = Path(elements: built.elements)
        XCTAssertEqual(copy, built)
        XCTAssertEqual(copy.currentPoint, Point(1, 2))
        copy.addLine(to: Point(9, 9))
        XCTAssertEqual(copy.elements.last, .line(to: Point(9, 9)), "continues the path instead of starting a new one")
    }

    func testApplyingATransformAndAddPath() {
        let square = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        let moved = square.applying(Transform2D(rotationAngle: .pi / 2).concatenating(Transform2D(translationX: 100, y: 0)))
        let b = moved.controlPointBounds
        XCTAssertEqual(b.minX, 90, accuracy: 1e-9); XCTAssertEqual(b.maxX, 100, accuracy: 1e-9)
        XCTAssertEqual(b.minY, 0, accuracy: 1e-9); XCTAssertEqual(b.maxY, 10, accuracy: 1e-9)
        var both = square; both.addPath(moved)
        XCTAssertEqual(both.flattened().count, 2)
        XCTAssertEqual(both.length(), 80, accuracy: 1e-9)
    }

    func testFlatteningOfQuadraticsMeetsTheTolerance() {
        // y = x²/100 sampled by a quadratic from (−100, 100) through control (0, −100) to (100, 100).
        var p = Path(); p.move(to: Point(-100, 100)); p.addQuadCurve(to: Point(100, 100), control: Point(0, -100))
        let tol = 0.05
        let pts = p.flattened(tolerance: tol)[0].points
        XCTAssertEqual(pts.first, Point(-100, 100)); XCTAssertEqual(pts.last, Point(100, 100))
        // The curve is the parabola y = x²/100; chord midpoints lie above it by at most tol.
        for i in 1..<pts.count {
            let m = pts[i - 1].lerp(to: pts[i], 0.5)
            XCTAssertLessThanOrEqual(m.y - m.x * m.x / 100, tol + 1e-9)
            XCTAssertEqual(pts[i].y, pts[i].x * pts[i].x / 100, accuracy: 1e-9)
        }
    }
}
