import StardustCore

/// The point-by-point view of a path that shape morphing (`CAShapeLayer.path` animations) interpolates.
///
/// Two paths morph when they have the same structure: the same sequence of element kinds (move, line, quadratic,
/// cubic, close). Their points — every end point and control point in element order — are then components like a
/// color's, so basic, keyframe (including paced), additive and cumulative animations all work on them. Paths of
/// different structures do not interpolate (docs/DRAWING.md, "Path animation").
extension Path {
    /// Whether `other` has the same sequence of element kinds (so the two can be interpolated point by point).
    public func hasSameStructure(as other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve), (.closeSubpath, .closeSubpath): continue
            default: return false
            }
        }
        return true
    }

    /// Every point of the path as x, y pairs in element order (a cubic lists control1, control2, then its end).
    var pointComponents: [Double] {
        var c: [Double] = []
        c.reserveCapacity(elements.count * 2)
        for e in elements {
            switch e {
            case .move(let p), .line(let p): c += [p.x, p.y]
            case .quadCurve(let p, let k): c += [k.x, k.y, p.x, p.y]
            case .curve(let p, let k1, let k2): c += [k1.x, k1.y, k2.x, k2.y, p.x, p.y]
            case .closeSubpath: break
            }
        }
        return c
    }

    /// The same structure with the points taken from `c` (as ``pointComponents`` lists them), or `nil` when the
    /// count does not match.
    func replacingPoints(with c: [Double]) -> Path? {
        var i = 0
        func next() -> Point? {
            guard i + 1 < c.count else { return nil }
            defer { i += 2 }
            return Point(c[i], c[i + 1])
        }
        var out: [Path.Element] = []
        out.reserveCapacity(elements.count)
        for e in elements {
            switch e {
            case .move: guard let p = next() else { return nil }; out.append(.move(to: p))
            case .line: guard let p = next() else { return nil }; out.append(.line(to: p))
            case .quadCurve:
                guard let k = next(), let p = next() else { return nil }; out.append(.quadCurve(to: p, control: k))
            case .curve:
                guard let k1 = next(), let k2 = next(), let p = next() else { return nil }
                out.append(.curve(to: p, control1: k1, control2: k2))
            case .closeSubpath: out.append(.closeSubpath)
            }
        }
        return i == c.count ? Path(elements: out) : nil
    }
}
