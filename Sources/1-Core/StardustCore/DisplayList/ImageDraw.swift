/// A textured quad.
///
/// The region `contentsRect` of the texture (a unit rectangle: `[0 0 1 1]`
/// is the whole image) is stretched over `rect`, which is then mapped by
/// `transform` into scene points. Each texel is multiplied by `tint` (a
/// straight-alpha color, white = unchanged) and by `opacity`.
public struct ImageDraw: Sendable {
    public var texture: Texture
    public var rect: Rect
    public var transform: Transform2D
    public var contentsRect: Rect
    public var tint: Color
    public var opacity: Double
    public var minificationFilter: ImageFilter
    public var magnificationFilter: ImageFilter
    public var blend: BlendMode

    public init(texture: Texture, rect: Rect, transform: Transform2D = .identity,
                contentsRect: Rect = .unit, tint: Color = .white, opacity: Double = 1,
                minificationFilter: ImageFilter = .linear, magnificationFilter: ImageFilter = .linear,
                blend: BlendMode = .normal) {
        self.texture = texture; self.rect = rect; self.transform = transform; self.contentsRect = contentsRect
        self.tint = tint; self.opacity = opacity; self.minificationFilter = minificationFilter
        self.magnificationFilter = magnificationFilter; self.blend = blend
    }
}
