import Testing
import StardustCore

/// Every entry of `a` within `e` of the same entry of `b`.
func expectClose(_ a: Transform3D, _ b: Transform3D, accuracy e: Double = 1e-12,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    for (ra, rb) in zip(a.rows, b.rows) { for (x, y) in zip(ra, rb) {
        #expect(abs(x - y) <= e, "\(a.rows) vs \(b.rows)", sourceLocation: sourceLocation)
    } }
}

@Suite struct Transform3DTests {
    @Test func rotationAboutZEqualsTheAffineRotation() {
        for angle in [0.3, -1.2, .pi / 2, 3.0] {
            let r3 = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
            expectClose(r3, Transform3D(Transform2D(rotationAngle: angle)))
            #expect(r3.isAffine)
            expectClose(r3.affine, Transform2D(rotationAngle: angle))
        }
        // The axis need not be normalized.
        expectClose(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 5), Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1))
    }

    @Test func rotationAboutXFollowsTheRightHandRule() {
        let r = Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0)
        let p = r.project(Vector3(0, 1, 0))
        #expect(abs(p.point.x - 0) <= 1e-12); #expect(abs(p.point.y - 0) <= 1e-12)
        #expect(abs(p.z - 1) <= 1e-12)
        #expect(!r.isAffine)
    }

    @Test func concatenationMatchesHandComputedProducts() {
        let a = Transform3D(rows: [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]])
        let b = Transform3D(rows: [[2, 0, 1, 0], [0, 1, 0, 3], [1, 0, 0, 1], [0, 2, 1, 0]])
        #expect(a.concatenating(b).rows == [[5, 10, 5, 9], [17, 22, 13, 25], [29, 34, 21, 41], [41, 46, 29, 57]])
        #expect(b.concatenating(a).rows == [[11, 14, 17, 20], [44, 48, 52, 56], [14, 16, 18, 20], [19, 22, 25, 28]])
        // Translate (1, 2, 3) then scale (2, 3, 4): the translation row becomes (2, 6, 12).
        let ts = Transform3D(translationX: 1, y: 2, z: 3).concatenating(Transform3D(scaleX: 2, y: 3, z: 4))
        #expect(ts.rows == [[2, 0, 0, 0], [0, 3, 0, 0], [0, 0, 4, 0], [2, 6, 12, 1]])
        // translatedBy applies the translation first (CATransform3DTranslate).
        #expect(Transform3D(scaleX: 2, y: 3, z: 4).translatedBy(x: 1, y: 2, z: 3) == ts)
        // Embedding commutes with concatenation.
        let t1 = Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6), t2 = Transform2D(rotationAngle: 0.7)
        expectClose(Transform3D(t1).concatenating(Transform3D(t2)), Transform3D(t1.concatenating(t2)))
    }

    @Test func inverse() throws {
        var t = Transform3D(rotationAngle: 0.8, x: 1, y: 2, z: 0.5).translatedBy(x: 3, y: -4, z: 20)
        t.m34 = -1.0 / 500
        let inv = try #require(t.inverted())
        expectClose(t.concatenating(inv), .identity, accuracy: 1e-12)
        expectClose(inv.concatenating(t), .identity, accuracy: 1e-12)
        // Needs pivoting: a permutation matrix.
        let perm = Transform3D(rows: [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]])
        #expect(perm.inverted() == perm)
        #expect(Transform3D(scaleX: 1, y: 0, z: 1).inverted() == nil)
    }

    @Test func perspectiveProjection() {
        // p·M with m34 = −1/d gives w = 1 − z/d; dividing by w scales x and y by d/(d − z):
        // for d = 500, z = 100 that is 500/400 = 1.25.
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        let p = t.project(Vector3(10, 20, 100))
        #expect(abs(p.w - 0.8) <= 1e-12)
        #expect(abs(p.point.x - 10 * 500.0 / (500 - 100)) <= 1e-12)
        #expect(abs(p.point.y - 20 * 500.0 / (500 - 100)) <= 1e-12)
        #expect(abs(p.point.x - 12.5) <= 1e-12)
        // A point behind the eye plane (z < 0) shrinks: 500/600.
        #expect(abs(t.project(Vector3(60, 0, -100)).point.x - 50) <= 1e-12)
        #expect(!t.isAffine)
    }

    @Test func isAffine() {
        #expect(Transform3D.identity.isAffine)
        #expect(Transform3D(Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)).isAffine)
        #expect(Transform3D(translationX: 4, y: 5, z: 0).isAffine)
        #expect(!Transform3D(translationX: 0, y: 0, z: 1).isAffine)
        #expect(!Transform3D(scaleX: 1, y: 1, z: 2).isAffine)
        #expect(!Transform3D(rotationAngle: 0.1, x: 0, y: 1, z: 0).isAffine)
    }

    @Test func affineApproximationMatchesTheProjectionLocally() {
        var t = Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0)
        t.m34 = -1.0 / 400
        let p = Point(30, 40)
        let approx = t.affineApproximation(around: p)
        expectClose(approx.apply(to: p), t.project(Vector3(p.x, p.y, 0)).point, accuracy: 1e-9)
        let q = Point(30.5, 40.25)
        expectClose(approx.apply(to: q), t.project(Vector3(q.x, q.y, 0)).point, accuracy: 1e-2)
        let affine = Transform3D(Transform2D(rotationAngle: 1).translatedBy(x: 3, y: 4))
        #expect(affine.affineApproximation(around: p) == affine.affine)
    }
}
