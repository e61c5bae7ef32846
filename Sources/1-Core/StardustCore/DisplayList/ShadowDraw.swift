/// A drop shadow drawn beneath a composite group (`CALayer.shadow…`, docs/DRAWING.md, Shadows).
///
/// Resolved to scene points by the model: the renderer only scales by the frame's scale.
public struct ShadowDraw: Sendable {
    /// The shadow's color with `shadowOpacity` folded into its alpha.
    public var color: Color
    /// The displacement of the shadow, in scene points (y down).
    public var offset: Point
    /// The standard deviation of the Gaussian blur, in scene points (`shadowRadius` scaled by the layer's transform).
    public var sigma: Double
    /// The shape whose blurred coverage is the shadow (`shadowPath`, filled non-zero), or `nil` for the
    /// group's own alpha (the layer and its subtree, after clip and mask).
    public var path: PathDraw?

    /// A shadow of `color`, offset and blurred by `sigma` (points), of the group's alpha or of `path`.
    public init(color: Color, offset: Point, sigma: Double, path: PathDraw? = nil) {
        self.color = color; self.offset = offset; self.sigma = sigma; self.path = path
    }
}
