import Foundation
import StardustCore
import StardustLottie
import Testing

private typealias F = LottieFixtures

/// Text layers (docs/LOTTIE.md, "Text"): glyph shapes from `chars`, text documents over time, justification.
@Suite struct LottieTextTests {
    @Test func glyphShapesAreDrawnInsteadOfAFont() throws {
        let c = try F.load("text-glyphs.json")
        #expect(!c.warnings.contains { $0.message.contains("glyph") || $0.message.contains("text") }, "\(c.warnings)")
        let image = try F.render(c, frame: 0)
        // "I O" at 50 pt from x 10, baseline y 60: the bar, then the ring with its hole.
        #expect(F.isRed(image, 12, 50) && F.isRed(image, 12, 27))
        #expect(F.isEmpty(image, 12, 22) && F.isEmpty(image, 12, 63))
        #expect(F.isEmpty(image, 25, 50))  // the space
        #expect(F.isRed(image, 37, 50) && F.isRed(image, 52, 50))
        #expect(F.isEmpty(image, 45, 40))  // the ring's hole
        #expect(F.isEmpty(image, 58, 50))
    }

    @Test func laterTextDocumentsReplaceTheFirstFromTheirFrame() throws {
        let c = try F.load("text-glyphs.json")
        let before = try F.render(c, frame: 9), after = try F.render(c, frame: 10)
        #expect(F.isRed(before, 37, 50))
        #expect(F.isRed(after, 12, 50))
        #expect(F.isEmpty(after, 37, 50) && F.isEmpty(after, 52, 50))
    }

    @Test func centredTextIsCentredOnTheLayerPosition() throws {
        let image = try F.render("text-glyphs.json", frame: 0)
        let span = try #require(F.span(image, row: 80))
        // The line is two advances wide (20), so it starts at x 40: bars 40…45 and 50…55.
        #expect(span.lowerBound == 40 && span.upperBound == 54, "\(span)")
        #expect(F.isBlue(image, 42, 80) && F.isEmpty(image, 47, 80) && F.isBlue(image, 52, 80))
    }
}

/// Text in a font file found by the names inside it (docs/LOTTIE.md, "Text"). Uses the system's DejaVu Sans file
/// as the font folder's content: skipped where it is not installed.
@Suite struct LottieFontFileTests {
    static let folder = "/usr/share/fonts/truetype/dejavu"
    static var hasDejaVu: Bool { FileManager.default.fileExists(atPath: folder + "/DejaVuSans.ttf") }

    @Test(.enabled(if: hasDejaVu, "needs DejaVu Sans in /usr/share/fonts/truetype/dejavu (apt-get install fonts-dejavu-core)"))
    func aFontFileIsFoundByItsPostScriptNameAndItsBaselineIsLottiesBaseline() throws {
        let c = try LottieFile.load(path: F.path("text-font-file.json"), fontFolders: [Self.folder])
        let image = try F.render(c, frame: 0)
        let rows = (0..<image.height).filter { y in (0..<image.width).contains { F.isRed(image, $0, y) } }
        let top = try #require(rows.first), bottom = try #require(rows.last)
        // The foot of "I" sits on the baseline (y 60); DejaVu Sans's capitals are 0.729 em tall (36.5 at 50 pt).
        #expect(abs(bottom - 59) <= 1, "bottom row \(bottom)")
        #expect(abs(top - 24) <= 1, "top row \(top)")
        let span = try #require(F.span(image, row: 40))
        #expect(span.lowerBound >= 20 && span.lowerBound <= 27, "\(span)")
    }

    /// The columns where ink starts on row `y` (the left edge of each run of covered pixels).
    static func runStarts(_ image: StardustCore.Image, row y: Int) -> [Int] {
        (0..<image.width).filter { x in image[x, y].a > 127 && (x == 0 || image[x - 1, y].a <= 127) }
    }

    @Test(.enabled(if: hasDejaVu, "needs DejaVu Sans in /usr/share/fonts/truetype/dejavu (apt-get install fonts-dejavu-core)"))
    func trackingAddsItsShareOfTheSizeAfterEachCharacterOfFontText() throws {
        let c = try LottieFile.load(path: F.path("text-font-tracking.json"), fontFolders: [Self.folder])
        #expect(!c.warnings.contains { $0.message.contains("tracking") }, "\(c.warnings)")
        let image = try F.render(c, frame: 0)
        // Red "II" untracked (drawn by the font's own line layout), blue "II" tracked 200 / 1000 × 50 pt = 10 pt.
        let red = Self.runStarts(image, row: 25), blue = Self.runStarts(image, row: 75)
        try #require(red.count == 2 && blue.count == 2, "red \(red), blue \(blue)")
        #expect(abs(blue[0] - red[0]) <= 1, "first bars \(red[0]), \(blue[0])")
        #expect(abs((blue[1] - blue[0]) - (red[1] - red[0]) - 10) <= 1, "red \(red), blue \(blue)")
    }

    @Test(.enabled(if: hasDejaVu, "needs DejaVu Sans in /usr/share/fonts/truetype/dejavu (apt-get install fonts-dejavu-core)"))
    func boxTextInAFontHasItsFirstBaselineTheCapHeightBelowTheBoxTop() throws {
        let c = try LottieFile.load(path: F.path("text-font-box.json"), fontFolders: [Self.folder])
        let image = try F.render(c, frame: 0)
        let rows = (0..<image.height).filter { y in (0..<image.width).contains { F.isRed(image, $0, y) } }
        let top = try #require(rows.first), bottom = try #require(rows.last)
        // DejaVu Sans's cap height is 1493 / 2048 em: the capital's top on the box top (y 10), its foot 29.2 below.
        #expect(abs(top - 10) <= 1, "top row \(top)")
        #expect(abs(bottom - 38) <= 1, "bottom row \(bottom)")
    }

    @Test(.enabled(if: hasDejaVu, "needs DejaVu Sans in /usr/share/fonts/truetype/dejavu (apt-get install fonts-dejavu-core)"))
    func characterByCharacterTextIsKernedAsTheFontsOwnLayout() throws {
        let c = try LottieFile.load(path: F.path("text-font-kerning.json"), fontFolders: [Self.folder])
        let image = try F.render(c, frame: 0)
        func right(_ rows: Range<Int>) -> Int? { (0..<image.width).last { x in rows.contains { image[x, $0].a > 127 } } }
        // "AV" kerned by FreeType from the kern table, and placed by us from GPOS with 10 pt of tracking after "A".
        let red = try #require(right(0..<50)), blue = try #require(right(50..<100))
        #expect(abs(blue - red - 10) <= 1, "red ends at \(red), blue at \(blue)")
    }
}
