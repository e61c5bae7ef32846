import Foundation

/// A circle collider prepared for evaluation (docs/PARTICLE-MODEL.md §2.10, "Circles"): particles meet
/// it from outside, or from inside for a container. It acts in the layer plane (z is ignored).
///
/// The distance to a circle along a motion with drag and gravity is neither convex nor concave, so the
/// closed form of lines does not apply. The contact is found by *conservative advancement* with a bound
/// on the curvature: if the distance f has f″ ≥ −M over the flight, then f(τ + δ) ≥ f(τ) + f′(τ)·δ −
/// ½·M·δ², and the smallest positive root δ of that parabola is a step that cannot pass the first
/// contact. The steps behave like Newton's from the left near a crossing (quadratic convergence) and
/// grow like √(2f/M) or more where the particle passes by or moves away, so a miss costs a few steps.
struct CollisionCircle {
    var center: SIMD3<Double>
    var radius: Double
    var isContainer: Bool
    var response: ParticleCollider.Response
    var restitution: Double
    var friction: Double

    init(center: SIMD3<Double>, radius: Double, isContainer: Bool, _ c: ParticleCollider) {
        self.center = SIMD3(center.x, center.y, 0); self.radius = radius; self.isContainer = isContainer
        response = c.response
        restitution = min(1, max(0, c.restitution))
        friction = min(1, max(0, c.friction))
    }

    /// The offset of `p` from the center in the plane.
    @inline(__always) func offset(_ p: SIMD3<Double>) -> SIMD2<Double> { SIMD2(p.x - center.x, p.y - center.y) }

    /// The unit normal at `p` pointing to the side particles come from (outwards, or inwards for a container).
    @inline(__always) func normal(_ p: SIMD3<Double>) -> SIMD3<Double> {
        let q = offset(p)
        let d = (q * q).sum().squareRoot()
        let u = d > 0 ? q / d : SIMD2(1, 0)
        return isContainer ? SIMD3(-u.x, -u.y, 0) : SIMD3(u.x, u.y, 0)
    }

    /// The velocity after a bounce at `p` of a particle arriving with `v`, and its normal speed after.
    @inline(__always) func bounce(_ v: SIMD3<Double>, at p: SIMD3<Double>) -> (SIMD3<Double>, Double) {
        let n = normal(p)
        let vn = n * (v * n).sum()
        let out = (v - vn) * (1 - friction) - vn * restitution
        return (out, (out * n).sum())
    }

    /// The clearance of a particle at `p` moving with `v`, and its rate, measured on the outside
    /// (`outside` true: |q| − r) or on the inside ((r² − |q|²)/2r, which is the distance to the
    /// circle near it and has a bounded curvature while inside).
    @inline(__always) func clearance(_ p: SIMD3<Double>, _ v: SIMD3<Double>, outside: Bool) -> (Double, Double) {
        let q = offset(p), w = SIMD2(v.x, v.y)
        if outside {
            let d = (q * q).sum().squareRoot()
            return (d - radius, d > 0 ? (q * w).sum() / d : -(w * w).sum().squareRoot())
        }
        return ((radius * radius - (q * q).sum()) / (2 * radius), -(q * w).sum() / radius)
    }

    /// Where the straight step from `old` to `new` meets the circle from the side it keeps particles on,
    /// as a fraction of the step in [0, 1], or nil (the integrated path, docs/PARTICLE-MODEL.md §2.11): the
    /// smaller root u of |q0 + u·d|² = r² for a solid circle entered from outside, the larger for a container
    /// left from inside. A step that starts on the wrong side (inside a solid circle, outside a bowl) is no
    /// contact, so such a particle is followed until it is on the right side, as in the closed form. `onCircle`
    /// (the step starts at a contact with this circle) counts a start a rounding error on the wrong side as
    /// on the circle.
    @inline(__always) func crossing(from old: SIMD3<Double>, to new: SIMD3<Double>, onCircle: Bool) -> Double? {
        let q0 = offset(old), d = offset(new) - q0
        let a = (d * d).sum(), b = (q0 * d).sum(), c = (q0 * q0).sum() - radius * radius
        guard a > 0 else { return nil }
        if isContainer {
            let q1 = q0 + d
            guard (q1 * q1).sum() > radius * radius, c <= 0 || onCircle else { return nil }
            let cc = min(c, 0), root = (b * b - a * cc).squareRoot()
            // The larger root, in the form that does not cancel (the product of the roots is cc/a).
            let u = b > 0 ? -cc / (b + root) : (root - b) / a
            return min(1, max(0, u))
        }
        guard b < 0, c >= 0 || onCircle else { return nil }  // outside (or on it) and approaching
        let cc = max(c, 0), disc = b * b - a * cc
        guard disc >= 0 else { return nil }
        let u = cc / (disc.squareRoot() - b)  // the smaller root, without cancellation (−b > 0)
        return u <= 1 ? u : nil
    }

