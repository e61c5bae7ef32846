/// What fills the covered area of a path.
public enum Paint: Hashable, Sendable {
    /// One color everywhere.
    case color(Color)
    /// A linear gradient between two points (in the path's local space), with
    /// color stops at locations in 0…1, padded beyond the ends.
    case linearGradient(start: Point, end: Point, stops: [GradientStop])
    /// A radial gradient around `center` out to `radius`.
    case radialGradient(center: Point, radius: Double, stops: [GradientStop])
}
