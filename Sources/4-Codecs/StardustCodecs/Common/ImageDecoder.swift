import StardustCore

/// Decodes PNG, JPEG or GIF (first frame), choosing the decoder by the file's magic bytes.
public enum ImageDecoder {
    /// Decodes `bytes` to a premultiplied image. Throws for unknown formats and bad data. O(pixels).
    public static func decode(_ bytes: [UInt8], maxPixels: Int = ImageLimits.defaultMaxPixels) throws -> Image {
        if bytes.starts(with: PNGBytes.signature) { return try PNGDecoder.decode(bytes, maxPixels: maxPixels) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try JPEGDecoder.decode(bytes, maxPixels: maxPixels) }
        if bytes.starts(with: Array("GIF8".utf8)) { return try GIFDecoder.decodeFirstFrame(bytes, maxPixels: maxPixels) }
        throw CodecError.unsupported(format: "Image", reason: "format (not PNG, JPEG or GIF)")
    }

    /// Reads and decodes the file at `path`. Throws ``CodecError/io(path:reason:)`` when it cannot be read.
    public static func decodeFile(atPath path: String, maxPixels: Int = ImageLimits.defaultMaxPixels) throws -> Image {
        try decode(FileReader.readAll(path), maxPixels: maxPixels)
    }
}
