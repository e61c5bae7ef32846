// Shape.swift — shape definitions and storage.

/// The geometry of a shape, in its body's frame.
public enum ShapeGeometry: Sendable, Hashable {
    /// A solid circle.
    case circle(Circle)
    /// A segment inflated by a radius (radius 0: a thin segment).
    case capsule(Capsule)
    /// A convex polygon with an optional rounding radius.
    case polygon(Polygon)

    /// The shape as a rounded polygon (a circle has one vertex, a capsule
    /// two): the form the narrow phase and bounds updates read in place.
    var polygonForm: Polygon {
        switch self {
        case .circle(let c): return Polygon(circle: c)
        case .capsule(let c): return Polygon(capsule: c)
        case .polygon(let p): return p
        }
    }

    /// Orders pair functions: a contact's shape A has the larger kind.
    var kind: Int {
        switch self {
        case .circle: return 0
        case .capsule: return 1
        case .polygon: return 2
        }
    }

    /// A segment is a capsule of radius 0.
    public static func segment(_ a: Vec2, _ b: Vec2) -> ShapeGeometry { .capsule(Capsule(point1: a, point2: b, radius: 0)) }

    /// The mass properties of the geometry at `density` (mass per unit area).
    public func massData(density: Double) -> MassData {
        switch self {
        case .circle(let c): return c.massData(density: density)
        case .capsule(let c): return c.massData(density: density)
        case .polygon(let p): return p.massData(density: density)
        }
    }

    /// World bounds under `xf`. O(vertices).
    public func aabb(_ xf: RigidTransform) -> AABB {
        switch self {
        case .circle(let c):
            let p = xf.apply(c.center)
            return AABB(lower: Vec2(p.x - c.radius, p.y - c.radius), upper: Vec2(p.x + c.radius, p.y + c.radius))
        case .capsule(let c):
            let a = xf.apply(c.point1), b = xf.apply(c.point2)
            return AABB(lower: Vec2(min(a.x, b.x) - c.radius, min(a.y, b.y) - c.radius),
                        upper: Vec2(max(a.x, b.x) + c.radius, max(a.y, b.y) + c.radius))
        case .polygon(let p):
            var lo = xf.apply(p.vertices[0]), hi = lo
            for i in 1..<p.count {
                let v = xf.apply(p.vertices[i])
                lo = Vec2(min(lo.x, v.x), min(lo.y, v.y)); hi = Vec2(max(hi.x, v.x), max(hi.y, v.y))
            }
            return AABB(lower: Vec2(lo.x - p.radius, lo.y - p.radius), upper: Vec2(hi.x + p.radius, hi.y + p.radius))
        }
    }

    /// Largest distance of the surface from `center` (body frame).
    func extent(from center: Vec2) -> Double {
        switch self {
        case .circle(let c): return (c.center - center).length + c.radius
        case .capsule(let c): return max((c.point1 - center).length, (c.point2 - center).length) + c.radius
        case .polygon(let p):
            var e = 0.0
            for i in 0..<p.count { e = max(e, (p.vertices[i] - center).length) }
            return e + p.radius
        }
    }

    /// A rough inner size: how far the shape can move before it could skip
    /// over something (used to decide which bodies need continuous collision).
    func minExtent() -> Double {
        switch self {
        case .circle(let c): return c.radius
        case .capsule(let c): return c.radius
        case .polygon(let p):
            var e = Double.greatestFiniteMagnitude
            for i in 0..<p.count { e = min(e, dot(p.normals[i], p.vertices[i] - p.centroid)) }
            return e + p.radius
        }
    }

    /// As a rounded polygon (1, 2 or n vertices) for the distance routine.
    var asPolygon: Polygon {
        switch self {
        case .circle(let c): return Polygon(circle: c)
        case .capsule(let c): return Polygon(capsule: c)
        case .polygon(let p): return p
        }
    }

    /// Does the solid contain `p` (body frame)?
    func contains(_ p: Vec2) -> Bool {
        switch self {
        case .circle(let c): return distanceSquared(p, c.center) <= c.radius * c.radius
        case .capsule(let c):
            let e = c.point2 - c.point1
            let ee = dot(e, e)
            let t = ee > 0 ? clamp(dot(p - c.point1, e) / ee, 0, 1) : 0
            return distanceSquared(p, c.point1 + t * e) <= c.radius * c.radius
        case .polygon(let poly):
            return pointDistance(poly, p) <= 0
        }
    }

