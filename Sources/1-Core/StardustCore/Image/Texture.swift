/// An immutable image prepared for drawing: the image plus its mipmap chain.
///
/// Display-list commands refer to textures rather than images so that the
/// mip levels that trilinear filtering needs are built once, when the
/// texture is made, and never inside a frame. Textures are compared by
/// identity.
public final class Texture: Hashable, Sendable {
    /// Level 0 is the original image; level k has half the size of level k−1
    /// (rounded down, at least 1), each pixel the average of a 2×2 block of
    /// premultiplied pixels.
    public let levels: [Image]

    /// The full-size image (mip level 0).
    public var image: Image { levels[0] }
    /// The width of the full-size image in pixels.
    public var width: Int { levels[0].width }
    /// The height of the full-size image in pixels.
    public var height: Int { levels[0].height }

    /// Builds the texture and its mip chain: O(pixels), about 1/3 extra memory.
    public init(_ image: Image) {
        var levels = [image]
        var cur = image
        while cur.width > 1 || cur.height > 1 {
            cur = Texture.halve(cur)
            levels.append(cur)
        }
        self.levels = levels
    }

    /// One mip level from the previous: each pixel the rounded average `(sum + 2) / 4` of a 2×2 block, the block's
    /// second row or column clamped to the last one when the source side is odd or 1 (docs/IMAGES.md, "Mipmaps").
    /// Reads and writes raw buffers (the bounds are those of the loop): the sums and rounding of the per-pixel loop
    /// it replaced, which `MipmapKernelTests` keeps as its reference. A source at least two pixels wide is averaged
    /// a block at a time in 16-bit lanes of a 64-bit word (``averageBlock(_:_:)``); a one-pixel-wide one reads its
    /// only column twice, channel by channel.
    static func halve(_ src: Image) -> Image {
        let w = max(1, src.width / 2), h = max(1, src.height / 2)
        let sw = src.width, sh = src.height
        // An empty image has no block to average: its next level is transparent.
        guard sw > 0, sh > 0 else { return Image(width: w, height: h) }
        let out = [UInt8](unsafeUninitializedCapacity: w * h * 4) { o, count in
            src.pixels.withUnsafeBufferPointer { sb in
                let s = sb.baseAddress!, d = o.baseAddress!
                for y in 0..<h {
                    let r0 = s + min(2 * y, sh - 1) * sw * 4, r1 = s + min(2 * y + 1, sh - 1) * sw * 4
                    let row = d + y * w * 4
                    if sw >= 2 {
                        // Block x is columns 2x and 2x + 1, inside the row (w = sw / 2): eight bytes of each row.
                        for x in 0..<w {
                            let a = UnsafeRawPointer(r0 + 8 * x).loadUnaligned(as: UInt64.self)
                            let b = UnsafeRawPointer(r1 + 8 * x).loadUnaligned(as: UInt64.self)
                            let q = averageBlock(UInt64(littleEndian: a), UInt64(littleEndian: b))
                            UnsafeMutableRawPointer(row + 4 * x).storeBytes(of: q.littleEndian, as: UInt32.self)
                        }
                    } else {
                        for ch in 0..<4 {
                            let sum = 2 &* UInt16(r0[ch]) &+ 2 &* UInt16(r1[ch])
                            row[ch] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
                        }
                    }
                }
            }
            count = w * h * 4
        }
        return Image(width: w, height: h, pixels: out)
    }

    /// The rounded averages `(sum + 2) >> 2` of a 2×2 block of RGBA pixels, given as the block's top row `a` and
    /// bottom row `b` (two pixels each, byte i of the word being byte i in memory): the bytes at even and odd offsets
    /// are spread into 16-bit lanes (a sum of four bytes, at most 1 020, never carries into the next lane), the rows
    /// added, the left pixel's lanes added to the right's, rounded and shifted; the lanes' low bytes are the result.
    @inline(__always) static func averageBlock(_ a: UInt64, _ b: UInt64) -> UInt32 {
        let m: UInt64 = 0x00FF_00FF_00FF_00FF
        // Lanes (low to high): even — R and B of the left pixel, R and B of the right; odd — G and A likewise.
        let even = (a & m) &+ (b & m), odd = ((a >> 8) & m) &+ ((b >> 8) & m)
        // Left pixel's lanes plus the right pixel's, in the low 32 bits.
        let e = ((even &+ (even >> 32) &+ 0x0002_0002) >> 2) & 0x00FF_00FF
        let o = ((odd &+ (odd >> 32) &+ 0x0002_0002) >> 2) & 0x00FF_00FF
        return UInt32(truncatingIfNeeded: e | (o << 8))
    }

    /// Identity: two textures are equal only when they are the same object, even with equal pixels.
    public static func == (a: Texture, b: Texture) -> Bool { a === b }
    /// Hashes the object identity, consistently with `==`.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
