/// One glyph placed on a line: its index in the face and its pen position, in
/// points from the line's start.
struct PlacedGlyph: Hashable, Sendable {
    var glyph: UInt32
    var x: Double
}

/// A laid-out line: its glyphs and its width in points (trailing spaces excluded).
struct LaidOutLine: Hashable, Sendable {
    var glyphs: [PlacedGlyph] = []
    var width: Double = 0
}

/// The font facts the line breaker needs, as plain closures over one face at one size.
struct LayoutFont {
    /// The glyph for a Unicode scalar (0, the missing-glyph box, when the face lacks it).
    var glyph: (Unicode.Scalar) -> UInt32
    /// The advance of a glyph, in points.
    var advance: (UInt32) -> Double
    /// The kerning adjustment between two consecutive glyphs, in points (usually ≤ 0).
    var kerning: (UInt32, UInt32) -> Double
}

/// Splits text into lines (at `\n`, and at spaces when wrapping) and places glyphs along them.
///
/// Rules (<doc:Text>): control characters other than `\n` and tab are
/// ignored; a tab is laid out as a space; spaces are the only break
/// opportunities; a word wider than the box is broken between characters;
/// spaces at a wrap point are dropped; a line's width excludes its
/// trailing spaces. Complexity: O(characters).
enum TextLayout {
    private struct Item {
        var glyph: UInt32
        var advance: Double
        var isSpace: Bool
    }

    /// Builds a line incrementally, applying kerning between consecutive glyphs.
    private struct LineBuilder {
        var line = LaidOutLine()
        var pen = 0.0
        var previous: UInt32?
        var isBlank: Bool { line.glyphs.isEmpty }

        /// Where the pen would stand and the line's ink end would be after appending `items`.
        func measure<S: Sequence>(_ items: S, font: LayoutFont) -> Double where S.Element == Item {
            var pen = self.pen, prev = previous, width = line.width
            for it in items {
                if let p = prev { pen += font.kerning(p, it.glyph) }
                pen += it.advance
                if !it.isSpace { width = pen }
                prev = it.glyph
            }
            return width
        }

        mutating func append(_ it: Item, font: LayoutFont) {
            if let p = previous { pen += font.kerning(p, it.glyph) }
            line.glyphs.append(PlacedGlyph(glyph: it.glyph, x: pen))
            pen += it.advance
            if !it.isSpace { line.width = pen }
            previous = it.glyph
        }
    }

    /// Lays out `string`; `maxWidth` is the wrapping width in points, or `nil` for no wrapping.
    static func lines(_ string: String, maxWidth: Double?, font: LayoutFont) -> [LaidOutLine] {
        var result: [LaidOutLine] = []
        var paragraph: [Item] = []
        func flushParagraph() {
            result.append(contentsOf: breakParagraph(paragraph, maxWidth: maxWidth, font: font))
            paragraph.removeAll(keepingCapacity: true)
        }
        for s in string.unicodeScalars {
            switch s.value {
            case 0x0A: flushParagraph()
            case 0x09, 0x20:
                let g = font.glyph(" ")
                paragraph.append(Item(glyph: g, advance: font.advance(g), isSpace: true))
            case 0..<0x20, 0x7F: continue
            default:
                let g = font.glyph(s)
                paragraph.append(Item(glyph: g, advance: font.advance(g), isSpace: false))
            }
        }
        if !string.isEmpty { flushParagraph() }
        return result
    }

    /// Breaks one paragraph (no newlines) into lines.
    private static func breakParagraph(_ items: [Item], maxWidth: Double?, font: LayoutFont) -> [LaidOutLine] {
        var b = LineBuilder()
        guard let limit = maxWidth else {
            for it in items { b.append(it, font: font) }
            return [b.line]
        }
        var lines: [LaidOutLine] = []
        var i = 0
        while i < items.count {
            // The next word with the spaces before it: items[i..<end], letters from `letters`.
            var letters = i
            while letters < items.count && items[letters].isSpace { letters += 1 }
            var end = letters
            while end < items.count && !items[end].isSpace { end += 1 }
            if letters == end {
                // Trailing spaces: they never force a break.
                for it in items[i..<end] { b.append(it, font: font) }
                break
            }
            if b.isBlank || b.measure(items[i..<end], font: font) <= limit {
                if b.isBlank && !lines.isEmpty { i = letters } // a wrapped line starts at its word
                if b.measure(items[i..<end], font: font) <= limit {
                    for it in items[i..<end] { b.append(it, font: font) }
                } else {
                    // A word wider than the box: break it between characters.
                    for it in items[i..<end] {
                        if !b.isBlank && b.measure(CollectionOfOne(it), font: font) > limit {
                            lines.append(b.line); b = LineBuilder()
                        }
                        b.append(it, font: font)
                    }
                }
                i = end
            } else {
                lines.append(b.line); b = LineBuilder()
                i = letters
            }
        }
        lines.append(b.line)
        return lines
    }
}
