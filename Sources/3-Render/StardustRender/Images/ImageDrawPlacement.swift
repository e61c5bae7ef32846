import StardustCore

/// What every prepared image draw (``PreparedImage``, ``PreparedMaskedImage``) first takes from its ``ImageDraw``:
/// where its texels land in device pixels and the color they are painted with.
struct ImageDrawPlacement {
    /// From the draw's rectangle through its transform, scaled to device pixels, onto the `contentsRect` region of
    /// `view`'s texels.
    let mapping: QuadMapping
    /// Premultiplied tint × opacity (NaN opacity as 0), each component 0…1.
    let color: SIMD4<Float>
    /// The quad in device pixels: the corner of the rectangle's origin and its two edges.
    let origin: SIMD2<Double>, edgeX: SIMD2<Double>, edgeY: SIMD2<Double>
    /// The texels the quad shows: x, y, width, height.
    let region: SIMD4<Double>

    /// `nil` when the draw is degenerate (a zero-area quad or region) or invisible (its color is zero).
    init?(_ d: ImageDraw, view: TextureView, scale: Double) {
        let r = d.rect.standardized, t = d.transform
        let o = t.apply(to: r.origin) * scale
        let ex = t.applyToVector(Point(r.width, 0)) * scale
        let ey = t.applyToVector(Point(0, r.height)) * scale
        let cr = d.contentsRect
        let region = SIMD4(cr.origin.x * Double(view.width), cr.origin.y * Double(view.height),
                           cr.size.width * Double(view.width), cr.size.height * Double(view.height))
        origin = SIMD2(o.x, o.y)
        edgeX = SIMD2(ex.x, ex.y)
        edgeY = SIMD2(ey.x, ey.y)
        self.region = region
        guard let m = QuadMapping(origin: origin, edgeX: edgeX, edgeY: edgeY, region: region) else { return nil }
        let opacity = Float(min(max(d.opacity.isNaN ? 0 : d.opacity, 0), 1))
        let color = saturate(d.tint.premultiplied * opacity)
        if color == .zero { return nil }
        mapping = m
        self.color = color
    }
}
