import StardustTestSupport
import Foundation
@testable import StardustCodecs
import StardustCore
import Testing

/// The GIF encoder's temporal stability: unchanged pixels stay identical and are stored as the
/// transparent index, only changed rectangles are stored, one palette serves the animation, and the
/// result decodes the same in our decoder and in ffmpeg.
@Suite struct GIFTemporalStabilityTests {
    // MARK: - Fixtures

    /// A smooth three-channel gradient (thousands of colors, so the palette is quantized) with a
    /// 6×5 white box moving 3 px right per frame and a 4×4 orange box moving down 2 px per frame.
    static func movingBoxes(count: Int, width: Int = 64, height: Int = 48) -> [Image] {
        (0..<count).map { f in
            TestSupport.image(width: width, height: height) { x, y in
                if (8 + 3 * f)..<(14 + 3 * f) ~= x, 10..<15 ~= y { return (255, 255, 255, 255) }
                if 40..<44 ~= x, (4 + 2 * f)..<(8 + 2 * f) ~= y { return (250, 140, 20, 255) }
                return (UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8((x + 2 * y) * 255 / (width + 2 * height - 3)), 255)
            }
        }
    }

    /// One parsed image of a GIF: its graphic control and descriptor fields and its decoded indices.
    struct ParsedImage {
        var disposal: Int
        var transparentIndex: Int?
        var rect: (x: Int, y: Int, width: Int, height: Int)
        var hasLocalTable: Bool
        var indices: [UInt8]
    }

    struct ParsedGIF {
        var globalTableEntries: Int
        var images: [ParsedImage]
    }

    /// A minimal GIF block parser (no interlace support: the writer never interlaces).
    static func parse(_ b: [UInt8]) throws -> ParsedGIF {
        var i = 13
        let flags = b[10]
        let globalEntries = flags & 0x80 != 0 ? 1 << (Int(flags & 7) + 1) : 0
        i += 3 * globalEntries
        var images: [ParsedImage] = []
        var disposal = 0
        var transparent: Int?
        while i < b.count {
            switch b[i] {
            case 0x3B:
                return ParsedGIF(globalTableEntries: globalEntries, images: images)
            case 0x21:
                if b[i + 1] == 0xF9 {
                    disposal = Int(b[i + 3] >> 2) & 7
                    transparent = b[i + 3] & 1 != 0 ? Int(b[i + 6]) : nil
                }
                i += 2
                while b[i] != 0 { i += Int(b[i]) + 1 }
                i += 1
            case 0x2C:
                func u16(_ o: Int) -> Int { Int(b[i + o]) | Int(b[i + o + 1]) << 8 }
                let rect = (x: u16(1), y: u16(3), width: u16(5), height: u16(7))
                let f = b[i + 9]
                i += 10
                if f & 0x80 != 0 { i += 3 << (Int(f & 7) + 1) }
                let minCodeSize = Int(b[i])
                i += 1
                var data: [UInt8] = []
                while b[i] != 0 { data += b[(i + 1)...(i + Int(b[i]))]; i += Int(b[i]) + 1 }
                i += 1
                var indices = [UInt8](repeating: 0, count: rect.width * rect.height)
                try indices.withUnsafeMutableBufferPointer { try GIFLZWDecoder.decode(data, minCodeSize: minCodeSize, into: $0) }
                images.append(ParsedImage(disposal: disposal, transparentIndex: transparent, rect: rect, hasLocalTable: f & 0x80 != 0, indices: indices))
                disposal = 0; transparent = nil
            default:
                Issue.record("unexpected block 0x\(String(b[i], radix: 16)) at \(i)")
                return ParsedGIF(globalTableEntries: globalEntries, images: images)
            }
        }
        return ParsedGIF(globalTableEntries: globalEntries, images: images)
    }

