import StardustCore

/// The assignment of a ``MaskedImageDraw`` as raw bytes, with the layer index it keeps.
///
/// ``LayerAssignment`` is immutable (its `draws` is a `let` never mutated), so the storage
/// address is stable while the view (which retains the assignment) lives.
struct LayerMask: @unchecked Sendable {
    let assignment: LayerAssignment
    let base: UnsafePointer<UInt8>
    /// Bytes per texel row: two draws per texel.
    let rowBytes: Int
    let layer: UInt8

    init?(_ a: LayerAssignment, layer: Int, width: Int, height: Int) {
        guard a.width == width, a.height == height, width > 0, height > 0, (0..<a.layerCount).contains(layer) else { return nil }
        assignment = a
        base = a.draws.withUnsafeBufferPointer { $0.baseAddress! }
        rowBytes = 2 * width
        self.layer = UInt8(layer)
    }

    /// Whether texel `(x, y)` (level 0, in range) belongs to the layer.
    @inline(__always) func keeps(_ x: Int, _ y: Int) -> Bool {
        let p = base + (y &* rowBytes &+ 2 &* x)
        return p[0] == layer || p[1] == layer
    }
}

extension LayerMask: TexelSelection {}

/// Nearest sampling of level 0 through the mask: ``NearestSampler``'s code, texels of other layers transparent.
typealias MaskedNearestSampler = SelectiveNearestSampler<LayerMask>
/// Bilinear sampling of level 0 through the mask: ``BilinearSampler``'s code (its fixed-point interior included),
/// texels of other layers transparent, so a layer is filtered exactly as an image holding only its texels.
typealias MaskedBilinearSampler = SelectiveBilinearSampler<LayerMask>

/// A ``MaskedImageDraw`` resolved to device pixels: the quad mapping and color of an image draw,
/// level-0 sampling through the layer mask. Drawn by the quad rasterizer (or texel for pixel
/// when aligned), blended by the renderer's one blend.
struct PreparedMaskedImage: @unchecked Sendable {
    let view: TextureView
    let mask: LayerMask
    let mapping: QuadMapping
    let plane: TexelPlane
    let nearest: Bool
    let color: SIMD4<Float>
    let blend: BlendMode
    let aligned: PixelAlignedImage?
    /// The layer's pixel list, when the draw has an index and lands one texel per pixel (up to a turn).
    private(set) var indexed: IndexedMaskedImage?

    /// `nil` when invisible or degenerate, or when the assignment's size is not the texture's.
    init?(_ md: MaskedImageDraw, scale: Double) {
        let d = md.image
        guard let view = TextureView(d.texture),
              let mask = LayerMask(md.assignment, layer: md.layer, width: view.width, height: view.height),
              let placed = ImageDrawPlacement(d, view: view, scale: scale) else { return nil }
        let cr = d.contentsRect, m = placed.mapping, color = placed.color
        self.view = view
        self.mask = mask
        mapping = m
        plane = view.plane(0, contentsRect: cr.standardized)
        let filter = m.texelsPerPixel > 1 ? d.minificationFilter : d.magnificationFilter
        nearest = filter == .nearest
        self.color = color
        blend = d.blend
        let onGrid = PixelAlignedImage(m, plane: plane)
        aligned = onGrid
        bounds = m.bounds
        // Without specks the index only serves a layer at rest (texel for pixel: the same bytes as sampling).
        if let index = md.index, md.placesSpecks || onGrid != nil {
            indexed = IndexedMaskedImage(index, layer: md.layer, mapping: m, origin: placed.origin, edgeX: placed.edgeX,
                                         edgeY: placed.edgeY, region: placed.region, aligned: onGrid)
        } else {
            indexed = nil
        }
    }

    /// The device pixels the draw may touch: the mapping's bounds (for merged layers, the hull of theirs).
    private(set) var bounds: PixelRect

    /// This draw followed by `next` as one draw, when both are indexed layers at rest on the same placement with the same
    /// color and blend and `next` draws the following layer (``IndexedMaskedImage/merged(with:)``): the layers at rest
    /// of a dust effect are then drawn in one pass instead of one per layer, with the same bytes.
    func merged(with next: PreparedMaskedImage) -> PreparedMaskedImage? {
        guard let i = indexed, let j = next.indexed, color == next.color, blend == next.blend,
              let m = i.merged(with: j) else { return nil }
        var p = self
        p.indexed = m
        p.bounds = PixelRect(x0: min(bounds.x0, next.bounds.x0), y0: min(bounds.y0, next.bounds.y0),
                             x1: max(bounds.x1, next.bounds.x1), y1: max(bounds.y1, next.bounds.y1))
        return p
    }

    func draw(into target: RenderTarget) {
        switch blend {
        case .normal: draw(SourceOver.self, target)
        case .additive: draw(Additive.self, target)
        }
    }

    private func draw<B: PixelBlend>(_ b: B.Type, _ target: RenderTarget) {
        if let i = indexed {
            i.draw(b, plane: plane, color: color, storeOpaque: blend == .normal && color == SIMD4(repeating: 1),
                   bounds: bounds, target: target)
        } else if let a = aligned {
            drawAligned(a, b, target)
        } else if nearest {
            QuadRasterizer.draw(mapping, sampler: MaskedNearestSampler(plane: plane, selection: mask), color: color, blend: b, target: target)
        } else {
            QuadRasterizer.draw(mapping, sampler: MaskedBilinearSampler(plane: plane, selection: mask), color: color, blend: b, target: target)
        }
    }

    /// Texel for pixel: each kept texel is blended once; an opaque one drawn source-over with an
    /// opaque white color is stored as is. O(pixels of the rect), no allocation.
    private func drawAligned<B: PixelBlend>(_ a: PixelAlignedImage, _ b: B.Type, _ target: RenderTarget) {
        let r = a.rect.intersection(target.clip)
        if r.isEmpty { return }
        let storeOpaque = blend == .normal && color == SIMD4(repeating: 1)
        let n = r.x1 - r.x0, k = mask.layer
        for y in r.y0..<r.y1 {
            let ty = y - a.rect.y0 + a.texelY, tx = r.x0 - a.rect.x0 + a.texelX
            let src = plane.base + (ty * plane.rowBytes + 4 * tx)
            let m = mask.base + (ty * mask.rowBytes + 2 * tx)
            let dst = target.row(y) + 4 * r.x0
            for i in 0..<n {
                if m[2 * i] != k && m[2 * i + 1] != k { continue }
                let p = src + 4 * i, q = dst + 4 * i
                if storeOpaque && p[3] == 255 {
                    q[0] = p[0]; q[1] = p[1]; q[2] = p[2]; q[3] = 255
                    continue
                }
                let t = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
                if QuadRasterizer.isZero(t) { continue }
                B.blend(t * color, into: q)
            }
        }
    }
}
