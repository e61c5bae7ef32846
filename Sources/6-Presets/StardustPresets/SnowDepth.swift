import Foundation

/// The depth of the `snowdrift` preset's settled snow as a closed form of time (docs/PRESETS.md,
/// docs/PARTICLE-MODEL.md §2.10): flakes are born at a constant rate over the emission window, each
/// lands about one fall time after its birth, and every landed flake adds the same depth; when the
/// last flakes have landed the drift melts at a constant rate.
///
/// The fall time is that of a flake born at rest at the top under the cell's gravity and drag (the
/// closed form of ``DragMotion`` solved for the height by bisection): flakes born faster or slower
/// land earlier or later by amounts that average out, so the count landed by time t is
/// `rate · clamp(t − fall, 0, emission)`.
struct SnowDepth: Sendable {
    /// Flakes born per second (all cells).
    var rate: Double
    /// Seconds of emission from time 0.
    var emission: Double
    /// Seconds from birth to landing.
    var fall: Double
    /// Points of depth each landed flake adds.
    var depthPerFlake: Double
    /// Points per second the drift loses once the last flakes have landed.
    var meltRate: Double

    /// The fall time over `height` points from a downward speed `v0` (default: at rest) with gravity
    /// `g` (points/s²) and drag `k` (1/s): the root of `vt·τ + (v0 − vt)·(1 − e^(−kτ))/k = height`,
    /// vt = g/k (the `rain` preset times its drops' lives with it too).
    static func fallTime(height: Double, gravity g: Double, drag k: Double, initialSpeed v0: Double = 0) -> Double {
        let vt = g / k
        func y(_ tau: Double) -> Double { vt * tau + (v0 - vt) * (1 - exp(-k * tau)) / k }
        var lo = 0.0, hi = 1.0
        while y(hi) < height { hi *= 2 }
        for _ in 0..<60 {
            let mid = 0.5 * (lo + hi)
            if y(mid) < height { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// Flakes landed by time `t`.
    func landed(at t: Double) -> Double { rate * min(emission, max(0, t - fall)) }

    /// The depth at time `t` (points, ≥ 0).
    func depth(at t: Double) -> Double {
        let built = depthPerFlake * landed(at: t)
        let melted = meltRate * max(0, t - (emission + fall))
        return max(0, built - melted)
    }

    /// The time at which the drift has melted away.
    var meltedAway: Double { emission + fall + depthPerFlake * rate * emission / meltRate }
}
