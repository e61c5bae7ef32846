/// Text laid out in a box (a `CATextLayer`).
public struct TextDraw: Sendable {
    public enum Alignment: String, Hashable, Sendable, Codable { case left, center, right }
    public var string: String
    /// A fontconfig family name; `nil` means DejaVu Sans.
    public var fontFamily: String?
    public var fontSize: Double
    public var isBold: Bool
    public var color: Color
    /// The layout box in local space: lines start at its top, break at its width when `wraps`.
    public var rect: Rect
    public var alignment: Alignment
    public var wraps: Bool
    public var transform: Transform2D
    public var opacity: Double

    public init(string: String, fontFamily: String? = nil, fontSize: Double = 36, isBold: Bool = false,
                color: Color = .white, rect: Rect, alignment: Alignment = .left, wraps: Bool = false,
                transform: Transform2D = .identity, opacity: Double = 1) {
        self.string = string; self.fontFamily = fontFamily; self.fontSize = fontSize; self.isBold = isBold
        self.color = color; self.rect = rect; self.alignment = alignment; self.wraps = wraps
        self.transform = transform; self.opacity = opacity
    }
}
