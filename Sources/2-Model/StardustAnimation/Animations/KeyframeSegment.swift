/// One cubic Bézier piece between two keyframes in component space (any
/// number of components), with an arc-length table for constant-speed timing.
///
/// Lines and quadratic curves are stored as exactly equivalent cubics, so a
/// line is linear in its parameter.
struct KeyframeSegment {
    var p0: [Double], p1: [Double], p2: [Double], p3: [Double]
    /// Cumulative chord lengths at parameters i / samples, i = 0…samples.
    private(set) var arcTable: [Double] = []
    static let samples = 64

    /// `measured`: whether to fill ``arcTable`` (and so ``length``). Only the paced modes read them; a track in any
    /// other mode leaves them empty (docs/ANIMATION.md, "Keyframe tracks").
    init(p0: [Double], p1: [Double], p2: [Double], p3: [Double], measured: Bool = true) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3
        guard measured else { return }
        var table = [0.0]
        table.reserveCapacity(Self.samples + 1)
        // Two arrays for the whole table instead of one per sample (docs/BENCHMARKS.md, "lottie", twenty-seventh
        // round (opening)).
        var prev = p0, q = p0, total = 0.0
        for i in 1...Self.samples {
            point(Double(i) / Double(Self.samples), into: &q)
            var s = 0.0
            for k in 0..<q.count { s += (q[k] - prev[k]) * (q[k] - prev[k]) }
            total += s.squareRoot(); table.append(total); swap(&prev, &q)
        }
        arcTable = table
    }

    /// A straight segment.
    static func line(_ a: [Double], _ b: [Double], measured: Bool = true) -> KeyframeSegment {
        KeyframeSegment(p0: a, p1: zip(a, b).map { $0 + ($1 - $0) / 3 }, p2: zip(a, b).map { $0 + 2 * ($1 - $0) / 3 }, p3: b,
                        measured: measured)
    }

    /// A quadratic curve from `a` to `b` with control `c`, elevated to a cubic.
    static func quad(_ a: [Double], _ c: [Double], _ b: [Double], measured: Bool = true) -> KeyframeSegment {
        KeyframeSegment(p0: a, p1: zip(a, c).map { $0 + 2 * ($1 - $0) / 3 }, p2: zip(b, c).map { $0 + 2 * ($1 - $0) / 3 }, p3: b,
                        measured: measured)
    }

    /// A Hermite piece from `a` (tangent `ma`) to `b` (tangent `mb`), per unit parameter.
    static func hermite(_ a: [Double], _ ma: [Double], _ b: [Double], _ mb: [Double], measured: Bool = true) -> KeyframeSegment {
        KeyframeSegment(p0: a, p1: zip(a, ma).map { $0 + $1 / 3 }, p2: zip(b, mb).map { $0 - $1 / 3 }, p3: b, measured: measured)
    }

    var length: Double { arcTable.last ?? 0 }

    func point(_ u: Double) -> [Double] {
        var r = p0
        point(u, into: &r)
        return r
    }

    /// ``point(_:)`` written into `r`, which has the segment's number of components.
    func point(_ u: Double, into r: inout [Double]) {
        let m = 1 - u
        let a = m * m * m, b = 3 * m * m * u, c = 3 * m * u * u, d = u * u * u
        for k in 0..<r.count { r[k] = a * p0[k] + b * p1[k] + c * p2[k] + d * p3[k] }
    }

    func derivative(_ u: Double) -> [Double] {
        let m = 1 - u
        var r = p0
        for k in 0..<r.count {
            r[k] = 3 * m * m * (p1[k] - p0[k]) + 6 * m * u * (p2[k] - p1[k]) + 3 * u * u * (p3[k] - p2[k])
        }
        return r
    }

    /// The parameter at which the arc length from the start is `fraction` of the segment's length.
    func parameter(atLengthFraction fraction: Double) -> Double {
        let total = length
        guard total > 0 else { return fraction }
        let target = min(max(fraction, 0), 1) * total
        var lo = 0, hi = arcTable.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if arcTable[mid] < target { lo = mid } else { hi = mid }
        }
        let span = arcTable[hi] - arcTable[lo]
        let w = span > 0 ? (target - arcTable[lo]) / span : 0
        return (Double(lo) + w) / Double(Self.samples)
    }
}
