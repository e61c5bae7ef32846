/// A path filled or stroked with anti-aliasing.
public struct PathDraw: Sendable {
    /// Whether the path is filled (with a winding rule) or stroked (with a pen).
    public enum Style: Hashable, Sendable {
        /// Fills the inside of the path, as decided by the fill rule; every subpath is closed implicitly.
        case fill(FillRule)
        /// Strokes the outline of the path with the given pen; the pen is in the path's local space,
        /// so a non-uniform ``PathDraw/transform`` stretches it (as in Core Graphics).
        case stroke(StrokeStyle)
    }
    /// The geometry, in the local space of ``transform`` (points).
    public var path: Path
    /// Maps the path's local space to scene points.
    public var transform: Transform2D
    /// Fill or stroke (default: fill with the non-zero rule).
    public var style: Style
    /// What the covered pixels are painted with: a color or a gradient in the path's local space.
    public var paint: Paint
    /// Multiplies the paint, 0…1 (default 1).
    public var opacity: Double
    /// How the paint combines with the pixels below (default ``BlendMode/normal``, source-over).
    public var blend: BlendMode

    /// A path draw; by default filled with the non-zero rule, untransformed, opaque, source-over.
    public init(path: Path, transform: Transform2D = .identity, style: Style = .fill(.nonZero),
                paint: Paint, opacity: Double = 1, blend: BlendMode = .normal) {
        self.path = path; self.transform = transform; self.style = style; self.paint = paint
        self.opacity = opacity; self.blend = blend
    }
}
