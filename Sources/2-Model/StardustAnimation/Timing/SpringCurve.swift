import Foundation

/// The closed-form solution of a damped spring moving from 0 to 1
/// (`m·x'' + c·x' + k·(x − 1) = 0`, x(0) = 0, x'(0) = `initialVelocity`).
///
/// Under-damped (ζ < 1), critically damped (ζ = 1) and over-damped (ζ > 1)
/// cases are solved exactly. Unless `allowsOverdamping` is set, ζ > 1 is
/// evaluated as critically damped, as Core Animation does. Evaluation is O(1).
public struct SpringCurve: Hashable, Sendable {
    /// Mass m (> 0).
    public var mass: Double
    /// Stiffness k (> 0).
    public var stiffness: Double
    /// Damping c (≥ 0).
    public var damping: Double
    /// Initial velocity in units of the total distance per second; positive moves towards the target.
    public var initialVelocity: Double
    /// Whether ζ > 1 is evaluated as over-damped (else as critical).
    public var allowsOverdamping: Bool

    /// A spring with Core Animation's defaults (m 1, k 100, c 10, v0 0).
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
                allowsOverdamping: Bool = false) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.allowsOverdamping = allowsOverdamping
    }

    /// Undamped angular frequency ω0 = √(k/m) (parameters clamped to positive values).
    public var naturalFrequency: Double { (max(stiffness, 1e-9) / max(mass, 1e-9)).squareRoot() }
    /// The damping ratio ζ = c / (2√(k·m)) of the parameters.
    public var dampingRatio: Double { max(damping, 0) / (2 * (max(stiffness, 1e-9) * max(mass, 1e-9)).squareRoot()) }
    /// The damping ratio actually evaluated: ζ, or min(ζ, 1) without `allowsOverdamping`.
    public var effectiveDampingRatio: Double { allowsOverdamping ? dampingRatio : min(dampingRatio, 1) }

    /// The displacement y(t) = 1 − x(t) (what remains to travel) at time `t` ≥ 0.
    public func remaining(at t: Double) -> Double {
        let w0 = naturalFrequency, z = effectiveDampingRatio, v0 = initialVelocity
        let t = max(t, 0)
        if !z.isFinite { return 1 }   // infinite damping: the spring does not move
        if z < 1 - 1e-9 {
            let wd = w0 * (1 - z * z).squareRoot()
            return exp(-z * w0 * t) * (cos(wd * t) + ((z * w0 - v0) / wd) * sin(wd * t))
        } else if z <= 1 + 1e-9 {
            return exp(-w0 * t) * (1 + (w0 - v0) * t)
        } else {
            let s = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - s), r2 = -w0 * (z + s)
            let a = (r2 + v0) / (r2 - r1)
            return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
        }
    }

    /// The position x(t) (0 at the start, 1 at rest) at time `t` ≥ 0.
    public func value(at t: Double) -> Double { 1 - remaining(at: t) }

    /// The bound B(t) ≥ |1 − x(t)| that ``settlingDuration(epsilon:)`` uses: the amplitude of each
    /// term of the solution taken separately.
    ///
    /// Under-damped: e^{−ζω0t}·(1 + |B|) with B = (ζω0 − v0)/ωd (|cos| ≤ 1, |B sin| ≤ |B|);
    /// critical: e^{−ω0t}·(1 + |ω0 − v0|·t); over-damped: |A|e^{r1t} + |1 − A|e^{r2t}.
    func envelope(at t: Double) -> Double {
        let w0 = naturalFrequency, z = effectiveDampingRatio, v0 = initialVelocity
        if !z.isFinite { return 1 }
        if z < 1 - 1e-9 {
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (z * w0 - v0) / wd
            return exp(-z * w0 * t) * (1 + abs(b))
        } else if z <= 1 + 1e-9 {
            return exp(-w0 * t) * (1 + abs(w0 - v0) * t)
        } else {
            let s = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - s), r2 = -w0 * (z + s)
            let a = (r2 + v0) / (r2 - r1)
            return abs(a) * exp(r1 * t) + abs(1 - a) * exp(r2 * t)
        }
    }

    /// Core Animation's settling duration: the time at which the bound `envelope(at:)` of the
    /// displacement falls to `epsilon` (0.001), so the spring is certainly within `epsilon` of its
    /// target from then on (`.infinity` without damping).
    ///
    /// For an under-damped spring this is ln((1 + |B|)/ε)/(ζω0), B = (ζω0 − v0)/ωd. It reproduces
    /// the values published for Apple's `CASpringAnimation.settlingDuration`: 1.4727 s for the
    /// defaults (m 1, k 100, c 10; measured), 13.913 s for damping 1 (measured), ≈ 2.85 s for damping 5
    /// and "just over 1 s" (1.022 s) for damping 15 (Apple's documentation page).
    /// The critical and over-damped cases use the analogous bound (found by bisection; it decreases
    /// after at most one maximum).
    public func settlingDuration(epsilon: Double = 0.001) -> Double {
        let eps = max(epsilon, 1e-12)
        let w0 = naturalFrequency, z = effectiveDampingRatio, v0 = initialVelocity
        if !z.isFinite { return .infinity }
        if z < 1 - 1e-9 {
            guard z > 0 else { return .infinity }   // undamped: never settles
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (z * w0 - v0) / wd
            return max(log((1 + abs(b)) / eps) / (z * w0), 0)
        }
        guard envelope(at: 0) >= eps else { return 0 }
        var hi = 1 / w0
        var n = 0
        while envelope(at: hi) >= eps && n < 200 { hi *= 2; n += 1 }
        guard envelope(at: hi) < eps else { return .infinity }
        var lo = 0.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if envelope(at: mid) >= eps { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The last time at which |1 − x(t)| ≥ `epsilon` (the displacement's own last exit from the
    /// band; shorter than ``settlingDuration(epsilon:)``, which bounds it).
    public func lastExitFromBand(epsilon: Double = 0.001) -> Double {
        let eps = max(epsilon, 1e-9)
        let hi = settlingDuration(epsilon: eps)
        guard hi.isFinite else { return .infinity }
        let z = effectiveDampingRatio, w0 = naturalFrequency
        var step = max(hi / 4000, 1e-9)
        if z < 1 - 1e-9 { step = min(step, 2 * Double.pi / (w0 * (1 - z * z).squareRoot()) / 256) }
        step = max(step, hi / 1_000_000)
        var t = hi
        while t > 0 && abs(remaining(at: t)) < eps { t -= step }
        if t <= 0 { return 0 }
        var lo = t, up = min(t + step, hi)
        for _ in 0..<60 {
            let mid = (lo + up) / 2
            if abs(remaining(at: mid)) >= eps { lo = mid } else { up = mid }
        }
        return up
    }

    /// The spring SwiftUI and iOS 17 describe by a perceptual duration and a
    /// bounce: m = 1, k = (2π / duration)², ζ = 1 − bounce for bounce ≥ 0,
    /// 1 / (1 + bounce) below; c = 2ζ√(k·m). Negative bounces give an over-damped spring.
    public init(perceptualDuration duration: Double, bounce: Double, initialVelocity: Double = 0) {
        let d = max(duration, 1e-6)
        let b = min(max(bounce, -1), 1)
        let k = 4 * Double.pi * Double.pi / (d * d)
        // bounce −1 is QuartzCore's infinite-damping boundary: ζ = ∞, the spring never leaves 0.
        let zeta = b >= 0 ? 1 - b : (b <= -1 ? Double.infinity : 1 / (1 + b))
        self.init(mass: 1, stiffness: k, damping: zeta * 2 * k.squareRoot(), initialVelocity: initialVelocity,
                  allowsOverdamping: b < 0)
    }

    /// The perceptual duration 2π·√(m/k).
    public var perceptualDuration: Double { 2 * Double.pi / naturalFrequency }
    /// The bounce: 1 − ζ when ζ ≤ 1, else 1/ζ − 1 (negative).
    public var bounce: Double {
        let z = dampingRatio
        return z <= 1 ? 1 - z : 1 / z - 1
    }
}
