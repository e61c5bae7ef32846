/// A location in a two-dimensional coordinate system, in points.
///
/// Stardust uses UIKit's convention: the origin is the top-left corner and
/// the y axis points down the screen (SPEC §2).
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    public static let zero = Point(x: 0, y: 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(x: a.x * s, y: a.y * s) }
    @inlinable public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
    @inlinable public static func += (a: inout Point, b: Point) { a = a + b }
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

    public var description: String { "(\(x), \(y))" }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }

    public static let zero = Size(width: 0, height: 0)

    @inlinable public static func * (a: Size, s: Double) -> Size { Size(width: a.width * s, height: a.height * s) }
    public var description: String { "\(width)×\(height)" }
}

/// A three-component vector, used for particle positions and velocities in
/// the emitter's 3D space (z towards the viewer).
public struct Vector3: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable public init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }
    @inlinable public init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }
    public static let zero = Vector3(x: 0, y: 0, z: 0)

    @inlinable public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inlinable public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inlinable public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    @inlinable public var length: Double { (x * x + y * y + z * z).squareRoot() }
}
