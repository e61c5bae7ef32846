import CStardustParticleLanes

/// A value over each particle's life: stops at normalised ages (0 = birth, 1 = end of life) joined
/// by ``CurveInterpolation``; flat before the first stop and after the last
/// (docs/PARTICLE-MODEL.md §2.6). Used by ``CellExtensions`` as a multiplier of alpha, scale, spin
/// and speed.
///
/// Evaluation is a closed form of the particle's normalised age — a walk over at most
/// ``maximumStops`` stops — and so is the curve's integral (how spin and speed curves turn into an
/// angle and a distance), so seeking stays O(1) per particle.
public struct ParticleCurve: Hashable, Sendable {
    /// The most stops a curve may have (a budget: evaluation walks them per particle).
    public static let maximumStops = 16

    /// Stop times in 0…1, not decreasing.
    public let times: [Double]
    /// The value at each stop.
    public let values: [Double]
    /// How values are joined between stops.
    public let interpolation: CurveInterpolation
    /// ∫₀^times[i] of the curve, per stop (for ``integral(to:)``).
    let cumulative: [Double]

    /// A curve through `(times[i], values[i])`; throws on a bad stop (see ``ParticleCurveError``).
    public init(times: [Double], values: [Double], interpolation: CurveInterpolation = .linear) throws(ParticleCurveError) {
        guard times.count == values.count else { throw .countMismatch }
        try ParticleCurveError.check(times)
        for (i, v) in values.enumerated() where !v.isFinite { throw .nonFiniteValue(index: i) }
        self.times = times; self.values = values; self.interpolation = interpolation
        var c = [Double](repeating: 0, count: times.count)
        c[0] = values[0] * times[0]  // flat before the first stop
        for i in 1..<max(1, times.count) {
            c[i] = c[i - 1] + Self.segmentIntegral(values[i - 1], values[i], times[i] - times[i - 1], 1, interpolation)
        }
        cumulative = c
    }

    /// A constant curve.
    public init(constant v: Double) {
        // swiftlint:disable:next force_try
        try! self.init(times: [0], values: [v.isFinite ? v : 0])
    }

    /// ∫ over the first `u` of a segment of width `w` from `a` to `b`.
    @inline(__always) static func segmentIntegral(_ a: Double, _ b: Double, _ w: Double, _ u: Double,
                                                  _ m: CurveInterpolation) -> Double {
        w * (a * u + (b - a) * m.weightIntegral(u))
    }

    /// The value at normalised age `f` (any `f`; flat outside the stops).
    @inline(__always) public func value(at f: Double) -> Double {
        times.withUnsafeBufferPointer { t in
            values.withUnsafeBufferPointer { v in Self.value(at: f, times: t, values: v, interpolation) }
        }
    }

    /// ``value(at:)`` at `count` normalised ages `fs`, written to `out`, with the stops bound once for all of them
    /// (the batched kernel's curves, docs/PARTICLES-PERFORMANCE.md): four ages at a time in C
    /// (`sd_curve_values`: without branches, AVX2 where the CPU has it; each lane with this function's
    /// operations on the segment it picks, so the same bits), the last few one at a time here.
    @inline(__always) func values(at fs: UnsafePointer<Double>, into out: UnsafeMutablePointer<Double>, count: Int) {
        times.withUnsafeBufferPointer { t in
            values.withUnsafeBufferPointer { v in
                let mode = interpolation
                let groups = count & ~3
                if groups > 0 {
                    let code: Int32 = switch mode { case .linear: 0; case .step: 1; case .smooth: 2 }
                    sd_curve_values(fs, out, Int64(groups), t.baseAddress, v.baseAddress, Int64(t.count), code)
                }
                for j in groups..<count { out[j] = Self.value(at: fs[j], times: t, values: v, mode) }
            }
        }
    }

    /// The curve through `times` and `values` at `f`: flat before the first stop and after the last.
    @inline(__always) static func value(at f: Double, times: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>,
                                        _ mode: CurveInterpolation) -> Double {
        let (i, u) = curveSegment(times, f)
        if i < 0 { return values[0] }
        if i + 1 >= values.count { return values[i] }
        return values[i] + (values[i + 1] - values[i]) * mode.weight(u)
    }

    /// ∫₀^f value(s) ds for `f` ≥ 0: a spin curve turns into an angle and a speed curve into a
    /// distance with it (× lifetime).
    @inline(__always) public func integral(to f: Double) -> Double {
        let (i, u) = curveSegment(times, f)
        if i < 0 { return values[0] * f }
        if i + 1 >= values.count { return cumulative[i] + values[i] * (f - times[i]) }
        return cumulative[i] + Self.segmentIntegral(values[i], values[i + 1], times[i + 1] - times[i], u, interpolation)
    }
}
