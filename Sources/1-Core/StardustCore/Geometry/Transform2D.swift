import Foundation

/// A 2D affine transform with `CGAffineTransform`'s layout and conventions. (Named `Transform2D`, the
/// partner of ``Transform3D``, because Foundation already has an `Transform2D`.)
///
/// A point is a row vector: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
/// `t1.concatenating(t2)` applies `t1` first, then `t2` — as in Core Graphics.
public struct Transform2D: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The six coefficients of `CGAffineTransform`: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
    /// `(a, b)` is the image of the x axis, `(c, d)` of the y axis, `(tx, ty)` the translation in points.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// A transform from its six coefficients, in `CGAffineTransform`'s order.
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that leaves every point where it is.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (`x`, `y`) points (`CGAffineTransform(translationX:y:)`).
    @inlinable public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    /// A scale by `sx` horizontally and `sy` vertically about the origin (`CGAffineTransform(scaleX:y:)`).
    @inlinable public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation by `angle` radians; positive angles turn clockwise on a y-down screen.
    @inlinable public init(rotationAngle angle: Double) {
        let s = sin(angle), co = cos(angle)
        self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    /// Whether this is exactly ``identity``.
    @inlinable public var isIdentity: Bool { self == .identity }

    /// `self` then `t`.
    @inlinable public func concatenating(_ t: Transform2D) -> Transform2D {
        Transform2D(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// A translation applied before `self` (CGAffineTransformTranslate).
    @inlinable public func translatedBy(x: Double, y: Double) -> Transform2D {
        Transform2D(translationX: x, y: y).concatenating(self)
    }
    /// A scale applied before `self` (CGAffineTransformScale).
    @inlinable public func scaledBy(x: Double, y: Double) -> Transform2D {
        Transform2D(scaleX: x, y: y).concatenating(self)
    }
    /// A rotation applied before `self` (CGAffineTransformRotate).
    @inlinable public func rotated(by angle: Double) -> Transform2D {
        Transform2D(rotationAngle: angle).concatenating(self)
    }

    /// The determinant of the linear part, `a·d − b·c`: the factor by which areas are scaled,
    /// negative for a mirroring transform, 0 for a singular one.
    @inlinable public var determinant: Double { a * d - b * c }

    /// The inverse transform, or `nil` when the transform is singular.
    @inlinable public func inverted() -> Transform2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform2D(a: ia, b: ib, c: ic, d: id,
                               tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// The image of the point `p`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    @inlinable public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }
    /// Applies the linear part only (no translation), for vectors.
    @inlinable public func applyToVector(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y, y: b * p.x + d * p.y)
    }

    /// The axis-aligned bounds of a transformed rectangle.
    public func apply(to r: Rect) -> Rect {
        let ps = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)].map(apply(to:))
        let xs = ps.map(\.x), ys = ps.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The largest factor by which the transform stretches a length (for choosing mip levels and curve tolerance).
    /// It is the larger singular value of the linear part, `√((S + √(S² − 4·det²))/2)` with `S = a² + b² + c² + d²`.
    public var maxScale: Double {
        let s = a * a + b * b + c * c + d * d, det = determinant
        return ((s + max(0, s * s - 4 * det * det).squareRoot()) / 2).squareRoot()
    }

    /// `[a b c d tx ty]`.
    public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }
}
