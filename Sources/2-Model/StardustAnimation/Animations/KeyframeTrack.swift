import Foundation
import StardustCore

/// The prepared geometry of a keyframe animation.
struct KeyframeTrack {
    var keyframes: [AnimatableValue] = []
    /// Geometric segments (paths, cubic splines); nil when values interpolate directly.
    var segments: [KeyframeSegment]?
    /// Segment lengths (arc length or component distance), for the paced modes; empty in the others, which never
    /// read them (nor the segments' arc tables).
    var lengths: [Double] = []
    let mode: CalculationMode
    let isPath: Bool
    /// The animation's key times as ``times(_:count:)`` validates them for this track (n + 1 for discrete, one per
    /// segment end otherwise), resolved once instead of at every lookup (``KeyframeAnimation/keyTimes`` drops the
    /// track when it changes); nil in a plain track, which validates them at every lookup.
    private(set) var resolvedTimes: [Double]?

    /// The track of `a`. Arc tables and segment lengths are measured only for the paced modes, and the key times
    /// are validated once (docs/ANIMATION.md, "Keyframe tracks"); `plain` measures them in every mode and validates
    /// the key times at every lookup, as before — the reference the tests compare with, value for value.
    init(_ a: KeyframeAnimation, plain: Bool = false) {
        self.init(geometryOf: a, measured: plain || a.calculationMode == .paced || a.calculationMode == .cubicPaced)
        if !plain { resolvedTimes = times(a.keyTimes, count: mode == .discrete ? keyframes.count + 1 : segmentCount + 1) }
    }

    private init(geometryOf a: KeyframeAnimation, measured: Bool) {
        mode = a.calculationMode
        if let path = a.path, !path.isEmpty {
            isPath = true
            var segs: [KeyframeSegment] = []
            var current = Point.zero, start = Point.zero
            var points: [Point] = []
            func c(_ p: Point) -> [Double] { [p.x, p.y] }
            for e in path.elements {
                switch e {
                case .move(let p): current = p; start = p
                    if segs.isEmpty { points = [p] }
                case .line(let p): segs.append(.line(c(current), c(p), measured: measured)); current = p; points.append(p)
                case .quadCurve(let p, let q): segs.append(.quad(c(current), c(q), c(p), measured: measured)); current = p; points.append(p)
                case .curve(let p, let c1, let c2):
                    segs.append(KeyframeSegment(p0: c(current), p1: c(c1), p2: c(c2), p3: c(p), measured: measured)); current = p; points.append(p)
                case .closeSubpath: segs.append(.line(c(current), c(start), measured: measured)); current = start; points.append(start)
                }
            }
            keyframes = segs.isEmpty ? [] : points.map { .point($0) }
            segments = segs
            if measured { lengths = segs.map(\.length) }
            return
        }
        isPath = false
        keyframes = a.values ?? []
        let n = keyframes.count
        guard n >= 2 else { return }
        let comps = keyframes.map(\.components)
        let allNumeric = comps.allSatisfy { $0 != nil && $0!.count == comps[0]!.count }
        if (mode == .cubic || mode == .cubicPaced) && allNumeric {
            let p = comps.map { $0! }
            var segs: [KeyframeSegment] = []
            func param(_ arr: [Double]?, _ i: Int) -> Double { guard let arr, i < arr.count else { return 0 }; return min(max(arr[i], -1), 1) }
            func diff(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { $0 - $1 } }
            // Kochanek–Bartels tangents; the end points are duplicated outside the sequence.
            var outgoing: [[Double]] = [], incoming: [[Double]] = []
            for i in 0..<n {
                let prev = p[max(i - 1, 0)], next = p[min(i + 1, n - 1)]
                let dIn = diff(p[i], prev), dOut = diff(next, p[i])
                let t = param(a.tensionValues, i), cc = param(a.continuityValues, i), b = param(a.biasValues, i)
                let s1 = (1 - t) * (1 + cc) * (1 + b) / 2, s2 = (1 - t) * (1 - cc) * (1 - b) / 2
                let d1 = (1 - t) * (1 - cc) * (1 + b) / 2, d2 = (1 - t) * (1 + cc) * (1 - b) / 2
                outgoing.append(zip(dIn, dOut).map { s1 * $0 + s2 * $1 })
                incoming.append(zip(dIn, dOut).map { d1 * $0 + d2 * $1 })
            }
            for i in 0..<(n - 1) { segs.append(.hermite(p[i], outgoing[i], p[i + 1], incoming[i + 1], measured: measured)) }
            segments = segs
            if measured { lengths = segs.map(\.length) }
        } else if measured {
            lengths = (0..<(n - 1)).map { keyframes[$0].distance(to: keyframes[$0 + 1]) }
        }
    }

