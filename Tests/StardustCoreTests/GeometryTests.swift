import Testing
import StardustCore

@Suite struct GeometryTests {
    @Test func rectStandardizesNegativeSizes() {
        let r = Rect(x: 10, y: 20, width: -4, height: -6)
        #expect(r.minX == 6); #expect(r.maxX == 10); #expect(r.minY == 14); #expect(r.maxY == 20)
        #expect(r.width == 4); #expect(r.height == 6)
        #expect(r.standardized == Rect(x: 6, y: 14, width: 4, height: 6))
        #expect(r.center == Point(8, 17))
    }

    @Test func intersectionUnionContainsInset() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: -5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 0, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: -5, width: 15, height: 15))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
        // Half-open: the min edges are inside, the max edges outside.
        #expect(a.contains(Point(0, 0))); #expect(!a.contains(Point(10, 5))); #expect(!a.contains(Point(5, 10)))
        #expect(a.insetBy(dx: 2, dy: 3) == Rect(x: 2, y: 3, width: 6, height: 4))
        #expect(a.insetBy(dx: -1, dy: -1) == Rect(x: -1, y: -1, width: 12, height: 12))
    }

    @Test func pointAndVectorArithmetic() {
        let p = Point(3, 4), q = Point(-1, 2)
        #expect(p.length == 5)
        #expect(p.dot(q) == 5)
        #expect(p.cross(q) == 10)
        #expect(p.distance(to: q) == (16.0 + 4).squareRoot())
        #expect(p.lerp(to: q, 0.25) == Point(2, 3.5))
        #expect(p - q == Point(4, 2)); #expect(2 * p == Point(6, 8)); #expect(-p == Point(-3, -4))
        #expect((Vector3(1, 2, 2) * 2).length == 6)
        #expect(Size(3, 4) * 2 == Size(width: 6, height: 8))
    }
}
