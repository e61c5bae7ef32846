/// Stroke geometry.
public struct StrokeStyle: Hashable, Sendable {
    public enum LineCap: String, Hashable, Sendable, Codable { case butt, round, square }
    public enum LineJoin: String, Hashable, Sendable, Codable { case miter, round, bevel }
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
    }
}
