// Geometry.swift — the three primitive shapes, their mass, bounds and ray casts.
//
// A capsule is a segment with a radius (radius 0 is a plain segment). A
// polygon is convex, counter-clockwise (in math axes), at most
// `Polygon.maxVertices` vertices, with an optional rounding radius. Polygons
// store vertices inline (no heap) so that they can sit in arrays of structs
// that the narrow phase walks without reference counting.

/// Eight `Vec2` stored inline. Indices are checked by the callers' loops
/// (`0..<count`, count ≤ 8).
public struct Vec2x8: Sendable, Hashable {
    var storage: (Vec2, Vec2, Vec2, Vec2, Vec2, Vec2, Vec2, Vec2) =
        (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)

    /// Eight zero vectors.
    public init() {}

    /// Whether all eight vectors are equal.
    public static func == (a: Vec2x8, b: Vec2x8) -> Bool {
        for i in 0..<8 where a[i] != b[i] { return false }
        return true
    }
    /// Hashes all eight vectors.
    public func hash(into h: inout Hasher) { for i in 0..<8 { h.combine(self[i]) } }

    /// The vector at `i` (0…7; other indices trap).
    @inline(__always) public subscript(i: Int) -> Vec2 {
        get {
            precondition(i >= 0 && i < 8)
            return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: i &* 16, as: Vec2.self) }
        }
        set {
            precondition(i >= 0 && i < 8)
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: newValue, toByteOffset: i &* 16, as: Vec2.self) }
        }
    }
}

/// A solid circle. `center` is in the body frame, `radius` in world units.
public struct Circle: Sendable, Hashable {
    /// The center in the body frame (world units).
    public var center: Vec2
    /// The radius in world units.
    public var radius: Double
    /// A circle of `radius` around `center` (default: the body origin).
    public init(center: Vec2 = .zero, radius: Double) { self.center = center; self.radius = radius }
}

/// A segment from `point1` to `point2` (body frame) inflated by `radius`.
/// Radius 0 makes a one-sided-thin segment, suitable for static walls.
public struct Capsule: Sendable, Hashable {
    /// The segment's first end point in the body frame.
    public var point1: Vec2
    /// The segment's second end point in the body frame.
    public var point2: Vec2
    /// The inflation radius in world units (0: a thin segment).
    public var radius: Double
    /// A capsule around the segment `point1`–`point2` with `radius` (default 0, a segment).
    public init(point1: Vec2, point2: Vec2, radius: Double = 0) {
        self.point1 = point1; self.point2 = point2; self.radius = radius
    }
}

/// Vertices and normals of a polygon read and written in place. Through
/// `pointer.pointee.vertices[i]` the compiler copies the whole 128-byte
/// ``Vec2x8`` to the stack for every element read; these load one `Vec2`.
extension UnsafePointer where Pointee == Polygon {
    /// Vertex `i` (0…7), read in place.
    @inline(__always) func vertex(_ i: Int) -> Vec2 {
        precondition(i >= 0 && i < 8)
        return UnsafeRawPointer(self).load(fromByteOffset: MemoryLayout<Polygon>.offset(of: \Polygon.vertices)! &+ i &* 16, as: Vec2.self)
    }
    /// Edge normal `i` (0…7), read in place.
    @inline(__always) func normal(_ i: Int) -> Vec2 {
        precondition(i >= 0 && i < 8)
        return UnsafeRawPointer(self).load(fromByteOffset: MemoryLayout<Polygon>.offset(of: \Polygon.normals)! &+ i &* 16, as: Vec2.self)
    }
}

extension UnsafeMutablePointer where Pointee == Polygon {
    /// Vertex `i` (0…7), read in place.
    @inline(__always) func vertex(_ i: Int) -> Vec2 { UnsafePointer(self).vertex(i) }
    /// Edge normal `i` (0…7), read in place.
    @inline(__always) func normal(_ i: Int) -> Vec2 { UnsafePointer(self).normal(i) }
}

