#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A 4×4 transform acting on row vectors (`CATransform3D`), `m34` giving perspective.
public struct CATransform3D: Hashable, Sendable {
    /// The matrix entries, row by row (identity: the diagonal 1, the rest 0).
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// Second row.
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// Third row.
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// Fourth row (the translation in m41…m43).
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The identity.
    public init() { self.init(Transform3D.identity) }
    /// A transform with every entry given.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat, m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }
    /// The transform of an engine transform (same entries).
    public init(_ t: Transform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m13, m14: t.m14, m21: t.m21, m22: t.m22, m23: t.m23, m24: t.m24,
                  m31: t.m31, m32: t.m32, m33: t.m33, m34: t.m34, m41: t.m41, m42: t.m42, m43: t.m43, m44: t.m44)
    }
    /// The engine transform (same entries).
    public var stardust: Transform3D {
        Transform3D(m11: m11, m12: m12, m13: m13, m14: m14, m21: m21, m22: m22, m23: m23, m24: m24,
                    m31: m31, m32: m32, m33: m33, m34: m34, m41: m41, m42: m42, m43: m43, m44: m44)
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D()

/// Whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.stardust.isIdentity }
/// Whether `a` and `b` are equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }
/// A translation by (tx, ty, tz).
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(translationX: tx, y: ty, z: tz))
}
/// A scale by (sx, sy, sz).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(scaleX: sx, y: sy, z: sz))
}
/// A rotation by `angle` radians about the axis (x, y, z); a zero axis gives the identity.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(rotationAngle: angle, x: x, y: y, z: z))
}
/// A translation applied before `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(t.stardust.translatedBy(x: tx, y: ty, z: tz))
}
/// A scale applied before `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(t.stardust.scaledBy(x: sx, y: sy, z: sz))
}
/// A rotation applied before `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(t.stardust.rotated(by: angle, x: x, y: y, z: z))
}
/// `a` followed by `b` (`a · b` on row vectors).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(a.stardust.concatenating(b.stardust))
}
/// The inverse, or `t` itself when it has none (as Core Animation).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.stardust.inverted().map(CATransform3D.init) ?? t }
/// The 3D transform of an affine transform.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D { CATransform3D(Transform3D(m.stardust)) }
/// Whether `t` is affine (no z or perspective parts).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.stardust.isAffine }
/// The affine part of `t`.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform { CGAffineTransform(t.stardust.affine) }
#endif
