import StardustCore

/// A text command laid out into positioned glyph coverage masks, in device pixels.
public struct PreparedText: Sendable {
    public var bounds: PixelRect
    public init(bounds: PixelRect) { self.bounds = bounds }
}

/// Errors of text drawing.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    case noFontFound(String)
    public var description: String {
        switch self { case .noFontFound(let s): return s }
    }
}

/// Lays out and draws text with FreeType (owned by the text painter).
public enum TextPainter {
    /// Lays out `command` at `scale` pixels per point. Not thread-safe with
    /// itself (FreeType), so the renderer calls it before splitting into bands.
    public static func prepare(_ command: TextDraw, scale: Double) throws -> PreparedText {
        PreparedText(bounds: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)) // stub
    }
    /// Draws the glyph rows that fall inside `target.clip`.
    public static func draw(_ text: PreparedText, into target: RenderTarget) {}
}
