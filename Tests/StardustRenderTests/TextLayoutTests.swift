import Foundation
import Testing
@testable import StardustRender

/// Line breaking against a fake monospace font: every glyph is 10 pt wide,
/// glyph index = scalar value, and the pair "AV" kerns by −3 pt.
@Suite struct TextLayoutTests {
    let mono = LayoutFont(glyph: { $0.value }, advance: { _ in 10 },
                          kerning: { $0 == 0x41 && $1 == 0x56 ? -3 : 0 })

    func text(_ line: LaidOutLine) -> String {
        String(String.UnicodeScalarView(line.glyphs.map { Unicode.Scalar($0.glyph)! }))
    }

    @Test("newlines split lines and widths exclude trailing spaces") func newlinesSplitLinesAndWidthsExcludeTrailingSpaces() {
        let lines = TextLayout.lines("ab\n\ncd  \n", maxWidth: nil, font: mono)
        #expect(lines.map(text) == ["ab", "", "cd  ", ""])
        #expect(lines.map(\.width) == [20, 0, 20, 0])
        #expect(lines[2].glyphs.map(\.x) == [0, 10, 20, 30])
    }

    @Test("greedy wrapping at spaces") func greedyWrappingAtSpaces() {
        // Width 45: "aa bb" would be 50.
        let lines = TextLayout.lines("aa bb cc dddd e", maxWidth: 45, font: mono)
        #expect(lines.map(text) == ["aa", "bb", "cc", "dddd", "e"])
        #expect(lines.map(\.width) == [20, 20, 20, 40, 10])
        #expect(lines[3].glyphs.first?.x == 0, "a wrapped line starts at its word, spaces dropped")
        let wide = TextLayout.lines("aa bb cc", maxWidth: 50, font: mono)
        #expect(wide.map(text) == ["aa bb", "cc"])
    }

    @Test("long words break between characters") func longWordsBreakBetweenCharacters() {
        let lines = TextLayout.lines("abcdefg hi", maxWidth: 30, font: mono)
        #expect(lines.map(text) == ["abc", "def", "g", "hi"])
        for l in lines { #expect(l.width <= 30) }
    }

    @Test("kerning moves the pen") func kerningMovesThePen() {
        let line = TextLayout.lines("AVA", maxWidth: nil, font: mono)[0]
        #expect(line.glyphs.map(\.x) == [0, 7, 17])
        #expect(line.width == 27)
    }

    @Test("control characters and tabs") func controlCharactersAndTabs() {
        let line = TextLayout.lines("a\tb\r\u{7}c", maxWidth: nil, font: mono)
        #expect(line.count == 1)
        #expect(text(line[0]) == "a bc")
        #expect(TextLayout.lines("", maxWidth: 10, font: mono).isEmpty)
    }
}
