import Foundation
import StardustTestSupport
import StardustCodecs
import StardustCore
import Testing

/// Decodes files written by other encoders (Pillow, and PNGs assembled by hand with Python's zlib) and
/// compares them with the expected straight RGBA dumps made by `Fixtures/make_fixtures.py`.
@Suite struct FixtureDecodingTests {
    @Test func everyPNGFixtureMatchesItsDump() throws {
        let entries = try TestSupport.manifest().filter { $0.kind == "png" }
        #expect(entries.count >= 22)  // with the one-pixel-wide and one-row files of the shared-buffer decode (docs/CODECS.md)
        for e in entries {
            let bytes = try TestSupport.fixture(e.file)
            let expected = try TestSupport.fixture(e.file.replacingOccurrences(of: ".png", with: ".rgba"))
            let decoded = try PNGDecoder.decodeStraightRGBA(bytes)
            #expect(decoded.width == e.width, "\(e.file)")
            #expect(decoded.height == e.height, "\(e.file)")
            // Fully transparent pixels carry no color; compare alpha only there.
            var mismatches = 0
            for i in stride(from: 0, to: expected.count, by: 4) {
                let a = expected[i + 3]
                if decoded.pixels[i + 3] != a { mismatches += 1; continue }
                if a != 0 && decoded.pixels[i..<(i + 3)] != expected[i..<(i + 3)] { mismatches += 1 }
            }
            #expect(mismatches == 0, "\(e.file): \(mismatches) pixels differ")
            // The premultiplied decode agrees with premultiplying the dump.
            #expect(try PNGDecoder.decode(bytes) == Image(width: e.width, height: e.height, straightRGBA: expected), "\(e.file)")
        }
    }

    /// JPEG: Pillow's bundled libjpeg-turbo and the system libjpeg may differ by a level or two
    /// (IDCT and chroma upsampling implementations differ), so each channel may be off by `tolerance` (3).
    @Test func jpegFixturesMatchWithinTolerance() throws {
        let entries = try TestSupport.manifest().filter { $0.kind == "jpeg" }
        #expect(entries.count == 3)
        for e in entries {
            let decoded = try JPEGDecoder.decodeStraightRGBA(TestSupport.fixture(e.file))
            let expected = try TestSupport.fixture(e.file.replacingOccurrences(of: ".jpg", with: ".rgba"))
            #expect(decoded.width == e.width)
            #expect(decoded.height == e.height)
            var worst = 0
            for i in 0..<expected.count { worst = max(worst, abs(Int(decoded.pixels[i]) - Int(expected[i]))) }
            #expect(worst <= e.tolerance, "\(e.file)")
            // Generic sniffing decoder picks JPEG.
            #expect(try ImageDecoder.decode(TestSupport.fixture(e.file)).width == e.width)
        }
    }

    /// `pil_anim.gif` (Pillow) and `hand_disposal.gif` (assembled by hand: interlaced first frame,
    /// sub-rectangles, transparency, disposal 1/3/2/0, loop count 2), against their composed-frame dumps.
    @Test func gifFixturesDecodeToTheirComposedFrames() throws {
        let entries = try TestSupport.manifest().filter { $0.kind == "gif" }
        #expect(entries.count == 2)
        for e in entries {
            let animation = try GIFDecoder.decode(TestSupport.fixture(e.file))
            let expected = try TestSupport.fixture(e.file.replacingOccurrences(of: ".gif", with: ".rgba"))
            #expect(animation.width == e.width)
            #expect(animation.height == e.height)
            #expect(animation.frames.count == e.frames)
            #expect(animation.loopCount == e.loop)
            #expect(animation.frames.map(\.delayCentiseconds) == e.delays)
            let frameBytes = e.width * e.height * 4
            for (i, frame) in animation.frames.enumerated() {
                let slice = Array(expected[(i * frameBytes)..<((i + 1) * frameBytes)])
                #expect(frame.image == Image(width: e.width, height: e.height, straightRGBA: slice), "\(e.file) frame \(i)")
            }
        }
    }

