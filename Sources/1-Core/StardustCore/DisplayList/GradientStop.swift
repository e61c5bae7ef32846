/// A color at a location (0…1) along a gradient.
public struct GradientStop: Hashable, Sendable {
    public var location: Double
    public var color: Color
    public init(_ location: Double, _ color: Color) { self.location = location; self.color = color }
}
