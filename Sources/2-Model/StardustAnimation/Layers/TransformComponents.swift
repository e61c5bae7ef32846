import Foundation
import StardustCore

/// The decomposition of a `Transform3D` that the `transform.*` key paths
/// read and write: a scale, then rotations about x, y and z, then a translation.
///
/// Rebuilding gives `M = S · Rx · Ry · Rz · T` (row vectors, applied left to
/// right), with the original perspective column (`m14 m24 m34 m44`) kept.
/// Reading decomposes the upper 3×3 part: the scale factors are the lengths
/// of its rows (the x factor negated when the determinant is negative), the
/// angles are the Euler angles of the remaining rotation. Shear is lost when
/// a component is written.
public struct TransformComponents: Hashable, Sendable {
    /// The translation `(m41, m42, m43)`.
    public var translation: Vector3
    /// Rotation angles in radians about x, y and z (positive z turns clockwise on screen).
    public var rotation: Vector3
    /// The scale factors along x, y and z.
    public var scale: Vector3

    /// Components from explicit values (identity by default).
    public init(translation: Vector3 = .zero, rotation: Vector3 = .zero, scale: Vector3 = Vector3(1, 1, 1)) {
        self.translation = translation; self.rotation = rotation; self.scale = scale
    }

    /// Decomposes `m` as described above.
    public init(_ m: Transform3D) {
        translation = Vector3(m.m41, m.m42, m.m43)
        var r1 = Vector3(m.m11, m.m12, m.m13), r2 = Vector3(m.m21, m.m22, m.m23), r3 = Vector3(m.m31, m.m32, m.m33)
        var sx = r1.length
        let sy = r2.length, sz = r3.length
        let det = r1.x * (r2.y * r3.z - r2.z * r3.y) - r1.y * (r2.x * r3.z - r2.z * r3.x) + r1.z * (r2.x * r3.y - r2.y * r3.x)
        if det < 0 { sx = -sx }
        scale = Vector3(sx, sy, sz)
        if sx != 0 { r1 = r1 * (1 / sx) }
        if sy != 0 { r2 = r2 * (1 / sy) }
        if sz != 0 { r3 = r3 * (1 / sz) }
        // R = Rx(a)·Ry(b)·Rz(c): R13 = −sin b, R11 = cos b cos c, R12 = cos b sin c, R23 = sin a cos b, R33 = cos a cos b.
        let sb = min(max(-r1.z, -1), 1)
        let b = asin(sb)
        if abs(sb) < 1 - 1e-12 {
            rotation = Vector3(atan2(r2.z, r3.z), b, atan2(r1.y, r1.x))
        } else {
            // Gimbal lock: take c = 0, then R21 = sin a · sin b and R22 = cos a.
            rotation = Vector3(atan2(r2.x * sb, r2.y), b, 0)
        }
    }

    /// `S · Rx · Ry · Rz · T` with the perspective column of `perspective` (identity's by default).
    public func transform(keepingPerspectiveOf perspective: Transform3D = .identity) -> Transform3D {
        var m = Transform3D(scaleX: scale.x, y: scale.y, z: scale.z)
            .concatenating(Transform3D(rotationAngle: rotation.x, x: 1, y: 0, z: 0))
            .concatenating(Transform3D(rotationAngle: rotation.y, x: 0, y: 1, z: 0))
            .concatenating(Transform3D(rotationAngle: rotation.z, x: 0, y: 0, z: 1))
        m.m41 = translation.x; m.m42 = translation.y; m.m43 = translation.z
        m.m14 = perspective.m14; m.m24 = perspective.m24; m.m34 = perspective.m34; m.m44 = perspective.m44
        return m
    }
}
