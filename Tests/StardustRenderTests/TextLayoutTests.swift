import XCTest
@testable import StardustRender

/// Line breaking against a fake monospace font: every glyph is 10 pt wide,
/// glyph index = scalar value, and the pair "AV" kerns by −3 pt.
final class TextLayoutTests: XCTestCase {
    let mono = LayoutFont(glyph: { $0.value }, advance: { _ in 10 },
                          kerning: { $0 == 0x41 && $1 == 0x56 ? -3 : 0 })

    func text(_ line: LaidOutLine) -> String {
        String(String.UnicodeScalarView(line.glyphs.map { Unicode.Scalar($0.glyph)! }))
    }

    func testNewlinesSplitLinesAndWidthsExcludeTrailingSpaces() {
        let lines = TextLayout.lines("ab\n\ncd  \n", maxWidth: nil, font: mono)
        XCTAssertEqual(lines.map(text), ["ab", "", "cd  ", ""])
        XCTAssertEqual(lines.map(\.width), [20, 0, 20, 0])
        XCTAssertEqual(lines[2].glyphs.map(\.x), [0, 10, 20, 30])
    }

    func testGreedyWrappingAtSpaces() {
        // Width 45: "aa bb" would be 50.
        let lines = TextLayout.lines("aa bb cc dddd e", maxWidth: 45, font: mono)
        XCTAssertEqual(lines.map(text), ["aa", "bb", "cc", "dddd", "e"])
        XCTAssertEqual(lines.map(\.width), [20, 20, 20, 40, 10])
        XCTAssertEqual(lines[3].glyphs.first?.x, 0, "a wrapped line starts at its word, spaces dropped")
        let wide = TextLayout.lines("aa bb cc", maxWidth: 50, font: mono)
        XCTAssertEqual(wide.map(text), ["aa bb", "cc"])
    }

    func testLongWordsBreakBetweenCharacters() {
        let lines = TextLayout.lines("abcdefg hi", maxWidth: 30, font: mono)
        XCTAssertEqual(lines.map(text), ["abc", "def", "g", "hi"])
        for l in lines { XCTAssertLessThanOrEqual(l.width, 30) }
    }

    func testKerningMovesThePen() {
        let line = TextLayout.lines("AVA", maxWidth: nil, font: mono)[0]
        XCTAssertEqual(line.glyphs.map(\.x), [0, 7, 17])
        XCTAssertEqual(line.width, 27)
    }

    func testControlCharactersAndTabs() {
        let line = TextLayout.lines("a\tb\r\u{7}c", maxWidth: nil, font: mono)
        XCTAssertEqual(line.count, 1)
        XCTAssertEqual(text(line[0]), "a bc")
        XCTAssertTrue(TextLayout.lines("", maxWidth: 10, font: mono).isEmpty)
    }
}
