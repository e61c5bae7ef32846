import Foundation
import StardustCore

/// A cubic Bézier timing curve (`CAMediaTimingFunction`) from (0, 0) to (1, 1)
/// with control points `c1` and `c2`.
///
/// The control points are stored as `Float` (as in Core Animation's API) and
/// the curve is evaluated in `Double`: ``evaluate(_:)`` solves x(t) = x by
/// Newton's method with a bisection fallback to 1e-12 in x (y is accurate to
/// well under 1e-6) and returns y(t). Outside [0, 1] the curve continues
/// linearly with its end tangents. Evaluation is O(1) and allocation-free.
public struct TimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// Core Animation's named timing functions (`CAMediaTimingFunctionName`).
    public enum Name: String, Hashable, Sendable, CaseIterable, Codable {
        /// (0, 0) (1, 1).
        case linear
        /// (0.42, 0) (1, 1).
        case easeIn
        /// (0, 0) (0.58, 1).
        case easeOut
        /// (0.42, 0) (0.58, 1).
        case easeInEaseOut
        /// (0.25, 0.1) (0.25, 1), the curve of implicit animations.
        case `default`
    }

    /// The first control point, x and y.
    public let c1x: Float, c1y: Float
    /// The second control point, x and y.
    public let c2x: Float, c2y: Float

    /// A curve with control points (c1x, c1y) and (c2x, c2y). The x
    /// coordinates are clamped to [0, 1] so that the curve is a function of x.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = min(max(c1x.isFinite ? c1x : 0, 0), 1); self.c1y = c1y.isFinite ? c1y : 0
        self.c2x = min(max(c2x.isFinite ? c2x : 1, 0), 1); self.c2y = c2y.isFinite ? c2y : 1
    }

    /// One of the named curves.
    public init(name: Name) {
        switch name {
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        }
    }

    /// The named curves.
    public static let linear = TimingFunction(name: .linear)
    /// Starts slowly: control points (0.42, 0) and (1, 1) (`kCAMediaTimingFunctionEaseIn`).
    public static let easeIn = TimingFunction(name: .easeIn)
    /// Ends slowly: control points (0, 0) and (0.58, 1) (`kCAMediaTimingFunctionEaseOut`).
    public static let easeOut = TimingFunction(name: .easeOut)
    /// Starts and ends slowly: control points (0.42, 0) and (0.58, 1) (`kCAMediaTimingFunctionEaseInEaseOut`).
    public static let easeInEaseOut = TimingFunction(name: .easeInEaseOut)
    /// Core Animation's default curve: control points (0.25, 0.1) and (0.25, 1) (`kCAMediaTimingFunctionDefault`).
    public static let `default` = TimingFunction(name: .default)

    /// The control point at `index` (`getControlPointAtIndex`): 0 → (0, 0),
    /// 1 → c1, 2 → c2, 3 → (1, 1); `nil` for any other index.
    public func controlPoint(at index: Int) -> Point? {
        switch index {
        case 0: return Point(0, 0)
        case 1: return Point(Double(c1x), Double(c1y))
        case 2: return Point(Double(c2x), Double(c2y))
        case 3: return Point(1, 1)
        default: return nil
        }
    }

    /// `TimingFunction(c1x, c1y, c2x, c2y)`.
    public var description: String { "TimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))" }

    // Polynomial coefficients: x(t) = ((ax·t + bx)·t + cx)·t.
    @inlinable var coefficients: (ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double) {
        let p1x = Double(c1x), p1y = Double(c1y), p2x = Double(c2x), p2y = Double(c2y)
        let cx = 3 * p1x, bx = 3 * (p2x - p1x) - cx, ax = 1 - cx - bx
        let cy = 3 * p1y, by = 3 * (p2y - p1y) - cy, ay = 1 - cy - by
        return (ax, bx, cx, ay, by, cy)
    }

    /// The slope of the linear continuation before x = 0: c1.y / c1.x, or
    /// c2.y / c2.x when c1 is the origin; 0 when the tangent is vertical.
    public var startSlope: Double {
        let p1x = Double(c1x), p1y = Double(c1y), p2x = Double(c2x), p2y = Double(c2y)
        if p1x > 0 { return p1y / p1x }
        if p1y == 0 && p2x > 0 { return p2y / p2x }
        return 0
    }

    /// The slope of the linear continuation after x = 1: (c2.y − 1) / (c2.x − 1),
    /// or the same through c1 when c2 is (1, 1); 0 when the tangent is vertical.
    public var endSlope: Double {
        let p1x = Double(c1x), p1y = Double(c1y), p2x = Double(c2x), p2y = Double(c2y)
        if p2x < 1 { return (p2y - 1) / (p2x - 1) }
        if p2y == 1 && p1x < 1 { return (p1y - 1) / (p1x - 1) }
        return 0
    }

    /// The eased value y for progress `x`: the curve inside [0, 1], its end
    /// tangents outside.
    public func evaluate(_ x: Double) -> Double {
        guard x.isFinite else { return x.isNaN ? 0 : (x > 0 ? 1 : 0) }
        if x <= 0 {
            if x == 0 { return 0 }
            return startSlope * x
        }
        if x >= 1 {
            if x == 1 { return 1 }
            return 1 + endSlope * (x - 1)
        }
        let k = coefficients
        let t = solveCurveX(x, k)
        return ((k.ay * t + k.by) * t + k.cy) * t
    }

    /// Solves x(t) = x for t in [0, 1]: up to 8 Newton steps from t = x, then bisection.
    @inlinable func solveCurveX(_ x: Double, _ k: (ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double)) -> Double {
        let epsilon = 1e-12
        var t = x
        for _ in 0..<8 {
            let err = ((k.ax * t + k.bx) * t + k.cx) * t - x
            if abs(err) < epsilon { return t }
            let dx = (3 * k.ax * t + 2 * k.bx) * t + k.cx
            if abs(dx) < 1e-6 { break }
            t -= err / dx
            if t < 0 || t > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let v = ((k.ax * t + k.bx) * t + k.cx) * t
            if abs(v - x) < 1e-12 { return t }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }
}