    /// The first age in (`from`, `limit`] at which motion `m` meets the circle from the side it keeps
    /// particles on; nil when it does not. `onCircle`: the motion starts with a contact with it. A
    /// particle that starts on the other side (inside a solid circle, outside a container) is first
    /// followed to where it crosses to the right side.
    func firstHit(_ m: DragMotion, limit: Double, onCircle: Bool) -> Double? {
        guard limit > 0, radius > 0 else { return nil }
        // Bounds over the flight: |p″| (constant without drag, decaying with it) and the speed (the
        // velocity moves along a segment, so its length is largest at an end).
        let accel: Double, speed: Double
        let v0 = SIMD2(m.v0.x, m.v0.y), v1 = SIMD2(m.velocity(limit).x, m.velocity(limit).y)
        if m.k > 0 {
            let d = m.v0 - m.terminal
            accel = m.k * (d.x * d.x + d.y * d.y).squareRoot()
        } else {
            accel = (m.a.x * m.a.x + m.a.y * m.a.y).squareRoot()
        }
        speed = max((v0 * v0).sum(), (v1 * v1).sum()).squareRoot()
        let (f0, _) = clearance(m.p0, m.v0, outside: !isContainer)
        var x = 0.0
        if f0 < 0 && !onCircle {
            // On the wrong side: first the crossing to the right side (the other clearance reaching 0).
            guard let enter = advance(m, from: 0, limit: limit, outside: isContainer, accel: accel, speed: speed,
                                      approaching: false) else { return nil }
            x = enter
        }
        return advance(m, from: x, limit: limit, outside: !isContainer, accel: accel, speed: speed, approaching: true)
    }

    /// Conservative advancement of the clearance measured `outside` (or inside) from age `from` to its
    /// first zero in (`from`, `limit`]; with `approaching`, only a zero reached while the clearance
    /// decreases counts (a particle that grazes the circle and leaves is not a contact).
    private func advance(_ m: DragMotion, from: Double, limit: Double, outside: Bool, accel: Double, speed: Double,
                         approaching: Bool) -> Double? {
        // f″ ≥ −M: outside, f = |q| − r has f″ ≥ −|p″|; inside, f = (r² − |q|²)/2r has f″ = −(|v|² + q·p″)/r
        // ≥ −(speed² + r·|p″|)/r while |q| ≤ r (up to the first zero).
        let bound = outside ? accel : (speed * speed + radius * accel) / radius
        let tolerance = 1e-12 * max(1, radius)
        var x = from
        for _ in 0..<Self.stepLimit {
            let (f, d) = clearance(m.position(x), m.velocity(x), outside: outside)
            if f <= tolerance, x > 0 || f < 0 {
                if !approaching || d < 0 { return x }
            }
            let g = max(0, f)
            let step: Double
            if d < 0 {
                step = 2 * g / ((d * d + 2 * bound * g).squareRoot() - d)  // stable form of the parabola's root
            } else if bound > 0 {
                step = (d + (d * d + 2 * bound * g).squareRoot()) / bound
            } else {
                return nil  // moving away on a straight line
            }
            let next = x + max(step, tolerance / max(speed, 1))
            guard next <= limit else { return nil }
            x = next
        }
        return nil
    }

    /// A bound on the steps of one search (a transversal contact takes a handful; only a particle that
    /// grazes the circle for a long time needs many).
    static let stepLimit = 400
}
