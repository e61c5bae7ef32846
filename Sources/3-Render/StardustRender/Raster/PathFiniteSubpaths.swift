import StardustCore

extension Path {
    /// The largest coordinate magnitude that drawing accepts (10¹⁵); beyond it, flattening's
    /// segment counts would overflow, so such points count as non-finite.
    public static let coordinateLimit = 1e15

    /// Whether every point and control point of the path is finite and within ±``coordinateLimit``.
    public var isFinite: Bool {
        func ok(_ p: Point) -> Bool { abs(p.x) <= Path.coordinateLimit && abs(p.y) <= Path.coordinateLimit }
        return elements.allSatisfy { e in
            switch e {
            case .move(let p), .line(let p): return ok(p)
            case .quadCurve(let p, let c): return ok(p) && ok(c)
            case .curve(let p, let c1, let c2): return ok(p) && ok(c1) && ok(c2)
            case .closeSubpath: return true
            }
        }
    }

    /// The path without the subpaths (each a `move` and what follows up to the next `move`)
    /// that contain a NaN, infinite or out-of-range (beyond ±``coordinateLimit``) point,
    /// so that it can be flattened and filled safely.
    /// Returns `self` unchanged, without copying, when every point is finite. O(elements).
    public func removingNonFiniteSubpaths() -> Path {
        if isFinite { return self }
        var kept: [Element] = []
        var group: [Element] = []
        func flush() {
            if Path(elements: group).isFinite { kept += group }
            group.removeAll(keepingCapacity: true)
        }
        for e in elements {
            if case .move = e { flush() }
            group.append(e)
        }
        flush()
        return Path(elements: kept)
    }
}