    /// The bounding box (x, y, width, height) of the pixels that differ between two images.
    static func changedBox(_ a: Image, _ b: Image) -> (x: Int, y: Int, width: Int, height: Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            }
        }
        return x1 < 0 ? nil : (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }

    // MARK: - Tests

    @Test func unchangedPixelsAreTransparentIndicesAndDecodeIdentically() throws {
        let frames = Self.movingBoxes(count: 8)
        let bytes = try GIFWriter.encode(frames, fps: 10)
        let gif = try Self.parse(bytes)
        #expect(gif.images.count == 8)
        for k in 1..<frames.count {
            let image = gif.images[k]
            let t = try #require(image.transparentIndex, "later frames need a transparent index")
            var transparentCount = 0
            for y in 0..<image.rect.height {
                for x in 0..<image.rect.width {
                    let cx = image.rect.x + x, cy = image.rect.y + y
                    if frames[k][cx, cy] == frames[k - 1][cx, cy] {
                        #expect(Int(image.indices[y * image.rect.width + x]) == t, "frame \(k) pixel (\(cx), \(cy)) did not change")
                        transparentCount += 1
                    }
                }
            }
            #expect(transparentCount > 0)
        }
        // Decoded: a pixel whose source never changes shows the same color in every frame.
        let decoded = try GIFDecoder.decode(bytes).frames.map(\.image)
        var stable = 0
        for y in 0..<48 {
            for x in 0..<64 where frames.allSatisfy({ $0[x, y] == frames[0][x, y] }) {
                stable += 1
                for k in 1..<decoded.count { #expect(decoded[k][x, y] == decoded[0][x, y]) }
            }
        }
        #expect(stable > 64 * 48 / 2)
    }

    @Test func onlyTheChangedRectanglesAreStored() throws {
        let frames = Self.movingBoxes(count: 6)
        let gif = try Self.parse(GIFWriter.encode(frames, fps: 10))
        #expect(gif.images.count == 6)
        let first = gif.images[0].rect
        #expect(first.x == 0 && first.y == 0 && first.width == 64 && first.height == 48)
        for k in 1..<frames.count {
            let box = try #require(Self.changedBox(frames[k - 1], frames[k]))
            let r = gif.images[k].rect
            #expect(r.x == box.x && r.y == box.y && r.width == box.width && r.height == box.height,
                    "frame \(k): stored \(r), changed \(box)")
            #expect(gif.images[k].disposal == 1, "opaque frames are kept (do not dispose)")
        }
    }

    @Test func oneGlobalPaletteServesTheAnimation() throws {
        let frames = Self.movingBoxes(count: 6)
        let bytes = try GIFWriter.encode(frames, fps: 10)
        let gif = try Self.parse(bytes)
        #expect(gif.globalTableEntries == 256)
        #expect(gif.images.allSatisfy { !$0.hasLocalTable })
        // The same source color at the same place maps to the same index in every frame.
        let decoded = try GIFDecoder.decode(bytes).frames.map(\.image)
        for k in 1..<frames.count {
            let r = gif.images[k].rect
            for y in 0..<r.height {
                for x in 0..<r.width {
                    let cx = r.x + x, cy = r.y + y
                    let i = gif.images[k].indices[y * r.width + x]
                    if Int(i) != gif.images[k].transparentIndex, frames[k][cx, cy] == frames[0][cx, cy] {
                        #expect(decoded[k][cx, cy] == decoded[0][cx, cy])
                    }
                }
            }
        }
    }

    @Test func psnrAgainstTheSourceStaysHigh() throws {
        let frames = Self.movingBoxes(count: 10)
        for options in [ExportOptions(), ExportOptions(gifLossyTolerance: 0), ExportOptions(dither: false)] {
            let decoded = try GIFDecoder.decode(GIFWriter.encode(frames, fps: 10, options: options)).frames.map(\.image)
            #expect(decoded.count == frames.count)
            var sum = 0.0
            for (a, b) in zip(decoded, frames) { sum += min(99, TestSupport.psnr(a.pixels, b.pixels)) }
            // Measured (64×48 two-dimensional gradient, ~3000 colors, two moving boxes): 33.8 dB by
            // default and without the lossy tolerance, 35.7 dB without dithering.
            #expect(sum / Double(frames.count) > 32, "\(options)")
        }
    }

    @Test func transparencyChangesRoundTripThroughOurDecoder() throws {
        // Frame 0 opaque; frame 1 opens a transparent hole (frame 0 must be disposed there); frame 2 is
        // opaque again; frame 3 makes a different area transparent. Few colors, so colors are exact.
        let colors: [(UInt8, UInt8, UInt8)] = [(200, 30, 30), (30, 200, 30), (30, 30, 200)]
        let holes: [(Range<Int>, Range<Int>)?] = [nil, (4..<10, 2..<7), nil, (12..<20, 8..<12)]
        let frames = holes.enumerated().map { f, hole in
            TestSupport.image(width: 24, height: 16) { x, y in
                if let hole, hole.0 ~= x, hole.1 ~= y { return (0, 0, 0, 0) }
                let c = colors[(x / 4 + y / 4 + f) % 3]
                return (c.0, c.1, c.2, 255)
            }
        }
        for global in [true, false] {
            let bytes = try GIFWriter.encode(frames, fps: 10, options: ExportOptions(globalPalette: global))
            let decoded = try GIFDecoder.decode(bytes).frames.map(\.image)
            #expect(decoded == frames, "global palette \(global)")
            let gif = try Self.parse(bytes)
            #expect(gif.images[0].disposal == 2, "frame 0 is cleared before frame 1's hole")
        }
    }

    @Test func sameFramesGiveTheSameBytes() throws {
        let frames = Self.movingBoxes(count: 5)
        let a = try GIFWriter.encode(frames, fps: 12)
        let b = try GIFWriter.encode(frames, fps: 12)
        #expect(a == b)
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let writer = try GIFWriter(path: dir + "/a.gif", width: 64, height: 48, fps: 12)
        for f in frames { try writer.append(f) }
        try writer.finish()
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/a.gif"))) == a)
    }

    static let ffmpeg: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: "\(dir)/ffmpeg") {
            return "\(dir)/ffmpeg"
        }
        return nil
    }()

    /// Decodes a GIF with ffmpeg into straight RGBA frames (one per GIF image, no frame-rate conversion).
    static func ffmpegFrames(_ gif: [UInt8], width: Int, height: Int) throws -> [[UInt8]] {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(gif).write(to: URL(fileURLWithPath: dir + "/in.gif"))
        let decode = try ChildProcess.run(URL(fileURLWithPath: ffmpeg!), ["-v", "error", "-i", dir + "/in.gif", "-fps_mode", "passthrough",
                                                                           "-f", "rawvideo", "-pix_fmt", "rgba", dir + "/out.rgba"])
        #expect(decode.status == 0, "\(decode.standardError)")
        let raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/out.rgba")))
        let size = width * height * 4
        return stride(from: 0, to: raw.count - size + 1, by: size).map { Array(raw[$0..<($0 + size)]) }
    }

    @Test(.enabled(if: ffmpeg != nil, "ffmpeg is not on PATH: skipping the independent-decoder round trip"))
    func ffmpegDecodesTheSameFrames() throws {
        let frames = Self.movingBoxes(count: 8)
        let bytes = try GIFWriter.encode(frames, fps: 10)
        let ours = try GIFDecoder.decode(bytes).frames.map { $0.image.straightRGBA() }
        let theirs = try Self.ffmpegFrames(bytes, width: 64, height: 48)
        #expect(theirs.count == ours.count)
        for (k, (a, b)) in zip(ours, theirs).enumerated() {
            #expect(a == b, "frame \(k) differs between our decoder and ffmpeg's")
            #expect(TestSupport.psnr(b, frames[k].straightRGBA()) > 33)
        }
    }

    @Test(.enabled(if: ffmpeg != nil, "ffmpeg is not on PATH: skipping the independent-decoder round trip"))
    func ffmpegDecodesTransparencyChanges() throws {
        let holes: [(Range<Int>, Range<Int>)?] = [nil, (4..<10, 2..<7), nil, (12..<20, 8..<12)]
        let frames = holes.enumerated().map { f, hole in
            TestSupport.image(width: 24, height: 16) { x, y in
                if let hole, hole.0 ~= x, hole.1 ~= y { return (0, 0, 0, 0) }
                return (x + y + f) % 3 == 0 ? (220, 40, 40, 255) : (40, 40, 220, 255)
            }
        }
        let bytes = try GIFWriter.encode(frames, fps: 10)
        let theirs = try Self.ffmpegFrames(bytes, width: 24, height: 16)
        #expect(theirs.count == frames.count)
        for (k, (src, out)) in zip(frames, theirs).enumerated() {
            let straight = src.straightRGBA()
            for p in 0..<(24 * 16) {
                let a = straight[4 * p + 3]
                #expect(out[4 * p + 3] == (a < 128 ? 0 : 255), "frame \(k) pixel \(p) alpha")
                if a >= 128 { #expect(Array(out[(4 * p)..<(4 * p + 3)]) == Array(straight[(4 * p)..<(4 * p + 3)]), "frame \(k) pixel \(p)") }
            }
        }
    }
}
