import Foundation

/// A damped spring to a fixed point, applied as one acceleration per step whose discrete motion
/// has exactly the continuous oscillator's frequency and decay.
///
/// The animator applies steady forces once per 1/120 s step, and the engine spreads a force over
/// its four sub-steps: x₁ = x + Δt·v + ⅝·Δt²·a, v₁ = v + Δt·a. With the plain spring force
/// a = −ω²x − 2ζωv that map gains energy (a 2 Hz spring grows 6 % in half a period). Instead the
/// acceleration is a = α·x + β·v with α, β chosen so the step map's trace and determinant equal
/// those of the exact solution over Δt: its eigenvalues — hence frequency and decay per step —
/// are the continuous oscillator's. Used by the snap behavior and the spring field.
struct StepExactSpring: Sendable {
    /// Acceleration per unit displacement, 1/s².
    let alpha: Double
    /// Acceleration per unit velocity, 1/s.
    let beta: Double

    /// A spring of natural angular frequency `omega` (rad/s) and damping ratio `zeta` for steps of `dt` s.
    init(omega: Double, zeta: Double, dt: Double) {
        let decay = exp(-zeta * omega * dt)
        let trace: Double
        if zeta < 1 {
            trace = 2 * decay * cos(omega * (1 - zeta * zeta).squareRoot() * dt)
        } else if zeta == 1 {
            trace = 2 * decay
        } else {
            trace = 2 * decay * cosh(omega * (zeta * zeta - 1).squareRoot() * dt)
        }
        let det = decay * decay
        alpha = (trace - det - 1) / (dt * dt)
        beta = (det - 1 + 0.375 * dt * dt * alpha) / dt
    }

    /// The acceleration for displacement `x` from the rest point and velocity `v`.
    func acceleration(_ x: Double, _ v: Double) -> Double { alpha * x + beta * v }
}
