import StardustCore

/// Reads PNG files: every color type and bit depth, palettes with `tRNS`, gray/RGB color keys,
/// Adam7 interlacing, all five filters and multiple `IDAT` chunks. Every chunk's CRC is checked.
///
/// The declared size is checked against `maxPixels` before anything is allocated. 16-bit samples are
/// reduced to 8 bits by rounding (`(v·255 + 32767) / 65535`). APNG files decode to their default image.
public enum PNGDecoder {
    /// Decodes a PNG to a premultiplied image. O(pixels).
    ///
    /// A palette image takes its pixels from a premultiplied palette (``Image/premultiply(_:)`` on the 256 entries
    /// once, instead of on every pixel after the expansion): the same bytes, since premultiplying depends on the
    /// pixel alone. Most images of the lottie-ios samples are palette images (docs/BENCHMARKS.md, "lottie",
    /// twenty-third round).
    public static func decode(_ bytes: [UInt8], maxPixels: Int = ImageLimits.defaultMaxPixels) throws -> Image {
        let decoded = try decodeRGBA(bytes, maxPixels: maxPixels, premultiplyingPalette: true)
        var straight = decoded.image
        // The pixels leave `straight` so that their buffer is not shared (no second image): a palette image's are
        // premultiplied already, the others are premultiplied in place.
        let pixels = straight.pixels
        straight.pixels = []
        if decoded.premultiplied { return Image(width: straight.width, height: straight.height, pixels: pixels) }
        return Image(width: straight.width, height: straight.height, straightRGBA: consume pixels)
    }

    /// Decodes a PNG to straight-alpha RGBA8, exactly as stored (after bit-depth scaling). O(pixels).
    public static func decodeStraightRGBA(_ bytes: [UInt8], maxPixels: Int = ImageLimits.defaultMaxPixels) throws -> StraightRGBAImage {
        try decodeRGBA(bytes, maxPixels: maxPixels, premultiplyingPalette: false).image
    }

    /// Decodes a PNG to RGBA8: straight, or premultiplied when `premultiplyingPalette` and the image has a palette
    /// (`premultiplied` says which; the image type is the container either way).
    private static func decodeRGBA(_ bytes: [UInt8], maxPixels: Int, premultiplyingPalette: Bool) throws
        -> (image: StraightRGBAImage, premultiplied: Bool) {
        var header: PNGHeader?
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var idat: [Range<Int>] = []
        var first = true
        try PNGChunkScanner.scan(bytes) { type, range in
            let name = PNGBytes.typeName(type)
            if first {
                guard name == "IHDR" else { throw CodecError.invalidData(format: "PNG", reason: "first chunk is \(name), not IHDR") }
                let h = try PNGHeader(ihdr: bytes[range])
                try CodecError.checkPixelLimit(format: "PNG", width: h.width, height: h.height, limit: maxPixels)
                header = h
                first = false
                return true
            }
            switch name {
            case "IHDR": throw CodecError.invalidData(format: "PNG", reason: "has more than one IHDR chunk")
            case "PLTE":
                guard range.count % 3 == 0, range.count >= 3, range.count <= 768 else {
                    throw CodecError.invalidData(format: "PNG", reason: "PLTE chunk has an invalid length \(range.count)")
                }
                palette = Array(bytes[range])
            case "tRNS": transparency = Array(bytes[range])
            case "IDAT": idat.append(range)
            default:
                // Unknown critical chunks (uppercase first letter) cannot be skipped safely.
                if type & 0x2000_0000 == 0 && name != "IEND" {
                    throw CodecError.unsupported(format: "PNG", reason: "critical chunk \(name)")
                }
            }
            return true
        }
        guard let header else { throw CodecError.invalidData(format: "PNG", reason: "has no IHDR chunk") }
        guard !idat.isEmpty else { throw CodecError.invalidData(format: "PNG", reason: "has no IDAT chunk") }
        if header.colorType == 3 && palette.isEmpty {
            throw CodecError.invalidData(format: "PNG", reason: "uses a palette but has no PLTE chunk")
        }

        // Raw (filtered) size of every pass; the pixel limit keeps these far from overflow.
        let passes = header.interlaced ? Adam7.passes : [(x: 0, y: 0, dx: 1, dy: 1)]
        var rawSize = 0
        for p in passes {
            let s = Adam7.passSize(p, width: header.width, height: header.height)
            if s.width > 0 && s.height > 0 { rawSize += s.height * (header.rowBytes(columns: s.width) + 1) }
        }
        let premultiplied = premultiplyingPalette && header.colorType == 3
        let expander = try PNGRowExpander(header: header, palette: palette, transparency: transparency, premultiplied: premultiplied)

        // One buffer holds the pixels and, non-interlaced, the inflated rows too (docs/CODECS.md, "Memory"): the rows
        // are inflated into its tail and expanded in order into its front, through one row of scratch. Row j's pixels
        // end before row j + 1's data starts, so nothing is overwritten before it is read, and a decode holds one
        // image's bytes instead of two. Adam7 passes scatter their pixels over the whole image: their rows stay apart.
        let outSize = header.width * header.height * 4
        let shared = !header.interlaced
        // Neither buffer is cleared first: on success every byte is written — the inflated rows fill exactly their
        // part (`Zlib.inflate` throws otherwise), every pixel of the front is expanded (Adam7's seven passes cover
        // the image), and `expand` writes the four bytes of each pixel — and on failure the buffers are dropped.
        // Clearing them was 0.5 % of opening the lottie-ios samples (docs/BENCHMARKS.md, "lottie", twenty-fourth
        // round (opening)).
        var out = Self.unclearedBytes(shared ? max(outSize, rawSize) : outSize)
        var apart = Self.unclearedBytes(shared ? 0 : rawSize)
        var scratch = [UInt8](repeating: 0, count: header.rowBytes(columns: header.width))
        try out.withUnsafeMutableBufferPointer { outBuf in
            try apart.withUnsafeMutableBufferPointer { apartBuf in
                let rows = shared ? UnsafeMutableBufferPointer(rebasing: outBuf[(outBuf.count - rawSize)...]) : apartBuf
                try Zlib.inflate(bytes, pieces: idat, into: rows, format: "PNG")
                try scratch.withUnsafeMutableBufferPointer { row in
                    var offset = 0
                    for p in passes {
                        let s = Adam7.passSize(p, width: header.width, height: header.height)
                        guard s.width > 0 && s.height > 0 else { continue }
                        let rowBytes = header.rowBytes(columns: s.width)
                        let base = rows.baseAddress! + offset
                        try PNGFilter.unfilter(base, rows: s.height, rowBytes: rowBytes, bpp: header.filterStride)
                        for j in 0..<s.height {
                            row.baseAddress!.update(from: base + j * (rowBytes + 1) + 1, count: rowBytes)
                            let y = p.y + j * p.dy
                            let dst = outBuf.baseAddress! + 4 * (y * header.width + p.x)
                            try expander.expand(UnsafePointer(row.baseAddress!), count: s.width, into: dst, step: 4 * p.dx)
                        }
                        offset += s.height * (rowBytes + 1)
                    }
                }
            }
        }
        if out.count > outSize { out.removeLast(out.count - outSize) }
        return (StraightRGBAImage(width: header.width, height: header.height, pixels: out), premultiplied)
    }

    /// `count` bytes whose values are whatever the allocation held: for a buffer the caller writes in full before
    /// reading any of it.
    private static func unclearedBytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }
}
