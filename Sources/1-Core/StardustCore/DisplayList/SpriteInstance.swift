import Foundation

/// One quad of a ``SpriteBatch``.
///
/// The sprite covers the batch's `quadSize` centered on the origin of its
/// own space, mapped to scene points by the affine transform
/// `(m.x, m.y, m.z, m.w, t.x, t.y)` = `(a, b, c, d, tx, ty)` of
/// ``Transform2D``. `color` is the premultiplied tint with the opacity
/// folded in: `(r·α, g·α, b·α, α)`, each in 0…1.
public struct SpriteInstance: Hashable, Sendable {
    /// The linear part `(a, b, c, d)` of the sprite's affine transform (row vectors, as ``Transform2D``).
    public var m: SIMD4<Float>
    /// The translation `(tx, ty)` of the sprite's transform: the sprite's center in scene points.
    public var t: SIMD2<Float>
    /// The premultiplied color `(r·α, g·α, b·α, α)`, each in 0…1, that the texels are multiplied by.
    public var color: SIMD4<Float>
    /// A sprite from the raw transform parts and premultiplied color.
    @inlinable public init(m: SIMD4<Float>, t: SIMD2<Float>, color: SIMD4<Float>) { self.m = m; self.t = t; self.color = color }

    /// A sprite centered at `center`, rotated by `rotation` radians (clockwise on screen) and scaled uniformly.
    @inlinable public init(center: Point, rotation: Double, scale: Double, color: SIMD4<Float>) {
        let c = Float(cos(rotation) * scale), s = Float(sin(rotation) * scale)
        self.init(m: SIMD4(c, s, -s, c), t: SIMD2(Float(center.x), Float(center.y)), color: color)
    }
}
