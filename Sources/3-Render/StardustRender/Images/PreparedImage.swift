import StardustCore

/// An ``ImageDraw`` resolved to device pixels: its mapping, sampler and color, shared by every band.
struct PreparedImage: @unchecked Sendable {
    let view: TextureView
    let mapping: QuadMapping
    let sampler: SamplerChoice
    /// Premultiplied tint × opacity, 0…1.
    let color: SIMD4<Float>
    let blend: BlendMode
    /// Set when the draw is texel-for-pixel (no sampling needed).
    let aligned: PixelAlignedImage?

    /// `nil` when the draw is invisible or degenerate (empty texture, zero-area rect, zero opacity).
    init?(_ d: ImageDraw, scale: Double) {
        guard let view = TextureView(d.texture), let placed = ImageDrawPlacement(d, view: view, scale: scale) else { return nil }
        let cr = d.contentsRect, m = placed.mapping, color = placed.color
        self.view = view
        mapping = m
        sampler = SamplerChoice.choose(view: view, contentsRect: cr.standardized, texelsPerPixel: m.texelsPerPixel,
                                       minification: d.minificationFilter, magnification: d.magnificationFilter)
        self.color = color
        blend = d.blend
        aligned = PixelAlignedImage(m, plane: view.plane(0, contentsRect: cr.standardized))
    }

    var bounds: PixelRect { mapping.bounds }

    /// Draws the quad's pixels inside `target.clip`.
    func draw(into target: RenderTarget) {
        switch blend {
        case .normal: draw(SourceOver.self, target)
        case .additive: draw(Additive.self, target)
        }
    }

    private func draw<B: PixelBlend>(_ b: B.Type, _ target: RenderTarget) {
        if let a = aligned {
            a.draw(b, color: color, storeOpaque: blend == .normal && color == SIMD4(repeating: 1), target: target)
            return
        }
        switch sampler {
        case .nearest(let s): QuadRasterizer.draw(mapping, sampler: s, color: color, blend: b, target: target)
        case .bilinear(let s): QuadRasterizer.draw(mapping, sampler: s, color: color, blend: b, target: target)
        case .trilinear(let s): QuadRasterizer.draw(mapping, sampler: s, color: color, blend: b, target: target)
        }
    }
}
