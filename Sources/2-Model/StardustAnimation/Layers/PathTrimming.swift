import StardustCore

extension Path {
    /// The part of the path between the fractions `start` and `end` (0…1) of
    /// its total length, as line segments (what `strokeStart`/`strokeEnd`
    /// show). The subpaths count as one length in order; a closed subpath
    /// includes its closing edge. Curves are flattened with `tolerance`.
    /// Complexity: O(flattened points).
    public func trimmed(from start: Double, to end: Double, tolerance: Double = 0.1) -> Path {
        let s0 = min(max(start, 0), 1), s1 = min(max(end, 0), 1)
        guard s1 > s0 else { return Path() }
        if s0 == 0 && s1 == 1 { return self }
        let lines = flattened(tolerance: tolerance).map { pl -> [Point] in
            pl.isClosed && pl.points.count > 1 ? pl.points + [pl.points[0]] : pl.points
        }
        var total = 0.0
        for pts in lines where pts.count > 1 {
            for i in 1..<pts.count { total += pts[i].distance(to: pts[i - 1]) }
        }
        guard total > 0 else { return Path() }
        let a = s0 * total, b = s1 * total
        var out = Path()
        var walked = 0.0
        for pts in lines where pts.count > 1 {
            var penDown = false
            for i in 1..<pts.count {
                let p = pts[i - 1], q = pts[i]
                let len = p.distance(to: q)
                let segStart = walked, segEnd = walked + len
                walked = segEnd
                guard len > 0, segEnd > a, segStart < b else { continue }
                let t0 = max(0, (a - segStart) / len), t1 = min(1, (b - segStart) / len)
                if !penDown { out.move(to: p.lerp(to: q, t0)); penDown = true }
                out.addLine(to: p.lerp(to: q, t1))
            }
        }
        return out
    }
}
