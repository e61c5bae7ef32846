extension World {
    /// An upper estimate of the pairs of shapes whose bounding boxes overlap now, without testing pairs: the pairs
    /// whose boxes overlap on the x axis and those overlapping on the y axis are counted by sorting each axis
    /// (O(n log n)); a pair overlapping in 2D overlaps on both, so the smaller count bounds the contacts the solver
    /// would create. Bodies stacked in one spot give n(n−1)/2; a column or a pile resting side by side about n.
    /// The scene budget refuses a world whose estimate is too large before any step (docs/LIMITS.md).
    public func estimatedOverlappingPairs() -> Int {
        var xs: [(Double, Double)] = [], ys: [(Double, Double)] = []
        for body in bodies {
            for shape in (try? shapes(of: body)) ?? [] {
                guard let box = try? aabb(of: shape) else { continue }
                xs.append((box.lower.x, box.upper.x))
                ys.append((box.lower.y, box.upper.y))
            }
        }
        return min(Self.overlappingIntervalPairs(xs), Self.overlappingIntervalPairs(ys))
    }

    /// The number of pairs of closed intervals that overlap: for each interval in order of start, the intervals
    /// starting after it and no later than its end (binary search). O(n log n). A non-finite bound counts as
    /// overlapping everything.
    static func overlappingIntervalPairs(_ intervals: [(Double, Double)]) -> Int {
        let n = intervals.count
        guard n > 1 else { return 0 }
        if intervals.contains(where: { !$0.0.isFinite || !$0.1.isFinite }) { return n * (n - 1) / 2 }
        let sorted = intervals.sorted { $0.0 < $1.0 }
        let starts = sorted.map(\.0)
        var pairs = 0
        for (i, interval) in sorted.enumerated() {
            // First index whose start is past this interval's end.
            var lo = i + 1, hi = n
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid] <= interval.1 { lo = mid + 1 } else { hi = mid }
            }
            pairs += lo - (i + 1)
        }
        return pairs
    }
}
