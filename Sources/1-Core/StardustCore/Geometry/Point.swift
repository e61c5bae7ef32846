/// A location in a two-dimensional coordinate system, in points.
///
/// Stardust uses UIKit's convention: the origin is the top-left corner and
/// the y axis points down the screen (docs/DESIGN.md §2).
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal coordinate in points, growing to the right.
    public var x: Double
    /// The vertical coordinate in points, growing downwards (y down, as UIKit).
    public var y: Double

    /// A point at (`x`, `y`) points.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// A point at (`x`, `y`) points, without argument labels: `Point(195, 0)`.
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    /// The origin, (0, 0): the top-left corner of a scene.
    public static let zero = Point(x: 0, y: 0)

    /// Component-wise sum, treating the points as vectors.
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference: the vector from `b` to `a`.
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Both coordinates multiplied by `s`.
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// Both coordinates multiplied by `s`.
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// The point reflected through the origin: (−x, −y).
    @inlinable public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
    /// Adds `b` to `a`, component-wise.
    @inlinable public static func += (a: inout Point, b: Point) { a = a + b }
    /// Subtracts `b` from `a`, component-wise.
    @inlinable public static func -= (a: inout Point, b: Point) { a = a - b }

    /// The Euclidean length of the vector from the origin to this point.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// Dot product, treating both points as vectors.
    @inlinable public func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    /// The z component of the cross product, treating both points as vectors.
    @inlinable public func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    /// Distance to another point.
    @inlinable public func distance(to o: Point) -> Double { (self - o).length }
    /// Linear interpolation: `self` at `t = 0`, `o` at `t = 1`.
    @inlinable public func lerp(to o: Point, _ t: Double) -> Point { Point(x: x + (o.x - x) * t, y: y + (o.y - y) * t) }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal extent in points; `CGSize`-like, so a negative width is allowed.
    public var width: Double
    /// The vertical extent in points; `CGSize`-like, so a negative height is allowed.
    public var height: Double

    /// A size of `width` × `height` points.
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// A size of `width` × `height` points, without argument labels: `Size(390, 844)`.
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }

    /// A size of 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// Both dimensions multiplied by `s` (points × scale = pixels).
    @inlinable public static func * (a: Size, s: Double) -> Size { Size(width: a.width * s, height: a.height * s) }
    /// `width×height`.
    public var description: String { "\(width)×\(height)" }
}

/// A three-component vector, used for particle positions and velocities in
/// the emitter's 3D space (z towards the viewer).
public struct Vector3: Hashable, Sendable, Codable {
    /// The horizontal coordinate in points, growing to the right.
    public var x: Double
    /// The vertical coordinate in points, growing downwards.
    public var y: Double
    /// The depth coordinate in points, growing towards the viewer.
    public var z: Double

    /// A vector (`x`, `y`, `z`) in points.
    @inlinable public init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }
    /// A vector (`x`, `y`, `z`) in points, without argument labels.
    @inlinable public init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }
    /// The zero vector.
    public static let zero = Vector3(x: 0, y: 0, z: 0)

    /// Component-wise sum.
    @inlinable public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    /// Component-wise difference.
    @inlinable public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    /// Every component multiplied by `s`.
    @inlinable public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    /// The Euclidean length, √(x² + y² + z²).
    @inlinable public var length: Double { (x * x + y * y + z * z).squareRoot() }
}
