import StardustCore

/// Paths in exported Swift: the `CGMutablePath` calls that build one (shared by shape layers' `path` and the
/// values of path animations), valid against QuartzCore and OpenQuartzCore alike.
extension SwiftLiteral {
    /// The statements that add `p`'s elements to the `CGMutablePath` named `v`, one per element.
    static func pathCalls(_ p: Path, on v: String) -> [String] {
        p.elements.map { e in
            switch e {
            case .move(let q): return "\(v).move(to: \(point(q)))"
            case .line(let q): return "\(v).addLine(to: \(point(q)))"
            case .quadCurve(let q, let c): return "\(v).addQuadCurve(to: \(point(q)), control: \(point(c)))"
            case .curve(let q, let c1, let c2): return "\(v).addCurve(to: \(point(q)), control1: \(point(c1)), control2: \(point(c2)))"
            case .closeSubpath: return "\(v).closeSubpath()"
            }
        }
    }

    /// A `CGPath` expression (an immediately called closure) for an animation value such as `toValue`.
    static func cgPath(_ p: Path) -> String {
        "{ () -> CGPath in let p = CGMutablePath(); " + pathCalls(p, on: "p").map { $0 + "; " }.joined() + "return p }()"
    }
}
