import Foundation
import StardustCore

/// Arithmetic on animatable values: interpolation, addition (additive and
/// `byValue` animations), accumulation (cumulative animations) and distance
/// (paced keyframes).
///
/// Numbers, points, sizes, rects, colors, paths of one structure (their points)
/// and lists of one length (element by element) work component by component
/// (colors in their stored device-RGB space, as Core Animation). Transforms
/// that are both 2D-affine interpolate by decomposition (see
/// ``AffineDecomposition``); other transforms component by component.
/// "Adding" transforms concatenates them. Booleans and strings, and values of
/// different kinds, do not interpolate: the start holds below a fraction of
/// 0.5 and the end from 0.5 on, and addition returns the added value.
extension AnimatableValue {
    /// The value at `fraction` between `self` (0) and `end` (1); fractions
    /// outside [0, 1] extrapolate (springs and overshooting curves).
    public func interpolated(to end: AnimatableValue, fraction t: Double) -> AnimatableValue {
        switch (self, end) {
        case let (.number(a), .number(b)): return .number(a + (b - a) * t)
        case let (.point(a), .point(b)): return .point(a.lerp(to: b, t))
        case let (.size(a), .size(b)):
            return .size(Size(width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(origin: a.origin.lerp(to: b.origin, t),
                              size: Size(width: a.size.width + (b.size.width - a.size.width) * t,
                                         height: a.size.height + (b.size.height - a.size.height) * t)))
        case let (.color(a), .color(b)):
            return .color(Color(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
                                blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t))
        case let (.transform(a), .transform(b)):
            if a.isAffine && b.isAffine {
                let da = AffineDecomposition(a.affine), db = AffineDecomposition(b.affine)
                return .transform(Transform3D(da.interpolated(to: db, t).transform))
            }
            let ca = a.componentArray, cb = b.componentArray
            return .transform(Transform3D(components: (0..<16).map { ca[$0] + (cb[$0] - ca[$0]) * t }))
        case let (.path(a), .path(b)) where a.hasSameStructure(as: b):
            guard let ca = components, let cb = end.components,
                  let r = AnimatableValue(components: zip(ca, cb).map { $0 + ($1 - $0) * t }, like: self) else { return t < 0.5 ? self : end }
            return r
        case let (.array(a), .array(b)) where a.count == b.count:
            return .array(zip(a, b).map { $0.interpolated(to: $1, fraction: t) })
        default:
            return t < 0.5 ? self : end
        }
    }

    /// `self` with `other` added: sums for numeric kinds; for transforms
    /// `other` applied first, then `self` (`other.concatenating(self)`), so
    /// an additive transform animation acts in the layer's own coordinates
    /// before its model transform. Other kinds return `other`.
    public func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case let (.transform(a), .transform(b)): return .transform(b.concatenating(a))
        default:
            guard let a = components, let b = other.components, a.count == b.count,
                  let r = AnimatableValue(components: zip(a, b).map { $0 + $1 }, like: self) else { return other }
            return r
        }
    }

    /// The value that gives `self` when `other` is added to it (the inverse
    /// of ``adding(_:)``); for a singular transform `self` is returned.
    public func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case let (.transform(a), .transform(b)):
            guard let inv = b.inverted() else { return self }
            return .transform(a.concatenating(inv))
        default:
            guard let a = components, let b = other.components, a.count == b.count,
                  let r = AnimatableValue(components: zip(a, b).map { $0 - $1 }, like: self) else { return self }
            return r
        }
    }

    /// `self` plus `count` times `step` (cumulative animations); transforms
    /// concatenate `step` `count` times (count is capped at 10 000).
    public func accumulating(_ step: AnimatableValue, count: Int) -> AnimatableValue {
        guard count > 0 else { return self }
        switch (self, step) {
        case let (.transform(a), .transform(b)):
            // b^count by repeated squaring (powers of one matrix commute): O(log count).
            var m = Transform3D.identity, p = b, n = count
            while n > 0 {
                if n & 1 == 1 { m = m.concatenating(p) }
                n >>= 1
                if n > 0 { p = p.concatenating(p) }
            }
            return .transform(a.concatenating(m))
        default:
            guard let a = components, let b = step.components, a.count == b.count,
                  let r = AnimatableValue(components: zip(a, b).map { $0 + Double(count) * $1 }, like: self) else { return self }
            return r
        }
    }

    /// The Euclidean distance between the components of two values of the
    /// same kind (0 for kinds without components or different kinds).
    public func distance(to other: AnimatableValue) -> Double {
        guard let a = components, let b = other.components, a.count == b.count else { return 0 }
        var s = 0.0
        for i in 0..<a.count { s += (a[i] - b[i]) * (a[i] - b[i]) }
        return s.squareRoot()
    }

    /// The value's numeric components (number 1, point 2, size 2, rect 4 as
    /// x y w h, color 4 as r g b a, transform 16 row by row); `nil` for bools and strings.
    public var components: [Double]? {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        case .transform(let m): return m.componentArray
        case .path(let p): return p.pointComponents
        case .array(let values):
            var all: [Double] = []
            for v in values { guard let c = v.components else { return nil }; all += c }
            return all
        case .bool, .string: return nil
        }
    }

    /// A value of the same kind as `template` built from `components`, or
    /// `nil` when the count does not match or the kind has no components.
    public init?(components c: [Double], like template: AnimatableValue) {
        switch template {
        case .number: guard c.count == 1 else { return nil }; self = .number(c[0])
        case .point: guard c.count == 2 else { return nil }; self = .point(Point(c[0], c[1]))
        case .size: guard c.count == 2 else { return nil }; self = .size(Size(c[0], c[1]))
        case .rect: guard c.count == 4 else { return nil }; self = .rect(Rect(c[0], c[1], c[2], c[3]))
        case .color: guard c.count == 4 else { return nil }
            self = .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .transform: guard c.count == 16 else { return nil }; self = .transform(Transform3D(components: c))
        case .path(let p):
            guard let q = p.replacingPoints(with: c) else { return nil }
            self = .path(q)
        case .array(let values):
            var out: [AnimatableValue] = [], at = 0
            out.reserveCapacity(values.count)
            for v in values {
                guard let n = v.components?.count, at + n <= c.count,
                      let e = AnimatableValue(components: Array(c[at..<at + n]), like: v) else { return nil }
                out.append(e); at += n
            }
            guard at == c.count else { return nil }
            self = .array(out)
        case .bool, .string: return nil
        }
    }
}

extension Transform3D {
    /// The 16 entries row by row.
    var componentArray: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }
    init(components c: [Double]) {
        self.init(m11: c[0], m12: c[1], m13: c[2], m14: c[3], m21: c[4], m22: c[5], m23: c[6], m24: c[7],
                  m31: c[8], m32: c[9], m33: c[10], m34: c[11], m41: c[12], m42: c[13], m43: c[14], m44: c[15])
    }
}
