/// How an over-life curve (``ParticleCurve``, ``ColorRamp``) goes from one stop to the next
/// (docs/PARTICLE-MODEL.md §2.6).
public enum CurveInterpolation: String, CaseIterable, Hashable, Sendable {
    /// A straight line between neighbouring stops.
    case linear
    /// Each stop's value holds until the next stop's time (a staircase).
    case step
    /// The smoothstep `3u² − 2u³` between neighbouring stops: flat at every stop, never past
    /// either neighbour's value.
    case smooth

    /// The weight of the next stop at fraction `u` ∈ [0, 1] of a segment.
    @inline(__always) func weight(_ u: Double) -> Double {
        switch self {
        case .linear: u
        case .step: 0
        case .smooth: u * u * (3 - 2 * u)
        }
    }

    /// ∫₀ᵘ weight(s) ds: the segment's integral is `(1 − I(u))·v0·u + …`, see ``ParticleCurve/integral(to:)``.
    @inline(__always) func weightIntegral(_ u: Double) -> Double {
        switch self {
        case .linear: 0.5 * u * u
        case .step: 0
        case .smooth: u * u * u * (1 - 0.5 * u)
        }
    }
}

/// Why a curve or ramp was refused (``ParticleCurve/init(times:values:interpolation:)``).
public enum ParticleCurveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A curve needs at least one stop.
    case noStops
    /// More than ``ParticleCurve/maximumStops`` stops.
    case tooManyStops(count: Int)
    /// Stop `index` lies outside 0…1 (normalised age) or is not finite.
    case timeOutOfRange(index: Int, time: Double)
    /// Stop `index` comes before the previous stop (times must not decrease).
    case notMonotonic(index: Int, time: Double, previous: Double)
    /// Stop `index` has a value that is not finite.
    case nonFiniteValue(index: Int)
    /// `times` and `values` differ in length.
    case countMismatch

    public var description: String {
        switch self {
        case .noStops: "a curve needs at least one stop"
        case .tooManyStops(let n): "a curve has at most \(ParticleCurve.maximumStops) stops, found \(n)"
        case .timeOutOfRange(let i, let t): "stop \(i): time \(t) is outside 0…1 (the fraction of the particle's life)"
        case .notMonotonic(let i, let t, let p): "stop \(i): time \(t) comes before the previous stop's \(p); times must not decrease"
        case .nonFiniteValue(let i): "stop \(i): the value is not a finite number"
        case .countMismatch: "a curve needs as many values as times"
        }
    }

    /// Checks stop times: 1…``ParticleCurve/maximumStops`` of them, each in 0…1, none decreasing.
    static func check(_ times: [Double]) throws(ParticleCurveError) {
        guard !times.isEmpty else { throw .noStops }
        guard times.count <= ParticleCurve.maximumStops else { throw .tooManyStops(count: times.count) }
        for (i, t) in times.enumerated() {
            guard t.isFinite, t >= 0, t <= 1 else { throw .timeOutOfRange(index: i, time: t) }
            if i > 0, t < times[i - 1] { throw .notMonotonic(index: i, time: t, previous: times[i - 1]) }
        }
    }
}

/// The segment of sorted stop `times` containing `f`: (i, u) with `times[i] ≤ f < times[i+1]` and
/// `u` the fraction of that segment; (−1, 0) before the first stop, (last, 0) at or after the last.
/// At most ``ParticleCurve/maximumStops`` comparisons: O(1) in the particle's age.
@inline(__always) func curveSegment(_ times: [Double], _ f: Double) -> (Int, Double) {
    times.withUnsafeBufferPointer { curveSegment($0, f) }
}

/// The same segment, the stops read through a pointer (the batched kernel binds them once per batch).
@inline(__always) func curveSegment(_ times: UnsafeBufferPointer<Double>, _ f: Double) -> (Int, Double) {
    let n = times.count
    if f < times[0] { return (-1, 0) }
    var i = 0
    while i + 1 < n, times[i + 1] <= f { i += 1 }
    if i + 1 >= n { return (n - 1, 0) }
    let d = times[i + 1] - times[i]
    return (i, d > 0 ? (f - times[i]) / d : 0)
}
