import StardustCore

extension Path {
    /// The part of the path between the fractions `start` and `end` (0…1) of
    /// its total length, as line segments (what `strokeStart`/`strokeEnd`
    /// show). The subpaths count as one length in order; a closed subpath
    /// includes its closing edge. Curves are flattened with `tolerance`.
    /// Complexity: O(flattened points).
    public func trimmed(from start: Double, to end: Double, tolerance: Double = 0.1) -> Path {
        guard let (s0, s1) = MeasuredPath.fractions(start, end) else { return Path() }
        if s0 == 0 && s1 == 1 { return self }
        return MeasuredPath(self, tolerance: tolerance).trimmed(from: s0, to: s1)
    }
}

/// A path flattened into the polylines that trimming walks, with their total length: measured once, it is trimmed
/// to any number of ranges, so a trim drawn per frame over an outline that does not change flattens it once.
/// ``Path/trimmed(from:to:tolerance:)`` is `MeasuredPath(path, tolerance:).trimmed(from:to:)`.
public struct MeasuredPath: Sendable {
    /// The path measured.
    public let path: Path
    /// The flattening tolerance it was measured with.
    public let tolerance: Double
    /// Each subpath's points, a closed one ending with its first point again.
    let lines: [[Point]]
    /// The length of all subpaths together.
    let total: Double

    /// Flattens `path` with `tolerance` and measures it. O(flattened points).
    public init(_ path: Path, tolerance: Double) {
        self.path = path
        self.tolerance = tolerance
        lines = path.flattened(tolerance: tolerance).map { pl -> [Point] in
            pl.isClosed && pl.points.count > 1 ? pl.points + [pl.points[0]] : pl.points
        }
        var total = 0.0
        for pts in lines where pts.count > 1 {
            for i in 1..<pts.count { total += pts[i].distance(to: pts[i - 1]) }
        }
        self.total = total
    }

    /// `start` and `end` clamped to 0…1, or `nil` when nothing lies between them.
    static func fractions(_ start: Double, _ end: Double) -> (Double, Double)? {
        let s0 = min(max(start, 0), 1), s1 = min(max(end, 0), 1)
        return s1 > s0 ? (s0, s1) : nil
    }

    /// The part of the path between the fractions `start` and `end` (0…1) of its length, as
    /// ``Path/trimmed(from:to:tolerance:)`` gives it. O(flattened points).
    public func trimmed(from start: Double, to end: Double) -> Path {
        guard let (s0, s1) = Self.fractions(start, end) else { return Path() }
        if s0 == 0 && s1 == 1 { return path }
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
