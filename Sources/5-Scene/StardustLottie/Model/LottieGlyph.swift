/// One glyph of the file's own glyph shapes (`chars[i]`): the outlines After Effects exported for a character
/// of a font, drawn instead of the font when present (docs/LOTTIE.md, "Text").
public struct LottieGlyph: Sendable, Equatable {
    /// `ch`: the character.
    public var character: String
    /// `fFamily`, `style`: the font it belongs to.
    public var family: String
    public var style: String
    /// `w`: the advance, for a 100-point font.
    public var width: Double
    /// `data.shapes`: the outlines, in the units of a 100-point font with the baseline at y = 0.
    public var shapes: [LottieShapeItem]

    public init(character: String, family: String, style: String, width: Double, shapes: [LottieShapeItem]) {
        self.character = character; self.family = family; self.style = style; self.width = width; self.shapes = shapes
    }
}

/// One font of `fonts.list`.
public struct LottieFont: Sendable, Equatable {
    /// `fName`, `fFamily`, `fStyle`.
    public var name: String
    public var family: String
    public var style: String
    /// `ascent`: the ascent in percent of the size (box text's first baseline is this far below the box top).
    public var ascent: Double

    public init(name: String, family: String, style: String, ascent: Double) {
        self.name = name; self.family = family; self.style = style; self.ascent = ascent
    }
}
