/// One drawing operation of a ``DisplayList``.
public enum DrawCommand: Sendable {
    /// A textured quad: an image layer's contents, a single sprite.
    case image(ImageDraw)
    /// A textured quad showing only the texels of one layer of a compact assignment (the dust split, docs/DESIGN.md §8).
    case maskedImage(MaskedImageDraw)
    /// Many textured quads sharing one texture (the particles of one cell).
    case sprites(SpriteBatch)
    /// A filled or stroked vector path (shapes, rounded rectangles, borders).
    case path(PathDraw)
    /// A run of text laid out in a box.
    case text(TextDraw)
    /// Restricts the following commands to a rectangle (`masksToBounds`) until the matching ``popClip``.
    /// The rectangle is in the local space of `transform`; clips nest by intersection.
    case pushClip(rect: Rect, transform: Transform2D)
    /// Ends the clip of the matching ``pushClip(rect:transform:)``, restoring the enclosing clip.
    /// The renderer rejects a list whose clips and groups do not nest.
    case popClip
    /// Draws the following commands into a transparent group that is then
    /// composited with `opacity` (a layer's `opacity` over its sublayers), until ``endGroup``.
    case beginGroup(opacity: Double)
    /// Ends the group of the matching ``beginGroup(opacity:)`` and composites it onto what lies below.
    case endGroup
    /// Starts a composite group (docs/DRAWING.md): the following commands draw its content, until
    /// ``beginGroupMask`` (when the group has a mask) or ``endCompositeGroup``.
    case beginCompositeGroup(CompositeGroup)
    /// Ends the content of the innermost composite group that has a mask; the following commands draw the mask.
    case beginGroupMask
    /// Ends the innermost composite group: masks, tints, shadows and composites it onto what lies below.
    case endCompositeGroup
}
