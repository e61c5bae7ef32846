import StardustCore

/// A text command laid out into one coverage mask in device pixels.
///
/// ``TextPainter/prepare(_:scale:)`` builds it (all FreeType work happens
/// there); ``TextPainter/draw(_:into:)`` only reads it, so one value can be
/// drawn by several threads at once, each into its own band.
public struct PreparedText: Sendable {
    /// The device pixels the mask covers (half-open); empty when nothing is drawn.
    public var bounds: PixelRect
    /// Row-major coverage in 0…1, `bounds` width × height values: the union of
    /// every glyph (coverages of overlapping glyphs add, clamped to 1).
    public var coverage: [Float]
    /// The premultiplied fill color with the command's opacity folded in (components in 0…1).
    public var color: SIMD4<Float>

    /// An empty prepared text covering `bounds` with no ink.
    public init(bounds: PixelRect) {
        self.bounds = bounds
        self.coverage = [Float](repeating: 0, count: bounds.isEmpty ? 0 : (bounds.x1 - bounds.x0) * (bounds.y1 - bounds.y0))
        self.color = .zero
    }

    /// A prepared text from a mask; `coverage.count` must equal the area of `bounds`.
    public init(bounds: PixelRect, coverage: [Float], color: SIMD4<Float>) {
        precondition(bounds.isEmpty ? coverage.isEmpty : coverage.count == (bounds.x1 - bounds.x0) * (bounds.y1 - bounds.y0),
                     "coverage must hold one value per pixel of bounds")
        self.bounds = bounds; self.coverage = coverage; self.color = color
    }

    /// Whether drawing would change no pixel.
    public var isEmpty: Bool { bounds.isEmpty || color.w <= 0 }
}
