import XCTest
import StardustCore

final class GeometryTests: XCTestCase {
    func testRectStandardizesNegativeSizes() {
        let r = Rect(x: 10, y: 20, width: -4, height: -6)
        XCTAssertEqual(r.minX, 6); XCTAssertEqual(r.maxX, 10); XCTAssertEqual(r.minY, 14); XCTAssertEqual(r.maxY, 20)
        XCTAssertEqual(r.width, 4); XCTAssertEqual(r.height, 6)
        XCTAssertEqual(r.standardized, Rect(x: 6, y: 14, width: 4, height: 6))
        XCTAssertEqual(r.center, Point(8, 17))
    }

    func testIntersectionUnionContainsInset() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: -5, width: 10, height: 10)
        XCTAssertEqual(a.intersection(b), Rect(x: 5, y: 0, width: 5, height: 5))
        XCTAssertEqual(a.union(b), Rect(x: 0, y: -5, width: 15, height: 15))
        XCTAssertTrue(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
        // Half-open: the min edges are inside, the max edges outside.
        XCTAssertTrue(a.contains(Point(0, 0))); XCTAssertFalse(a.contains(Point(10, 5))); XCTAssertFalse(a.contains(Point(5, 10)))
        XCTAssertEqual(a.insetBy(dx: 2, dy: 3), Rect(x: 2, y: 3, width: 6, height: 4))
        XCTAssertEqual(a.insetBy(dx: -1, dy: -1), Rect(x: -1, y: -1, width: 12, height: 12))
    }

    func testPointAndVectorArithmetic() {
        let p = Point(3, 4), q = Point(-1, 2)
        XCTAssertEqual(p.length, 5)
        XCTAssertEqual(p.dot(q), 5)
        XCTAssertEqual(p.cross(q), 10)
        XCTAssertEqual(p.distance(to: q), (16.0 + 4).squareRoot())
        XCTAssertEqual(p.lerp(to: q, 0.25), Point(2, 3.5))
        XCTAssertEqual(p - q, Point(4, 2)); XCTAssertEqual(2 * p, Point(6, 8)); XCTAssertEqual(-p, Point(-3, -4))
        XCTAssertEqual((Vector3(1, 2, 2) * 2).length, 6)
        XCTAssertEqual(Size(3, 4) * 2, Size(width: 6, height: 8))
    }
}
