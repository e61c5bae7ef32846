/// Many quads of one texture, drawn in array order (particles).
public struct SpriteBatch: Sendable {
    public var texture: Texture
    public var contentsRect: Rect
    /// The quad size in points before each sprite's transform.
    public var quadSize: Size
    public var sprites: [SpriteInstance]
    public var minificationFilter: ImageFilter
    public var magnificationFilter: ImageFilter
    public var blend: BlendMode
    /// Set when every sprite's texture looks the same at any rotation (a round dot):
    /// the renderer may then ignore rotation and take its faster scale-and-translate path.
    public var isRotationInvariant: Bool

    public init(texture: Texture, contentsRect: Rect = .unit, quadSize: Size, sprites: [SpriteInstance] = [],
                minificationFilter: ImageFilter = .linear, magnificationFilter: ImageFilter = .linear,
                blend: BlendMode = .normal, isRotationInvariant: Bool = false) {
        self.texture = texture; self.contentsRect = contentsRect; self.quadSize = quadSize; self.sprites = sprites
        self.minificationFilter = minificationFilter; self.magnificationFilter = magnificationFilter
        self.blend = blend; self.isRotationInvariant = isRotationInvariant
    }
}
