import StardustCore

/// One composed frame of a decoded GIF.
public struct GIFFrame: Hashable, Sendable {
    /// The whole canvas after this frame was drawn, premultiplied (GIF alpha is 0 or 255).
    public var image: Image
    /// The frame's delay in centiseconds (1/100 s), as stored.
    public var delayCentiseconds: Int
}

/// A decoded GIF: canvas size, loop count and composed frames.
public struct GIFAnimation: Hashable, Sendable {
    /// Canvas (logical screen) width.
    public var width: Int
    /// Canvas height.
    public var height: Int
    /// The NETSCAPE2.0 loop count (0 = forever), or nil when the file has none (plays once).
    public var loopCount: Int?
    /// The composed frames in order.
    public var frames: [GIFFrame]
}

/// Reads GIF87a/GIF89a files: LZW decoding, interlaced images, local and global color tables,
/// transparency, and composition with the disposal methods (none/keep, restore to background, which
/// clears to transparent as browsers do, and restore to previous).
///
/// Hostile input is rejected with ``CodecError``: a canvas or frame over `maxPixels` (checked before
/// allocating), more composed pixels in total than `maxTotalPixels` (the frames are counted by a scan of
/// the block structure before the canvas is allocated, so a long animation is refused before any pixel
/// is), truncation, or invalid LZW codes.
public enum GIFDecoder {
    /// The default bound on `frames × canvas pixels` (400 MB of composed RGBA).
    public static let defaultMaxTotalPixels = 100_000_000

    /// Decodes every frame, or the first `maxFrames`. O(frames × canvas pixels).
    public static func decode(_ bytes: [UInt8], maxPixels: Int = ImageLimits.defaultMaxPixels,
                              maxTotalPixels: Int = defaultMaxTotalPixels, maxFrames: Int = .max) throws -> GIFAnimation {
        var reader = GIFByteReader(bytes: bytes)
        let magic = try reader.bytes(6)
        guard magic == Array("GIF87a".utf8) || magic == Array("GIF89a".utf8) else {
            throw CodecError.invalidData(format: "GIF", reason: "data does not start with a GIF87a or GIF89a signature")
        }
        let width = try reader.uint16(), height = try reader.uint16()
        let flags = try reader.byte()
        _ = try reader.bytes(2) // background index, aspect ratio
        guard width > 0, height > 0 else { throw CodecError.invalidData(format: "GIF", reason: "declares an empty canvas \(width)×\(height)") }
        try CodecError.checkPixelLimit(format: "GIF", width: width, height: height, limit: maxPixels)
        var globalTable: [UInt8]?
        if flags & 0x80 != 0 { globalTable = try reader.bytes(3 << (Int(flags & 7) + 1)) }
        // Count the frames that will be kept before allocating anything: frames × canvas must fit.
        let kept = min(maxFrames, Self.countFrames(after: reader))
        let (planned, plannedOverflow) = width.multipliedReportingOverflow(by: height * max(kept, 1))
        guard !plannedOverflow, planned <= maxTotalPixels else {
            throw CodecError.invalidData(format: "GIF", reason: "has \(kept) frames of \(width)×\(height) pixels, more than \(maxTotalPixels) pixels in all frames together")
        }

        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var frames: [GIFFrame] = []
        var loopCount: Int?
        var delay = 0, disposal = 0, transparent: Int? = nil
        var totalPixels = 0

        while true {
            let introducer = try reader.byte()
            switch introducer {
            case 0x3B:
                return GIFAnimation(width: width, height: height, loopCount: loopCount, frames: frames)
            case 0x21:
                let label = try reader.byte()
                if label == 0xF9 {
                    let block = try reader.subBlock()
                    guard block.count >= 4 else { throw CodecError.invalidData(format: "GIF", reason: "graphic control extension is too short") }
                    disposal = Int(block[0] >> 2) & 7
                    delay = Int(block[1]) | Int(block[2]) << 8
                    transparent = block[0] & 1 != 0 ? Int(block[3]) : nil
                    try reader.skipSubBlocks()
                } else if label == 0xFF {
                    let id = try reader.subBlock()
                    if id == Array("NETSCAPE2.0".utf8) || id == Array("ANIMEXTS1.0".utf8) {
                        while true {
                            let sub = try reader.subBlock()
                            if sub.isEmpty { break }
                            if sub.count >= 3 && sub[0] == 1 { loopCount = Int(sub[1]) | Int(sub[2]) << 8 }
                        }
                    } else if !id.isEmpty {
                        try reader.skipSubBlocks()
                    }
                } else {
                    try reader.skipSubBlocks()
                }
            case 0x2C:
                let fx = try reader.uint16(), fy = try reader.uint16(), fw = try reader.uint16(), fh = try reader.uint16()
                let fflags = try reader.byte()
                try CodecError.checkPixelLimit(format: "GIF frame", width: fw, height: fh, limit: maxPixels)
                let (total, overflow) = totalPixels.addingReportingOverflow(width * height)
                guard !overflow, total <= maxTotalPixels else {
                    throw CodecError.invalidData(format: "GIF", reason: "has more than \(maxTotalPixels) pixels in all frames together")
                }
                totalPixels = total
                var table = globalTable
                if fflags & 0x80 != 0 { table = try reader.bytes(3 << (Int(fflags & 7) + 1)) }
                guard let colors = table else { throw CodecError.invalidData(format: "GIF", reason: "frame \(frames.count) has no color table") }
                let minCodeSize = Int(try reader.byte())
                let data = try reader.concatenatedSubBlocks()
                var indices = [UInt8](repeating: 0, count: fw * fh)
                try indices.withUnsafeMutableBufferPointer { try GIFLZWDecoder.decode(data, minCodeSize: minCodeSize, into: $0) }
                if fflags & 0x40 != 0 { indices = deinterlace(indices, width: fw, height: fh) }

                let saved = disposal == 3 ? canvas : nil
                draw(indices, colors: colors, transparent: transparent, x: fx, y: fy, w: fw, h: fh, on: &canvas, width: width, height: height)
                frames.append(GIFFrame(image: Image(width: width, height: height, pixels: canvas), delayCentiseconds: delay))
                switch disposal {
                case 2: clear(x: fx, y: fy, w: fw, h: fh, on: &canvas, width: width, height: height)
                case 3: if let saved { canvas = saved }
                default: break
                }
                delay = 0; disposal = 0; transparent = nil
                if frames.count >= maxFrames { return GIFAnimation(width: width, height: height, loopCount: loopCount, frames: frames) }
            default:
                throw CodecError.invalidData(format: "GIF", reason: "has an unknown block type 0x\(String(introducer, radix: 16))")
            }
        }
    }

