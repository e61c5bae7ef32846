import Foundation

/// Turns stroked polylines into fillable outlines.
///
/// The outline is a union of simple pieces — one rectangle per segment, one
/// wedge per join (miter, round or bevel, on the outer side of the turn) and
/// one piece per cap — each oriented with positive signed area, so that
/// filling them together with the **non-zero** rule covers exactly the
/// stroked region (overlaps add winding, never cancel it). Closed subpaths
/// get joins at every vertex and no caps; a zero-length subpath draws a disc
/// (round caps) or a square (square caps), as Core Graphics does.
/// Complexity: O(points + round-join/cap vertices).
public enum Stroker {
    /// The outline of `path` stroked with `style`, flattened with `tolerance` (in the path's units).
    public static func outline(of path: Path, style: StrokeStyle, tolerance: Double = 0.1) -> [Polyline] {
        outline(of: path.flattened(tolerance: tolerance), style: style, tolerance: tolerance)
    }

    /// The outline of already-flattened `polylines` stroked with `style`;
    /// `tolerance` bounds the error of round joins and caps.
    public static func outline(of polylines: [Polyline], style: StrokeStyle, tolerance: Double = 0.1) -> [Polyline] {
        let hw = style.width / 2
        guard hw > 0, hw.isFinite else { return [] }
        var out: [Polyline] = []
        let tol = max(tolerance, 1e-6)
        // The angle step that keeps a polygonal arc of radius hw within tol of the circle.
        let step = tol >= hw ? Double.pi / 2 : max(2 * acos(1 - tol / hw), 0.01)
        for pl in polylines {
            guard pl.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            var pts: [Point] = []
            pts.reserveCapacity(pl.points.count)
            for p in pl.points where pts.last.map({ $0.distance(to: p) > 1e-9 * max(1, hw) }) ?? true { pts.append(p) }
            if pl.isClosed, pts.count > 1, pts[0].distance(to: pts[pts.count - 1]) <= 1e-9 * max(1, hw) { pts.removeLast() }
            guard let first = pts.first else { continue }
            if pts.count == 1 {
                switch style.cap {
                case .butt: break
                case .round: add(arc(center: first, from: Point(hw, 0), sweep: 2 * .pi, step: step, includeCenter: false), to: &out)
                case .square: add([first + Point(-hw, -hw), first + Point(hw, -hw), first + Point(hw, hw), first + Point(-hw, hw)], to: &out)
                }
                continue
            }
            let closed = pl.isClosed && pts.count > 2
            let n = pts.count, segCount = closed ? n : n - 1
            func direction(_ i: Int) -> Point {
                let a = pts[i], b = pts[(i + 1) % n]
                let v = b - a
                return v * (1 / v.length)
            }
            for i in 0..<segCount {
                var a = pts[i], b = pts[(i + 1) % n]
                let d = direction(i)
                let nrm = Point(-d.y, d.x) * hw
                if !closed && style.cap == .square {
                    if i == 0 { a = a - d * hw }
                    if i == segCount - 1 { b = b + d * hw }
                }
                add([a + nrm, b + nrm, b - nrm, a - nrm], to: &out)
            }
            let joinRange = closed ? 0..<n : 1..<(n - 1)
            for i in joinRange {
                let d1 = direction((i - 1 + n) % n), d2 = direction(i)
                join(at: pts[i], d1, d2, hw: hw, style: style, step: step, into: &out)
            }
            if !closed && style.cap == .round {
                let d0 = direction(0), dl = direction(segCount - 1)
                add(cap(at: pts[0], facing: -d0, hw: hw, step: step), to: &out)
                add(cap(at: pts[n - 1], facing: dl, hw: hw, step: step), to: &out)
            }
        }
        return out
    }

    /// The wedge on the outer side of the turn from `d1` to `d2` at `p`.
    static func join(at p: Point, _ d1: Point, _ d2: Point, hw: Double, style: StrokeStyle, step: Double, into out: inout [Polyline]) {
        let cr = d1.cross(d2), dt = d1.dot(d2)
        if abs(cr) < 1e-12 && dt > 0 { return }
        let s: Double = cr > 0 ? 1 : -1
        let o1 = Point(d1.y, -d1.x) * (s * hw), o2 = Point(d2.y, -d2.x) * (s * hw)
        let reversal = abs(cr) < 1e-12
        switch style.join {
        case .round:
            var sweep = atan2(o1.cross(o2), o1.dot(o2))
            if reversal {
                // A U-turn: the round join is the half disc ahead of the incoming direction.
                sweep = .pi
                let mid = Point(cos(atan2(o1.y, o1.x) + sweep / 2), sin(atan2(o1.y, o1.x) + sweep / 2))
                if mid.dot(d1) < 0 { sweep = -.pi }
            }
            add(arc(center: p, from: o1, sweep: sweep, step: step, includeCenter: true), to: &out)
        case .miter, .bevel:
            let cosHalf = ((1 + dt) / 2).squareRoot()
            if style.join == .miter && !reversal && cosHalf > 0 && 1 / cosHalf <= style.miterLimit {
                let m = o1 + o2
                let tip = p + m * (hw / (cosHalf * m.length))
                add([p, p + o1, tip, p + o2], to: &out)
            } else if !reversal {
                add([p, p + o1, p + o2], to: &out)
            }
        }
    }

    /// A half disc of radius `hw` at `p` on the side that `dir` points to.
    static func cap(at p: Point, facing dir: Point, hw: Double, step: Double) -> [Point] {
        let n = Point(-dir.y, dir.x) * hw
        // From +n through +dir to −n.
        let sweep = n.cross(dir) > 0 ? Double.pi : -Double.pi
        return arc(center: p, from: n, sweep: sweep, step: step, includeCenter: false)
    }

    /// Points of a circular arc around `center` starting at `center + from`, turning by `sweep` radians.
    static func arc(center: Point, from: Point, sweep: Double, step: Double, includeCenter: Bool) -> [Point] {
        let r = from.length, a0 = atan2(from.y, from.x)
        let count = max(1, Int((abs(sweep) / step).rounded(.up)))
        let full = abs(abs(sweep) - 2 * .pi) < 1e-12
        var pts: [Point] = includeCenter ? [center] : []
        pts.reserveCapacity(count + 2)
        for i in 0...(full ? count - 1 : count) {
            let a = a0 + sweep * Double(i) / Double(count)
            pts.append(i == 0 ? center + from : Point(center.x + r * cos(a), center.y + r * sin(a)))
        }
        return pts
    }

    /// Appends a closed polygon oriented with positive signed area; degenerate ones are dropped.
    static func add(_ pts: [Point], to out: inout [Polyline]) {
        guard pts.count >= 3 else { return }
        var area = 0.0
        var prev = pts[pts.count - 1]
        for p in pts { area += prev.cross(p); prev = p }
        if area == 0 || !area.isFinite { return }
        out.append(Polyline(points: area > 0 ? pts : pts.reversed(), isClosed: true))
    }
}
