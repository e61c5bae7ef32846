/// How a path is filled: the winding rules of Core Graphics.
public enum FillRule: String, Hashable, Sendable, Codable {
    /// A point is inside when the path winds around it a non-zero number of times
    /// (`kCAFillRuleNonZero`, the default): overlapping subpaths add up.
    case nonZero
    /// A point is inside when the path crosses any ray from it an odd number of times
    /// (`kCAFillRuleEvenOdd`): a subpath inside another makes a hole.
    case evenOdd
}
