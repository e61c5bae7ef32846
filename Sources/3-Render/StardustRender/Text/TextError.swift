/// Errors of text drawing.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No usable font: fontconfig found nothing, or the font file could not be
    /// opened by FreeType. The message says what to install or check.
    case noFontFound(String)
    /// The text would need a coverage mask or glyph size beyond the painter's limits.
    case tooLarge(String)

    /// The message carried by the case: what went wrong and what to install or check.
    public var description: String {
        switch self {
        case .noFontFound(let s): return s
        case .tooLarge(let s): return s
        }
    }
}
