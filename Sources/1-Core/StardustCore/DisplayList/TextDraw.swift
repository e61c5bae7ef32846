/// Text laid out in a box (a `CATextLayer`).
public struct TextDraw: Sendable {
    /// How each line is placed horizontally in the box: flush `left`, `center`ed or flush `right`.
    public enum Alignment: String, Hashable, Sendable, Codable {
        /// Each line starts at the box's left edge (`kCAAlignmentLeft`, the default).
        case left
        /// Each line is centered horizontally in the box (`kCAAlignmentCenter`).
        case center
        /// Each line ends at the box's right edge (`kCAAlignmentRight`).
        case right
    }
    /// The text, read as Unicode scalars; `\n` breaks lines.
    public var string: String
    /// A fontconfig family name; `nil` means DejaVu Sans.
    public var fontFamily: String?
    /// The font size in points (the em, before ``transform`` and the frame scale); default 36, as `CATextLayer`.
    public var fontSize: Double
    /// Requests the bold face; a font without one is emboldened synthetically.
    public var isBold: Bool
    /// The text color, straight alpha (default white, as `CATextLayer`'s `foregroundColor`).
    public var color: Color
    /// The layout box in local space: lines start at its top, break at its width when `wraps`.
    public var rect: Rect
    /// The horizontal placement of each line in ``rect`` (default `left`).
    public var alignment: Alignment
    /// Whether lines also break at spaces to fit the width of ``rect`` (default `false`).
    public var wraps: Bool
    /// Maps the local space of ``rect`` to scene points.
    public var transform: Transform2D
    /// Multiplies the text color, 0…1 (default 1).
    public var opacity: Double

    /// A text draw in `rect`, with `CATextLayer`'s defaults: DejaVu Sans 36 pt, white, left-aligned, not wrapped.
    public init(string: String, fontFamily: String? = nil, fontSize: Double = 36, isBold: Bool = false,
                color: Color = .white, rect: Rect, alignment: Alignment = .left, wraps: Bool = false,
                transform: Transform2D = .identity, opacity: Double = 1) {
        self.string = string; self.fontFamily = fontFamily; self.fontSize = fontSize; self.isBold = isBold
        self.color = color; self.rect = rect; self.alignment = alignment; self.wraps = wraps
        self.transform = transform; self.opacity = opacity
    }
}
