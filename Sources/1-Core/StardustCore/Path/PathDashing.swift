/// Cuts flattened subpaths into dashes (`CAShapeLayer.lineDashPattern` / `lineDashPhase`), before stroking.
///
/// The semantics are Core Graphics' (and PostScript's): the pattern lists lengths of alternately painted ("on")
/// and unpainted ("off") runs along the path in its local units, starting with "on"; an odd count is cycled twice
/// (`[a, b, c]` draws as `[a, b, c, a, b, c]`); every subpath restarts the pattern at the phase; a closed subpath
/// includes its closing edge, and when it both starts and ends inside a dash the two pieces are one dash through
/// the start point (it gets a join there, not two caps, as Skia does). Zero entries are allowed: a zero-length
/// "on" run is a dot, emitted as a segment of `dotLength` centred on its point and oriented along the path, so
/// that square caps turn with the path (with `dotLength` 0 dots are dropped: butt caps draw nothing for them).
/// A dash that would start exactly at the end of an open subpath is not drawn.
///
/// See docs/DRAWING.md ("Dashes"). Complexity: O(points + dashes).
public enum PathDashing {
    /// The most dashes one stroke may produce; a pattern that would cut more draws the stroke solid (see
    /// docs/DIFFERENCES.md). Scene files are refused before this is reached (the scene budget).
    public static let maximumDashes = 200_000

    /// The pattern as drawn, or `nil` when the stroke is solid: empty, any negative or non-finite entry, or a
    /// total of zero. An odd count is doubled.
    public static func effectivePattern(_ pattern: [Double]) -> [Double]? {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let total = pattern.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        return pattern.count % 2 == 1 ? pattern + pattern : pattern
    }

    /// An upper bound on the dashes that `pattern` cuts from subpaths of total `length` (with `subpaths` of them):
    /// what budgets check before any work. Zero for a solid pattern.
    public static func dashCount(length: Double, subpaths: Int = 1, pattern: [Double]) -> Double {
        guard let p = effectivePattern(pattern), length.isFinite else { return length.isFinite ? 0 : .infinity }
        let period = p.reduce(0, +)
        let onRuns = Double(p.count / 2)
        return (length / period + 1) * onRuns + Double(max(subpaths, 0)) * onRuns
    }

    /// The dashes of `polylines` (each an open polyline), or `polylines` unchanged when the pattern is solid or
    /// would cut more than ``maximumDashes``.
    /// - Parameters:
    ///   - pattern: on/off lengths in the polylines' units.
    ///   - phase: the distance into the pattern at which every subpath starts.
    ///   - dotLength: the length given to zero-length dashes (0 drops them).
    public static func dash(_ polylines: [Polyline], pattern: [Double], phase: Double, dotLength: Double) -> [Polyline] {
        guard let p = effectivePattern(pattern) else { return polylines }
        var total = 0.0
        for pl in polylines { total += length(of: pl) }
        guard dashCount(length: total, subpaths: polylines.count, pattern: p) <= Double(maximumDashes) else { return polylines }
        let period = p.reduce(0, +)
        var start = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
        if start < 0 { start += period }
        // The first interval and how much of it remains (Skia's rule: a phase exactly at the end of a non-empty
        // interval moves on to the next one; a zero-length interval at the phase is kept).
        var firstIndex = 0, firstRemaining = 0.0
        var d = start
        for i in 0..<p.count {
            if d > p[i] || (d == p[i] && p[i] > 0) { d -= p[i] } else { firstIndex = i; firstRemaining = p[i] - d; break }
            if i == p.count - 1 { firstIndex = 0; firstRemaining = p[0] }
        }
        var out: [Polyline] = []
        for pl in polylines {
            dashOne(pl, pattern: p, firstIndex: firstIndex, firstRemaining: firstRemaining, dotLength: dotLength, into: &out)
        }
        return out
    }

    static func length(of pl: Polyline) -> Double {
        var s = 0.0
        let pts = pl.points
        guard pts.count > 1 else { return 0 }
        for i in 1..<pts.count { s += pts[i].distance(to: pts[i - 1]) }
        if pl.isClosed { s += pts[0].distance(to: pts[pts.count - 1]) }
        return s
    }

    private static func dashOne(_ pl: Polyline, pattern p: [Double], firstIndex: Int, firstRemaining: Double,
                                dotLength: Double, into out: inout [Polyline]) {
        var pts = pl.points
        guard pts.count > 1 else { return }
        if pl.isClosed { pts.append(pts[0]) }
        let subLength = length(of: Polyline(points: pts, isClosed: false))
        guard subLength > 0 else { return }
        let firstOut = out.count
        var index = firstIndex, remaining = firstRemaining
        var on = index % 2 == 0
        let startsOn = on && remaining > 0
        var current: [Point] = on ? [pts[0]] : []
        var walked = 0.0
        var lastDirection = Point(1, 0)
        var toggled = false
        func emit(_ dash: [Point], direction: Point) {
            if dash.count >= 2, dash[0] != dash[dash.count - 1] || dash.count > 2 {
                out.append(Polyline(points: dash, isClosed: false))
            } else if dotLength > 0, let c = dash.first {
                let h = direction * (dotLength / 2)
                out.append(Polyline(points: [c - h, c + h], isClosed: false))
            }
        }
        segments: for i in 1..<pts.count {
            let a = pts[i - 1], b = pts[i]
            let len = a.distance(to: b)
            guard len > 0 else { continue }
            let dir = (b - a) * (1 / len)
            lastDirection = dir
            var s = 0.0
            while len - s >= remaining {
                s += remaining
                let point = s >= len ? b : a + dir * s
                if on {
                    current.append(point)
                    emit(current, direction: dir)
                    current = []
                } else {
                    // A dash starting exactly at the end of the subpath is not drawn.
                    if walked + s >= subLength * (1 - 1e-12) { on = true; index = (index + 1) % p.count; remaining = p[index]; break segments }
                    current = [point]
                }
                on.toggle(); toggled = true
                index = (index + 1) % p.count
                remaining = p[index]
            }
            remaining -= len - s
            if on, current.last != b { current.append(b) }
            walked += len
        }
        guard on, current.count >= 2 else { return }
        // A closed subpath inside one dash stays closed (joins all round, no caps).
        if pl.isClosed && startsOn && !toggled {
            out.append(pl); return
        }
        // A closed subpath that starts and ends inside a dash: one dash through the start point.
        if pl.isClosed && startsOn && out.count > firstOut, out[firstOut].points.first == pts[0] {
            out[firstOut].points = current + out[firstOut].points.dropFirst()
            return
        }
        emit(current, direction: lastDirection)
    }
}
