/// Texture filtering (the `minificationFilter` / `magnificationFilter` values of Core Animation).
public enum ImageFilter: String, Hashable, Sendable, Codable, CaseIterable {
    /// The texel containing the sample point (`kCAFilterNearest`): hard pixels, for pixel art.
    case nearest
    /// Bilinear between the four nearest texels of the full-size image (`kCAFilterLinear`, the default).
    case linear
    /// Bilinear within the two nearest mip levels, blended between them.
    case trilinear
}
