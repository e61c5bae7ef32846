import Foundation
import StardustCore

/// A 2D affine transform split into scale, shear, rotation and translation,
/// so that transforms interpolate the way they look (a rotation turns, a
/// scale grows) instead of entry by entry.
///
/// With u = (cos θ, sin θ) and v = (−sin θ, cos θ), the rows of the linear
/// part are `(a, b) = scaleX·u` and `(c, d) = shear·u + scaleY·v`, so
/// decomposition is exact and handles reflections through a negative
/// `scaleY`. Rotation interpolates along the shorter way round (|Δθ| ≤ π),
/// as Core Animation's matrix interpolation does.
public struct AffineDecomposition: Hashable, Sendable {
    /// Length of the first row of the linear part.
    public var scaleX: Double
    /// Component of the second row along v (negative for reflections).
    public var scaleY: Double
    /// Component of the second row along u.
    public var shear: Double
    /// Rotation θ in radians (positive turns clockwise on a y-down screen).
    public var rotation: Double
    /// (tx, ty).
    public var translation: Point

    /// Decomposes `t` exactly.
    public init(_ t: Transform2D) {
        scaleX = (t.a * t.a + t.b * t.b).squareRoot()
        rotation = scaleX > 0 ? atan2(t.b, t.a) : 0
        let co = cos(rotation), si = sin(rotation)
        shear = t.c * co + t.d * si
        scaleY = -t.c * si + t.d * co
        translation = Point(t.tx, t.ty)
    }

    /// The transform these parts describe.
    public var transform: Transform2D {
        let co = cos(rotation), si = sin(rotation)
        let a = scaleX * co, b = scaleX * si
        let c = shear * co - scaleY * si, d = shear * si + scaleY * co
        return Transform2D(a: a, b: b, c: c, d: d,
                               tx: translation.x, ty: translation.y)
    }

    /// Part-by-part interpolation at fraction `t` (extrapolates outside [0, 1]).
    public func interpolated(to o: AffineDecomposition, _ t: Double) -> AffineDecomposition {
        var r = self
        r.scaleX += (o.scaleX - scaleX) * t
        r.scaleY += (o.scaleY - scaleY) * t
        r.shear += (o.shear - shear) * t
        r.rotation += remainder(o.rotation - rotation, 2 * Double.pi) * t
        r.translation = translation.lerp(to: o.translation, t)
        return r
    }
}
