import Foundation
import StardustAnimation
import StardustCore

/// Swift source spellings of engine values, as a person would write them with QuartzCore and UIKit,
/// chosen so that the written expression evaluates to exactly the same `Double` (an export renders the
/// same bytes as the scene it came from).
enum SwiftLiteral {
    /// A number: integers without a fraction, multiples of π as `.pi` expressions when one evaluates to
    /// exactly `v` (`-.pi / 2`, `30 * .pi / 180`), otherwise the shortest decimal that reads back as `v`.
    static func number(_ v: Double, angle: Bool = false) -> String {
        if v.isInfinite { return v > 0 ? ".infinity" : "-.infinity" }
        if v.isNaN { return ".nan" }
        if angle, let pi = piExpression(v) { return pi }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return "\(v)"
    }

    static let piDenominators: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 16, 18, 20, 24, 36, 45, 60, 90, 180]

    /// `.pi`, `-.pi / 4`, `2 * .pi`, `-60 * .pi / 180`: the first spelling that evaluates to exactly `v`.
    static func piExpression(_ v: Double) -> String? {
        guard v != 0, abs(v) <= 8 * .pi else { return nil }
        for d in piDenominators {
            if Double.pi / d == v { return d == 1 ? ".pi" : ".pi / \(Int(d))" }
            if -Double.pi / d == v { return d == 1 ? "-.pi" : "-.pi / \(Int(d))" }
            let n = (v * d / .pi).rounded()
            guard n != 0, n != 1, n != -1, abs(n) <= 1440 else { continue }
            if d == 1, n * .pi == v { return "\(Int(n)) * .pi" }
            if d != 1, n * .pi / d == v { return "\(Int(n)) * .pi / \(Int(d))" }
        }
        return nil
    }

    /// `CGPoint(x: 1, y: 2)`.
    static func point(_ p: Point) -> String { "CGPoint(x: \(number(p.x)), y: \(number(p.y)))" }
    /// `CGSize(width: 1, height: 2)`.
    static func size(_ s: Size) -> String { "CGSize(width: \(number(s.width)), height: \(number(s.height)))" }
    /// `CGRect(x: 0, y: 0, width: 1, height: 2)`.
    static func rect(_ r: Rect) -> String {
        "CGRect(x: \(number(r.origin.x)), y: \(number(r.origin.y)), width: \(number(r.size.width)), height: \(number(r.size.height)))"
    }
    /// `UIColor(red: 1, green: 0.5, blue: 0, alpha: 1).cgColor`, or `UIColor.white.cgColor` and friends.
    static func color(_ c: Color) -> String {
        switch c {
        case .white: return "UIColor.white.cgColor"
        case .black: return "UIColor.black.cgColor"
        case .clear: return "UIColor.clear.cgColor"
        default:
            if c.red == c.green, c.green == c.blue { return "UIColor(white: \(component(c.red)), alpha: \(component(c.alpha))).cgColor" }
            return "UIColor(red: \(component(c.red)), green: \(component(c.green)), blue: \(component(c.blue)), alpha: \(component(c.alpha))).cgColor"
        }
    }

    /// A color component: `11 / 255` when it is exactly a byte value over 255 (colors from `#RRGGBB`), else a number.
    static func component(_ v: Double) -> String {
        let k = (v * 255).rounded()
        if v != 0, v != 1, k >= 0, k <= 255, k / 255 == v { return "\(Int(k)) / 255" }
        return number(v)
    }

    /// A `CATransform3D` expression: the identity, a rotation about z, a scale or a translation when the
    /// matrix is exactly one of those, otherwise every entry.
    static func transform(_ t: Transform3D) -> String {
        if t == .identity { return "CATransform3DIdentity" }
        if let a = exactAngle(of: t) { return "CATransform3DMakeRotation(\(a), 0, 0, 1)" }
        let angle = atan2(t.m12, t.m11)
        if Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1) == t { return "CATransform3DMakeRotation(\(number(angle)), 0, 0, 1)" }
        if Transform3D(scaleX: t.m11, y: t.m22, z: t.m33) == t {
            return "CATransform3DMakeScale(\(number(t.m11)), \(number(t.m22)), \(number(t.m33)))"
        }
        if Transform3D(translationX: t.m41, y: t.m42, z: t.m43) == t {
            return "CATransform3DMakeTranslation(\(number(t.m41)), \(number(t.m42)), \(number(t.m43)))"
        }
        let r = t.rows.flatMap { $0 }.map { number($0) }
        let names = (1...4).flatMap { i in (1...4).map { j in "m\(i)\(j)" } }
        return "CATransform3D(" + zip(names, r).map { "\($0): \($1)" }.joined(separator: ", ") + ")"
    }

    /// A `.pi` spelling whose rotation about z is exactly `t`.
    private static func exactAngle(of t: Transform3D) -> String? {
        let angle = atan2(t.m12, t.m11)
        for d in piDenominators {
            let n = (angle * d / .pi).rounded()
            let a = d == 1 ? n * .pi : n * .pi / d
            if Transform3D(rotationAngle: a, x: 0, y: 0, z: 1) == t, let s = piExpression(a) { return s }
        }
        return nil
    }
}
