import Foundation

/// A polyline approximation of one subpath.
public struct Polyline: Hashable, Sendable {
    /// The vertices in order, in the path's units.
    public var points: [Point]
    /// Whether the subpath was closed with `closeSubpath` (an implicit edge from the last point to the first).
    public var isClosed: Bool
    /// A polyline through `points`, closed back to its first point when `isClosed`.
    public init(points: [Point], isClosed: Bool) { self.points = points; self.isClosed = isClosed }
}

extension Path {
    /// Approximates every curve by line segments whose distance from the true
    /// curve is at most `tolerance` (in the path's units).
    ///
    /// Curves are subdivided uniformly in the parameter; the segment count of
    /// a cubic is `ceil(sqrt(‖Δ²‖·3/(4·tol)))` from the bound on its second
    /// derivative, which meets the tolerance. Complexity: O(output points).
    public func flattened(tolerance: Double = 0.1) -> [Polyline] {
        let tol = max(tolerance, 1e-6)
        var result: [Polyline] = []
        var current: [Point] = []
        var last = Point.zero
        func flush(closed: Bool) {
            if current.count > 1 || (current.count == 1 && closed) { result.append(Polyline(points: current, isClosed: closed)) }
            current = []
        }
        for e in elements {
            switch e {
            case .move(let p):
                flush(closed: false); current = [p]; last = p
            case .line(let p):
                if current.isEmpty { current = [last] }
                current.append(p); last = p
            case .quadCurve(let p, let c):
                if current.isEmpty { current = [last] }
                let dd = (last - c * 2 + p).length
                let n = Self.segmentCount((dd / (4 * tol)).squareRoot())
                for i in 1...n {
                    let t = Double(i) / Double(n), mt = 1 - t
                    current.append(last * (mt * mt) + c * (2 * mt * t) + p * (t * t))
                }
                last = p
            case .curve(let p, let c1, let c2):
                if current.isEmpty { current = [last] }
                let d1 = (last - c1 * 2 + c2).length, d2 = (c1 - c2 * 2 + p).length
                let n = Self.segmentCount((max(d1, d2) * 3 / (4 * tol)).squareRoot())
                for i in 1...n {
                    let t = Double(i) / Double(n), mt = 1 - t
                    let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
                    current.append(last * a + c1 * b + c2 * c + p * d)
                }
                last = p
            case .closeSubpath:
                let start = current.first ?? last
                flush(closed: true); last = start
            }
        }
        flush(closed: false)
        return result
    }

    /// The total length of the path's flattened outline (closing edges included).
    public func length(tolerance: Double = 0.01) -> Double {
        flattened(tolerance: tolerance).reduce(0) { sum, pl in
            var s = sum
            for i in 1..<max(1, pl.points.count) { s += pl.points[i].distance(to: pl.points[i - 1]) }
            if pl.isClosed, let f = pl.points.first, let l = pl.points.last { s += f.distance(to: l) }
            return s
        }
    }

    /// The segment count for a curve whose exact count is `ceil(steps)`, between 1 and 1000. Clamped as a `Double`
    /// first: a curve with control points near ±10³⁰⁰ gives an infinite or NaN `steps`, which `Int(_:)` would trap
    /// on (NaN takes one segment).
    static func segmentCount(_ steps: Double) -> Int {
        let up = steps.rounded(.up)
        return up >= 1000 ? 1000 : up >= 1 ? Int(up) : 1
    }
}
