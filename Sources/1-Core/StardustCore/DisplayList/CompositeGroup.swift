/// A group of commands drawn into a transparent buffer, then optionally masked, tinted and
/// shadowed, and composited onto what lies below with a ``CompositingFilter`` and an opacity
/// (a layer with `mask`, `compositingFilter` or a shadow; a replicator's tinted instance).
///
/// In a display list: ``DrawCommand/beginCompositeGroup(_:)``, the content commands, then — when
/// ``mask`` is not `nil` — ``DrawCommand/beginGroupMask`` and the mask's commands, then
/// ``DrawCommand/endCompositeGroup``. Order of operations at the end: mask (content × coverage),
/// tint (component-wise product), shadow beneath the result, opacity, then the filter onto the backdrop.
public struct CompositeGroup: Sendable {
    /// Multiplies the group, 0…1 (default 1).
    public var opacity: Double
    /// How the group combines with the backdrop (default source-over).
    public var filter: CompositingFilter
    /// How the mask's pixels become coverage; `nil` (default) means the group has no mask.
    public var mask: MaskMode?
    /// A color the group's premultiplied pixels are multiplied by (`nil`, the default: none).
    public var tint: Color?
    /// A drop shadow beneath the (masked) group (default `nil`: none).
    public var shadow: ShadowDraw?

    /// A group composited with `opacity` and `filter`, with an optional mask mode, tint and shadow.
    public init(opacity: Double = 1, filter: CompositingFilter = .normal, mask: MaskMode? = nil,
                tint: Color? = nil, shadow: ShadowDraw? = nil) {
        self.opacity = opacity; self.filter = filter; self.mask = mask; self.tint = tint; self.shadow = shadow
    }
}