/// A convex polygon, counter-clockwise in math axes, 3…8 vertices, with an
/// optional rounding radius. Build one with ``Polygon/box(halfWidth:halfHeight:center:angle:radius:)``
/// or ``Polygon/init(hull:radius:)``.
public struct Polygon: Sendable, Hashable {
    /// The most vertices a polygon may have.
    public static let maxVertices = 8
    // Count and radius come first, next to the first vertices: the narrow
    // phase reads them for every shape of every contact (a stored circle is
    // count, radius and one vertex: one cache line instead of two).
    /// The number of vertices, 3…``maxVertices``.
    public internal(set) var count = 0
    /// The rounding radius in world units (default 0: sharp corners).
    public var radius: Double = 0
    /// The vertices in the body frame, counter-clockwise in math axes; the first ``count`` are used.
    public internal(set) var vertices = Vec2x8()
    /// The outward unit normal of each edge (edge `i` runs from vertex `i` to vertex `i + 1`).
    public internal(set) var normals = Vec2x8()
    /// The centroid of the polygon's area in the body frame.
    public internal(set) var centroid = Vec2.zero

    init() {}

    /// A box with half extents in world units, centered at `center` (body
    /// frame), rotated by `angle` radians, rounded by `radius` (the rounding
    /// adds to the extents).
    public static func box(halfWidth: Double, halfHeight: Double, center: Vec2 = .zero,
                           angle: Double = 0, radius: Double = 0) -> Polygon {
        var p = Polygon()
        p.count = 4
        let q = angle == 0 ? Rotation.identity : Rotation(angle: angle)
        let v = [Vec2(-halfWidth, -halfHeight), Vec2(halfWidth, -halfHeight),
                 Vec2(halfWidth, halfHeight), Vec2(-halfWidth, halfHeight)]
        let n = [Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)]
        for i in 0..<4 {
            p.vertices[i] = q.rotate(v[i]) + center
            p.normals[i] = q.rotate(n[i])
        }
        p.centroid = center
        p.radius = radius
        return p
    }

    /// The convex hull of `points` (see `computeHull(_:)`) as a polygon, or
    /// nil when the points are degenerate (fewer than 3 non-collinear points
    /// after welding points closer than the linear slop of a meter world).
    public init?(hull points: [Vec2], radius: Double = 0) {
        let h = computeHull(points)
        guard h.count >= 3 else { return nil }
        self.init(orderedHull: h, radius: radius)
    }

    /// Assumes `hull` is convex and counter-clockwise, 2…8 points.
    init(orderedHull hull: [Vec2], radius: Double) {
        count = hull.count
        self.radius = radius
        for i in 0..<count {
            vertices[i] = hull[i]
            let e = hull[(i + 1) % count] - hull[i]
            normals[i] = e.rightPerp.normalized
        }
        centroid = polygonCentroid(hull)
    }

    /// A capsule as a two-vertex rounded polygon, so that capsules and
    /// segments share the polygon clipper (as Box2D v3 does).
    init(capsule c: Capsule) {
        count = 2
        radius = c.radius
        vertices[0] = c.point1
        vertices[1] = c.point2
        let n = (c.point2 - c.point1).rightPerp.normalized
        normals[0] = n
        normals[1] = -n
        centroid = lerp(c.point1, c.point2, 0.5)
    }

    /// A circle as a one-vertex rounded polygon (used by the distance routine).
    init(circle c: Circle) {
        count = 1
        radius = c.radius
        vertices[0] = c.center
        centroid = c.center
    }
}

func polygonCentroid(_ v: [Vec2]) -> Vec2 {
    if v.count == 1 { return v[0] }
    if v.count == 2 { return lerp(v[0], v[1], 0.5) }
    var c = Vec2.zero
    var area = 0.0
    let o = v[0]
    for i in 1..<(v.count - 1) {
        let e1 = v[i] - o, e2 = v[i + 1] - o
        let a = 0.5 * cross(e1, e2)
        c += (a / 3) * (e1 + e2)
        area += a
    }
    return area > 0 ? o + (1 / area) * c : o
}

