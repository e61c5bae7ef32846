/// An axis-aligned rectangle: an origin (its minimum corner) and a size.
///
/// Mirrors `CGRect`: a negative width or height is allowed and
/// ``standardized`` flips it.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The corner at (``Rect/origin``.x, ``Rect/origin``.y): the top-left corner when the size is positive.
    public var origin: Point
    /// The width and height; either may be negative (``standardized`` flips them).
    public var size: Size

    /// A rectangle at `origin` of `size`.
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// A rectangle with its origin at (`x`, `y`) and a size of `width` × `height` points.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y); self.size = Size(width: width, height: height)
    }
    /// A rectangle `[x y width height]`, without argument labels (the scene file's order).
    @inlinable public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }

    /// The empty rectangle at the origin, `[0 0 0 0]` (a layer's default bounds).
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The unit rectangle `[0 0 1 1]`, the default of `contentsRect`.
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    /// The smallest x of the rectangle, whatever the sign of the width.
    @inlinable public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The smallest y of the rectangle (its top edge on a y-down screen), whatever the sign of the height.
    @inlinable public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest x of the rectangle, whatever the sign of the width.
    @inlinable public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The largest y of the rectangle (its bottom edge on a y-down screen), whatever the sign of the height.
    @inlinable public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x of the center.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The y of the center.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The width, never negative.
    @inlinable public var width: Double { abs(size.width) }
    /// The height, never negative.
    @inlinable public var height: Double { abs(size.height) }
    /// The center point, (``midX``, ``midY``).
    @inlinable public var center: Point { Point(x: midX, y: midY) }
    /// Whether the width or the height is zero.
    @inlinable public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The same rectangle with a non-negative width and height.
    @inlinable public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    /// The overlap of two rectangles, or `.zero`-sized at the origin of `self` when they are disjoint.
    @inlinable public func intersection(_ o: Rect) -> Rect {
        let x0 = max(minX, o.minX), y0 = max(minY, o.minY)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both.
    @inlinable public func union(_ o: Rect) -> Rect {
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        let x1 = max(maxX, o.maxX), y1 = max(maxY, o.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `p` lies inside, the minimum edges included and the maximum edges excluded (as pixel centers are).
    @inlinable public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }

    /// The rectangle grown by `dx`, `dy` on every side (shrunk for negative values).
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// `[x y width height]`, the scene file's notation.
    public var description: String { "[\(origin.x) \(origin.y) \(size.width) \(size.height)]" }
}
