import Foundation
import Testing
import StardustCore

/// Every entry of `a` within `e` of the same entry of `b`.
func expectClose(_ a: Transform2D, _ b: Transform2D, accuracy e: Double = 1e-12,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    for (x, y) in [(a.a, b.a), (a.b, b.b), (a.c, b.c), (a.d, b.d), (a.tx, b.tx), (a.ty, b.ty)] {
        #expect(abs(x - y) <= e, "\(a) vs \(b)", sourceLocation: sourceLocation)
    }
}

/// Both coordinates of `a` within `e` of those of `b`.
func expectClose(_ a: Point, _ b: Point, accuracy e: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(a.x - b.x) <= e, "\(a) vs \(b)", sourceLocation: sourceLocation)
    #expect(abs(a.y - b.y) <= e, "\(a) vs \(b)", sourceLocation: sourceLocation)
}

@Suite struct Transform2DTests {
    @Test func concatenationMatchesTheHandComputedProduct() {
        // Row-vector matrices [[a b 0] [c d 0] [tx ty 1]]:
        // [[1 2] [3 4] [5 6]] · [[7 8] [9 10] [11 12]] = [[25 28] [57 64] [100 112]].
        let t1 = Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t2 = Transform2D(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12)
        #expect(t1.concatenating(t2) == Transform2D(a: 25, b: 28, c: 57, d: 64, tx: 100, ty: 112))
        // And it means "t1 first, then t2".
        let p = Point(-2, 3)
        expectClose(t1.concatenating(t2).apply(to: p), t2.apply(to: t1.apply(to: p)))
    }

    @Test func concatenationOrderIsCoreGraphics() {
        let scale = Transform2D(scaleX: 2, y: 3), move = Transform2D(translationX: 10, y: 20)
        // Scale then translate: (1, 1) → (2, 3) → (12, 23).
        expectClose(scale.concatenating(move).apply(to: Point(1, 1)), Point(12, 23))
        // Translate then scale: (1, 1) → (11, 21) → (22, 63).
        expectClose(move.concatenating(scale).apply(to: Point(1, 1)), Point(22, 63))
        // CGAffineTransformTranslate(t, …) applies the translation first.
        expectClose(scale.translatedBy(x: 10, y: 20).apply(to: Point(1, 1)), Point(22, 63))
        expectClose(move.scaledBy(x: 2, y: 3).apply(to: Point(1, 1)), Point(12, 23))
        expectClose(move.rotated(by: .pi / 2).apply(to: Point(1, 0)), Point(10, 21))
    }

    @Test func rotationIsClockwiseOnAYDownScreen() {
        let r = Transform2D(rotationAngle: .pi / 2)
        expectClose(r.apply(to: Point(1, 0)), Point(0, 1))
        expectClose(r.apply(to: Point(0, 1)), Point(-1, 0))
        let r30 = Transform2D(rotationAngle: .pi / 6)
        expectClose(r30.apply(to: Point(2, 0)), Point(3.0.squareRoot(), 1))
    }

    @Test func inverse() throws {
        let t = Transform2D(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let inv = try #require(t.inverted())
        expectClose(t.concatenating(inv), .identity)
        expectClose(inv.concatenating(t), .identity)
        expectClose(inv.apply(to: t.apply(to: Point(4, 9))), Point(4, 9))
        #expect(t.determinant == 7)
        #expect(Transform2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted() == nil)
        #expect(Transform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
    }

    @Test func vectorsIgnoreTranslationAndRectBounds() {
        let t = Transform2D(rotationAngle: .pi / 4).concatenating(Transform2D(translationX: 100, y: 0))
        expectClose(t.applyToVector(Point(1, 0)), Point(0.5.squareRoot(), 0.5.squareRoot()))
        // A 2×2 square rotated 45° spans ±√2 around its rotated center.
        let b = t.apply(to: Rect(x: -1, y: -1, width: 2, height: 2))
        #expect(abs(b.minX - (100 - 2.0.squareRoot())) <= 1e-12)
        #expect(abs(b.width - 2 * 2.0.squareRoot()) <= 1e-12)
        #expect(abs(b.height - 2 * 2.0.squareRoot()) <= 1e-12)
        // The largest stretch of any direction: the larger singular value, whatever the rotation.
        #expect(abs(Transform2D(scaleX: 3, y: -5).rotated(by: 1).maxScale - 5) <= 1e-12)
        #expect(abs(Transform2D(rotationAngle: 0.3).scaledBy(x: 2, y: 0.5).maxScale - 2) <= 1e-12)
        #expect(abs(Transform2D(rotationAngle: 0.3).maxScale - 1) <= 1e-12)
        #expect(abs(Transform2D(a: 1, b: 0, c: 1, d: 1, tx: 0, ty: 0).maxScale - (1 + 5.0.squareRoot()) / 2) <= 1e-12)
    }

    @Test func codableRoundTrip() throws {
        let t = Transform2D(a: 1.5, b: -2, c: 0.25, d: 4, tx: 8, ty: -16)
        let back = try JSONDecoder().decode(Transform2D.self, from: JSONEncoder().encode(t))
        #expect(back == t)
    }
}
