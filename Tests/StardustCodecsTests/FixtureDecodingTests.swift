import StardustTestSupport
import StardustCodecs
import StardustCore
import XCTest

/// Decodes files written by other encoders (Pillow, and PNGs assembled by hand with Python's zlib) and
/// compares them with the expected straight RGBA dumps made by `Fixtures/make_fixtures.py`.
final class FixtureDecodingTests: XCTestCase {
    func testEveryPNGFixtureMatchesItsDump() throws {
        let entries = try TestSupport.manifest().filter { $0.kind == "png" }
        XCTAssertGreaterThanOrEqual(entries.count, 18)
        for e in entries {
            let bytes = try TestSupport.fixture(e.file)
            let expected = try TestSupport.fixture(e.file.replacingOccurrences(of: ".png", with: ".rgba"))
            let decoded = try PNGDecoder.decodeStraightRGBA(bytes)
            XCTAssertEqual(decoded.width, e.width, e.file)
            XCTAssertEqual(decoded.height, e.height, e.file)
            // Fully transparent pixels carry no color; compare alpha only there.
            var mismatches = 0
            for i in stride(from: 0, to: expected.count, by: 4) {
                let a = expected[i + 3]
                if decoded.pixels[i + 3] != a { mismatches += 1; continue }
                if a != 0 && decoded.pixels[i..<(i + 3)] != expected[i..<(i + 3)] { mismatches += 1 }
            }
            XCTAssertEqual(mismatches, 0, "\(e.file): \(mismatches) pixels differ")
            // The premultiplied decode agrees with premultiplying the dump.
            XCTAssertEqual(try PNGDecoder.decode(bytes), Image(width: e.width, height: e.height, straightRGBA: expected), e.file)
        }
    }

    /// JPEG: Pillow's bundled libjpeg-turbo and the system libjpeg may differ by a level or two
    /// (IDCT and chroma upsampling implementations differ), so each channel may be off by `tolerance` (3).
    func testJPEGFixturesMatchWithinTolerance() throws {
        let entries = try TestSupport.manifest().filter { $0.kind == "jpeg" }
        XCTAssertEqual(entries.count, 3)
        for e in entries {
            let decoded = try JPEGDecoder.decodeStraightRGBA(TestSupport.fixture(e.file))
            let expected = try TestSupport.fixture(e.file.replacingOccurrences(of: ".jpg", with: ".rgba"))
            XCTAssertEqual(decoded.width, e.width)
            XCTAssertEqual(decoded.height, e.height)
            var worst = 0
            for i in 0..<expected.count { worst = max(worst, abs(Int(decoded.pixels[i]) - Int(expected[i]))) }
            XCTAssertLessThanOrEqual(worst, e.tolerance, e.file)
            // Generic sniffing decoder picks JPEG.
            XCTAssertEqual(try ImageDecoder.decode(TestSupport.fixture(e.file)).width, e.width)
        }
    }

    /// `pil_anim.gif` (Pillow) and `hand_disposal.gif` (assembled by hand: interlaced first frame,
    /// sub-rectangles, transparency, disposal 1/3/2/0, loop count 2), against their composed-frame dumps.
    func testGIFFixturesDecodeToTheirComposedFrames() throws {
        let entries = try TestSupport.manifest().filter { $0.kind == "gif" }
        XCTAssertEqual(entries.count, 2)
        for e in entries {
            let animation = try GIFDecoder.decode(TestSupport.fixture(e.file))
            let expected = try TestSupport.fixture(e.file.replacingOccurrences(of: ".gif", with: ".rgba"))
            XCTAssertEqual(animation.width, e.width)
            XCTAssertEqual(animation.height, e.height)
            XCTAssertEqual(animation.frames.count, e.frames)
            XCTAssertEqual(animation.loopCount, e.loop)
            XCTAssertEqual(animation.frames.map(\.delayCentiseconds), e.delays)
            let frameBytes = e.width * e.height * 4
            for (i, frame) in animation.frames.enumerated() {
                let slice = Array(expected[(i * frameBytes)..<((i + 1) * frameBytes)])
                XCTAssertEqual(frame.image, Image(width: e.width, height: e.height, straightRGBA: slice), "\(e.file) frame \(i)")
            }
        }
    }

    func testImageDecoderSniffsAndRejectsUnknownData() throws {
        XCTAssertEqual(try ImageDecoder.decode(TestSupport.fixture("pil_rgb8.png")).width, 16)
        XCTAssertEqual(try ImageDecoder.decode(TestSupport.fixture("pil_anim.gif")).width, 12)
        XCTAssertThrowsError(try ImageDecoder.decode([1, 2, 3, 4])) { error in
            XCTAssertTrue("\(error)".contains("not PNG, JPEG or GIF"), "\(error)")
        }
        let path = TestSupport.fixturesDirectory.appendingPathComponent("pil_gray.jpg").path
        XCTAssertEqual(try ImageDecoder.decodeFile(atPath: path).height, 16)
        XCTAssertThrowsError(try ImageDecoder.decodeFile(atPath: "/nonexistent/x.png"))
    }
}
