import StardustCore

/// A display-list command resolved to device pixels by the prepare phase.
enum PreparedCommand: Sendable {
    case image(PreparedImage)
    case maskedImage(PreparedMaskedImage)
    case sprites(PreparedSprites)
    case path(PreparedPath)
    case text(PreparedText)
    /// The device clip rectangle, already intersected with the enclosing clips, and the
    /// coverage mask of a rotated or skewed clip (`nil` for an axis-aligned one).
    case pushClip(PixelRect, ClipMask?)
    case popClip
    case beginGroup(opacity: Float)
    case endGroup
    /// A composite group (docs/DRAWING.md): bounds, filter, mask mode, tint and its shadow's coverage.
    case beginComposite(PreparedComposite)
    case beginGroupMask
    case endComposite
}
