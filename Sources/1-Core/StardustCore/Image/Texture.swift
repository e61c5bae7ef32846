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
    /// it replaced, which `MipmapKernelTests` keeps as its reference.
    static func halve(_ src: Image) -> Image {
        let w = max(1, src.width / 2), h = max(1, src.height / 2)
        let sw = src.width, sh = src.height
        // An empty image has no block to average: its next level is transparent.
        guard sw > 0, sh > 0 else { return Image(width: w, height: h) }
        let out = [UInt8](unsafeUninitializedCapacity: w * h * 4) { o, count in
            src.pixels.withUnsafeBufferPointer { sb in
                let s = sb.baseAddress!, d = o.baseAddress!
                // Block x reads columns 2x and 2x + 1, inside the row whenever the source is at least two wide
                // (w = sw / 2); a one-pixel-wide source reads its only column twice.
                let step = sw >= 2 ? 8 : 0, right = sw >= 2 ? 4 : 0
                for y in 0..<h {
                    let r0 = s + min(2 * y, sh - 1) * sw * 4, r1 = s + min(2 * y + 1, sh - 1) * sw * 4
                    let row = d + y * w * 4
                    for x in 0..<w {
                        let a = r0 + step * x, b = r1 + step * x, q = row + 4 * x
                        for ch in 0..<4 {
                            let sum = UInt16(a[ch]) &+ UInt16(a[right + ch]) &+ UInt16(b[ch]) &+ UInt16(b[right + ch])
                            q[ch] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
                        }
                    }
                }
            }
            count = w * h * 4
        }
        return Image(width: w, height: h, pixels: out)
    }

    /// Identity: two textures are equal only when they are the same object, even with equal pixels.
    public static func == (a: Texture, b: Texture) -> Bool { a === b }
    /// Hashes the object identity, consistently with `==`.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
