#if !canImport(QuartzCore)
import Foundation
import Stardust

/// An affine transform `[a b 0; c d 0; tx ty 1]` acting on row vectors, as CoreGraphics' (points map
/// to `(a·x + c·y + tx, b·x + d·y + ty)`). Foundation on Linux has no `CGAffineTransform`.
public struct CGAffineTransform: Hashable, Sendable {
    /// The matrix entries (identity: a = d = 1, the rest 0).
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// A transform with the given entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    /// The identity transform.
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
    /// The identity transform.
    public static let identity = CGAffineTransform()
    /// A rotation by `angle` radians (clockwise on screen, y down).
    public init(rotationAngle angle: CGFloat) { self.init(Transform2D(rotationAngle: Double(angle))) }
    /// A scale by `sx`, `sy`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A translation by `tx`, `ty` points.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }
    /// This transform followed by `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(stardust.concatenating(t2.stardust))
    }
    /// A rotation by `angle` radians applied before this transform.
    public func rotated(by angle: CGFloat) -> CGAffineTransform { CGAffineTransform(rotationAngle: angle).concatenating(self) }
    /// A scale applied before this transform.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform { CGAffineTransform(scaleX: sx, y: sy).concatenating(self) }
    /// A translation applied before this transform.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }
    /// The inverse, or the transform itself when it cannot be inverted (as CoreGraphics).
    public func inverted() -> CGAffineTransform { stardust.inverted().map(CGAffineTransform.init) ?? self }

    /// The engine transform.
    var stardust: Transform2D { Transform2D(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty)) }
    /// The transform of an engine transform.
    init(_ t: Transform2D) {
        self.init(a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx), ty: CGFloat(t.ty))
    }
}

extension CGPoint {
    /// The point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint { CGPoint(t.stardust.apply(to: stardust)) }
}

extension CGSize {
    /// The size mapped by the linear part of `t` (as CoreGraphics: no translation, signs kept).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The bounding box of the rectangle mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGRect { CGRect(t.stardust.apply(to: stardust)) }
}
#endif