/// The convex hull of up to 8 points (Andrew's monotone chain),
/// counter-clockwise, collinear points removed. More than 8 hull points are
/// reduced to 8 by dropping the vertices whose removal loses the least area.
/// O(n log n).
public func computeHull(_ input: [Vec2], weldDistance: Double = 0.005) -> [Vec2] {
    // Weld near-duplicates so that normals are well defined.
    var pts: [Vec2] = []
    for p in input where !pts.contains(where: { distanceSquared($0, p) < weldDistance * weldDistance }) {
        pts.append(p)
    }
    guard pts.count >= 3 else { return pts }
    pts.sort { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
    var lower: [Vec2] = [], upper: [Vec2] = []
    for p in pts {
        while lower.count >= 2 && cross(lower[lower.count - 1] - lower[lower.count - 2], p - lower[lower.count - 2]) <= 0 { lower.removeLast() }
        lower.append(p)
    }
    for p in pts.reversed() {
        while upper.count >= 2 && cross(upper[upper.count - 1] - upper[upper.count - 2], p - upper[upper.count - 2]) <= 0 { upper.removeLast() }
        upper.append(p)
    }
    var hull = Array(lower.dropLast()) + Array(upper.dropLast())
    while hull.count > Polygon.maxVertices {
        var best = 0, bestArea = Double.infinity
        for i in 0..<hull.count {
            let a = hull[(i + hull.count - 1) % hull.count], b = hull[i], c = hull[(i + 1) % hull.count]
            let area = abs(cross(b - a, c - a))
            if area < bestArea { bestArea = area; best = i }
        }
        hull.remove(at: best)
    }
    return hull
}

/// Mass properties: `mass` in mass units (density × area), `center` in the
/// body frame, `rotationalInertia` about `center` (mass × length²).
public struct MassData: Sendable, Hashable {
    /// The mass (density × area).
    public var mass: Double
    /// The center of mass in the body frame.
    public var center: Vec2
    /// The rotational inertia about ``center`` (mass × length²).
    public var rotationalInertia: Double
    /// Mass properties from their three values.
    public init(mass: Double, center: Vec2, rotationalInertia: Double) {
        self.mass = mass; self.center = center; self.rotationalInertia = rotationalInertia
    }
}

extension Circle {
    /// The mass properties of the solid circle at `density` (mass per unit area).
    public func massData(density: Double) -> MassData {
        let m = density * Double.pi * radius * radius
        return MassData(mass: m, center: center, rotationalInertia: 0.5 * m * radius * radius)
    }
}

extension Capsule {
    /// Box2D v3's capsule mass: a box plus two offset half discs.
    public func massData(density: Double) -> MassData {
        let rr = radius * radius
        let length = (point2 - point1).length
        let circleMass = density * Double.pi * rr
        let boxMass = density * 2 * radius * length
        let lc = 4 * radius / (3 * Double.pi)
        let h = 0.5 * length
        let circleI = circleMass * (0.5 * rr + h * h + 2 * h * lc)
        let boxI = boxMass * (4 * rr + length * length) / 12
        return MassData(mass: circleMass + boxMass, center: lerp(point1, point2, 0.5), rotationalInertia: circleI + boxI)
    }
}

extension Polygon {
    /// Exact for radius 0; rounded polygons push the vertices out by
    /// √2·radius along the corner bisector (Box2D's approximation).
    public func massData(density: Double) -> MassData {
        var v = [Vec2](repeating: .zero, count: count)
        for i in 0..<count {
            if radius > 0 {
                let n1 = normals[i == 0 ? count - 1 : i - 1], n2 = normals[i]
                v[i] = vertices[i] + (1.412 * radius) * (n1 + n2).normalized
            } else {
                v[i] = vertices[i]
            }
        }
        var center = Vec2.zero, area = 0.0, inertia = 0.0
        let r = v[0]
        for i in 1..<(count - 1) {
            let e1 = v[i] - r, e2 = v[i + 1] - r
            let d = cross(e1, e2)
            let a = 0.5 * d
            area += a
            center += (a / 3) * (e1 + e2)
            let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
            let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
            inertia += (0.25 / 3 * d) * (intx2 + inty2)
        }
        let mass = density * area
        center = (1 / area) * center
        // inertia is about r; move it to the centroid.
        let iCenter = density * inertia - mass * dot(center, center)
        return MassData(mass: mass, center: r + center, rotationalInertia: iCenter)
    }
}

/// A ray from `origin` along `translation` (the ray ends at origin + translation).
public struct RayCastInput: Sendable {
    /// The ray's start in world units.
    public var origin: Vec2
    /// The ray's direction and length: it ends at `origin + translation`.
    public var translation: Vec2
    /// Fraction of `translation` beyond which hits are ignored, 0…1.
    public var maxFraction: Double
    /// A ray from `origin` along `translation`, ignoring hits beyond `maxFraction` (default 1, its end).
    public init(origin: Vec2, translation: Vec2, maxFraction: Double = 1) {
        self.origin = origin; self.translation = translation; self.maxFraction = maxFraction
    }
}

/// Where a ray hits: `fraction` of the translation, the surface `point` and `normal`.
public struct RayHit: Sendable, Hashable {
    /// Where the hit lies along the ray, as a fraction of the translation (0…`maxFraction`).
    public var fraction: Double
    /// The hit point on the surface.
    public var point: Vec2
    /// The surface normal at the hit, unit length, pointing out of the shape.
    public var normal: Vec2
}

/// Ray against a circle (local frame). O(1).
func rayCastCircle(_ input: RayCastInput, center: Vec2, radius: Double) -> RayHit? {
    let s = input.origin - center
    let d = input.translation
    let len = d.length
    if len == 0 { return nil }
    let u = (1 / len) * d
    // Closest approach of the line to the center.
    let t = -dot(s, u)
    let c = s + t * u
    let cc = dot(c, c)
    let rr = radius * radius
    if cc > rr { return nil }
    let h = (rr - cc).squareRoot()
    let fraction = t - h
    if fraction < 0 || fraction > input.maxFraction * len { return nil }
    let hitLocal = s + fraction * u
    return RayHit(fraction: fraction / len, point: center + hitLocal, normal: hitLocal.normalized)
}

/// Ray against a segment from a (one sided only when `oneSided`). Returns the
/// hit when the ray crosses from the normal side.
func rayCastSegment(_ input: RayCastInput, _ a: Vec2, _ b: Vec2) -> RayHit? {
    let e = b - a
    let d = input.translation
    let n = e.rightPerp.normalized
    let denom = dot(n, d)
    if denom == 0 { return nil }
    let t = dot(n, a - input.origin) / denom
    if t < 0 || t > input.maxFraction { return nil }
    let p = input.origin + t * d
    let ee = dot(e, e)
    if ee == 0 { return nil }
    let s = dot(p - a, e) / ee
    if s < 0 || s > 1 { return nil }
    return RayHit(fraction: t, point: p, normal: denom > 0 ? -n : n)
}

/// Ray against a (rounded) polygon in its local frame: the edges offset by
/// the radius and a circle at each vertex. O(vertices).
func rayCastPolygon(_ input: RayCastInput, _ poly: Polygon) -> RayHit? {
    if poly.radius == 0 && poly.count >= 3 {
        // Clip the ray against each half plane (Box2D's convex ray cast).
        var lower = 0.0, upper = input.maxFraction
        var index = -1
        let p1 = input.origin, d = input.translation
        for i in 0..<poly.count {
            let numerator = dot(poly.normals[i], poly.vertices[i] - p1)
            let denominator = dot(poly.normals[i], d)
            if denominator == 0 {
                if numerator < 0 { return nil }
            } else if denominator < 0 && numerator < lower * denominator {
                lower = numerator / denominator; index = i
            } else if denominator > 0 && numerator < upper * denominator {
                upper = numerator / denominator
            }
            if upper < lower { return nil }
        }
        guard index >= 0 else { return nil }   // origin inside
        return RayHit(fraction: lower, point: p1 + lower * d, normal: poly.normals[index])
    }
    var best: RayHit? = nil
    var inp = input
    let n = poly.count
    for i in 0..<n {
        let v = poly.vertices[i]
        if let h = rayCastCircle(inp, center: v, radius: poly.radius) { best = h; inp.maxFraction = h.fraction }
        if n >= 2 {
            let w = poly.vertices[(i + 1) % n]
            let off = poly.radius * poly.normals[i]
            if let h = rayCastSegment(inp, v + off, w + off), dot(h.normal, poly.normals[i]) > 0 {
                best = h; inp.maxFraction = h.fraction
            }
        }
    }
    return best
}
