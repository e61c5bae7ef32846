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
    /// (the batched kernel's curves, docs/PARTICLES-PERFORMANCE.md): four ages at a time, each lane with the
    /// operations of ``value(at:times:values:_:)`` on the segment it picks, so the same bits; the last few one at a time.
    @inline(__always) func values(at fs: UnsafePointer<Double>, into out: UnsafeMutablePointer<Double>, count: Int) {
        times.withUnsafeBufferPointer { t in
            values.withUnsafeBufferPointer { v in
                let mode = interpolation
                var j = 0
                while j + 4 <= count {
                    let f = UnsafeRawPointer(fs + j).loadUnaligned(as: SIMD4<Double>.self)
                    UnsafeMutableRawPointer(out + j).storeBytes(of: Self.values(at: f, times: t, values: v, mode),
                                                                as: SIMD4<Double>.self)
                    j += 4
                }
                while j < count { out[j] = Self.value(at: fs[j], times: t, values: v, mode); j += 1 }
            }
        }
    }

    /// ``value(at:times:values:_:)`` at four ages, without branches on them: the walk over the stops
    /// (``curveSegment(_:_:)``) branched on each age, and near a stop the branches mispredicted. The stops
    /// are sorted, so the stops at or before an age are a prefix: selecting each later stop's segment where
    /// the age reached it leaves each lane on the segment the walk stops at. The width and the step of each
    /// segment are the walk's subtractions, the fraction its division (by a width > 0 where it is taken),
    /// the value its expression; the first and the last stop's values are selected last, as the walk returns them.
    @inline(__always) static func values(at f: SIMD4<Double>, times: UnsafeBufferPointer<Double>,
                                         values: UnsafeBufferPointer<Double>, _ mode: CurveInterpolation) -> SIMD4<Double> {
        let n = times.count
        guard n > 1 else { return SIMD4(repeating: values[0]) }
        var t0 = SIMD4(repeating: times[0]), d = SIMD4(repeating: times[1] - times[0])
        var v0 = SIMD4(repeating: values[0]), dv = SIMD4(repeating: values[1] - values[0])
        for i in 1..<(n - 1) {
            let reached = times[i] .<= f
            t0.replace(with: times[i], where: reached)
            d.replace(with: times[i + 1] - times[i], where: reached)
            v0.replace(with: values[i], where: reached)
            dv.replace(with: values[i + 1] - values[i], where: reached)
        }
        var u = (f - t0) / d
        u.replace(with: 0, where: .!(d .> 0))
        let w: SIMD4<Double>
        switch mode {
        case .linear: w = u
        case .step: w = SIMD4(repeating: 0)
        case .smooth: w = u * u * (3 - 2 * u)
        }
        var r = v0 + dv * w
        r.replace(with: values[n - 1], where: times[n - 1] .<= f)
        r.replace(with: values[0], where: f .< times[0])
        return r
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
