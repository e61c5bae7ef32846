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

    static func halve(_ src: Image) -> Image {
        let w = max(1, src.width / 2), h = max(1, src.height / 2)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        src.pixels.withUnsafeBufferPointer { s in
            for y in 0..<h {
                let y0 = min(2 * y, src.height - 1), y1 = min(2 * y + 1, src.height - 1)
                for x in 0..<w {
                    let x0 = min(2 * x, src.width - 1), x1 = min(2 * x + 1, src.width - 1)
                    for ch in 0..<4 {
                        let sum = Int(s[(y0 * src.width + x0) * 4 + ch]) + Int(s[(y0 * src.width + x1) * 4 + ch])
                            + Int(s[(y1 * src.width + x0) * 4 + ch]) + Int(s[(y1 * src.width + x1) * 4 + ch])
                        out[(y * w + x) * 4 + ch] = UInt8((sum + 2) / 4)
                    }
                }
            }
        }
        return Image(width: w, height: h, pixels: out)
    }

    /// Identity: two textures are equal only when they are the same object, even with equal pixels.
    public static func == (a: Texture, b: Texture) -> Bool { a === b }
    /// Hashes the object identity, consistently with `==`.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
