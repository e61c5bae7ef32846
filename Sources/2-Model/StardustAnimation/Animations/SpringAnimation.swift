import StardustCore

/// A basic animation whose interpolation fraction follows a damped spring
/// (`CASpringAnimation`): the fraction at basic local time t seconds is the
/// ``SpringCurve`` position x(t), which starts at 0, may overshoot 1, and
/// settles at 1.
///
/// The duration is what the caller sets, as in Core Animation: a duration
/// of 0 means 0.25 s (every `CAAnimation`); copy ``settlingDuration`` into
/// `timing.duration` to let the spring come to rest. The animation's
/// `timingFunction` is ignored: the spring is the timing.
open class SpringAnimation: BasicAnimation {
    /// Mass (> 0, default 1).
    public var mass: Double = 1
    /// Stiffness k (> 0, default 100).
    public var stiffness: Double = 100
    /// Damping c (≥ 0, default 10).
    public var damping: Double = 10
    /// Initial velocity in fractions of the distance per second; positive moves towards the target (default 0).
    public var initialVelocity: Double = 0
    /// Whether damping above critical is evaluated as over-damped (default
    /// false: evaluated as critically damped, as Core Animation).
    public var allowsOverdamping: Bool = false

    /// A spring animation of `keyPath` with Core Animation's default spring.
    public override init(keyPath: String? = nil, from: AnimatableValue? = nil, to: AnimatableValue? = nil,
                         by: AnimatableValue? = nil, timing: MediaTiming = MediaTiming()) {
        super.init(keyPath: keyPath, from: from, to: to, by: by, timing: timing)
    }

    /// The iOS 17 initializer: the SwiftUI mapping m = 1, k = (2π/d)²,
    /// ζ = 1 − bounce (bounce ≥ 0) or 1/(1 + bounce), c = 2ζ√k. A negative
    /// bounce turns on ``allowsOverdamping``.
    public convenience init(perceptualDuration: Double, bounce: Double, keyPath: String? = nil) {
        self.init(keyPath: keyPath)
        let s = SpringCurve(perceptualDuration: perceptualDuration, bounce: bounce)
        mass = s.mass; stiffness = s.stiffness; damping = s.damping; allowsOverdamping = s.allowsOverdamping
    }

    /// The spring solution of the current parameters.
    public var curve: SpringCurve {
        SpringCurve(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
                    allowsOverdamping: allowsOverdamping)
    }

    /// The perceptual duration 2π√(m/k).
    public var perceptualDuration: Double { curve.perceptualDuration }
    /// The bounce of the parameters (1 − ζ, or 1/ζ − 1 when over-damped).
    public var bounce: Double { curve.bounce }

    /// The time after which the spring stays within 0.001 of its target
    /// (computed from the solution; see ``SpringCurve/settlingDuration(epsilon:)``).
    /// Cached, recomputed when a parameter changes.
    public var settlingDuration: Double {
        let c = curve
        if let cached = settlingCache, cached.curve == c { return cached.duration }
        let d = c.settlingDuration()
        settlingCache = (c, d)
        return d
    }
    private var settlingCache: (curve: SpringCurve, duration: Double)?

    /// The spring's position x(t) at the basic local time t (seconds); the timing function is ignored.
    /// May overshoot 1 (under-damped springs).
    open override func fraction(for local: MediaTiming.Local) -> Double {
        curve.value(at: local.time)
    }
}
