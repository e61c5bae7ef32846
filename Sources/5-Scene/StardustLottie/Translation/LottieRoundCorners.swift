import Foundation
import StardustCore

/// Round corners (`rd`): every corner between two straight segments of an outline becomes a quarter-circle-like
/// cubic of radius `r` (at most half of either segment), as lottie-web rounds vertices without tangents: the
/// corner is cut at distance d along both segments and joined by a cubic whose handles reach 0.5519 of the way
/// back to the corner. Corners next to a curve are kept.
enum LottieRoundCorners {
    static let handle = 0.5519

    private enum Segment { case line, curve(Point, Point), quad(Point) }

    static func rounded(_ path: Path, radius r: Double) -> Path {
        guard r > 0, r.isFinite else { return path }
        var out = Path()
        var points: [Point] = [], segments: [Segment] = [], closed = false
        func flush() {
            defer { points = []; segments = []; closed = false }
            guard let first = points.first else { return }
            if closed, let last = points.last, last != first { points.append(first); segments.append(.line) }
            let n = segments.count
            guard n > 0 else { out.move(to: first); return }
            // A corner at vertex k (between segment k−1 and segment k); for a closed outline vertex 0 joins n−1 and 0.
            func corner(_ k: Int) -> (Point, Point, Point)? {
                let prev = k == 0 ? (closed ? n - 1 : -1) : k - 1
                guard prev >= 0, k < n || closed else { return nil }
                let next = k == n ? 0 : k
                guard case .line = segments[prev], case .line = segments[next] else { return nil }
                let v = points[k == n ? 0 : k], a = points[prev], b = points[next + 1]
                let la = hypot(a.x - v.x, a.y - v.y), lb = hypot(b.x - v.x, b.y - v.y)
                guard la > 0, lb > 0 else { return nil }
                let d = min(r, la / 2, lb / 2)
                return (Point(v.x + (a.x - v.x) / la * d, v.y + (a.y - v.y) / la * d), v,
                        Point(v.x + (b.x - v.x) / lb * d, v.y + (b.y - v.y) / lb * d))
            }
            let corners = (0..<max(n, 1)).map { corner($0) }
            func arc(_ c: (Point, Point, Point)) {
                let (p1, v, p2) = c
                out.addCurve(to: p2, control1: Point(p1.x + (v.x - p1.x) * handle, p1.y + (v.y - p1.y) * handle),
                             control2: Point(p2.x + (v.x - p2.x) * handle, p2.y + (v.y - p2.y) * handle))
            }
            if let c = corners[0] { out.move(to: c.2) } else { out.move(to: points[0]) }
            for k in 0..<n {
                let end = k + 1 == n && closed ? 0 : k + 1
                let c = end < corners.count ? corners[end] : nil
                let target = c?.0 ?? points[k + 1]
                switch segments[k] {
                case .line: out.addLine(to: target)
                case .curve(let c1, let c2): out.addCurve(to: points[k + 1], control1: c1, control2: c2)
                case .quad(let q): out.addQuadCurve(to: points[k + 1], control: q)
                }
                if let c, k + 1 < n || closed { arc(c) }
            }
            if closed { out.closeSubpath() }
        }
        for e in path.elements {
            switch e {
            case .move(let p): flush(); points = [p]
            case .line(let p): if points.isEmpty { points = [p] } else { points.append(p); segments.append(.line) }
            case .curve(let p, let c1, let c2): if points.isEmpty { points = [p] } else { points.append(p); segments.append(.curve(c1, c2)) }
            case .quadCurve(let p, let c): if points.isEmpty { points = [p] } else { points.append(p); segments.append(.quad(c)) }
            case .closeSubpath: closed = true; let start = points.first; flush(); if let s = start { points = [s] }
            }
        }
        flush()
        return out
    }
}
