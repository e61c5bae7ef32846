import Foundation
import StardustCore

/// A ``ParticleCollider`` prepared for evaluation: the line as a point, a unit normal and the
/// segment's extent (docs/PARTICLE-MODEL.md §2.10).
struct CollisionLine {
    var origin: SIMD3<Double>
    var normal: SIMD3<Double>
    var direction: SIMD3<Double>
    /// The segment's length (infinite for a line).
    var length: Double
    var response: ParticleCollider.Response
    var restitution: Double
    var friction: Double
    /// The side particles collide from: ±1 for a rectangle's edge (its outside, or its inside for a
    /// container), 0 for a line (each particle's birth side, ``side(_:_:)``).
    var fixedSide = 0.0

    init(_ c: ParticleCollider) {
        let a = SIMD3(c.from.x, c.from.y, 0), b = SIMD3(c.to.x, c.to.y, 0)
        let d = b - a
        let len = (d * d).sum().squareRoot()
        let u = len > 0 ? d / len : SIMD3(1, 0, 0)
        origin = a
        direction = u
        normal = SIMD3(-u.y, u.x, 0)
        length = c.isInfinite ? .infinity : len
        response = c.response
        restitution = min(1, max(0, c.restitution))
        friction = min(1, max(0, c.friction))
    }

    /// The signed distance of `p` from the line (positive on the normal's side).
    @inline(__always) func distance(_ p: SIMD3<Double>) -> Double { ((p - origin) * normal).sum() }

    /// True when `p` (on the line) lies within the segment.
    @inline(__always) func covers(_ p: SIMD3<Double>) -> Bool {
        guard length.isFinite else { return true }
        let s = ((p - origin) * direction).sum()
        return s >= 0 && s <= length
    }

    /// The velocity after a bounce of a particle arriving with `v`.
    @inline(__always) func bounce(_ v: SIMD3<Double>) -> SIMD3<Double> {
        let vn = normal * (v * normal).sum()
        return (v - vn) * (1 - friction) - vn * restitution
    }

    /// The side (±1) a particle at `p` moving with `v` collides from: the side it is on, or, on the
    /// line, the side it moves to (a rectangle's edge: its ``fixedSide``).
    @inline(__always) func side(_ p: SIMD3<Double>, _ v: SIMD3<Double>) -> Double {
        if fixedSide != 0 { return fixedSide }
        let s = distance(p)
        if s != 0 { return s > 0 ? 1 : -1 }
        return (v * normal).sum() < 0 ? -1 : 1
    }

    /// Where the straight step from `old` to `new` crosses the line from side `sigma` to the other, as a
    /// fraction of the step in [0, 1], or nil (the integrated path, docs/PARTICLE-MODEL.md §2.11). A step
    /// that starts exactly on the line counts from its side; `onLine` (the step starts at a contact with
    /// this line) counts a start a rounding error behind it as on it, so that a particle that bounced
    /// too weakly to leave within one step is caught again instead of falling through.
    @inline(__always) func crossing(from old: SIMD3<Double>, to new: SIMD3<Double>, side sigma: Double, onLine: Bool) -> Double? {
        crossing(from: old, to: new, onLine: onLine, distances: distance(old) * sigma, distance(new) * sigma)
    }

    /// ``crossing(from:to:side:onLine:)`` given the two signed distances `distance(old) · sigma` and
    /// `distance(new) · sigma` (the integrator's step for one line carries the end's distance of one step
    /// to the start of the next, where it is the same value: docs/PARTICLES-PERFORMANCE.md).
    @inline(__always) func crossing(from old: SIMD3<Double>, to new: SIMD3<Double>, onLine: Bool,
                                    distances d0: Double, _ s1: Double) -> Double? {
        var s0 = d0
        if onLine, s0 < 0 { s0 = 0 }
        guard s0 >= 0, s1 < 0 else { return nil }
        let u = s0 / (s0 - s1)
        return covers(old + (new - old) * u) ? u : nil
    }

