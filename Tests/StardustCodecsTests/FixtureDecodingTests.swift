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
