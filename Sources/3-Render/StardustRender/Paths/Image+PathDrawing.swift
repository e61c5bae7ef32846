import StardustCore

/// Procedural images (the built-in images, preset art) are drawn by the same path painter as
/// frames: one road from coverage to pixels, one blend.
extension Image {
    /// Fills `path` (mapped by `transform` into pixel coordinates) with `color`,
    /// anti-aliased, blended source-over in premultiplied arithmetic.
    /// Curves are flattened to within 0.05 pixel. O(edges · log edges + covered pixels).
    public mutating func fill(_ path: Path, color: Color, rule: FillRule = .nonZero, transform: Transform2D = .identity) {
        fill(path, paint: .color(color), rule: rule, transform: transform)
    }

    /// Fills `path` with a solid color or a gradient (`paint` is in the path's space, before `transform`),
    /// multiplied by `opacity`, source-over.
    public mutating func fill(_ path: Path, paint: Paint, rule: FillRule = .nonZero,
                              transform: Transform2D = .identity, opacity: Double = 1) {
        draw(PathDraw(path: path, transform: transform, style: .fill(rule), paint: paint, opacity: opacity))
    }

    /// Strokes `path` with `style` (the pen lives in the path's space, so a
    /// non-uniform `transform` stretches it as in Core Graphics) in `color`, source-over.
    public mutating func stroke(_ path: Path, style: StrokeStyle, color: Color, transform: Transform2D = .identity) {
        draw(PathDraw(path: path, transform: transform, style: .stroke(style), paint: .color(color)))
    }

    /// Draws `command` at one pixel per point through ``PathPainter``.
    public mutating func draw(_ command: PathDraw) {
        let w = width, h = height
        guard w > 0, h > 0 else { return }
        let prepared = PathPainter.prepare(command, scale: 1)
        pixels.withUnsafeMutableBufferPointer { px in
            guard let base = px.baseAddress else { return }
            let target = RenderTarget(base: base, originY: 0, stride: 4 * w, width: w,
                                      clip: PixelRect(x0: 0, y0: 0, x1: w, y1: h))
            PathPainter.draw(prepared, into: target)
        }
    }
}
