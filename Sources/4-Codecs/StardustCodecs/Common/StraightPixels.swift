import StardustCore

/// Fast conversions from premultiplied images for the encoders (unsafe-pointer loops; the results equal
/// `Image.isOpaque` and `Image.straightRGBA()`).
enum StraightPixels {
    /// Whether every pixel has alpha 255. O(pixels), stops at the first translucent pixel.
    static func isOpaque(_ image: Image) -> Bool {
        image.pixels.withUnsafeBytes { raw in
            // Eight pixels per step: the alpha bytes of four 64-bit words, AND-ed together.
            let n = raw.count
            let mask: UInt64 = 0xFF00_0000_FF00_0000
            var i = 0
            while i &+ 32 <= n {
                let a = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & raw.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)
                    & raw.loadUnaligned(fromByteOffset: i &+ 16, as: UInt64.self) & raw.loadUnaligned(fromByteOffset: i &+ 24, as: UInt64.self)
                if UInt64(littleEndian: a) & mask != mask { return false }
                i &+= 32
            }
            i &+= 3
            while i < n { if raw[i] != 255 { return false }; i &+= 4 }
            return true
        }
    }

    /// Straight RGBA8, un-premultiplying with rounding to nearest (`(c·255 + a/2) / a`); opaque images
    /// are returned as is (shared storage, no copy). O(pixels).
    static func of(_ image: Image) -> [UInt8] {
        if isOpaque(image) { return image.pixels }
        var out = image.pixels
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            let n = p.count
            while i < n {
                let a = UInt32(p[i + 3])
                if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                } else if a != 255 {
                    let half = a / 2
                    p[i] = UInt8(min(255, (UInt32(p[i]) * 255 + half) / a))
                    p[i + 1] = UInt8(min(255, (UInt32(p[i + 1]) * 255 + half) / a))
                    p[i + 2] = UInt8(min(255, (UInt32(p[i + 2]) * 255 + half) / a))
                }
                i += 4
            }
        }
        return out
    }
}
