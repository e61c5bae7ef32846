import CStardustZlib
import StardustCore

/// Writes PNG files from premultiplied images (unpremultiplying with rounding to nearest).
///
/// Rows are filtered adaptively (per row, the filter with the minimum sum of absolute differences;
/// palette and sub-byte images use filter None) and compressed with the system zlib.
public enum PNGEncoder {
    /// Encodes `image` as 8-bit RGBA, or RGB when it is opaque. O(pixels).
    ///
    /// PNG cannot store an empty image: for 0 pixels the result is empty (``write(_:to:compression:)``
    /// and ``encode(_:format:compression:)`` throw instead).
    public static func encode(_ image: Image, compression: PNGCompression = .default) -> [UInt8] {
        // The automatic format can represent every non-empty image.
        (try? encode(image, format: .automatic, compression: compression)) ?? []
    }

    /// Encodes `image` in a chosen pixel format; throws when the image cannot be stored in it exactly.
    public static func encode(_ image: Image, format: PNGPixelFormat, compression: PNGCompression = .default) throws -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw CodecError.invalidArgument("PNG cannot store a \(image.width)×\(image.height) image")
        }
        let opaque = StraightPixels.isOpaque(image)
        let straight = StraightPixels.of(image)
        let layout = try PNGPixelLayout(format: format, straight: straight, opaque: opaque)
        var out = PNGBytes.signature
        PNGBytes.appendChunk("IHDR", ihdr(width: image.width, height: image.height, layout: layout), to: &out)
        appendPaletteChunks(layout, to: &out)
        let data = compressedImageData(straight, width: image.width, height: image.height, layout: layout, compression: compression)
        appendIDAT(data, to: &out)
        PNGBytes.appendChunk("IEND", [], to: &out)
        return out
    }

    /// Encodes `image` and writes it atomically to `path`.
    public static func write(_ image: Image, to path: String, compression: PNGCompression = .default) throws {
        try AtomicFile.write(encode(image, format: .automatic, compression: compression), to: path)
    }

    static func ihdr(width: Int, height: Int, layout: PNGPixelLayout) -> [UInt8] {
        var d: [UInt8] = []
        PNGBytes.appendUInt32(UInt32(width), to: &d)
        PNGBytes.appendUInt32(UInt32(height), to: &d)
        d += [UInt8(layout.bitDepth), UInt8(layout.colorType), 0, 0, 0]
        return d
    }

    static func appendPaletteChunks(_ layout: PNGPixelLayout, to out: inout [UInt8]) {
        guard layout.colorType == 3 else { return }
        var plte: [UInt8] = []
        var trns: [UInt8] = []
        for c in layout.palette {
            plte += [UInt8(c >> 24), UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF)]
            trns.append(UInt8(c & 0xFF))
        }
        while let last = trns.last, last == 255 { trns.removeLast() }
        PNGBytes.appendChunk("PLTE", plte, to: &out)
        if !trns.isEmpty { PNGBytes.appendChunk("tRNS", trns, to: &out) }
    }

    static func appendIDAT(_ data: [UInt8], to out: inout [UInt8], chunkType: String = "IDAT") {
        let piece = 1 << 20
        var start = 0
        repeat {
            let end = min(data.count, start + piece)
            PNGBytes.appendChunk(chunkType, Array(data[start..<end]), to: &out)
            start = end
        } while start < data.count
    }

    /// Packs, filters and deflates the rows of straight RGBA8 pixels. O(pixels).
    static func compressedImageData(_ straight: [UInt8], width: Int, height: Int, layout: PNGPixelLayout,
                                    compression: PNGCompression) -> [UInt8] {
        let rowBytes = (width * layout.bitsPerPixel + 7) / 8
        let bpp = max(1, layout.bitsPerPixel / 8)
        let adaptive = layout.colorType != 3 && layout.bitDepth >= 8
        var filtered = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        var rows = [UInt8](repeating: 0, count: 2 * rowBytes + 1)
        var scratch = [UInt8](repeating: 0, count: 5 * rowBytes + 1)
        straight.withUnsafeBufferPointer { src in
            filtered.withUnsafeMutableBufferPointer { dst in
                rows.withUnsafeMutableBufferPointer { rowBuf in
                    scratch.withUnsafeMutableBufferPointer { scr in
                        var current = rowBuf.baseAddress!
                        var previous = rowBuf.baseAddress! + rowBytes
                        previous.update(repeating: 0, count: rowBytes)
                        for y in 0..<height {
                            layout.pack(src.baseAddress! + 4 * width * y, count: width, into: current)
                            let out = dst.baseAddress! + y * (rowBytes + 1)
                            if adaptive {
                                PNGFilter.filterRowAdaptive(current, prev: previous, count: rowBytes, bpp: bpp,
                                                            out: out, scratch: scr.baseAddress!)
                            } else {
                                out[0] = 0
                                (out + 1).update(from: current, count: rowBytes)
                            }
                            swap(&current, &previous)
                        }
                    }
                }
            }
        }
        return filtered.withUnsafeBytes {
            Zlib.deflate($0, level: compression.zlibLevel, strategy: adaptive ? Z_FILTERED : Z_DEFAULT_STRATEGY)
        }
    }
}
