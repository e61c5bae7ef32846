import Foundation
import StardustTestSupport
import StardustCodecs
import StardustCore
import Testing

@Suite struct GIFTests {
    /// A smooth gradient with thousands of colors (needs real quantization).
    private func smooth(_ w: Int, _ h: Int, phase: Int = 0) -> Image {
        TestSupport.image(width: w, height: h) { x, y in
            (UInt8((x * 255 / (w - 1) + phase) & 255), UInt8(y * 255 / (h - 1)), UInt8((x + y) * 255 / (w + h - 2)), 255)
        }
    }

    @Test func fewColorFramesRoundTripExactlyWithTimingAndLoop() throws {
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 200, 0), (10, 20, 250), (255, 255, 255), (0, 0, 0), (123, 45, 67)]
        let frames = (0..<7).map { f in
            TestSupport.image(width: 10, height: 8) { x, y in let c = colors[(x / 2 + y + f) % colors.count]; return (c.0, c.1, c.2, 255) }
        }
        var options = ExportOptions()
        options.loopCount = 3
        let bytes = try GIFWriter.encode(frames, fps: 30, options: options)
        let animation = try GIFDecoder.decode(bytes)
        #expect(animation.loopCount == 3)
        #expect(animation.width == 10)
        #expect(animation.frames.map(\.image) == frames, "≤ 256 colors are stored exactly (dithering has no error to spread)")
        // 30 fps: frame i ends at round(100·(i+1)/30) cs.
        #expect(animation.frames.map(\.delayCentiseconds) == [3, 4, 3, 3, 4, 3, 3])
        let total = animation.frames.reduce(0) { $0 + $1.delayCentiseconds }
        #expect(total == Int((7.0 / 30 * 100).rounded()))
    }

    @Test func onlyTheChangedRectangleIsStoredAfterTheFirstFrame() throws {
        // A static smooth background with a moving 4×3 white box.
        let background = smooth(40, 30)
        let frames = (0..<6).map { f -> Image in
            var image = background
            for y in 10..<13 { for x in (5 + 4 * f)..<(9 + 4 * f) { image[x, y] = PremultipliedPixel(r: 255, g: 255, b: 255, a: 255) } }
            return image
        }
        let bytes = try GIFWriter.encode(frames, fps: 10, options: ExportOptions(dither: false))
        let single = try GIFWriter.encode([frames[0]], fps: 10, options: ExportOptions(dither: false))
        #expect(bytes.count < single.count + 5 * 400, "later frames store only the 8×3 rectangle that changed")
        // Image descriptors after the first one cover exactly the union of the old and new box.
        var descriptors: [[Int]] = []
        var i = 13
        while i + 10 < bytes.count {
            if bytes[i] == 0x2C && bytes[i - 1] == 0 && bytes[i - 8] == 0x21 && bytes[i - 7] == 0xF9 {
                descriptors.append((0..<4).map { Int(bytes[i + 1 + 2 * $0]) | Int(bytes[i + 2 + 2 * $0]) << 8 })
            }
            i += 1
        }
        #expect(descriptors.count == 6)
        #expect(descriptors[0] == [0, 0, 40, 30])
        #expect(descriptors[1] == [5, 10, 8, 3])
        #expect(descriptors[5] == [21, 10, 8, 3])
        // Composition gives back the first frame's quantized background with the exact white box.
        let decoded = try GIFDecoder.decode(bytes).frames.map(\.image)
        for (f, image) in decoded.enumerated() {
            #expect(TestSupport.psnr(image.pixels, frames[f].pixels) > 33)
            if f > 0 {
                // The changed rectangle has few colors, so it is stored exactly.
                #expect(image[6 + 4 * f, 11] == PremultipliedPixel(r: 255, g: 255, b: 255, a: 255))
            }
            #expect(image[0, 0] == decoded[0][0, 0], "unchanged pixels keep the earlier frame's color")
        }
    }

    @Test func delayRoundingAveragesCorrectlyOverManyFrames() throws {
        let frame = Image(width: 2, height: 2, color: Color(red: 1, green: 0, blue: 0, alpha: 1))
        let bytes = try GIFWriter.encode(Array(repeating: frame, count: 90), fps: 30)
        let delays = try GIFDecoder.decode(bytes).frames.map(\.delayCentiseconds)
        #expect(delays.reduce(0, +) == 300, "90 frames at 30 fps last exactly 3 s")
        #expect(Set(delays) == [3, 4])
    }

    @Test(arguments: [false, true], [false, true])
    func smoothImagesQuantizeWellWithAndWithoutDither(dither: Bool, global: Bool) throws {
        let frames = (0..<3).map { smooth(48, 36, phase: $0 * 40) }
        let options = ExportOptions(loopCount: 0, dither: dither, globalPalette: global)
        let decoded = try GIFDecoder.decode(GIFWriter.encode(frames, fps: 10, options: options))
        #expect(decoded.frames.count == 3)
        for (src, out) in zip(frames, decoded.frames) {
            let psnr = TestSupport.psnr(src.pixels, out.image.pixels)
            // Measured (48×36, 3 frames): about 35 dB per-frame and 30.5 dB global without dither,
            // 34 / 27.5 dB with dither (dithering trades PSNR for smooth-looking gradients).
            let floor: Double = dither ? (global ? 26 : 32) : (global ? 29 : 34)
            #expect(psnr > floor, "dither \(dither), global \(global)")
        }
    }

    @Test func quantizerFindsTheDominantColorsOfAMultiModalImage() throws {
        // Four 20×20 squares of noisy colors; the palette must reproduce each square's mean color closely.
        var rng = SplitMix64(seed: 42)
        let centers: [(Int, Int, Int)] = [(200, 30, 30), (30, 200, 30), (30, 30, 200), (220, 220, 40)]
        let image = TestSupport.image(width: 40, height: 40) { x, y in
            let c = centers[(x / 20) + 2 * (y / 20)]
            func n(_ v: Int) -> UInt8 { UInt8(clamping: v + Int.random(in: -12...12, using: &rng)) }
            return (n(c.0), n(c.1), n(c.2), 255)
        }
        let decoded = try GIFDecoder.decode(GIFWriter.encode([image], fps: 1, options: ExportOptions(dither: false)))
        let out = decoded.frames[0].image
        // Mean absolute error per channel below 5 levels (noise amplitude is ±12).
        var err = 0
        for i in 0..<out.pixels.count where i % 4 != 3 { err += abs(Int(out.pixels[i]) - Int(image.pixels[i])) }
        #expect(Double(err) / Double(40 * 40 * 3) < 5)
    }

    @Test(arguments: [false, true])
    func transparencyIsOneBitAtAlpha128(global: Bool) throws {
        let frames = (0..<2).map { f in
            TestSupport.image(width: 8, height: 4) { x, _ in
                // Alpha ramps 0…255 across x; frame 1 moves the opaque part.
                (200, UInt8(f * 100), 50, UInt8(min(255, ((x + f) % 8) * 37)))
            }
        }
        let decoded = try GIFDecoder.decode(GIFWriter.encode(frames, fps: 5, options: ExportOptions(dither: false, globalPalette: global)))
        #expect(decoded.frames.count == 2)
        for (src, out) in zip(frames, decoded.frames) {
            for p in 0..<(8 * 4) {
                let a = src.pixels[4 * p + 3]
                #expect(out.image.pixels[4 * p + 3] == (a < 128 ? 0 : 255), "pixel \(p)")
                if a >= 128 {
                    // Opaque pixels keep their straight color.
                    let straight = src.straightRGBA()
                    #expect(Array(out.image.pixels[(4 * p)..<(4 * p + 3)]) == Array(straight[(4 * p)..<(4 * p + 3)]))
                }
            }
        }
    }

    @Test func lzwHandlesCodeGrowthAndTableResetsOnLargeNoisyFrames() throws {
        // 256 distinct colors in a pseudo-random order: the LZW table fills (4096 codes) many times.
        var rng = SplitMix64(seed: 7)
        let palette: [(UInt8, UInt8, UInt8)] = (0..<256).map { (i: Int) -> (UInt8, UInt8, UInt8) in
            (UInt8(i), UInt8((i * 7) & 255), UInt8((i * 13) & 255))
        }
        let image = TestSupport.image(width: 160, height: 120) { _, _ in let c = palette[Int.random(in: 0..<256, using: &rng)]; return (c.0, c.1, c.2, 255) }
        let decoded = try GIFDecoder.decode(GIFWriter.encode([image], fps: 1))
        #expect(decoded.frames[0].image == image)
        // Also a two-color image (minimum code size 2) with long runs.
        let runs = TestSupport.image(width: 300, height: 50) { x, y in (x / 37 + y) % 2 == 0 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        #expect(try GIFDecoder.decode(GIFWriter.encode([runs], fps: 1)).frames[0].image == runs)
    }

    @Test func streamingWriterToFileMatchesInMemoryEncoding() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = (0..<4).map { smooth(20, 10, phase: $0 * 30) }
        let path = dir + "/anim.gif"
        let writer = try GIFWriter(path: path, width: 20, height: 10, fps: 12)
        for f in frames { try writer.append(f) }
        #expect(!FileManager.default.fileExists(atPath: path), "nothing under the final name before finish()")
        try writer.finish()
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try written == GIFWriter.encode(frames, fps: 12))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["anim.gif"])
        #expect(throws: (any Error).self) { try writer.append(frames[0]) }
    }

    @Test func writerRejectsBadArguments() throws {
        #expect(throws: (any Error).self) { try GIFWriter(width: 0, height: 5, fps: 10) }
        #expect(throws: (any Error).self) { try GIFWriter(width: 70000, height: 5, fps: 10) }
        #expect(throws: (any Error).self) { try GIFWriter(width: 5, height: 5, fps: 0) }
        let w = try GIFWriter(width: 4, height: 4, fps: 10)
        if let error = #expect(throws: (any Error).self, performing: { try w.append(Image(width: 5, height: 4)) }) {
            #expect("\(error)".contains("5×4"), "\(error)")
        }
        #expect(throws: (any Error).self, "no frames") { try w.finish() }
    }

    @Test func decoderRejectsInvalidLZWCodes() throws {
        var gif = try GIFWriter.encode([smooth(16, 16)], fps: 1, options: ExportOptions(dither: false))
        // Find the image descriptor (0x2C after the headers) and overwrite its LZW data with high codes.
        let start = try #require((13..<gif.count).first { gif[$0] == 0x2C && gif[$0 - 1] == 0 })
        let tableBits = Int(gif[start + 9] & 7) + 1
        let dataStart = start + 10 + 3 * (1 << tableBits) + 1 // after the LZW minimum code size byte
        gif[dataStart + 1] = 0xFF; gif[dataStart + 2] = 0xFF; gif[dataStart + 3] = 0xFF
        let corrupt = gif
        if let error = #expect(throws: (any Error).self, performing: { try GIFDecoder.decode(corrupt) }) {
            #expect("\(error)".contains("LZW code"), "\(error)")
        }
    }
}
