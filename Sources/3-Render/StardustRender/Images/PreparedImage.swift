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
        guard let view = TextureView(d.texture) else { return nil }
        let r = d.rect.standardized, t = d.transform
        let o = t.apply(to: r.origin) * scale
        let ex = t.applyToVector(Point(r.width, 0)) * scale
        let ey = t.applyToVector(Point(0, r.height)) * scale
        let cr = d.contentsRect
        let region = SIMD4(cr.origin.x * Double(view.width), cr.origin.y * Double(view.height),
                           cr.size.width * Double(view.width), cr.size.height * Double(view.height))
        guard let m = QuadMapping(origin: SIMD2(o.x, o.y), edgeX: SIMD2(ex.x, ex.y), edgeY: SIMD2(ey.x, ey.y),
                                  region: region) else { return nil }
        let opacity = Float(min(max(d.opacity.isNaN ? 0 : d.opacity, 0), 1))
        let color = saturate(d.tint.premultiplied * opacity)
        if color == .zero { return nil }
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
