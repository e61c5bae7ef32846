import Foundation

/// A 4×4 homogeneous transform with `CATransform3D`'s layout and conventions.
///
/// Points are row vectors multiplied on the left: `p' = p · M`. `m34 = −1/d`
/// gives a perspective projection with the eye at distance `d`.
/// `a.concatenating(b)` applies `a` first, then `b` (CATransform3DConcat).
public struct Transform3D: Hashable, Sendable, Codable {
    /// The first row: the image of the x axis (`m11`, `m12`, `m13`) and its projective term `m14`.
    public var m11: Double, m12: Double, m13: Double, m14: Double
    /// The second row: the image of the y axis (`m21`, `m22`, `m23`) and its projective term `m24`.
    public var m21: Double, m22: Double, m23: Double, m24: Double
    /// The third row: the image of the z axis (`m31`, `m32`, `m33`) and `m34`, the perspective term
    /// (`−1/d` puts the eye `d` points in front of the plane, as in Core Animation).
    public var m31: Double, m32: Double, m33: Double, m34: Double
    /// The fourth row: the translation (`m41`, `m42`, `m43`) in points, and `m44` (1 for affine transforms).
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// A transform from its sixteen entries, row by row (`CATransform3D`'s field order).
    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The identity transform (`CATransform3DIdentity`).
    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0,
                                             m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0,
                                             m41: 0, m42: 0, m43: 0, m44: 1)

    /// Whether this is exactly ``identity`` (`CATransform3DIsIdentity`).
    public var isIdentity: Bool { self == .identity }

    /// CATransform3DMakeTranslation.
    public init(translationX x: Double, y: Double, z: Double) {
        self = .identity; m41 = x; m42 = y; m43 = z
    }
    /// CATransform3DMakeScale.
    public init(scaleX x: Double, y: Double, z: Double) {
        self = .identity; m11 = x; m22 = y; m33 = z
    }
    /// CATransform3DMakeRotation: `angle` radians about the axis `(x, y, z)`.
    /// About +z a positive angle turns clockwise on a y-down screen.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0 else { self = .identity; return }
        let ux = x / len, uy = y / len, uz = z / len
        let s = sin(angle), c = cos(angle), t = 1 - c
        self = .identity
        m11 = t * ux * ux + c;      m12 = t * ux * uy + s * uz; m13 = t * ux * uz - s * uy
        m21 = t * ux * uy - s * uz; m22 = t * uy * uy + c;      m23 = t * uy * uz + s * ux
        m31 = t * ux * uz + s * uy; m32 = t * uy * uz - s * ux; m33 = t * uz * uz + c
    }

    /// Embeds an affine transform (CATransform3DMakeAffineTransform).
    public init(_ t: Transform2D) {
        self = .identity
        m11 = t.a; m12 = t.b; m21 = t.c; m22 = t.d; m41 = t.tx; m42 = t.ty
    }

    /// `self` then `o` (CATransform3DConcat(self, o)).
    ///
    /// Complexity: O(1), no allocation (it runs several times per layer per frame). Each entry is
    /// `a[i][0]·b[0][j] + a[i][1]·b[1][j] + a[i][2]·b[2][j] + a[i][3]·b[3][j]`, summed left to right, so
    /// the results are bit for bit those of the row-array product it replaces.
    public func concatenating(_ o: Transform3D) -> Transform3D {
        @inline(__always) func dot(_ a0: Double, _ a1: Double, _ a2: Double, _ a3: Double,
                                   _ b0: Double, _ b1: Double, _ b2: Double, _ b3: Double) -> Double {
            a0 * b0 + a1 * b1 + a2 * b2 + a3 * b3
        }
        return Transform3D(
            m11: dot(m11, m12, m13, m14, o.m11, o.m21, o.m31, o.m41), m12: dot(m11, m12, m13, m14, o.m12, o.m22, o.m32, o.m42),
            m13: dot(m11, m12, m13, m14, o.m13, o.m23, o.m33, o.m43), m14: dot(m11, m12, m13, m14, o.m14, o.m24, o.m34, o.m44),
            m21: dot(m21, m22, m23, m24, o.m11, o.m21, o.m31, o.m41), m22: dot(m21, m22, m23, m24, o.m12, o.m22, o.m32, o.m42),
            m23: dot(m21, m22, m23, m24, o.m13, o.m23, o.m33, o.m43), m24: dot(m21, m22, m23, m24, o.m14, o.m24, o.m34, o.m44),
            m31: dot(m31, m32, m33, m34, o.m11, o.m21, o.m31, o.m41), m32: dot(m31, m32, m33, m34, o.m12, o.m22, o.m32, o.m42),
            m33: dot(m31, m32, m33, m34, o.m13, o.m23, o.m33, o.m43), m34: dot(m31, m32, m33, m34, o.m14, o.m24, o.m34, o.m44),
            m41: dot(m41, m42, m43, m44, o.m11, o.m21, o.m31, o.m41), m42: dot(m41, m42, m43, m44, o.m12, o.m22, o.m32, o.m42),
            m43: dot(m41, m42, m43, m44, o.m13, o.m23, o.m33, o.m43), m44: dot(m41, m42, m43, m44, o.m14, o.m24, o.m34, o.m44))
    }

    /// A translation by (`x`, `y`, `z`) points applied before `self` (`CATransform3DTranslate`).
    public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }
    /// A scale by (`x`, `y`, `z`) applied before `self` (`CATransform3DScale`).
    public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }
    /// A rotation by `angle` radians about the axis (`x`, `y`, `z`) applied before `self` (`CATransform3DRotate`).
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// The rows as arrays, `rows[i][j] = m(i+1)(j+1)`.
    public var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }
    /// A transform from four rows of four entries, `r[i][j] = m(i+1)(j+1)` (the inverse of ``rows``).
    public init(rows r: [[Double]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
                  m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
                  m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }

    /// Whether the transform is a 2D affine transform (CATransform3DIsAffine).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// The 2D part (CATransform3DGetAffineTransform): exact when ``isAffine``.
    public var affine: Transform2D {
        Transform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// Transforms a 3D point and divides by w (perspective projection).
    public func project(_ p: Vector3) -> (point: Point, z: Double, w: Double) {
        let x = p.x * m11 + p.y * m21 + p.z * m31 + m41
        let y = p.x * m12 + p.y * m22 + p.z * m32 + m42
        let z = p.x * m13 + p.y * m23 + p.z * m33 + m43
        let w = p.x * m14 + p.y * m24 + p.z * m34 + m44
        let iw = w != 0 ? 1 / w : 0
        return (Point(x: x * iw, y: y * iw), z * iw, w)
    }

    /// The best affine approximation of this transform around `p` (exact for affine transforms):
    /// used to draw flat content through a perspective transform one quad at a time.
    public func affineApproximation(around p: Point) -> Transform2D {
        if isAffine { return affine }
        let h = 1.0
        let o = project(Vector3(p.x, p.y, 0)).point
        let ex = project(Vector3(p.x + h, p.y, 0)).point - o
        let ey = project(Vector3(p.x, p.y + h, 0)).point - o
        let t = Transform2D(a: ex.x, b: ex.y, c: ey.x, d: ey.y, tx: 0, ty: 0)
        let lp = t.apply(to: p)
        return Transform2D(a: t.a, b: t.b, c: t.c, d: t.d, tx: o.x - lp.x, ty: o.y - lp.y)
    }

    /// The inverse, or `nil` when singular (CATransform3DInvert returns the input then).
    public func inverted() -> Transform3D? {
        var a = rows
        var inv: [[Double]] = (0..<4).map { i in (0..<4).map { $0 == i ? 1 : 0 } }
        for col in 0..<4 {
            var pivot = col
            for r in col..<4 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot); inv.swapAt(col, pivot)
            let d = a[col][col]
            for j in 0..<4 { a[col][j] /= d; inv[col][j] /= d }
            for r in 0..<4 where r != col {
                let f = a[r][col]
                if f != 0 { for j in 0..<4 { a[r][j] -= f * a[col][j]; inv[r][j] -= f * inv[col][j] } }
            }
        }
        return Transform3D(rows: inv)
    }
}
