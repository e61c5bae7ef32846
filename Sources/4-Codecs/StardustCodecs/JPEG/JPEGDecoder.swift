import CStardustJPEG
import StardustCore

#if canImport(Glibc)
import Glibc
#endif

/// Reads JPEG files through the system libjpeg: gray, YCbCr/RGB and CMYK/YCCK (converted to RGB).
///
/// libjpeg runs inside a small C shim that catches its errors with setjmp, so corrupt data becomes a
/// ``CodecError`` instead of ending the process. libjpeg's warnings (corrupt or truncated scan data)
/// are treated as errors too. The header's size is checked against `maxPixels` before decompressing.
public enum JPEGDecoder {
    /// Decodes a JPEG to a premultiplied (opaque) image. O(pixels).
    public static func decode(_ bytes: [UInt8], maxPixels: Int = ImageLimits.defaultMaxPixels) throws -> Image {
        let s = try decodeStraightRGBA(bytes, maxPixels: maxPixels)
        return Image(width: s.width, height: s.height, pixels: s.pixels)
    }

    /// Decodes a JPEG to RGBA8 with alpha 255. O(pixels).
    public static func decodeStraightRGBA(_ bytes: [UInt8], maxPixels: Int = ImageLimits.defaultMaxPixels) throws -> StraightRGBAImage {
        guard bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF else {
            throw CodecError.invalidData(format: "JPEG", reason: "data does not start with a JPEG SOI marker")
        }
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let result = bytes.withUnsafeBufferPointer { buf in
            message.withUnsafeMutableBufferPointer { msg in
                stardust_jpeg_decode(buf.baseAddress, buf.count, Int64(maxPixels), &pixels, &width, &height, msg.baseAddress, msg.count)
            }
        }
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        switch Int(result) {
        case Int(STARDUST_JPEG_OK):
            guard let pixels else { throw CodecError.invalidData(format: "JPEG", reason: "decoder returned no pixels") }
            defer { free(pixels) }
            let w = Int(width), h = Int(height)
            let out = [UInt8](UnsafeBufferPointer(start: pixels, count: w * h * 4))
            return StraightRGBAImage(width: w, height: h, pixels: out)
        case Int(STARDUST_JPEG_TOO_LARGE):
            throw CodecError.tooLarge(format: "JPEG", width: Int(width), height: Int(height), limit: maxPixels)
        case Int(STARDUST_JPEG_NO_MEMORY):
            throw CodecError.invalidData(format: "JPEG", reason: "is too large to allocate (\(width)×\(height) pixels)")
        case Int(STARDUST_JPEG_UNSUPPORTED):
            throw CodecError.unsupported(format: "JPEG", reason: text.isEmpty ? "color space" : text)
        default:
            throw CodecError.invalidData(format: "JPEG", reason: "data is corrupt or truncated (\(text.isEmpty ? "libjpeg error" : text))")
        }
    }
}