    func rayCast(_ input: RayCastInput) -> RayHit? {
        switch self {
        case .circle(let c): return rayCastCircle(input, center: c.center, radius: c.radius)
        case .capsule(let c):
            if c.radius == 0 { return rayCastSegment(input, c.point1, c.point2) }
            return rayCastPolygon(input, Polygon(capsule: c))
        case .polygon(let p): return rayCastPolygon(input, p)
        }
    }
}

/// Signed distance from `p` to a (rounded) polygon's surface; negative inside.
func pointDistance(_ poly: Polygon, _ p: Vec2) -> Double {
    var sep = -Double.greatestFiniteMagnitude
    var index = 0
    for i in 0..<poly.count {
        let s = dot(poly.normals[i], p - poly.vertices[i])
        if s > sep { sep = s; index = i }
    }
    if sep <= 0 { return sep - poly.radius }
    // Outside: exact distance to the nearest edge.
    let a = poly.vertices[index], b = poly.vertices[index + 1 < poly.count ? index + 1 : 0]
    var best = Double.greatestFiniteMagnitude
    for (u, v) in [(poly.vertices[index == 0 ? poly.count - 1 : index - 1], a), (a, b), (b, poly.vertices[(index + 2) % poly.count])] {
        best = min(best, segmentDistance(u, v, p, p).distanceSquared)
    }
    return best.squareRoot() - poly.radius
}

/// Everything needed to attach a shape to a body.
public struct ShapeDefinition: Sendable, Hashable {
    /// Coulomb friction coefficient. Default 0.6. A contact uses √(μa·μb).
    public var friction = 0.6
    /// Restitution (elasticity) 0…1. Default 0. A contact uses max(ea, eb).
    public var restitution = 0.0
    /// Mass per unit area (mass units / world units²). Default 1.
    public var density = 1.0
    /// Surface (conveyor) speed, units/s: positive moves the surface clockwise
    /// on screen around the shape (y down; counter-clockwise in y-up axes), so a
    /// ground box with a positive value carries what rests on it towards +x. Default 0.
    public var tangentSpeed = 0.0
    /// Default: collide with everything.
    public var filter = CollisionFilter.default
    /// Sensors report overlaps and never push. Default false.
    public var isSensor = false
    /// Report begin/end touch events for this shape. Default true.
    public var enableContactEvents = true
    /// Call the world's pre-solve callback for this shape's contacts. Default false.
    public var enablePreSolveEvents = false
    /// Report per-contact impulses after the solve. Default false.
    public var enablePostSolveEvents = false
    /// Free for the caller. Default 0.
    public var userData = 0

    /// A definition with `friction` (default 0.6), `restitution` (default 0), `density` (default 1, mass per unit area) and `isSensor` (default false).
    public init(friction: Double = 0.6, restitution: Double = 0, density: Double = 1, isSensor: Bool = false) {
        self.friction = friction; self.restitution = restitution; self.density = density; self.isSensor = isSensor
    }
}

/// A shape's broad-phase proxy (one per shape in `World.shapeProxies`, parallel
/// to `shapes`): kept out of the ~400-byte `ShapeData` because the bounds
/// update and pair finding read it for every shape that moved, in a stream
/// of records where it would be one cache line each.
struct ShapeProxy: Sendable {
    /// Proxy in the broad phase tree (static tree for static bodies), or −1;
    /// its fat bounds are `World.shapeFatBounds`.
    var proxy: Int32 = -1
    var inStaticTree = false
}

/// Shape storage (one array of these in the world). The ~300-byte geometry
/// enum comes last: the per-step readers (bounds update: `nextShape`; pair
/// finding: `body`, `isSensor`, `filter`) then find their fields in the
/// record's first cache lines.
struct ShapeData: Sendable {
    var body: Int32
    var nextShape: Int32 = -1
    var isSensor: Bool
    var enableContactEvents: Bool
    var enablePreSolve: Bool
    var enablePostSolve: Bool
    /// `geometry.kind`, kept so that hot loops never touch the ~300-byte enum.
    var kind = 0
    var filter: CollisionFilter
    var friction: Double
    var restitution: Double
    var density: Double
    var tangentSpeed: Double
    var userData: Int
    var geometry: ShapeGeometry
}
