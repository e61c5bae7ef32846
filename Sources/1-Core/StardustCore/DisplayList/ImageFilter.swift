/// Texture filtering (the `minificationFilter` / `magnificationFilter` values of Core Animation).
public enum ImageFilter: String, Hashable, Sendable, Codable, CaseIterable {
    case nearest
    case linear
    /// Bilinear within the two nearest mip levels, blended between them.
    case trilinear
}
