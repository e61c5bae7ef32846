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

    /// Layer `layerIndex` of `assignment` over `texture` (the assignment has the texture's pixel size).
    public init(texture: Texture, assignment: LayerAssignment, layerIndex: Int, pixelIndex: LayerPixelIndex? = nil) {
        self.texture = texture; self.assignment = assignment; self.layerIndex = layerIndex
        self.pixelIndex = pixelIndex
        super.init()
    }

    public override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {
        let b = bounds.standardized
        guard !b.isEmpty, texture.width > 0 else { return }
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
