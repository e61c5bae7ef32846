/// The pixel layout a PNG is written with.
///
/// ``automatic`` picks RGBA, or RGB when every pixel is opaque. The other cases force a layout and
/// make ``PNGEncoder/encode(_:format:compression:)`` throw ``CodecError/cannotRepresent(reason:)`` when
/// the image cannot be stored in it exactly, so writing then reading is always lossless.
public enum PNGPixelFormat: Hashable, Sendable {
    /// RGBA 8-bit, or RGB 8-bit when every pixel is opaque (the default): always lossless, never throws.
    case automatic
    /// Gray (color type 0), bit depth 1, 2, 4, 8 or 16; needs an opaque image with R = G = B.
    case gray(bitDepth: Int)
    /// Gray + alpha (color type 4), bit depth 8 or 16; needs R = G = B.
    case grayAlpha(bitDepth: Int)
    /// RGB (color type 2), bit depth 8 or 16; needs an opaque image.
    case rgb(bitDepth: Int)
    /// RGBA (color type 6), bit depth 8 or 16.
    case rgba(bitDepth: Int)
    /// Palette (color type 3) with `tRNS` for translucent entries, bit depth 1, 2, 4 or 8;
    /// needs at most 2^bitDepth distinct RGBA colors.
    case palette(bitDepth: Int)
}
