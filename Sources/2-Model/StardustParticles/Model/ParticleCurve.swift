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
        let (i, u) = curveSegment(times, f)
        if i < 0 { return values[0] }
        if i + 1 >= values.count { return values[i] }
        return values[i] + (values[i + 1] - values[i]) * interpolation.weight(u)
    }

    /// ``value(at:)`` at `count` normalised ages `fs`, written to `out`: the same operations in the same
    /// order (so the same bits), with the stops read through pointers bound once instead of array
    /// accesses per particle (the batched kernel's curves, docs/PARTICLES-PERFORMANCE.md).
    @inline(__always) func values(at fs: UnsafePointer<Double>, into out: UnsafeMutablePointer<Double>, count: Int) {
        times.withUnsafeBufferPointer { tb in
            values.withUnsafeBufferPointer { vb in
                let t = tb.baseAddress!, v = vb.baseAddress!, n = tb.count
                let first = v[0], last = v[n - 1], t0 = t[0], mode = interpolation
                for j in 0..<count {
                    let f = fs[j]
                    // ``curveSegment(_:_:)``: before the first stop, the last stop reached, after the last.
                    if f < t0 { out[j] = first; continue }
                    var i = 0
                    while i + 1 < n, t[i + 1] <= f { i += 1 }
                    if i + 1 >= n { out[j] = last; continue }
                    let d = t[i + 1] - t[i]
                    let u = d > 0 ? (f - t[i]) / d : 0
                    out[j] = v[i] + (v[i + 1] - v[i]) * mode.weight(u)
                }
            }
        }
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
