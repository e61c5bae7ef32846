/// A textured quad.
///
/// The region `contentsRect` of the texture (a unit rectangle: `[0 0 1 1]`
/// is the whole image) is stretched over `rect`, which is then mapped by
/// `transform` into scene points. Each texel is multiplied by `tint` (a
/// straight-alpha color, white = unchanged) and by `opacity`.
public struct ImageDraw: Sendable {
    /// The image to draw, with its mip chain.
    public var texture: Texture
    /// The destination rectangle in the local space of ``transform``, in points.
    public var rect: Rect
    /// Maps the local space of ``rect`` to scene points.
    public var transform: Transform2D
    /// The region of the texture drawn, in unit coordinates (`[0 0 1 1]`, the default, is the whole image):
    /// a `contentsRect` as in Core Animation, which selects one cell of a sprite sheet.
    public var contentsRect: Rect
    /// A straight-alpha color every texel is multiplied by; white (the default) leaves the image unchanged.
    public var tint: Color
    /// Multiplies the whole draw, 0…1 (default 1).
    public var opacity: Double
    /// The filter used where the image is drawn smaller than its pixels (default ``ImageFilter/linear``).
    public var minificationFilter: ImageFilter
    /// The filter used where the image is drawn at or above its pixel size (default ``ImageFilter/linear``).
    public var magnificationFilter: ImageFilter
    /// How the draw combines with the pixels below (default ``BlendMode/normal``, source-over).
    public var blend: BlendMode

    /// A draw of `texture`'s `contentsRect` region over `rect`, mapped by `transform`; see the properties for the defaults.
    public init(texture: Texture, rect: Rect, transform: Transform2D = .identity,
                contentsRect: Rect = .unit, tint: Color = .white, opacity: Double = 1,
                minificationFilter: ImageFilter = .linear, magnificationFilter: ImageFilter = .linear,
                blend: BlendMode = .normal) {
        self.texture = texture; self.rect = rect; self.transform = transform; self.contentsRect = contentsRect
        self.tint = tint; self.opacity = opacity; self.minificationFilter = minificationFilter
        self.magnificationFilter = magnificationFilter; self.blend = blend
    }
}
