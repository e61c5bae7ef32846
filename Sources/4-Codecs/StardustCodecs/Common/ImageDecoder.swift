import StardustCore

/// Decodes PNG, JPEG or GIF (first frame), choosing the decoder by the file's magic bytes.
public enum ImageDecoder {
    /// An image's format and declared size, read from its header without decoding any pixel.
    public struct Header: Hashable, Sendable {
        /// "PNG", "JPEG" or "GIF".
        public var format: String
        /// The image width in pixels, as the header declares it.
        public var width: Int
        /// The image height in pixels, as the header declares it.
        public var height: Int
        /// Bytes of the decoded premultiplied RGBA image (what a still-image decode keeps: one frame).
        public var decodedBytes: Int { width.multipliedReportingOverflow(by: height).partialValue.multipliedReportingOverflow(by: 4).partialValue }
    }

    /// Reads the format and size from the header. O(header) — a JPEG's markers are scanned up to the frame header.
    /// Throws for unknown formats and headers that are cut short.
    public static func header(of bytes: [UInt8]) throws -> Header {
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        if bytes.starts(with: PNGBytes.signature) {
            guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else {
                throw CodecError.invalidData(format: "PNG", reason: "has no IHDR header chunk")
            }
            let w = be16(16) << 16 | be16(18), h = be16(20) << 16 | be16(22)
            return Header(format: "PNG", width: w, height: h)
        }
        if bytes.starts(with: Array("GIF8".utf8)) {
            guard bytes.count >= 10 else { throw CodecError.invalidData(format: "GIF", reason: "file is truncated at byte \(bytes.count)") }
            return Header(format: "GIF", width: Int(bytes[6]) | Int(bytes[7]) << 8, height: Int(bytes[8]) | Int(bytes[9]) << 8)
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            var i = 2
            while i + 1 < bytes.count {
                guard bytes[i] == 0xFF else { i += 1; continue }
                let m = bytes[i + 1]
                if m == 0xFF { i += 1; continue }
                if m == 0x01 || (0xD0...0xD9).contains(m) { i += 2; continue }
                guard i + 3 < bytes.count else { break }
                let length = be16(i + 2)
                if (0xC0...0xCF).contains(m) && m != 0xC4 && m != 0xC8 && m != 0xCC {
                    guard i + 8 < bytes.count else { break }
                    return Header(format: "JPEG", width: be16(i + 7), height: be16(i + 5))
                }
                guard length >= 2 else { break }
                i += 2 + length
            }
            throw CodecError.invalidData(format: "JPEG", reason: "has no frame header (SOF marker)")
        }
        throw CodecError.unsupported(format: "Image", reason: "format (not PNG, JPEG or GIF)")
    }

    /// Decodes `bytes` to a premultiplied image. Throws for unknown formats and bad data. O(pixels).
    public static func decode(_ bytes: [UInt8], maxPixels: Int = ImageLimits.defaultMaxPixels) throws -> Image {
        if bytes.starts(with: PNGBytes.signature) { return try PNGDecoder.decode(bytes, maxPixels: maxPixels) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEGDecoder.decode(bytes, maxPixels: maxPixels) }
        if bytes.starts(with: Array("GIF8".utf8)) { return try GIFDecoder.decodeFirstFrame(bytes, maxPixels: maxPixels) }
        throw CodecError.unsupported(format: "Image", reason: "format (not PNG, JPEG or GIF)")
    }

    /// Reads and decodes the regular file at `path`. Throws ``CodecError/cannotRead(path:reason:)`` when it cannot be read.
    public static func decodeFile(atPath path: String, maxPixels: Int = ImageLimits.defaultMaxPixels) throws -> Image {
        try decode(FileReader.readAll(path), maxPixels: maxPixels)
    }
}
