/// A 2D vector in behavior units (UIKit's `CGVector`): `dx`, `dy`.
public struct Vector: Sendable, Hashable {
    /// The x component.
    public var dx: Double
    /// The y component (positive is down on screen).
    public var dy: Double
    /// The vector (`dx`, `dy`).
    public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
    /// The zero vector.
    public static let zero = Vector(dx: 0, dy: 0)
}
