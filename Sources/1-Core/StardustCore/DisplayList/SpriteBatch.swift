/// Many quads of one texture, drawn in array order (particles).
public struct SpriteBatch: Sendable {
    /// The texture every sprite of the batch shows.
    public var texture: Texture
    /// The region of the texture each sprite shows, in unit coordinates (default: the whole texture).
    public var contentsRect: Rect
    /// The quad size in points before each sprite's transform.
    public var quadSize: Size
    /// The sprites, drawn in array order (later ones over earlier ones).
    public var sprites: [SpriteInstance]
    /// The filter used where sprites are drawn smaller than their texels (default ``ImageFilter/linear``).
    public var minificationFilter: ImageFilter
    /// The filter used where sprites are drawn at or above their texel size (default ``ImageFilter/linear``).
    public var magnificationFilter: ImageFilter
    /// How every sprite combines with the pixels below: ``BlendMode/normal`` or ``BlendMode/additive``
    /// (an emitter's `additive` render mode).
    public var blend: BlendMode
    /// Set when every sprite's texture looks the same at any rotation (a round dot):
    /// the renderer may then ignore rotation and take its faster scale-and-translate path.
    public var isRotationInvariant: Bool

    /// A batch of `sprites` showing `contentsRect` of `texture`, each a `quadSize` quad before its own transform.
    public init(texture: Texture, contentsRect: Rect = .unit, quadSize: Size, sprites: [SpriteInstance] = [],
                minificationFilter: ImageFilter = .linear, magnificationFilter: ImageFilter = .linear,
                blend: BlendMode = .normal, isRotationInvariant: Bool = false) {
        self.texture = texture; self.contentsRect = contentsRect; self.quadSize = quadSize; self.sprites = sprites
        self.minificationFilter = minificationFilter; self.magnificationFilter = magnificationFilter
        self.blend = blend; self.isRotationInvariant = isRotationInvariant
    }
}
