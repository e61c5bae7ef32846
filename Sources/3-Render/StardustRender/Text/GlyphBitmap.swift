/// One rendered glyph: an 8-bit FreeType coverage bitmap converted to floats.
///
/// `left`/`top` are FreeType's `bitmap_left`/`bitmap_top`: the offset of the
/// bitmap's top-left pixel from the pen position, with `top` measured upwards.
struct GlyphBitmap: Sendable {
    var left: Int
    var top: Int
    var width: Int
    var height: Int
    /// Row-major coverage in 0…1, `width × height` values.
    var coverage: [Float]

    static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, coverage: [])
}

/// What identifies a rendered glyph in the cache: face, pixel size,
/// normalized transform, glyph and sub-pixel phase.
struct GlyphKey: Hashable, Sendable {
    var face: Int
    /// The em size in 26.6 fixed-point pixels.
    var size: Int
    /// The FreeType transform matrix in 16.16 fixed point (identity: 65536, 0, 0, 65536).
    var xx: Int, xy: Int, yx: Int, yy: Int
    var glyph: UInt32
    /// The horizontal pen offset in quarter pixels (0…3).
    var phase: Int
}
