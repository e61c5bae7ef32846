/// A path filled or stroked with anti-aliasing.
public struct PathDraw: Sendable {
    public enum Style: Hashable, Sendable {
        case fill(FillRule)
        case stroke(StrokeStyle)
    }
    public var path: Path
    public var transform: Transform2D
    public var style: Style
    public var paint: Paint
    public var opacity: Double
    public var blend: BlendMode

    public init(path: Path, transform: Transform2D = .identity, style: Style = .fill(.nonZero),
                paint: Paint, opacity: Double = 1, blend: BlendMode = .normal) {
        self.path = path; self.transform = transform; self.style = style; self.paint = paint
        self.opacity = opacity; self.blend = blend
    }
}
