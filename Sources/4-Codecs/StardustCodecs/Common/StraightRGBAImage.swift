import StardustCore

/// Straight (not premultiplied) RGBA8 pixels, row-major, top row first.
///
/// Decoders return this form for tests and tools that need the exact stored values;
/// ``image`` converts it to the premultiplied `Image` the renderer uses.
public struct StraightRGBAImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width · height · 4` bytes: R, G, B, A per pixel.
    public var pixels: [UInt8]

    /// An image over `width · height · 4` straight RGBA bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4)
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The premultiplied image (rounding to nearest). O(pixels).
    public var image: Image { Image(width: width, height: height, straightRGBA: pixels) }
}
