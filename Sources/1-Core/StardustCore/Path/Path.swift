import Foundation

/// A 2D vector path: subpaths of lines, quadratic and cubic Bézier curves,
/// like `CGPath` / `UIBezierPath`.
public struct Path: Hashable, Sendable {
    /// One drawing instruction of a path.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at the point.
        case move(to: Point)
        /// A straight segment from the current point to the point.
        case line(to: Point)
        /// A quadratic Bézier from the current point to `to`, pulled towards `control`.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier from the current point to `to`, with control points `control1` and `control2`.
        case curve(to: Point, control1: Point, control2: Point)
        /// Closes the current subpath with a straight segment back to its start point.
        case closeSubpath
    }

    /// The instructions, in the order they were added.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}
    /// A path of exactly these elements; later `add…` calls continue from its last point.
    public init(elements: [Element]) {
        self.elements = elements
        for e in elements {
            switch e {
            case .move(let p): currentPoint = p; subpathStart = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _): currentPoint = p
            case .closeSubpath: currentPoint = subpathStart
            }
        }
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The last point added, or nil for an empty path.
    public private(set) var currentPoint: Point?
    private var subpathStart: Point?

    /// Starts a new subpath at `p` (`CGPath.move(to:)`).
    public mutating func move(to p: Point) { elements.append(.move(to: p)); currentPoint = p; subpathStart = p }
    /// Adds a straight segment from the current point to `p`; on an empty path, moves to `p` instead.
    public mutating func addLine(to p: Point) {
        if currentPoint == nil { move(to: p); return }
        elements.append(.line(to: p)); currentPoint = p
    }
    /// Adds a quadratic Bézier to `p` with control point `c`; on an empty path, it starts at `c`.
    public mutating func addQuadCurve(to p: Point, control c: Point) {
        if currentPoint == nil { move(to: c) }
        elements.append(.quadCurve(to: p, control: c)); currentPoint = p
    }
    /// Adds a cubic Bézier to `p` with control points `c1`, `c2`; on an empty path, it starts at `c1`.
    public mutating func addCurve(to p: Point, control1 c1: Point, control2 c2: Point) {
        if currentPoint == nil { move(to: c1) }
        elements.append(.curve(to: p, control1: c1, control2: c2)); currentPoint = p
    }
    /// Closes the current subpath back to its start point; does nothing on an empty path.
    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        elements.append(.closeSubpath); currentPoint = subpathStart
    }
    /// Appends every subpath of another path.
    public mutating func addPath(_ other: Path) {
        for e in other.elements {
            switch e {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closeSubpath()
            }
        }
    }

    // MARK: Shapes

    /// A closed rectangle, clockwise on screen.
    public init(rect r: Rect) {
        move(to: Point(r.minX, r.minY)); addLine(to: Point(r.maxX, r.minY))
        addLine(to: Point(r.maxX, r.maxY)); addLine(to: Point(r.minX, r.maxY)); closeSubpath()
    }

    /// An ellipse inscribed in `r`, made of four cubic arcs.
    public init(ellipseIn r: Rect) {
        let k = 0.5522847498307936
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        move(to: Point(cx + rx, cy))
        addCurve(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + k * ry), control2: Point(cx + k * rx, cy + ry))
        addCurve(to: Point(cx - rx, cy), control1: Point(cx - k * rx, cy + ry), control2: Point(cx - rx, cy + k * ry))
        addCurve(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - k * ry), control2: Point(cx - k * rx, cy - ry))
        addCurve(to: Point(cx + rx, cy), control1: Point(cx + k * rx, cy - ry), control2: Point(cx + rx, cy - k * ry))
        closeSubpath()
    }

    /// A rectangle with circular corners of `cornerRadius` (clamped to half the shorter side).
    public init(roundedRect r0: Rect, cornerRadius: Double) {
        let r = r0.standardized
        let rad = max(0, min(cornerRadius, min(r.width, r.height) / 2))
        if rad == 0 { self.init(rect: r); return }
        self.init()
        let k = 0.5522847498307936 * rad
        move(to: Point(r.minX + rad, r.minY))
        addLine(to: Point(r.maxX - rad, r.minY))
        addCurve(to: Point(r.maxX, r.minY + rad), control1: Point(r.maxX - rad + k, r.minY), control2: Point(r.maxX, r.minY + rad - k))
        addLine(to: Point(r.maxX, r.maxY - rad))
        addCurve(to: Point(r.maxX - rad, r.maxY), control1: Point(r.maxX, r.maxY - rad + k), control2: Point(r.maxX - rad + k, r.maxY))
        addLine(to: Point(r.minX + rad, r.maxY))
        addCurve(to: Point(r.minX, r.maxY - rad), control1: Point(r.minX + rad - k, r.maxY), control2: Point(r.minX, r.maxY - rad + k))
        addLine(to: Point(r.minX, r.minY + rad))
        addCurve(to: Point(r.minX + rad, r.minY), control1: Point(r.minX, r.minY + rad - k), control2: Point(r.minX + rad - k, r.minY))
        closeSubpath()
    }

    /// Adds a circular arc around `center` from `startAngle` to `endAngle`
    /// (radians, positive = clockwise on a y-down screen), drawing a line to
    /// its start first when the path already has a current point.
    public mutating func addArc(center c: Point, radius: Double, startAngle a0: Double, endAngle a1: Double, clockwise: Bool = true) {
        var sweep = a1 - a0
        if clockwise { while sweep < 0 { sweep += 2 * .pi } } else { while sweep > 0 { sweep -= 2 * .pi } }
        let n = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(n)
        let start = Point(c.x + radius * cos(a0), c.y + radius * sin(a0))
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = a0
        for _ in 0..<n {
            let b = a + step
            let p0 = Point(c.x + radius * cos(a), c.y + radius * sin(a))
            let p3 = Point(c.x + radius * cos(b), c.y + radius * sin(b))
            let c1 = Point(p0.x - k * radius * sin(a), p0.y + k * radius * cos(a))
            let c2 = Point(p3.x + k * radius * sin(b), p3.y - k * radius * cos(b))
            addCurve(to: p3, control1: c1, control2: c2)
            a = b
        }
    }

    // MARK: Transforms and measures

    /// The path with every point transformed.
    public func applying(_ t: Transform2D) -> Path {
        Path(elements: elements.map { e in
            switch e {
            case .move(let p): return .move(to: t.apply(to: p))
            case .line(let p): return .line(to: t.apply(to: p))
            case .quadCurve(let p, let c): return .quadCurve(to: t.apply(to: p), control: t.apply(to: c))
            case .curve(let p, let c1, let c2): return .curve(to: t.apply(to: p), control1: t.apply(to: c1), control2: t.apply(to: c2))
            case .closeSubpath: return .closeSubpath
            }
        }, keepingState: true)
    }

    private init(elements: [Element], keepingState: Bool) {
        self.init()
        for e in elements {
            switch e {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closeSubpath()
            }
        }
    }

    /// The bounds of all points and control points (a superset of the exact curve bounds).
    public var controlPointBounds: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .closeSubpath: break
            }
        }
        if x0 > x1 { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
