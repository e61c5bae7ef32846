import StardustCore

/// A display-list command resolved to device pixels by the prepare phase.
///
/// The cases with a payload are boxed (`indirect`): a frame's commands are held in one array whose stride is its
/// largest case, a few hundred bytes inline (an image's mapping, a path's shader), even for the payload-free group
/// markers. Boxed, the array holds a pointer per command; a Lottie frame of about ten thousand commands (masks
/// copied by a difference chain) held 2.6 MB in it (docs/BENCHMARKS.md, "lottie", seventh round).
enum PreparedCommand: Sendable {
    indirect case image(PreparedImage)
    indirect case maskedImage(PreparedMaskedImage)
    indirect case sprites(PreparedSprites)
    indirect case path(PreparedPath)
    indirect case text(PreparedText)
    /// The device clip rectangle, already intersected with the enclosing clips, and the
    /// coverage mask of a rotated or skewed clip (`nil` for an axis-aligned one).
    indirect case pushClip(PixelRect, ClipMask?)
    case popClip
    /// A group at `opacity` whose content draws inside `bounds` (the union of its commands' device bounds within the
    /// clip at its start): the band drawer clears and composites that rectangle only (docs/RENDERER.md, "Group bounds").
    case beginGroup(opacity: Float, bounds: PixelRect)
    case endGroup
    /// A composite group (docs/DRAWING.md): bounds, filter, mask mode, tint and its shadow's coverage.
    indirect case beginComposite(PreparedComposite)
    case beginGroupMask
    case endComposite
}
