import StardustCore
import Foundation

/// Turns stroked polylines into fillable outlines.
///
/// The outline is a union of simple pieces — one quadrilateral per segment,
/// one wedge per join (miter, round or bevel, on the outer side of the turn)
/// and one piece per cap — each oriented with positive signed area, so that
/// filling them together with the **non-zero** rule covers exactly the
/// stroked region (overlaps add winding, never cancel it). Neighbouring
/// pieces share edges instead of overlapping (segment pieces are cut along
/// the line from the vertex to the inner corner of the turn), which keeps
/// anti-aliased edges exact; only where a turn is too sharp for its short
/// segments do the pieces overlap, and the edge pixels there may be
/// slightly too opaque. Closed subpaths get joins at every vertex and no
/// caps; a zero-length subpath draws a disc (round caps) or a square (square
/// caps), as Core Graphics does.
/// Complexity: O(points + round-join/cap vertices).
public enum Stroker {
    /// The outline of `path` stroked with `style`, flattened with `tolerance` (in the path's units);
    /// subpaths with NaN or infinite points are skipped.
    public static func outline(of path: Path, style: StrokeStyle, tolerance: Double = 0.1) -> [Polyline] {
        let tol = sanitized(tolerance)
        return outline(of: path.removingNonFiniteSubpaths().flattened(tolerance: tol), style: style, tolerance: tol)
    }

    /// A usable tolerance: NaN, infinite or non-positive values become 0.1, tiny ones 1e-6.
    static func sanitized(_ tolerance: Double) -> Double {
        tolerance.isFinite && tolerance > 0 ? max(tolerance, 1e-6) : 0.1
    }

    /// The outline of already-flattened `polylines` stroked with `style`;
    /// `tolerance` bounds the error of round joins and caps.
    /// A dash pattern (``StrokeStyle/dashPattern``) first cuts the polylines into dashes (``PathDashing``), each
    /// then stroked as an open subpath with its own caps.
    public static func outline(of polylines0: [Polyline], style: StrokeStyle, tolerance: Double = 0.1) -> [Polyline] {
        let hw = style.width / 2
        guard hw > 0, hw.isFinite else { return [] }
        // Zero-length dashes become tiny segments so that square caps turn with the path; butt caps drop them.
        let polylines = style.dashPattern.isEmpty ? polylines0
            : PathDashing.dash(polylines0, pattern: style.dashPattern, phase: style.dashPhase,
                               dotLength: style.cap == .butt ? 0 : hw * 1e-6)
        var out: [Polyline] = []
        let tol = sanitized(tolerance)
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
            var dirs: [Point] = [], lens: [Double] = []
            dirs.reserveCapacity(segCount); lens.reserveCapacity(segCount)
            for i in 0..<segCount {
                let v = pts[(i + 1) % n] - pts[i]
                let l = v.length
                dirs.append(v * (1 / l)); lens.append(l)
            }
            // Inner corners: where the two offset lines on the inner side of a turn meet (X), when that point
            // lies within both segments, the segment pieces are cut along p–X so that they do not overlap.
            var innerSide = [Int](repeating: 0, count: n), innerPoint = [Point](repeating: .zero, count: n)
            let joinRange = closed ? 0..<n : 1..<(n - 1)
            for j in joinRange {
                let iIn = (j - 1 + n) % n, iOut = j % segCount
                let d1 = dirs[iIn], d2 = dirs[iOut]
                let cr = d1.cross(d2), dt = d1.dot(d2)
                guard abs(cr) >= 1e-12, dt > -1 + 1e-9 else { continue }
                let tanHalf = abs(cr) / (1 + dt)
                guard hw * tanHalf <= 0.5 * min(lens[iIn], lens[iOut]) else { continue }
                let side = cr > 0 ? 1 : -1 // +1: the left (+normal) side is inner
                innerSide[j] = side
                innerPoint[j] = pts[j] + Point(-d1.y, d1.x) * (Double(side) * hw) - d1 * (hw * tanHalf)
            }
            for i in 0..<segCount {
                let ia = i, ib = (i + 1) % n
                var a = pts[ia], b = pts[ib]
                let d = dirs[i]
                let nrm = Point(-d.y, d.x) * hw
                if !closed && style.cap == .square {
                    if i == 0 { a = a - d * hw }
                    if i == segCount - 1 { b = b + d * hw }
                }
                var poly: [Point] = []
                poly.reserveCapacity(6)
                poly.append(innerSide[ia] == 1 ? innerPoint[ia] : a + nrm)
                switch innerSide[ib] {
                case 1: poly += [innerPoint[ib], b, b - nrm]
                case -1: poly += [b + nrm, b, innerPoint[ib]]
                default: poly += [b + nrm, b - nrm]
                }
                switch innerSide[ia] {
                case 1: poly += [a - nrm, a]
                case -1: poly += [innerPoint[ia], a]
                default: poly.append(a - nrm)
                }
                add(poly, to: &out)
            }
            for j in joinRange {
                join(at: pts[j], dirs[(j - 1 + n) % n], dirs[j % segCount], hw: hw, style: style, step: step, into: &out)
            }
            if !closed && style.cap == .round {
                add(cap(at: pts[0], facing: -dirs[0], hw: hw, step: step), to: &out)
                add(cap(at: pts[n - 1], facing: dirs[segCount - 1], hw: hw, step: step), to: &out)
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
