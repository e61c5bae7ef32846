/// A compact assignment of every pixel of an image to layers (docs/DESIGN.md §8, the dust split).
///
/// Each pixel carries two layer indices (two independent draws, so a pixel may belong to two
/// layers): bytes `2·(y·width + x)` and `2·(y·width + x) + 1`. That is two bytes per pixel for
/// any layer count up to 256 — the memory does not grow with the number of layers; layer `k`
/// is drawn by masking the one source image with "either draw equals `k`".
///
/// Immutable and shared by reference (compared by identity), like ``Texture``.
public final class LayerAssignment: Hashable, Sendable {
    /// The width in texels (the masked texture's level 0).
    public let width: Int
    /// The height in texels (the masked texture's level 0).
    public let height: Int
    /// The number of layers, 1…256; every index is below it.
    public let layerCount: Int
    /// `2 · width · height` layer indices, the two draws of each pixel side by side.
    public let draws: [UInt8]

    /// Wraps precomputed draws (`draws.count == 2·width·height`, every index `< layerCount`).
    public init(width: Int, height: Int, layerCount: Int, draws: [UInt8]) {
        precondition(width >= 0 && height >= 0 && draws.count == 2 * width * height, "two draws per pixel")
        precondition((1...256).contains(layerCount), "1 to 256 layers")
        self.width = width; self.height = height; self.layerCount = layerCount; self.draws = draws
    }

    /// Whether pixel `(x, y)` belongs to layer `k` (either draw equals `k`).
    @inlinable public func contains(_ x: Int, _ y: Int, layer k: Int) -> Bool {
        let i = 2 * (y * width + x)
        return Int(draws[i]) == k || Int(draws[i + 1]) == k
    }

    /// The extra bytes this assignment holds (two per pixel).
    public var byteCount: Int { draws.count }

    public static func == (a: LayerAssignment, b: LayerAssignment) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// An image draw restricted to the pixels of one layer of a ``LayerAssignment``: texels whose
/// two draws both differ from ``layer`` count as transparent. The assignment has the size of
/// the texture's level 0 (a draw whose sizes differ draws nothing).
public struct MaskedImageDraw: Sendable {
    /// The image draw (texture, placement, opacity, blend) whose texels are masked.
    public var image: ImageDraw
    /// The per-texel assignment of the texture's level 0 to layers (two draws per texel).
    public var assignment: LayerAssignment
    /// The layer index `k` drawn (0 ..< `assignment.layerCount`).
    public var layer: Int
    /// The assignment's per-layer pixel lists (default `nil`). With it, a layer drawn at one texel per
    /// device pixel (moved and turned, not scaled) visits only its own pixels: at rest texel for pixel, in
    /// flight placing each kept texel on the pixel under its center (dust specks, unless ``placesSpecks``
    /// is `false`); without it, or when scaled, the draw samples the masked image (nearest or bilinear).
    public var index: LayerPixelIndex?
    /// Whether a moved or turned layer drawn from ``index`` places each kept texel whole on the pixel under its
    /// center (dust specks, the default). `false` samples the masked image through the draw's mapping with its
    /// filters, exactly as an image holding only the layer's texels is drawn — what Core Animation shows for a
    /// `CALayer` whose `contents` is that image. The index still serves a layer at rest (texel for pixel, where
    /// both give the same bytes).
    public var placesSpecks: Bool

    /// An image draw masked to layer `layer` of `assignment`; `index`, when given, must index `assignment`.
    public init(image: ImageDraw, assignment: LayerAssignment, layer: Int, index: LayerPixelIndex? = nil,
                placesSpecks: Bool = true) {
        self.image = image; self.assignment = assignment; self.layer = layer
        self.index = index.flatMap { $0.assignment === assignment ? $0 : nil }
        self.placesSpecks = placesSpecks
    }
}
