/// What fills the covered area of a path.
public enum Paint: Hashable, Sendable {
    /// One color everywhere.
    case color(Color)
    /// A linear gradient between two points (in the path's local space), with
    /// color stops at locations in 0…1, padded beyond the ends.
    case linearGradient(start: Point, end: Point, stops: [GradientStop])
    /// A radial gradient around `center` out to `radius`.
    case radialGradient(center: Point, radius: Double, stops: [GradientStop])
    /// A radial gradient on an axis-aligned ellipse: location 0 at `center`, 1 on the ellipse with semi-axes
    /// `radiusX` and `radiusY` (in the path's local space), padded beyond — `CAGradientLayerType.radial`.
    /// A radius ≤ 0 paints the last stop everywhere.
    case ellipticalGradient(center: Point, radiusX: Double, radiusY: Double, stops: [GradientStop])
    /// A conic (sweep) gradient around `center`: location 0 in the direction `startAngle` (radians, measured from
    /// the +x axis of the path's local space towards +y, i.e. clockwise on a y-down screen), rising with the angle
    /// to 1 after a full turn — `CAGradientLayerType.conic`.
    case conicGradient(center: Point, startAngle: Double, stops: [GradientStop])
}
