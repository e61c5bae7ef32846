/// A color at a location (0…1) along a gradient.
public struct GradientStop: Hashable, Sendable {
    /// Where the color sits along the gradient, 0 (start) … 1 (end); values outside are clamped when drawn.
    public var location: Double
    /// The color at ``location``; colors between stops are interpolated in premultiplied space.
    public var color: Color
    /// A stop of `color` at `location` (0…1).
    public init(_ location: Double, _ color: Color) { self.location = location; self.color = color }
}
