import XCTest
@testable import StardustRender
import StardustCore

/// A small premultiplied RGBA8 canvas that text is drawn into, in bands or whole.
struct TextCanvas {
    let width: Int, height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Draws `text` band by band; `cuts` are the rows where one band ends and the next begins.
    mutating func draw(_ text: PreparedText, cuts: [Int] = []) {
        let edges = [0] + cuts + [height]
        let w = width, stride = width * 4
        pixels.withUnsafeMutableBufferPointer { buf in
            for i in 0..<(edges.count - 1) where edges[i + 1] > edges[i] {
                let y0 = edges[i], y1 = edges[i + 1]
                let target = RenderTarget(base: buf.baseAddress! + y0 * stride, originY: y0, stride: stride, width: w,
                                          clip: PixelRect(x0: 0, y0: y0, x1: w, y1: y1))
                TextPainter.draw(text, into: target)
            }
        }
    }

    func alpha(_ x: Int, _ y: Int) -> UInt8 { pixels[4 * (y * width + x) + 3] }

    /// The bounding box of pixels with alpha above `threshold`: (x0, y0, x1, y1) half-open, or nil.
    func ink(threshold: UInt8 = 0) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for y in 0..<height { for x in 0..<width where alpha(x, y) > threshold {
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
        } }
        return x0 == Int.max ? nil : (x0, y0, x1, y1)
    }
}

/// Renders a text command at `scale` into a fresh canvas of `width × height` pixels.
func renderText(_ cmd: TextDraw, scale: Double = 1, width: Int, height: Int, cuts: [Int] = []) throws -> TextCanvas {
    let prepared = try TextPainter.prepare(cmd, scale: scale)
    var canvas = TextCanvas(width: width, height: height)
    canvas.draw(prepared, cuts: cuts)
    return canvas
}

final class TextPainterTests: XCTestCase {
    func testInkLiesInsideItsRect() throws {
        let rect = Rect(x: 20, y: 15, width: 150, height: 40)
        let c = try renderText(TextDraw(string: "Hello, gjy!", fontSize: 20, color: .black, rect: rect),
                               scale: 2, width: 400, height: 140)
        let ink = try XCTUnwrap(c.ink(), "text drew nothing")
        // Scene rect in pixels, with a 2 px margin for anti-aliasing.
        XCTAssertGreaterThanOrEqual(ink.x0, 40 - 2); XCTAssertLessThanOrEqual(ink.x1, 340 + 2)
        XCTAssertGreaterThanOrEqual(ink.y0, 30 - 2); XCTAssertLessThanOrEqual(ink.y1, 110 + 2)
        // A substantial amount of ink, and fully covered pixels inside the glyph stems.
        var inked = 0, full = 0
        for y in 0..<c.height { for x in 0..<c.width { if c.alpha(x, y) > 0 { inked += 1 }; if c.alpha(x, y) == 255 { full += 1 } } }
        XCTAssertGreaterThan(inked, 500)
        XCTAssertGreaterThan(full, 100)
    }

