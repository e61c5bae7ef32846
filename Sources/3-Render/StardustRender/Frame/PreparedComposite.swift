import StardustCore

/// A ``CompositeGroup`` resolved by the prepare phase: its device bounds (content and shadow), and the
/// shadow's coverage computed once for the frame.
struct PreparedComposite: Sendable {
    /// The pixels the group may change: its content's bounds joined with its shadow's.
    var bounds: PixelRect
    var opacity: Float
    var filter: CompositingFilter
    var mask: MaskMode?
    /// The tint, premultiplied (`(r·a, g·a, b·a, a)`), 0…1 (`nil`: none): multiplying a premultiplied pixel by it
    /// gives straight color × tint color and alpha × tint alpha.
    var tint: SIMD4<Float>?
    var shadow: ShadowMask?
    /// For an alpha or luminance mask, the bounds of the mask's commands: outside them the mask is transparent and
    /// makes the content transparent, which compositing leaves out, so the band drawer masks, tints and composites
    /// only inside them (with no shadow: a shadow shows through the transparent content). `nil` otherwise.
    var maskBounds: PixelRect?
    /// Whether the content and the mask may be drawn inside ``maskBounds`` only, not over the whole region: set when
    /// every command of both gives each pixel the same bytes whatever clip it is drawn under
    /// (``CompositePreparer/drawsPixelwise(_:)``). Masking and compositing read nothing outside ``maskBounds`` (without
    /// a shadow), so the pixels drawn there were thrown away (docs/RENDERER.md, "Group bounds"; twenty-fourth round).
    var drawsInsideMask: Bool

    init(_ g: CompositeGroup) {
        bounds = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        opacity = Float(g.opacity.isNaN ? 0 : min(max(g.opacity, 0), 1))
        filter = g.filter
        mask = g.mask
        tint = g.tint?.premultiplied
        shadow = nil
        maskBounds = nil
        drawsInsideMask = false
    }
}

extension PixelRect {
    /// The smallest rectangle holding both (an empty one counts for nothing).
    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    /// The number of pixels (0 when empty).
    var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }
}