    /// The decoder's pixel and row buffers are not cleared before use (every byte is written before it is read):
    /// each PNG — the fixtures (Adam7 among them) and random images of every colour type and depth through our
    /// encoder — is decoded right after freeing blocks of its buffers' sizes filled with 0x00, then with 0xA5 and
    /// 0x5A, so that an unwritten byte would come back as the pattern: the decodes must agree bit for bit with each
    /// other, straight and premultiplied, and the fixtures with their dumps.
    @Test("a decode writes every byte: the same pixels over heaps left with different bytes")
    func decodesDoNotDependOnTheHeap() throws {
        var inputs: [(name: String, bytes: [UInt8])] = []
        for e in try TestSupport.manifest() where e.kind == "png" { inputs.append((e.file, try TestSupport.fixture(e.file))) }
        var rng = SplitMix64(seed: 2_426)
        let formats: [PNGPixelFormat] = [.gray(bitDepth: 1), .gray(bitDepth: 2), .gray(bitDepth: 4), .gray(bitDepth: 8),
                                         .gray(bitDepth: 16), .grayAlpha(bitDepth: 8), .grayAlpha(bitDepth: 16), .rgb(bitDepth: 8),
                                         .rgb(bitDepth: 16), .rgba(bitDepth: 8), .rgba(bitDepth: 16), .palette(bitDepth: 1),
                                         .palette(bitDepth: 2), .palette(bitDepth: 4), .palette(bitDepth: 8)]
        for trial in 0..<120 {
            let w = [1, 2, 3, 7, 33, Int.random(in: 1...90, using: &rng)].randomElement(using: &rng)!
            let h = [1, 2, 5, Int.random(in: 1...40, using: &rng)].randomElement(using: &rng)!
            // Colours each format holds exactly: gray levels of its depth, opaque where it has no alpha.
            let format = formats[trial % formats.count]
            let depth: Int, gray: Bool, opaque: Bool
            switch format {
            case .gray(let d): (depth, gray, opaque) = (d, true, true)
            case .grayAlpha(let d): (depth, gray, opaque) = (d, true, false)
            case .rgb(let d): (depth, gray, opaque) = (d, false, true)
            case .rgba(let d): (depth, gray, opaque) = (d, false, false)
            default: (depth, gray, opaque) = (8, false, false)
            }
            let levels = depth >= 8 ? 255 : (1 << depth) - 1
            func level() -> UInt8 { UInt8(Int.random(in: 0...levels, using: &rng) * (255 / levels)) }
            let colors = (0..<4).map { _ -> (UInt8, UInt8, UInt8, UInt8) in
                let r = level(), g = gray ? r : level(), b = gray ? r : level()
                return (r, g, b, opaque ? 255 : [0, 1, 128, 255].randomElement(using: &rng)!)
            }
            let source = TestSupport.image(width: w, height: h) { _, _ in colors.randomElement(using: &rng)! }
            guard let bytes = try? PNGEncoder.encode(source, format: format, compression: .fast) else { continue }
            inputs.append(("random \(trial)", bytes))
        }
        #expect(inputs.count > 100)
        var junk: [UInt8] = []
        /// Leaves freed blocks of the sizes the decoder asks for holding `pattern`.
        func dirty(_ pattern: UInt8, _ bytes: [UInt8]) {
            let w = Int(bytes[16]) << 24 | Int(bytes[17]) << 16 | Int(bytes[18]) << 8 | Int(bytes[19])
            let h = Int(bytes[20]) << 24 | Int(bytes[21]) << 16 | Int(bytes[22]) << 8 | Int(bytes[23])
            for size in [w * h * 4, w * h * 4 + h, w * h * 8 + h] {
                junk = [UInt8](repeating: pattern, count: size)
                junk = []
            }
        }
        for (name, bytes) in inputs {
            var straight: [[UInt8]] = [], premultiplied: [[UInt8]] = []
            for pattern: UInt8 in [0, 0xA5, 0x5A] {
                dirty(pattern, bytes)
                straight.append(try PNGDecoder.decodeStraightRGBA(bytes).pixels)
                dirty(pattern, bytes)
                premultiplied.append(try PNGDecoder.decode(bytes).pixels)
            }
            #expect(straight[1] == straight[0] && straight[2] == straight[0], "\(name)")
            #expect(premultiplied[1] == premultiplied[0] && premultiplied[2] == premultiplied[0], "\(name)")
            if !name.hasPrefix("random") {
                let expected = try TestSupport.fixture(name.replacingOccurrences(of: ".png", with: ".rgba"))
                #expect(straight[1].count == expected.count, "\(name)")
            }
        }
    }

    @Test func imageDecoderSniffsAndRejectsUnknownData() throws {
        #expect(try ImageDecoder.decode(TestSupport.fixture("pil_rgb8.png")).width == 16)
        #expect(try ImageDecoder.decode(TestSupport.fixture("pil_anim.gif")).width == 12)
        if let error = #expect(throws: (any Error).self, performing: { try ImageDecoder.decode([1, 2, 3, 4]) }) {
            #expect("\(error)".contains("not PNG, JPEG or GIF"), "\(error)")
        }
        let path = TestSupport.fixturesDirectory.appendingPathComponent("pil_gray.jpg").path
        #expect(try ImageDecoder.decodeFile(atPath: path).height == 16)
        #expect(throws: (any Error).self) { try ImageDecoder.decodeFile(atPath: "/nonexistent/x.png") }
    }
}
