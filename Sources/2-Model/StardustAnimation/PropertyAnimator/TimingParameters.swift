import Foundation
import StardustCore

/// A cubic timing curve for a ``PropertyAnimator`` (`UICubicTimingParameters`).
public struct CubicTimingParameters: Hashable, Sendable {
    /// UIKit's predefined curves (`UIView.AnimationCurve`).
    public enum AnimationCurve: String, Hashable, Sendable, CaseIterable, Codable {
        /// `easeInOut` (0.42, 0, 0.58, 1, the default), `easeIn` (0.42, 0, 1, 1), `easeOut` (0, 0, 0.58, 1) and
        /// `linear` (0, 0, 1, 1).
        case easeInOut, easeIn, easeOut, linear
    }

    /// The curve.
    public let timingFunction: TimingFunction

    /// The default curve, `.easeInOut`.
    public init() { self.init(animationCurve: .easeInOut) }

    /// One of the predefined curves.
    public init(animationCurve: AnimationCurve) {
        switch animationCurve {
        case .easeInOut: timingFunction = .easeInEaseOut
        case .easeIn: timingFunction = .easeIn
        case .easeOut: timingFunction = .easeOut
        case .linear: timingFunction = .linear
        }
    }

    /// A custom curve through `controlPoint1` and `controlPoint2`.
    public init(controlPoint1: Point, controlPoint2: Point) {
        timingFunction = TimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                                        Float(controlPoint2.x), Float(controlPoint2.y))
    }

    /// A curve from a timing function.
    public init(timingFunction: TimingFunction) { self.timingFunction = timingFunction }

    /// The curve's first control point.
    public var controlPoint1: Point { timingFunction.controlPoint(at: 1)! }
    /// The curve's second control point.
    public var controlPoint2: Point { timingFunction.controlPoint(at: 2)! }
}

/// A spring timing curve for a ``PropertyAnimator`` (`UISpringTimingParameters`).
///
/// Built from a damping ratio, the spring is scaled in time so that it
/// settles (within 0.001) exactly at the end of the animator's duration.
/// Built from mass, stiffness and damping or from duration and bounce, the
/// spring has its own time scale and the animator's duration becomes the
/// spring's settling duration (UIKit ignores the animator's duration then).
/// Over-damped springs are evaluated as over-damped.
public struct SpringTimingParameters: Hashable, Sendable {
    /// Mass, stiffness and damping of the spring (for damping-ratio springs: m 1, k 100, c 20ζ).
    public let mass: Double
    /// The spring constant k: the restoring force per unit of displacement; the natural frequency is √(k/m) rad/s.
    public let stiffness: Double
    /// The damping coefficient c (force per unit of velocity).
    public let damping: Double
    /// ζ = c / (2√(k·m)).
    public let dampingRatio: Double
    /// The initial velocity in fractions of the total distance per second
    /// (UIKit's vector per axis; Stardust uses one value for all properties).
    public let initialVelocity: Double
    /// Whether the spring has its own time scale (mass/stiffness/damping or
    /// duration/bounce) rather than being fitted to the animator's duration.
    public let hasIntrinsicDuration: Bool

    /// UIKit's default: damping ratio 4.56 (m = 3, k = 1000, c = 500), no initial velocity.
    public init() {
        mass = 3; stiffness = 1000; damping = 500
        dampingRatio = 500 / (2 * (3000.0).squareRoot()); initialVelocity = 0; hasIntrinsicDuration = false
    }

    /// A spring with damping ratio `ratio` fitted to the animator's duration.
    public init(dampingRatio ratio: Double, initialVelocity: Double = 0) {
        let z = ratio.isFinite ? max(ratio, 0) : 1
        mass = 1; stiffness = 100; damping = 20 * z
        dampingRatio = z; self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0; hasIntrinsicDuration = false
    }

    /// A physical spring; the animator's duration becomes its settling duration.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = max(mass, 1e-6); self.stiffness = max(stiffness, 1e-6); self.damping = max(damping, 0)
        dampingRatio = self.damping / (2 * (self.stiffness * self.mass).squareRoot())
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0; hasIntrinsicDuration = true
    }

    /// The iOS 17 spring from a perceptual duration and a bounce (SwiftUI's mapping).
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
        let s = SpringCurve(perceptualDuration: duration, bounce: bounce)
        self.init(mass: s.mass, stiffness: s.stiffness, damping: s.damping, initialVelocity: initialVelocity)
    }

    /// The physical spring (seconds) for `hasIntrinsicDuration` springs.
    var physicalCurve: SpringCurve {
        SpringCurve(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity, allowsOverdamping: true)
    }

    /// A spring with this damping ratio that settles at time 1, for an
    /// animation lasting `duration` seconds (the velocity is rescaled to it).
    func normalizedCurve(duration: Double) -> SpringCurve {
        let v = initialVelocity * duration
        var w = 10.0
        for _ in 0..<8 {
            let c = SpringCurve(mass: 1, stiffness: w * w, damping: 2 * dampingRatio * w, initialVelocity: v, allowsOverdamping: true)
            let s = c.settlingDuration()
            guard s.isFinite, s > 0 else { break }
            w *= s
            if abs(s - 1) < 1e-9 { break }
        }
        return SpringCurve(mass: 1, stiffness: w * w, damping: 2 * dampingRatio * w, initialVelocity: v, allowsOverdamping: true)
    }
}

/// The timing of a ``PropertyAnimator``: a cubic curve or a spring (UIKit's `UITimingCurveProvider`).
public enum TimingParameters: Hashable, Sendable {
    /// A cubic Bézier curve (`UICubicTimingParameters`).
    case cubic(CubicTimingParameters)
    /// A spring (`UISpringTimingParameters`).
    case spring(SpringTimingParameters)
}

/// A curve prepared for one run of an animator: maps u ∈ [0, 1] to a value
/// fraction with curve(0) = 0 and curve(1) = 1.
enum AnimatorCurve {
    case cubic(TimingFunction)
    /// A spring evaluated at u × timeScale.
    case spring(SpringCurve, timeScale: Double)

    init(_ p: TimingParameters, duration: Double) {
        switch p {
        case .cubic(let c): self = .cubic(c.timingFunction)
        case .spring(let s):
            if s.hasIntrinsicDuration {
                let c = s.physicalCurve
                self = .spring(c, timeScale: c.settlingDuration())
            } else {
                self = .spring(s.normalizedCurve(duration: max(duration, 1e-6)), timeScale: 1)
            }
        }
    }

    func value(_ u: Double) -> Double {
        if u <= 0 { return 0 }
        if u >= 1 { return 1 }
        switch self {
        case .cubic(let f): return f.evaluate(u)
        case let .spring(c, scale): return c.value(at: u * scale)
        }
    }
}
