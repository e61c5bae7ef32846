import Foundation
import Testing
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

@Suite struct TextPainterTests {
    @Test("ink lies inside its rect") func inkLiesInsideItsRect() throws {
        let rect = Rect(x: 20, y: 15, width: 150, height: 40)
        let c = try renderText(TextDraw(string: "Hello, gjy!", fontSize: 20, color: .black, rect: rect),
                               scale: 2, width: 400, height: 140)
        let ink = try #require(c.ink(), "text drew nothing")
        // Scene rect in pixels, with a 2 px margin for anti-aliasing.
        #expect(ink.x0 >= 40 - 2); #expect(ink.x1 <= 340 + 2)
        #expect(ink.y0 >= 30 - 2); #expect(ink.y1 <= 110 + 2)
        // A substantial amount of ink, and fully covered pixels inside the glyph stems.
        var inked = 0, full = 0
        for y in 0..<c.height { for x in 0..<c.width { if c.alpha(x, y) > 0 { inked += 1 }; if c.alpha(x, y) == 255 { full += 1 } } }
        #expect(inked > 500)
        #expect(full > 100)
    }

    @Test("premultiplied color and opacity") func premultipliedColorAndOpacity() throws {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        let red = try renderText(TextDraw(string: "HI", fontSize: 30, color: .red, rect: rect), width: 100, height: 40)
        var sawOpaque = false
        for i in stride(from: 0, to: red.pixels.count, by: 4) {
            #expect(red.pixels[i] == red.pixels[i + 3], "red channel equals alpha for opaque red")
            #expect(red.pixels[i + 1] == 0); #expect(red.pixels[i + 2] == 0)
            if red.pixels[i + 3] == 255 { sawOpaque = true }
        }
        #expect(sawOpaque)
        // Opacity 0.5: the fully covered pixels become (128, 0, 0, 128).
        let half = try renderText(TextDraw(string: "HI", fontSize: 30, color: .red, rect: rect, opacity: 0.5), width: 100, height: 40)
        #expect(half.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element).max() == 128)
        // Opacity 0 draws nothing.
        let none = try renderText(TextDraw(string: "HI", fontSize: 30, color: .red, rect: rect, opacity: 0), width: 100, height: 40)
        #expect(none.ink() == nil)
    }

    @Test("centered ink is centered") func centeredInkIsCentered() throws {
        let rect = Rect(x: 30, y: 10, width: 240, height: 60)
        let c = try renderText(TextDraw(string: "HELLO", fontSize: 36, color: .white, rect: rect, alignment: .center),
                               width: 300, height: 80)
        let ink = try #require(c.ink())
        let center = Double(ink.x0 + ink.x1) / 2
        #expect(abs(center - rect.midX) <= 2, "ink center \(center), rect center \(rect.midX)")
    }

    @Test("right alignment meets the right edge") func rightAlignmentMeetsTheRightEdge() throws {
        let rect = Rect(x: 10, y: 10, width: 280, height: 60)
        let c = try renderText(TextDraw(string: "HELLO", fontSize: 36, color: .white, rect: rect, alignment: .right),
                               width: 300, height: 80)
        let ink = try #require(c.ink())
        // The last glyph's right side bearing (DejaVu 'O': about 0.06 em) is all that separates ink and edge.
        #expect(Double(ink.x1) <= rect.maxX + 1)
        #expect(Double(ink.x1) >= rect.maxX - 0.1 * 36)
        let left = try renderText(TextDraw(string: "HELLO", fontSize: 36, color: .white, rect: rect, alignment: .left),
                                  width: 300, height: 80)
        let leftInk = try #require(left.ink())
        #expect(Double(leftInk.x0) <= rect.minX + 0.1 * 36)
        #expect(Double(leftInk.x0) >= rect.minX - 1)
        // Alignment moves the ink without changing its width.
        #expect(abs((ink.x1 - ink.x0) - (leftInk.x1 - leftInk.x0)) <= 1)
    }

    @Test("first baseline and line height follow the face metrics") func firstBaselineAndLineHeightFollowTheFaceMetrics() throws {
        // DejaVu Sans: 2048 units per em, ascender 1901, line height (hhea) 2384; 'H' sits on the baseline.
        let size = 40.0
        let rect = Rect(x: 0, y: 10, width: 200, height: 200)
        let one = try #require(try renderText(TextDraw(string: "H", fontSize: size, rect: rect), width: 200, height: 200).ink())
        #expect(abs((Double(one.y1)) - (10 + 1901.0 / 2048 * size)) <= 1)
        let two = try #require(try renderText(TextDraw(string: "H\nH", fontSize: size, rect: rect), width: 200, height: 200).ink())
        #expect(abs((Double(two.y1 - one.y1)) - (2384.0 / 2048 * size)) <= 1)
        #expect(two.y0 == one.y0)
    }