    /// The first age in (0, `limit`] at which motion `m` reaches the line from side `sigma` (crosses
    /// it from that side to the other); nil when it does not within `limit`. `onLine`: the motion
    /// starts with a contact with this line (a bounce), so it starts on it whatever the rounding says.
    ///
    /// A motion that starts on the other side (behind a rectangle's edge, or behind one line of
    /// several after a bounce off another) reaches the line from side `sigma` only if it first rises
    /// across it, which a convex distance cannot do and a concave one does before its turning age: the
    /// contact is then searched after that age, when the distance there is positive.
    ///
    /// The distance `s(τ) = σ·n·(p(τ) − o)` has a monotone derivative (``DragMotion``), so it is
    /// convex or concave on the whole motion: its minimum over an interval is at an end or at the
    /// one turning age, which decides in O(1) whether the line is crossed. The crossing is then found by
    /// Newton's method started on the side where it cannot overshoot: on a convex stretch the tangents lie
    /// below `s`, so steps from the bracket's left end (s ≥ 0) stay left of the root; on a concave one they
    /// lie above, so steps from the right end (s < 0) stay right of it. The iterates approach the root
    /// monotonically (quadratically near it, a handful of exponentials instead of a bisection's fifty) and
    /// stop when a step no longer moves them. The bracket depends on `limit` (the particle's remaining
    /// life), not on the age evaluated, so a particle hits the line at the same age in every frame.
    func firstHit(_ m: DragMotion, side sigma: Double, limit: Double, onLine: Bool = true) -> Double? {
        let n = normal * sigma
        guard limit > 0 else { return nil }
        let (s0, r0) = m.distanceAndRate(0, along: n, from: origin)
        let turn = m.turningAge(along: n)
        let away = m.curvesAway(along: n)
        var lo = 0.0, hi: Double
        if s0 > 0 {
            // The minimum over [0, limit]: the turning age when the motion curves away, else the end.
            if away, let t = turn, t < limit { hi = t } else { hi = limit }
        } else if !onLine && (s0 < 0 || r0 < 0) {
            // Behind the line: only a concave distance rises above it and comes back, after its turning age.
            guard !away, let t = turn, t < limit, m.distanceAndRate(t, along: n, from: origin).0 > 0 else { return nil }
            lo = t; hi = limit
        } else {
            // On the line (a birth on it, or a bounce), moving away: it comes back only if it curves back.
            if away { return nil }
            if let t = turn, t < limit { lo = t } else if ((m.velocity(0)) * n).sum() > 0 { return nil }
            hi = limit
        }
        var (f, d) = m.distanceAndRate(hi, along: n, from: origin)
        guard f < 0 else { return nil }
        if away {
            // Convex and decreasing on [lo, hi]: from the left, s stays ≥ 0 up to the root.
            var x = lo
            (f, d) = m.distanceAndRate(x, along: n, from: origin)
            for _ in 0..<Self.newtonLimit {
                guard d < 0 else { break }
                let next = x - f / d
                guard next > x, next < hi else { break }
                (f, d) = m.distanceAndRate(next, along: n, from: origin)
                x = next
                if f <= 0 { break }  // at the root to rounding
            }
            return x
        }
        // Concave, decreasing where s < 0: from the right, s stays ≤ 0 down to the root.
        var x = hi
        for _ in 0..<Self.newtonLimit {
            guard d < 0 else { break }
            let next = x - f / d
            guard next < x, next > lo else { break }
            (f, d) = m.distanceAndRate(next, along: n, from: origin)
            x = next
            if f >= 0 { break }  // at the root to rounding
        }
        return x
    }

    /// A bound on the Newton steps of ``firstHit(_:side:limit:)`` (it stops after a handful; the bound
    /// only guards against a pathological input).
    static let newtonLimit = 64
}
