/// How a path is filled: the winding rules of Core Graphics.
public enum FillRule: String, Hashable, Sendable, Codable {
    case nonZero
    case evenOdd
}