    @Test("wrapping makes several lines") func wrappingMakesSeveralLines() throws {
        let size = 20.0, lineHeight = 2384.0 / 2048 * size
        let text = "HHH HHH HHH HHH HHH"
        let rect = Rect(x: 5, y: 5, width: 70, height: 300)
        let single = try #require(try renderText(TextDraw(string: "HHH", fontSize: size, rect: rect), width: 300, height: 320).ink())
        let unwrapped = try #require(try renderText(TextDraw(string: text, fontSize: size, rect: rect), width: 300, height: 320).ink())
        #expect(unwrapped.y1 - unwrapped.y0 == single.y1 - single.y0, "without wrapping the text stays on one line")
        let wrapped = try #require(try renderText(TextDraw(string: text, fontSize: size, rect: rect, wraps: true),
                                                   width: 300, height: 320).ink())
        // "HHH" is about 45 pt wide; "HHH HHH" about 96 pt: one word per line, five lines.
        let extra = Double((wrapped.y1 - wrapped.y0) - (single.y1 - single.y0))
        let lines = extra / lineHeight
        #expect(abs(lines - 4) <= 0.1, "ink height grows by whole line heights")
        #expect(Double(wrapped.x1) <= rect.maxX + 1)
        #expect(abs((wrapped.x1 - wrapped.x0) - (single.x1 - single.x0)) <= 1)
    }

    @Test("a long word breaks between characters") func aLongWordBreaksBetweenCharacters() throws {
        let rect = Rect(x: 0, y: 0, width: 50, height: 300)
        let c = try renderText(TextDraw(string: "HHHHHHHHHH", fontSize: 20, rect: rect, wraps: true), width: 200, height: 300)
        let ink = try #require(c.ink())
        #expect(ink.x1 <= 51)
        #expect(ink.y1 - ink.y0 > 3 * 20)
    }

    @Test("doubling the font size doubles the ink width") func doublingTheFontSizeDoublesTheInkWidth() throws {
        let rect = Rect(x: 10, y: 10, width: 500, height: 200)
        let small = try #require(try renderText(TextDraw(string: "Stardust", fontSize: 24, rect: rect), width: 520, height: 220).ink())
        let big = try #require(try renderText(TextDraw(string: "Stardust", fontSize: 48, rect: rect), width: 520, height: 220).ink())
        let ratio = Double(big.x1 - big.x0) / Double(small.x1 - small.x0)
        #expect(abs(ratio - 2) <= 0.08)
        // The scale factor does the same as the font size.
        let scaled = try #require(try renderText(TextDraw(string: "Stardust", fontSize: 24, rect: rect), scale: 2,
                                                  width: 1040, height: 440).ink())
        #expect(abs((scaled.x1 - scaled.x0) - (big.x1 - big.x0)) <= 2)
    }

    @Test("pairs are kerned") func pairsAreKerned() throws {
        let size = 40.0
        let (advanceA, kern) = try FontEngine.shared.withLock { engine -> (Double, Double) in
            let face = try engine.face(family: nil, bold: false)
            let a = face.glyph(for: "A"), v = face.glyph(for: "V")
            return (face.advance(of: a) * size / face.unitsPerEM, face.kerning(a, v) * size / face.unitsPerEM)
        }
        #expect(kern < -1, "DejaVu Sans kerns A–V")
        let rect = Rect(x: 10, y: 0, width: 300, height: 60)
        let pair = try #require(try renderText(TextDraw(string: "AV", fontSize: size, rect: rect), width: 300, height: 60).ink())
        var apart = try renderText(TextDraw(string: "A", fontSize: size, rect: rect), width: 300, height: 60)
        apart.draw(try TextPainter.prepare(TextDraw(string: "V", fontSize: size,
                                                    rect: Rect(x: 10 + advanceA, y: 0, width: 300, height: 60)), scale: 1))
        let unkerned = try #require(apart.ink())
        #expect(abs((Double((pair.x1 - pair.x0) - (unkerned.x1 - unkerned.x0))) - kern) <= 1)
    }

    @Test("bold is wider") func boldIsWider() throws {
        let rect = Rect(x: 0, y: 0, width: 400, height: 60)
        let regular = try #require(try renderText(TextDraw(string: "Bold text", fontSize: 30, rect: rect), width: 400, height: 60).ink())
        let bold = try #require(try renderText(TextDraw(string: "Bold text", fontSize: 30, isBold: true, rect: rect), width: 400, height: 60).ink())
        #expect(bold.x1 - bold.x0 > regular.x1 - regular.x0 + 5)
    }

    @Test("rotation by quarter turn transposes the ink") func rotationByQuarterTurnTransposesTheInk() throws {
        let rect = Rect(x: 0, y: 0, width: 200, height: 40)
        let flat = try #require(try renderText(TextDraw(string: "HELLO", fontSize: 30, rect: rect), width: 300, height: 300).ink())
        // Rotate +90° (clockwise on screen) about the origin, then move into view.
        let t = Transform2D(rotationAngle: .pi / 2).concatenating(Transform2D(translationX: 150, y: 20))
        let turned = try #require(try renderText(TextDraw(string: "HELLO", fontSize: 30, rect: rect, transform: t),
                                                  width: 300, height: 300).ink())
        #expect(abs((turned.x1 - turned.x0) - (flat.y1 - flat.y0)) <= 2)
        #expect(abs((turned.y1 - turned.y0) - (flat.x1 - flat.x0)) <= 2)
        // Local (x, y) goes to (150 − y, 20 + x): the text reads downwards, its tops facing right.
        #expect(abs((Double(turned.y0)) - (20 + Double(flat.x0))) <= 2)
        #expect(abs((Double(turned.x1)) - (150 - Double(flat.y0))) <= 2)
    }

    @Test("mirrored text mirrors the ink") func mirroredTextMirrorsTheInk() throws {
        let rect = Rect(x: 0, y: 0, width: 150, height: 40)
        let flat = try #require(try renderText(TextDraw(string: "RGB", fontSize: 30, rect: rect), width: 200, height: 50).ink())
        // x ↦ 180 − x.
        let mirror = Transform2D(scaleX: -1, y: 1).concatenating(Transform2D(translationX: 180, y: 0))
        let m = try #require(try renderText(TextDraw(string: "RGB", fontSize: 30, rect: rect, transform: mirror),
                                             width: 200, height: 50).ink())
        #expect(abs((Double(m.x0)) - (180 - Double(flat.x1))) <= 1.5)
        #expect(abs((Double(m.x1)) - (180 - Double(flat.x0))) <= 1.5)
        #expect(abs(m.y0 - flat.y0) <= 1); #expect(abs(m.y1 - flat.y1) <= 1)
    }

    @Test("text partly off the canvas is clipped exactly") func textPartlyOffTheCanvasIsClippedExactly() throws {
        let whole = try renderText(TextDraw(string: "Edge", fontSize: 30, rect: Rect(x: 0, y: 0, width: 150, height: 40)),
                                   width: 150, height: 50)
        // The same text moved 20 px left and 10 px up: the canvas shows the rest, pixel for pixel.
        let shifted = try renderText(TextDraw(string: "Edge", fontSize: 30, rect: Rect(x: -20, y: -10, width: 150, height: 40)),
                                     width: 150, height: 50)
        #expect(shifted.ink() != nil)
        for y in 0..<40 { for x in 0..<130 {
            #expect(shifted.alpha(x, y) == whole.alpha(x + 20, y + 10), "(\(x), \(y))")
        } }
    }

    @Test("non finite color draws no garbage") func nonFiniteColorDrawsNoGarbage() throws {
        let c = try renderText(TextDraw(string: "Nan", fontSize: 20, color: Color(red: .nan, green: 1, blue: .infinity, alpha: 1),
                                        rect: Rect(x: 0, y: 0, width: 80, height: 30)), width: 80, height: 30)
        for i in stride(from: 0, to: c.pixels.count, by: 4) { #expect(c.pixels[i + 1] <= c.pixels[i + 3]) }
        #expect(c.ink() != nil)
    }

    @Test("two bands equal one band") func twoBandsEqualOneBand() throws {
        let cmd = TextDraw(string: "Bands\nsplit gyph", fontSize: 22, color: Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.8),
                           rect: Rect(x: 3, y: 2, width: 120, height: 60), transform: Transform2D(rotationAngle: 0.2))
        let one = try renderText(cmd, scale: 1.5, width: 220, height: 160)
        #expect(one.ink() != nil)
        for cuts in [[37], [1, 50, 51, 90], Array(stride(from: 7, to: 160, by: 13))] {
            let split = try renderText(cmd, scale: 1.5, width: 220, height: 160, cuts: cuts)
            #expect(split.pixels == one.pixels, "bands \(cuts)")
        }
    }

    @Test("drawing respects the clip") func drawingRespectsTheClip() throws {
        let prepared = try TextPainter.prepare(TextDraw(string: "Clip me", fontSize: 30, rect: Rect(x: 0, y: 0, width: 200, height: 50)), scale: 1)
        var pixels = [UInt8](repeating: 0, count: 200 * 50 * 4)
        pixels.withUnsafeMutableBufferPointer { buf in
            TextPainter.draw(prepared, into: RenderTarget(base: buf.baseAddress!, originY: 0, stride: 800, width: 200,
                                                          clip: PixelRect(x0: 30, y0: 10, x1: 60, y1: 30)))
        }
        var inside = 0
        for y in 0..<50 { for x in 0..<200 where pixels[4 * (y * 200 + x) + 3] > 0 {
            #expect((30..<60).contains(x) && (10..<30).contains(y), "pixel (\(x), \(y)) outside the clip")
            inside += 1
        } }
        #expect(inside > 0)
    }

    @Test("preparing again hits the glyph cache") func preparingAgainHitsTheGlyphCache() throws {
        let cmd = TextDraw(string: "cache ℂ𝔸ℂℍ𝔼 test", fontSize: 17, rect: Rect(x: 0, y: 0, width: 300, height: 40))
        let a = try TextPainter.prepare(cmd, scale: 1.25)
        let count = FontEngine.shared.cachedGlyphCount
        let b = try TextPainter.prepare(cmd, scale: 1.25)
        #expect(FontEngine.shared.cachedGlyphCount == count)
        #expect(a.bounds == b.bounds)
        #expect(a.coverage == b.coverage)
    }

    @Test("missing font throws no font found") func missingFontThrowsNoFontFound() {
        let cmd = TextDraw(string: "x", fontFamily: "/nonexistent/Stardust/NoSuchFont.ttf", rect: Rect(x: 0, y: 0, width: 10, height: 10))
        _ = #expect(throws: (any Error).self) { try TextPainter.prepare(cmd, scale: 1) }.map { error in
            guard case TextError.noFontFound(let message)? = error as? TextError else { Issue.record("\(error)"); return }
            #expect(message.contains("NoSuchFont.ttf"))
            #expect(message.contains("apt-get install"))
        }
    }

    @Test("a file that is not a font throws no font found") func aFileThatIsNotAFontThrowsNoFontFound() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-not-a-font-\(getpid()).ttf")
        try Data("this is not a font".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let cmd = TextDraw(string: "x", fontFamily: url.path, rect: Rect(x: 0, y: 0, width: 10, height: 10))
        _ = #expect(throws: (any Error).self) { try TextPainter.prepare(cmd, scale: 1) }.map { error in
            guard case TextError.noFontFound? = error as? TextError else { Issue.record("\(error)"); return }
        }
    }

    static let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    @Test("a font path is used directly",
          .enabled(if: FileManager.default.fileExists(atPath: dejaVuPath), "DejaVu Sans is not at its Debian path"))
    func aFontPathIsUsedDirectly() throws {
        let path = Self.dejaVuPath
        let rect = Rect(x: 0, y: 0, width: 200, height: 50)
        let byPath = try renderText(TextDraw(string: "Path", fontFamily: path, fontSize: 24, rect: rect), width: 200, height: 50)
        let byName = try renderText(TextDraw(string: "Path", fontFamily: "DejaVu Sans", fontSize: 24, rect: rect), width: 200, height: 50)
        #expect(byPath.pixels == byName.pixels)
    }

    @Test("degenerate commands draw nothing") func degenerateCommandsDrawNothing() throws {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        for cmd in [TextDraw(string: "", rect: rect),
                    TextDraw(string: "x", fontSize: 0, rect: rect),
                    TextDraw(string: "x", fontSize: .nan, rect: rect),
                    TextDraw(string: "x", rect: rect, transform: Transform2D(scaleX: 0, y: 1)),
                    TextDraw(string: "x", rect: rect, transform: Transform2D(translationX: -1e300, y: 0))] {
            let p = try TextPainter.prepare(cmd, scale: 1)
            #expect(p.isEmpty || p.coverage.allSatisfy { $0 == 0 })
        }
        _ = #expect(throws: (any Error).self) { try TextPainter.prepare(TextDraw(string: "x", fontSize: 1e6, rect: rect), scale: 1) }.map { error in
            guard case TextError.tooLarge? = error as? TextError else { Issue.record("\(error)"); return }
        }
        // A size past Int's range is still reported (as a Double), not trapped on while writing the message.
        _ = #expect(throws: (any Error).self) { try TextPainter.prepare(TextDraw(string: "x", fontSize: 1e300, rect: rect), scale: 1) }.map { error in
            guard case TextError.tooLarge(let message)? = error as? TextError else { Issue.record("\(error)"); return }
            #expect(message.contains("1e+300 pixels per em"))
        }
    }
}

@Suite struct TextConcurrencyTests {
    @Test("concurrent prepares agree") func concurrentPreparesAgree() throws {
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
            let p = try #require(results.items[i])
            #expect(p.bounds == serial[i % 8].bounds)
            #expect(p.coverage == serial[i % 8].coverage)
        }
    }
}