    func testPremultipliedColorAndOpacity() throws {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        let red = try renderText(TextDraw(string: "HI", fontSize: 30, color: .red, rect: rect), width: 100, height: 40)
        var sawOpaque = false
        for i in stride(from: 0, to: red.pixels.count, by: 4) {
            XCTAssertEqual(red.pixels[i], red.pixels[i + 3], "red channel equals alpha for opaque red")
            XCTAssertEqual(red.pixels[i + 1], 0); XCTAssertEqual(red.pixels[i + 2], 0)
            if red.pixels[i + 3] == 255 { sawOpaque = true }
        }
        XCTAssertTrue(sawOpaque)
        // Opacity 0.5: the fully covered pixels become (128, 0, 0, 128).
        let half = try renderText(TextDraw(string: "HI", fontSize: 30, color: .red, rect: rect, opacity: 0.5), width: 100, height: 40)
        XCTAssertEqual(half.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element).max(), 128)
        // Opacity 0 draws nothing.
        let none = try renderText(TextDraw(string: "HI", fontSize: 30, color: .red, rect: rect, opacity: 0), width: 100, height: 40)
        XCTAssertNil(none.ink())
    }

    func testCenteredInkIsCentered() throws {
        let rect = Rect(x: 30, y: 10, width: 240, height: 60)
        let c = try renderText(TextDraw(string: "HELLO", fontSize: 36, color: .white, rect: rect, alignment: .center),
                               width: 300, height: 80)
        let ink = try XCTUnwrap(c.ink())
        let center = Double(ink.x0 + ink.x1) / 2
        XCTAssertEqual(center, rect.midX, accuracy: 2, "ink center \(center), rect center \(rect.midX)")
    }

    func testRightAlignmentMeetsTheRightEdge() throws {
        let rect = Rect(x: 10, y: 10, width: 280, height: 60)
        let c = try renderText(TextDraw(string: "HELLO", fontSize: 36, color: .white, rect: rect, alignment: .right),
                               width: 300, height: 80)
        let ink = try XCTUnwrap(c.ink())
        // The last glyph's right side bearing (DejaVu 'O': about 0.06 em) is all that separates ink and edge.
        XCTAssertLessThanOrEqual(Double(ink.x1), rect.maxX + 1)
        XCTAssertGreaterThanOrEqual(Double(ink.x1), rect.maxX - 0.1 * 36)
        let left = try renderText(TextDraw(string: "HELLO", fontSize: 36, color: .white, rect: rect, alignment: .left),
                                  width: 300, height: 80)
        let leftInk = try XCTUnwrap(left.ink())
        XCTAssertLessThanOrEqual(Double(leftInk.x0), rect.minX + 0.1 * 36)
        XCTAssertGreaterThanOrEqual(Double(leftInk.x0), rect.minX - 1)
        // Alignment moves the ink without changing its width.
        XCTAssertEqual(ink.x1 - ink.x0, leftInk.x1 - leftInk.x0, accuracy: 1)
    }

    func testFirstBaselineAndLineHeightFollowTheFaceMetrics() throws {
        // DejaVu Sans: 2048 units per em, ascender 1901, line height (hhea) 2384; 'H' sits on the baseline.
        let size = 40.0
        let rect = Rect(x: 0, y: 10, width: 200, height: 200)
        let one = try XCTUnwrap(try renderText(TextDraw(string: "H", fontSize: size, rect: rect), width: 200, height: 200).ink())
        XCTAssertEqual(Double(one.y1), 10 + 1901.0 / 2048 * size, accuracy: 1)
        let two = try XCTUnwrap(try renderText(TextDraw(string: "H\nH", fontSize: size, rect: rect), width: 200, height: 200).ink())
        XCTAssertEqual(Double(two.y1 - one.y1), 2384.0 / 2048 * size, accuracy: 1)
        XCTAssertEqual(two.y0, one.y0)
    }

    func testWrappingMakesSeveralLines() throws {
        let size = 20.0, lineHeight = 2384.0 / 2048 * size
        let text = "HHH HHH HHH HHH HHH"
        let rect = Rect(x: 5, y: 5, width: 70, height: 300)
        let single = try XCTUnwrap(try renderText(TextDraw(string: "HHH", fontSize: size, rect: rect), width: 300, height: 320).ink())
        let unwrapped = try XCTUnwrap(try renderText(TextDraw(string: text, fontSize: size, rect: rect), width: 300, height: 320).ink())
        XCTAssertEqual(unwrapped.y1 - unwrapped.y0, single.y1 - single.y0, "without wrapping the text stays on one line")
        let wrapped = try XCTUnwrap(try renderText(TextDraw(string: text, fontSize: size, rect: rect, wraps: true),
                                                   width: 300, height: 320).ink())
        // "HHH" is about 45 pt wide; "HHH HHH" about 96 pt: one word per line, five lines.
        let extra = Double((wrapped.y1 - wrapped.y0) - (single.y1 - single.y0))
        let lines = extra / lineHeight
        XCTAssertEqual(lines, 4, accuracy: 0.1, "ink height grows by whole line heights")
        XCTAssertLessThanOrEqual(Double(wrapped.x1), rect.maxX + 1)
        XCTAssertEqual(wrapped.x1 - wrapped.x0, single.x1 - single.x0, accuracy: 1)
    }

    func testALongWordBreaksBetweenCharacters() throws {
        let rect = Rect(x: 0, y: 0, width: 50, height: 300)
        let c = try renderText(TextDraw(string: "HHHHHHHHHH", fontSize: 20, rect: rect, wraps: true), width: 200, height: 300)
        let ink = try XCTUnwrap(c.ink())
        XCTAssertLessThanOrEqual(ink.x1, 51)
        XCTAssertGreaterThan(ink.y1 - ink.y0, 3 * 20)
    }

    func testDoublingTheFontSizeDoublesTheInkWidth() throws {
        let rect = Rect(x: 10, y: 10, width: 500, height: 200)
        let small = try XCTUnwrap(try renderText(TextDraw(string: "Stardust", fontSize: 24, rect: rect), width: 520, height: 220).ink())
        let big = try XCTUnwrap(try renderText(TextDraw(string: "Stardust", fontSize: 48, rect: rect), width: 520, height: 220).ink())
        let ratio = Double(big.x1 - big.x0) / Double(small.x1 - small.x0)
        XCTAssertEqual(ratio, 2, accuracy: 0.08)
        // The scale factor does the same as the font size.
        let scaled = try XCTUnwrap(try renderText(TextDraw(string: "Stardust", fontSize: 24, rect: rect), scale: 2,
                                                  width: 1040, height: 440).ink())
        XCTAssertEqual(scaled.x1 - scaled.x0, big.x1 - big.x0, accuracy: 2)
    }

    func testPairsAreKerned() throws {
        let size = 40.0
        let (advanceA, kern) = try FontEngine.shared.withLock { engine -> (Double, Double) in
            let face = try engine.face(family: nil, bold: false)
            let a = face.glyph(for: "A"), v = face.glyph(for: "V")
            return (face.advance(of: a) * size / face.unitsPerEM, face.kerning(a, v) * size / face.unitsPerEM)
        }
        XCTAssertLessThan(kern, -1, "DejaVu Sans kerns A–V")
        let rect = Rect(x: 10, y: 0, width: 300, height: 60)
        let pair = try XCTUnwrap(try renderText(TextDraw(string: "AV", fontSize: size, rect: rect), width: 300, height: 60).ink())
        var apart = try renderText(TextDraw(string: "A", fontSize: size, rect: rect), width: 300, height: 60)
        apart.draw(try TextPainter.prepare(TextDraw(string: "V", fontSize: size,
                                                    rect: Rect(x: 10 + advanceA, y: 0, width: 300, height: 60)), scale: 1))
        let unkerned = try XCTUnwrap(apart.ink())
        XCTAssertEqual(Double((pair.x1 - pair.x0) - (unkerned.x1 - unkerned.x0)), kern, accuracy: 1)
    }

    func testBoldIsWider() throws {
        let rect = Rect(x: 0, y: 0, width: 400, height: 60)
        let regular = try XCTUnwrap(try renderText(TextDraw(string: "Bold text", fontSize: 30, rect: rect), width: 400, height: 60).ink())
        let bold = try XCTUnwrap(try renderText(TextDraw(string: "Bold text", fontSize: 30, isBold: true, rect: rect), width: 400, height: 60).ink())
        XCTAssertGreaterThan(bold.x1 - bold.x0, regular.x1 - regular.x0 + 5)
    }

    func testRotationByQuarterTurnTransposesTheInk() throws {
        let rect = Rect(x: 0, y: 0, width: 200, height: 40)
        let flat = try XCTUnwrap(try renderText(TextDraw(string: "HELLO", fontSize: 30, rect: rect), width: 300, height: 300).ink())
        // Rotate +90° (clockwise on screen) about the origin, then move into view.
        let t = Transform2D(rotationAngle: .pi / 2).concatenating(Transform2D(translationX: 150, y: 20))
        let turned = try XCTUnwrap(try renderText(TextDraw(string: "HELLO", fontSize: 30, rect: rect, transform: t),
                                                  width: 300, height: 300).ink())
        XCTAssertEqual(turned.x1 - turned.x0, flat.y1 - flat.y0, accuracy: 2)
        XCTAssertEqual(turned.y1 - turned.y0, flat.x1 - flat.x0, accuracy: 2)
        // Local (x, y) goes to (150 − y, 20 + x): the text reads downwards, its tops facing right.
        XCTAssertEqual(Double(turned.y0), 20 + Double(flat.x0), accuracy: 2)
        XCTAssertEqual(Double(turned.x1), 150 - Double(flat.y0), accuracy: 2)
    }

    func testMirroredTextMirrorsTheInk() throws {
        let rect = Rect(x: 0, y: 0, width: 150, height: 40)
        let flat = try XCTUnwrap(try renderText(TextDraw(string: "RGB", fontSize: 30, rect: rect), width: 200, height: 50).ink())
        // x ↦ 180 − x.
        let mirror = Transform2D(scaleX: -1, y: 1).concatenating(Transform2D(translationX: 180, y: 0))
        let m = try XCTUnwrap(try renderText(TextDraw(string: "RGB", fontSize: 30, rect: rect, transform: mirror),
                                             width: 200, height: 50).ink())
        XCTAssertEqual(Double(m.x0), 180 - Double(flat.x1), accuracy: 1.5)
        XCTAssertEqual(Double(m.x1), 180 - Double(flat.x0), accuracy: 1.5)
        XCTAssertEqual(m.y0, flat.y0, accuracy: 1); XCTAssertEqual(m.y1, flat.y1, accuracy: 1)
    }

    func testTextPartlyOffTheCanvasIsClippedExactly() throws {
        let whole = try renderText(TextDraw(string: "Edge", fontSize: 30, rect: Rect(x: 0, y: 0, width: 150, height: 40)),
                                   width: 150, height: 50)
        // The same text moved 20 px left and 10 px up: the canvas shows the rest, pixel for pixel.
        let shifted = try renderText(TextDraw(string: "Edge", fontSize: 30, rect: Rect(x: -20, y: -10, width: 150, height: 40)),
                                     width: 150, height: 50)
        XCTAssertNotNil(shifted.ink())
        for y in 0..<40 { for x in 0..<130 {
            XCTAssertEqual(shifted.alpha(x, y), whole.alpha(x + 20, y + 10), "(\(x), \(y))")
        } }
    }

    func testNonFiniteColorDrawsNoGarbage() throws {
        let c = try renderText(TextDraw(string: "Nan", fontSize: 20, color: Color(red: .nan, green: 1, blue: .infinity, alpha: 1),
                                        rect: Rect(x: 0, y: 0, width: 80, height: 30)), width: 80, height: 30)
        for i in stride(from: 0, to: c.pixels.count, by: 4) { XCTAssertLessThanOrEqual(c.pixels[i + 1], c.pixels[i + 3]) }
        XCTAssertNotNil(c.ink())
    }

    func testTwoBandsEqualOneBand() throws {
        let cmd = TextDraw(string: "Bands\nsplit gyph", fontSize: 22, color: Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.8),
                           rect: Rect(x: 3, y: 2, width: 120, height: 60), transform: Transform2D(rotationAngle: 0.2))
        let one = try renderText(cmd, scale: 1.5, width: 220, height: 160)
        XCTAssertNotNil(one.ink())
        for cuts in [[37], [1, 50, 51, 90], Array(stride(from: 7, to: 160, by: 13))] {
            let split = try renderText(cmd, scale: 1.5, width: 220, height: 160, cuts: cuts)
            XCTAssertEqual(split.pixels, one.pixels, "bands \(cuts)")
        }
    }

    func testDrawingRespectsTheClip() throws {
        let prepared = try TextPainter.prepare(TextDraw(string: "Clip me", fontSize: 30, rect: Rect(x: 0, y: 0, width: 200, height: 50)), scale: 1)
        var pixels = [UInt8](repeating: 0, count: 200 * 50 * 4)
        pixels.withUnsafeMutableBufferPointer { buf in
            TextPainter.draw(prepared, into: RenderTarget(base: buf.baseAddress!, originY: 0, stride: 800, width: 200,
                                                          clip: PixelRect(x0: 30, y0: 10, x1: 60, y1: 30)))
        }
        var inside = 0
        for y in 0..<50 { for x in 0..<200 where pixels[4 * (y * 200 + x) + 3] > 0 {
            XCTAssertTrue((30..<60).contains(x) && (10..<30).contains(y), "pixel (\(x), \(y)) outside the clip")
            inside += 1
        } }
        XCTAssertGreaterThan(inside, 0)
    }

    func testPreparingAgainHitsTheGlyphCache() throws {
        let cmd = TextDraw(string: "cache ℂ𝔸ℂℍ𝔼 test", fontSize: 17, rect: Rect(x: 0, y: 0, width: 300, height: 40))
        let a = try TextPainter.prepare(cmd, scale: 1.25)
        let count = FontEngine.shared.cachedGlyphCount
        let b = try TextPainter.prepare(cmd, scale: 1.25)
        XCTAssertEqual(FontEngine.shared.cachedGlyphCount, count)
        XCTAssertEqual(a.bounds, b.bounds)
        XCTAssertEqual(a.coverage, b.coverage)
    }

    func testMissingFontThrowsNoFontFound() {
        let cmd = TextDraw(string: "x", fontFamily: "/nonexistent/Stardust/NoSuchFont.ttf", rect: Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertThrowsError(try TextPainter.prepare(cmd, scale: 1)) { error in
            guard case TextError.noFontFound(let message)? = error as? TextError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("NoSuchFont.ttf"))
            XCTAssertTrue(message.contains("apt-get install"))
        }
    }

    func testAFileThatIsNotAFontThrowsNoFontFound() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-not-a-font-\(getpid()).ttf")
        try Data("this is not a font".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let cmd = TextDraw(string: "x", fontFamily: url.path, rect: Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertThrowsError(try TextPainter.prepare(cmd, scale: 1)) { error in
            guard case TextError.noFontFound? = error as? TextError else { return XCTFail("\(error)") }
        }
    }

    func testAFontPathIsUsedDirectly() throws {
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        try XCTSkipUnless(FileManager.default.fileExists(atPath: path), "DejaVu Sans is not at its Debian path")
        let rect = Rect(x: 0, y: 0, width: 200, height: 50)
        let byPath = try renderText(TextDraw(string: "Path", fontFamily: path, fontSize: 24, rect: rect), width: 200, height: 50)
        let byName = try renderText(TextDraw(string: "Path", fontFamily: "DejaVu Sans", fontSize: 24, rect: rect), width: 200, height: 50)
        XCTAssertEqual(byPath.pixels, byName.pixels)
    }

    func testDegenerateCommandsDrawNothing() throws {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        for cmd in [TextDraw(string: "", rect: rect),
                    TextDraw(string: "x", fontSize: 0, rect: rect),
                    TextDraw(string: "x", fontSize: .nan, rect: rect),
                    TextDraw(string: "x", rect: rect, transform: Transform2D(scaleX: 0, y: 1)),
                    TextDraw(string: "x", rect: rect, transform: Transform2D(translationX: -1e300, y: 0))] {
            let p = try TextPainter.prepare(cmd, scale: 1)
            XCTAssertTrue(p.isEmpty || p.coverage.allSatisfy { $0 == 0 })
        }
        XCTAssertThrowsError(try TextPainter.prepare(TextDraw(string: "x", fontSize: 1e6, rect: rect), scale: 1)) { error in
            guard case TextError.tooLarge? = error as? TextError else { return XCTFail("\(error)") }
        }
    }
}

final class TextConcurrencyTests: XCTestCase {
    func testConcurrentPreparesAgree() throws {
        var built: [TextDraw] = []
        for i in 0..<8 {
            let k = Double(i % 3)
            built.append(TextDraw(string: "Thread \(i % 3) ✓ ÅVA", fontSize: 14 + k * 5, isBold: i % 2 == 0,
                                     rect: Rect(x: 2, y: 2, width: 120, height: 60), wraps: true,
                                     transform: Transform2D(rotationAngle: k * 0.1)))
        }
        let commands = built
        let serial = try commands.map { try TextPainter.prepare($0, scale: 1.5) }
        final class Results: @unchecked Sendable { var items = [PreparedText?](repeating: nil, count: 64); let lock = NSLock() }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let p = try? TextPainter.prepare(commands[i % 8], scale: 1.5)
            results.lock.lock(); results.items[i] = p; results.lock.unlock()
        }
        for i in 0..<64 {
            let p = try XCTUnwrap(results.items[i])
            XCTAssertEqual(p.bounds, serial[i % 8].bounds)
            XCTAssertEqual(p.coverage, serial[i % 8].coverage)
        }
    }
}