    /// Decodes the first frame only (for still-image use): later frames are neither decoded nor allocated. O(pixels).
    public static func decodeFirstFrame(_ bytes: [UInt8], maxPixels: Int = ImageLimits.defaultMaxPixels) throws -> Image {
        let animation = try decode(bytes, maxPixels: maxPixels, maxFrames: 1)
        guard let first = animation.frames.first else { throw CodecError.invalidData(format: "GIF", reason: "has no frames") }
        return first.image
    }

    /// The number of image descriptors after the header, found by walking the block structure
    /// (sub-blocks are skipped, nothing is decoded). Stops counting at the first malformed block: the
    /// decoder reports that one itself. O(blocks).
    static func countFrames(after start: GIFByteReader) -> Int {
        var r = start
        var count = 0
        while let introducer = try? r.byte() {
            switch introducer {
            case 0x2C:
                guard (try? r.bytes(8)) != nil, let f = try? r.byte() else { return count }
                if f & 0x80 != 0 { guard (try? r.bytes(3 << (Int(f & 7) + 1))) != nil else { return count } }
                guard (try? r.byte()) != nil, (try? r.skipSubBlocks()) != nil else { return count + 1 }
                count += 1
            case 0x21:
                guard (try? r.byte()) != nil, (try? r.skipSubBlocks()) != nil else { return count }
            default:
                return count
            }
        }
        return count
    }

    private static func deinterlace(_ src: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: src.count)
        var row = 0
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            var y = start
            while y < height {
                out[(y * width)..<(y * width + width)] = src[(row * width)..<(row * width + width)]
                row += 1; y += step
            }
        }
        return out
    }

    private static func draw(_ indices: [UInt8], colors: [UInt8], transparent: Int?, x: Int, y: Int, w: Int, h: Int,
                             on canvas: inout [UInt8], width: Int, height: Int) {
        let entries = colors.count / 3
        for j in 0..<h where y + j < height {
            for i in 0..<w where x + i < width {
                let k = Int(indices[j * w + i])
                if k == transparent { continue }
                let d = 4 * ((y + j) * width + x + i)
                if k < entries {
                    canvas[d] = colors[3 * k]; canvas[d + 1] = colors[3 * k + 1]; canvas[d + 2] = colors[3 * k + 2]
                } else {
                    canvas[d] = 0; canvas[d + 1] = 0; canvas[d + 2] = 0
                }
                canvas[d + 3] = 255
            }
        }
    }

    private static func clear(x: Int, y: Int, w: Int, h: Int, on canvas: inout [UInt8], width: Int, height: Int) {
        for j in 0..<h where y + j < height {
            for i in 0..<w where x + i < width {
                let d = 4 * ((y + j) * width + x + i)
                canvas[d] = 0; canvas[d + 1] = 0; canvas[d + 2] = 0; canvas[d + 3] = 0
            }
        }
    }
}

/// Bounds-checked little-endian reading for the GIF decoder.
struct GIFByteReader {
    let bytes: [UInt8]
    var pos = 0

    private func truncated() -> CodecError { .invalidData(format: "GIF", reason: "file is truncated at byte \(bytes.count)") }

    mutating func byte() throws -> UInt8 {
        guard pos < bytes.count else { throw truncated() }
        pos += 1
        return bytes[pos - 1]
    }

    mutating func uint16() throws -> Int {
        let lo = try byte(), hi = try byte()
        return Int(lo) | Int(hi) << 8
    }

    mutating func bytes(_ n: Int) throws -> [UInt8] {
        guard bytes.count - pos >= n else { throw truncated() }
        pos += n
        return Array(bytes[(pos - n)..<pos])
    }

    /// One data sub-block (empty for the terminator).
    mutating func subBlock() throws -> [UInt8] { try bytes(Int(try byte())) }

    mutating func skipSubBlocks() throws {
        while true {
            let n = Int(try byte())
            if n == 0 { return }
            guard bytes.count - pos >= n else { throw truncated() }
            pos += n
        }
    }

    mutating func concatenatedSubBlocks() throws -> [UInt8] {
        var out: [UInt8] = []
        while true {
            let n = Int(try byte())
            if n == 0 { return out }
            guard bytes.count - pos >= n else { throw truncated() }
            out.append(contentsOf: bytes[pos..<(pos + n)])
            pos += n
        }
    }
}
