import Foundation

/// Motion under a constant acceleration `a` and linear drag `k` towards a wind velocity `w`, in
/// closed form (docs/PARTICLE-MODEL.md §2.9):
///
///     dv/dt = a − k·(v − w)
///     v(τ) = vt + (v0 − vt)·e^(−kτ),             vt = w + a/k   (the terminal velocity)
///     p(τ) = p0 + vt·τ + (v0 − vt)·(1 − e^(−kτ))/k
///
/// and, without drag (k = 0), Core Animation's `p0 + v0·τ + ½·a·τ²` (wind then has no effect).
struct DragMotion {
    var p0: SIMD3<Double>
    var v0: SIMD3<Double>
    var a: SIMD3<Double>
    var k: Double
    var w: SIMD3<Double>

    /// The terminal velocity (with drag).
    @inline(__always) var terminal: SIMD3<Double> { w + a / k }

    @inline(__always) func position(_ tau: Double) -> SIMD3<Double> { state(tau).position }

    @inline(__always) func velocity(_ tau: Double) -> SIMD3<Double> { state(tau).velocity }

    /// Position and velocity at age `tau`, from one exponential (``Exponential``: ours, not libm's, so
    /// the bits do not depend on the platform's libm).
    @inline(__always) func state(_ tau: Double) -> (position: SIMD3<Double>, velocity: SIMD3<Double>) {
        guard k > 0 else { return (p0 + v0 * tau + a * (0.5 * tau * tau), v0 + a * tau) }
        let vt = terminal
        let (e, em1) = Exponential.expAndExpm1(-k * tau)
        // −expm1(−kτ)/k keeps its precision when kτ is small (1 − e^(−kτ) would cancel).
        return (p0 + vt * tau + (v0 - vt) * (-em1 / k), vt + (v0 - vt) * e)
    }

    /// The signed distance along `n` from the plane through `o`, and its rate of change, at age `tau`
    /// (one exponential for both: the step of ``CollisionLine/firstHit(_:side:limit:)``'s Newton search).
    @inline(__always) func distanceAndRate(_ tau: Double, along n: SIMD3<Double>, from o: SIMD3<Double>) -> (Double, Double) {
        guard k > 0 else {
            return (((p0 + v0 * tau + a * (0.5 * tau * tau) - o) * n).sum(), ((v0 + a * tau) * n).sum())
        }
        let vt = terminal
        let (e, em1) = Exponential.expAndExpm1(-k * tau)
        let p = p0 + vt * tau + (v0 - vt) * (-em1 / k)
        return (((p - o) * n).sum(), ((vt + (v0 - vt) * e) * n).sum())
    }

    /// The age in (0, ∞) at which the velocity's component along `n` is 0, if any. The component is
    /// `A + B·e^(−kτ)` (or `A + B·τ` without drag), monotone in τ, so there is at most one.
    func turningAge(along n: SIMD3<Double>) -> Double? {
        if k > 0 {
            let vt = terminal
            let A = (vt * n).sum(), B = ((v0 - vt) * n).sum()
            guard B != 0 else { return nil }
            let r = -A / B  // e^(−kτ) = r
            guard r > 0, r < 1 else { return nil }
            return -log(r) / k
        }
        let A = (v0 * n).sum(), B = (a * n).sum()
        guard B != 0 else { return nil }
        let tau = -A / B
        return tau > 0 ? tau : nil
    }

    /// The sign of the second derivative of the distance along `n` (≥ 0: convex, the motion turns
    /// away from the line; < 0: it turns towards it). Constant over the whole motion.
    func curvesAway(along n: SIMD3<Double>) -> Bool {
        if k > 0 { return ((v0 - terminal) * n).sum() <= 0 }
        return (a * n).sum() >= 0
    }
}
