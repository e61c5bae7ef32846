import StardustAnimation
import StardustCore

/// One layer of the dust split: the source image masked to the pixels whose draws chose
/// ``layerIndex`` (a ``MaskedImageDraw``). An ordinary ``Layer`` otherwise — its flight is made of
/// animations on `position`, `transform.rotation` and `opacity` — and it keeps no per-frame state.
///
/// The layer's bounds are the whole image (it turns about the image's center, as a full-size copy
/// would); it draws only the columns where its layer can have pixels (``DustSplit/columns(ofLayer:width:layerCount:)``).
public final class DustLayer: Layer {
    public let texture: Texture
    public let assignment: LayerAssignment
    public let layerIndex: Int
    /// The assignment's per-layer pixel lists (shared by all the layers of one effect), which let the
    /// renderer visit only this layer's pixels; `nil` draws by masking texel by texel.
    public let pixelIndex: LayerPixelIndex?
    /// Whether the layer in flight draws its pixels as specks (default `true`): each kept texel placed whole on the
    /// device pixel under its moved and turned center, so the dust keeps its exact colors and pixel count — Stardust's
    /// drawing, which Core Animation has no equivalent of. `false` draws the layer as Core Animation draws a `CALayer`
    /// whose `contents` is an image of just this layer's pixels (what `stardust export-swift` writes): the image
    /// resampled through the layer's transform with ``minificationFilter`` / ``magnificationFilter`` and
    /// anti-aliased edges, byte for byte the frames of that image layer. At rest both give the same pixels.
    public var drawsSpecks: Bool = true

    /// Layer `layerIndex` of `assignment` over `texture` (the assignment has the texture's pixel size).
    public init(texture: Texture, assignment: LayerAssignment, layerIndex: Int, pixelIndex: LayerPixelIndex? = nil) {
        self.texture = texture; self.assignment = assignment; self.layerIndex = layerIndex
        self.pixelIndex = pixelIndex
        super.init()
    }

    public override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {
        let b = bounds.standardized
        guard !b.isEmpty, texture.width > 0 else { return }
        if !drawsSpecks {
            // The whole image over the bounds, as an image layer showing this layer's pixels is drawn (the same
            // mapping, hence the same bytes); the mask leaves the other layers' texels transparent.
            let image = ImageDraw(texture: texture, rect: b, transform: transform,
                                  minificationFilter: minificationFilter, magnificationFilter: magnificationFilter)
            list.append(.maskedImage(MaskedImageDraw(image: image, assignment: assignment, layer: layerIndex, index: pixelIndex,
                                                     placesSpecks: false)))
            return
        }
        let cols = DustSplit.columns(ofLayer: layerIndex, width: texture.width, layerCount: assignment.layerCount)
        guard !cols.isEmpty else { return }
        let w = Double(texture.width)
        let u0 = Double(cols.lowerBound) / w, u1 = Double(cols.upperBound) / w
        let rect = Rect(x: b.minX + u0 * b.width, y: b.minY, width: (u1 - u0) * b.width, height: b.height)
        let image = ImageDraw(texture: texture, rect: rect, transform: transform,
                              contentsRect: Rect(x: u0, y: 0, width: u1 - u0, height: 1),
                              minificationFilter: minificationFilter, magnificationFilter: magnificationFilter)
        list.append(.maskedImage(MaskedImageDraw(image: image, assignment: assignment, layer: layerIndex, index: pixelIndex)))
    }
}
