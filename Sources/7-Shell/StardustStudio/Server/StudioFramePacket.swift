import Stardust

/// A preview frame as the WebSocket carries it: one binary message of a 24-byte header — the ASCII magic
/// `SDF1`, the width and height in pixels and a frame serial number (UInt32, little-endian), the scene time in
/// seconds (Float64, little-endian) — then `width × height` pixels of straight (not premultiplied) RGBA8, top
/// row first, ready for the page's `ImageData`.
public enum StudioFramePacket {
    /// The header's length in bytes.
    public static let headerLength = 24

    /// The packet of `image` (premultiplied, as rendered): the header, then the pixels with alpha divided out.
    public static func make(_ image: Image, serial: Int, time: Double) -> [UInt8] {
        let n = image.width * image.height
        var out = [UInt8](repeating: 0, count: headerLength + 4 * n)
        out.withUnsafeMutableBufferPointer { o in
            o[0] = 0x53; o[1] = 0x44; o[2] = 0x46; o[3] = 0x31  // "SDF1"
            func put32(_ v: UInt32, _ at: Int) { for i in 0..<4 { o[at + i] = UInt8(truncatingIfNeeded: v >> (8 * UInt32(i))) } }
            put32(UInt32(image.width), 4)
            put32(UInt32(image.height), 8)
            put32(UInt32(truncatingIfNeeded: serial), 12)
            let bits = time.bitPattern
            for i in 0..<8 { o[16 + i] = UInt8(truncatingIfNeeded: bits >> (8 * UInt64(i))) }
            image.pixels.withUnsafeBufferPointer { p in
                var j = headerLength
                for i in 0..<n {
                    let a = p[4 * i + 3]
                    if a == 255 {
                        o[j] = p[4 * i]; o[j + 1] = p[4 * i + 1]; o[j + 2] = p[4 * i + 2]; o[j + 3] = 255
                    } else if a != 0 {
                        let a32 = UInt32(a), h = a32 / 2
                        o[j] = UInt8(min(255, (UInt32(p[4 * i]) * 255 + h) / a32))
                        o[j + 1] = UInt8(min(255, (UInt32(p[4 * i + 1]) * 255 + h) / a32))
                        o[j + 2] = UInt8(min(255, (UInt32(p[4 * i + 2]) * 255 + h) / a32))
                        o[j + 3] = a
                    }
                    j += 4
                }
            }
        }
        return out
    }

    /// The width, height, serial, time and straight RGBA pixels of a packet; nil when it is not one.
    public static func decode(_ p: [UInt8]) -> (width: Int, height: Int, serial: Int, time: Double, pixels: ArraySlice<UInt8>)? {
        guard p.count >= headerLength, p[0] == 0x53, p[1] == 0x44, p[2] == 0x46, p[3] == 0x31 else { return nil }
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(p[at + $1]) << (8 * $1) } }
        let w = u32(4), h = u32(8)
        guard p.count == headerLength + 4 * w * h else { return nil }
        let bits = (0..<8).reduce(UInt64(0)) { $0 | UInt64(p[16 + $1]) << (8 * UInt64($1)) }
        return (w, h, u32(12), Double(bitPattern: bits), p[headerLength...])
    }
}