    private var segmentCount: Int { segments?.count ?? max(keyframes.count - 1, 0) }

    /// Validated key times with `count` entries, or evenly spaced ones.
    private func times(_ keyTimes: [Double]?, count: Int) -> [Double] {
        if let k = keyTimes, k.count == count, k.allSatisfy({ $0 >= 0 && $0 <= 1 && $0.isFinite }),
           zip(k, k.dropFirst()).allSatisfy({ $0 <= $1 }) { return k }
        guard count > 1 else { return [0] }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// The segment and local parameter at overall fraction `f` (not for discrete).
    private func locate(_ f: Double, _ a: KeyframeAnimation) -> (Int, Double) {
        let m = segmentCount
        let paced = mode == .paced || mode == .cubicPaced
        if paced {
            let total = lengths.reduce(0, +)
            if total > 0 {
                let target = min(max(f, 0), 1) * total
                var acc = 0.0
                for i in 0..<m {
                    let len = lengths[i]
                    if target <= acc + len || i == m - 1 {
                        let u = len > 0 ? (target - acc) / len : 1
                        // Constant speed inside a curved segment too.
                        let param = segments.map { $0[i].parameter(atLengthFraction: u) } ?? u
                        return (i, min(max(param, 0), 1))
                    }
                    acc += len
                }
            }
        }
        let k = resolvedTimes ?? times(a.keyTimes, count: m + 1)
        if f <= k[0] { return (0, 0) }
        if f >= k[m] { return (m - 1, 1) }
        var i = 0
        while i < m - 1 && f >= k[i + 1] { i += 1 }
        let span = k[i + 1] - k[i]
        var u = span > 0 ? (f - k[i]) / span : 1
        if let tf = a.timingFunctions, i < tf.count { u = tf[i].evaluate(u) }
        return (i, u)
    }

    func value(atFraction f: Double, of a: KeyframeAnimation) -> AnimatableValue? {
        let n = keyframes.count
        guard n > 0 else { return nil }
        if n == 1 { return keyframes[0] }
        if mode == .discrete {
            // n + 1 key times: value i holds on [k_i, k_{i+1}).
            let k = resolvedTimes ?? times(a.keyTimes, count: n + 1)
            var i = 0
            while i < n - 1 && f >= k[i + 1] { i += 1 }
            return keyframes[i]
        }
        let (i, u) = locate(f, a)
        if let s = segments?[i] {
            return AnimatableValue(components: s.point(u), like: keyframes[i]) ?? keyframes[i]
        }
        return keyframes[i].interpolated(to: keyframes[i + 1], fraction: u)
    }

    func tangentAngle(atFraction f: Double, of a: KeyframeAnimation) -> Double? {
        guard keyframes.count >= 2, case .point = keyframes[0] else { return nil }
        let (i, u): (Int, Double)
        if mode == .discrete {
            let k = resolvedTimes ?? times(a.keyTimes, count: keyframes.count + 1)
            var j = 0
            while j < keyframes.count - 2 && f >= k[j + 1] { j += 1 }
            (i, u) = (j, 0.5)
        } else {
            (i, u) = locate(f, a)
        }
        var d: [Double]
        if let s = segments?[i] {
            d = s.derivative(u)
            if d[0] == 0 && d[1] == 0 { d = zip(s.p3, s.p0).map { $0 - $1 } }
        } else {
            guard let p = keyframes[i].components, let q = keyframes[i + 1].components else { return nil }
            d = zip(q, p).map { $0 - $1 }
        }
        guard d[0] != 0 || d[1] != 0 else { return nil }
        return atan2(d[1], d[0])
    }
}
