// Manifold.swift — contact manifolds and the collide function of each shape pair.
//
// Functions follow Box2D v3 (`manifold.c`): they return at most two points,
// each with a feature id so that the next step can match a point to its
// predecessor and warm start it. Points are reported while the shapes are
// within `speculativeDistance`, so that the solver can stop fast bodies
// before they touch (speculative contacts).

/// One contact point. Anchors are relative to the body origins at collide
/// time and then shifted by the world to be relative to the centers of mass.
public struct ManifoldPoint: Sendable, Hashable {
    /// World point, midway between the two surfaces.
    public var point: Vec2 = .zero
    var anchorA: Vec2 = .zero
    var anchorB: Vec2 = .zero
    /// Negative when the shapes overlap, world units.
    public var separation: Double = 0
    /// Normal impulse of the last step (mass × length / s).
    public var normalImpulse: Double = 0
    /// Friction impulse of the last step (mass × length / s).
    public var tangentImpulse: Double = 0
    /// The largest normal impulse of any sub-step: non-zero means the point really hit.
    public var maxNormalImpulse: Double = 0
    /// Relative normal velocity when the step began (for hit events), units/s.
    public var normalVelocity: Double = 0
    /// Feature id (two vertex/edge indices) used to match points across steps.
    public var id: UInt16 = 0
    /// Whether the point matched a point of the previous step (it was warm started).
    public var persisted = false
}

@inline(__always) func makeFeatureID(_ a: Int, _ b: Int) -> UInt16 { UInt16(truncatingIfNeeded: (a & 0xff) << 8 | (b & 0xff)) }

/// Up to two points sharing one normal that points from shape A to shape B.
public struct Manifold: Sendable, Hashable {
    /// The contact normal, unit length, from shape A to shape B.
    public var normal: Vec2 = .zero
    /// The number of points in use (0…2).
    public var pointCount = 0
    /// The first point (valid when ``pointCount`` ≥ 1).
    public var point0 = ManifoldPoint()
    /// The second point (valid when ``pointCount`` = 2).
    public var point1 = ManifoldPoint()

    /// An empty manifold (no points).
    public init() {}

    /// Point 0 or 1 (``point0`` for 0, ``point1`` otherwise).
    @inline(__always) public subscript(i: Int) -> ManifoldPoint {
        get { i == 0 ? point0 : point1 }
        set { if i == 0 { point0 = newValue } else { point1 = newValue } }
    }
}

// MARK: - Pair functions (all take local geometry and world transforms)

func collideCircles(_ a: Circle, _ xfA: Transform, _ b: Circle, _ xfB: Transform, speculative: Double) -> Manifold {
    var m = Manifold()
    let xf = Transform.inverseMultiply(xfA, xfB)
    let pA = a.center
    let pB = xf.apply(b.center)
    let d = pB - pA
    let dist = d.length
    let sep = dist - a.radius - b.radius
    if sep > speculative { return m }
    let normal = dist > 1e-12 ? (1 / dist) * d : Vec2(1, 0)
    let cA = pA + a.radius * normal
    let cB = pB - b.radius * normal
    let contact = lerp(cA, cB, 0.5)
    m.normal = xfA.q.rotate(normal)
    m.point0.anchorA = xfA.q.rotate(contact)
    m.point0.anchorB = m.point0.anchorA + (xfA.p - xfB.p)
    m.point0.point = xfA.p + m.point0.anchorA
    m.point0.separation = sep
    m.pointCount = 1
    return m
}

func collideCapsuleAndCircle(_ a: Capsule, _ xfA: Transform, _ b: Circle, _ xfB: Transform, speculative: Double) -> Manifold {
    var m = Manifold()
    let xf = Transform.inverseMultiply(xfA, xfB)
    let pB = xf.apply(b.center)
    let p1 = a.point1, p2 = a.point2
    let e = p2 - p1
    let ee = dot(e, e)
    let t = ee > 0 ? clamp(dot(pB - p1, e) / ee, 0, 1) : 0
    let pA = p1 + t * e
    let d = pB - pA
    let dist = d.length
    let sep = dist - a.radius - b.radius
    if sep > speculative { return m }
    let normal = dist > 1e-12 ? (1 / dist) * d : (ee > 0 ? e.leftPerp.normalized : Vec2(1, 0))
    let cA = pA + a.radius * normal
    let cB = pB - b.radius * normal
    let contact = lerp(cA, cB, 0.5)
    m.normal = xfA.q.rotate(normal)
    m.point0.anchorA = xfA.q.rotate(contact)
    m.point0.anchorB = m.point0.anchorA + (xfA.p - xfB.p)
    m.point0.point = xfA.p + m.point0.anchorA
    m.point0.separation = sep
    m.pointCount = 1
    return m
}

/// Rounded polygon against circle (Box2D v3's), the polygon read in place (a by-value `Polygon` is a ~290-byte copy).
func collidePolygonAndCircle(_ poly: UnsafePointer<Polygon>, _ xfA: Transform, _ circle: Circle, _ xfB: Transform, speculative: Double) -> Manifold {
    var m = Manifold()
    let xf = Transform.inverseMultiply(xfA, xfB)
    let c = xf.apply(circle.center)
    let radius = poly.pointee.radius + circle.radius
    var normalIndex = 0
    var separation = -Double.greatestFiniteMagnitude
    for i in 0..<poly.pointee.count {
        let s = dot(poly.normal(i), c - poly.vertex(i))
        if s > separation { separation = s; normalIndex = i }
    }
    if separation - radius > speculative { return m }
    let v1 = poly.vertex(normalIndex)
    let v2 = poly.vertex(normalIndex + 1 < poly.pointee.count ? normalIndex + 1 : 0)
    let u1 = dot(c - v1, v2 - v1)
    let u2 = dot(c - v2, v1 - v2)
    var normal: Vec2
    var contact: Vec2
    if (u1 < 0 || u2 < 0) && separation > 1e-12 {
        // Closest to a vertex and safely outside the polygon.
        let v = u1 < 0 ? v1 : v2
        normal = (c - v).normalized
        separation = dot(c - v, normal)
        if separation - radius > speculative { return m }
        let cA = v + poly.pointee.radius * normal
        let cB = c - circle.radius * normal
        contact = lerp(cA, cB, 0.5)
        separation = dot(cB - cA, normal)
    } else {
        normal = poly.normal(normalIndex)
        let cA = c + (poly.pointee.radius - dot(c - v1, normal)) * normal
        let cB = c - circle.radius * normal
        contact = lerp(cA, cB, 0.5)
        separation = separation - radius
    }
    m.normal = xfA.q.rotate(normal)
    m.point0.anchorA = xfA.q.rotate(contact)
    m.point0.anchorB = m.point0.anchorA + (xfA.p - xfB.p)
    m.point0.point = xfA.p + m.point0.anchorA
    m.point0.separation = separation
    m.pointCount = 1
    return m
}

/// Closest points of segments p1–q1 and p2–q2 with their fractions. O(1).
struct SegmentDistanceResult {
    var closest1: Vec2
    var closest2: Vec2
    var fraction1: Double
    var fraction2: Double
    var distanceSquared: Double
}

func segmentDistance(_ p1: Vec2, _ q1: Vec2, _ p2: Vec2, _ q2: Vec2) -> SegmentDistanceResult {
    let d1 = q1 - p1, d2 = q2 - p2
    let r = p1 - p2
    let dd1 = dot(d1, d1), dd2 = dot(d2, d2)
    let rd1 = dot(r, d1), rd2 = dot(r, d2)
    let epsSqr = 1e-24
    var f1 = 0.0, f2 = 0.0
    if dd1 < epsSqr || dd2 < epsSqr {
        if dd1 >= epsSqr {
            f1 = clamp(-rd1 / dd1, 0, 1)
        } else if dd2 >= epsSqr {
            f2 = clamp(rd2 / dd2, 0, 1)
        }
    } else {
        let d12 = dot(d1, d2)
        let denom = dd1 * dd2 - d12 * d12
        f1 = denom != 0 ? clamp((d12 * rd2 - rd1 * dd2) / denom, 0, 1) : 0
        f2 = (d12 * f1 + rd2) / dd2
        if f2 < 0 {
            f2 = 0; f1 = clamp(-rd1 / dd1, 0, 1)
        } else if f2 > 1 {
            f2 = 1; f1 = clamp((d12 - rd1) / dd1, 0, 1)
        }
    }
    let c1 = p1 + f1 * d1, c2 = p2 + f2 * d2
    return SegmentDistanceResult(closest1: c1, closest2: c2, fraction1: f1, fraction2: f2, distanceSquared: distanceSquared(c1, c2))
}

/// The edge of `p1` with the largest separation from `p2` (SAT). O(n·m).
@inline(__always) func findMaxSeparation(_ p1: Polygon, _ p2: Polygon) -> (edge: Int, separation: Double) {
    var a = p1, b = p2
    return findMaxSeparation(&a, &b)
}

/// The same, reading the polygons in place.
@inline(__always) func findMaxSeparation(_ p1: UnsafePointer<Polygon>, _ p2: UnsafePointer<Polygon>) -> (edge: Int, separation: Double) {
    var best = 0
    var maxSep = -Double.greatestFiniteMagnitude
    for i in 0..<p1.pointee.count {
        let n = p1.normal(i), v1 = p1.vertex(i)
        var si = Double.greatestFiniteMagnitude
        for j in 0..<p2.pointee.count {
            let s = dot(n, p2.vertex(j) - v1)
            if s < si { si = s }
        }
        if si > maxSep { maxSep = si; best = i }
    }
    return (best, maxSep)
}

/// Reference/incident edge clipping (Box2D v3 `b2ClipPolygons`). Points
/// are in poly A's local frame. The polygons are read through pointers
/// (a by-value `Polygon` is a ~290-byte copy).
func clipPolygons(_ polyA: UnsafePointer<Polygon>, _ polyB: UnsafePointer<Polygon>, _ edgeA: Int, _ edgeB: Int, flip: Bool, speculative: Double) -> Manifold {
    var m = Manifold()
    let poly1 = flip ? polyB : polyA
    let poly2 = flip ? polyA : polyB
    let i11 = flip ? edgeB : edgeA
    let i12 = i11 + 1 < poly1.pointee.count ? i11 + 1 : 0
    let i21 = flip ? edgeA : edgeB
    let i22 = i21 + 1 < poly2.pointee.count ? i21 + 1 : 0
    let normal = poly1.normal(i11)
    let v11 = poly1.vertex(i11), v12 = poly1.vertex(i12)
    let v21 = poly2.vertex(i21), v22 = poly2.vertex(i22)
    let tangent = cross(1.0, normal)
    let lower1 = 0.0
    let upper1 = dot(v12 - v11, tangent)
    // The incident edge runs against the tangent (both polygons are CCW).
    let upper2 = dot(v21 - v11, tangent)
    let lower2 = dot(v22 - v11, tangent)
    var vLower = v22, vUpper = v21
    let span = upper2 - lower2
    if lower2 < lower1 && span > 1e-12 { vLower = lerp(v22, v21, (lower1 - lower2) / span) }
    if upper2 > upper1 && span > 1e-12 { vUpper = lerp(v22, v21, (upper1 - lower2) / span) }
    let sepLower = dot(vLower - v11, normal)
    let sepUpper = dot(vUpper - v11, normal)
    // Put the points midway between the surfaces, accounting for radii.
    let radius1 = poly1.pointee.radius, radius2 = poly2.pointee.radius
    vLower = vLower + (0.5 * (radius1 - radius2 - sepLower)) * normal
    vUpper = vUpper + (0.5 * (radius1 - radius2 - sepUpper)) * normal
    let radius = radius1 + radius2
    if !flip {
        m.normal = normal
        if sepLower - radius <= speculative {
            var p = ManifoldPoint(); p.anchorA = vLower; p.separation = sepLower - radius; p.id = makeFeatureID(i11, i22)
            m[m.pointCount] = p; m.pointCount += 1
        }
        if sepUpper - radius <= speculative {
            var p = ManifoldPoint(); p.anchorA = vUpper; p.separation = sepUpper - radius; p.id = makeFeatureID(i12, i21)
            m[m.pointCount] = p; m.pointCount += 1
        }
    } else {
        m.normal = -normal
        if sepUpper - radius <= speculative {
            var p = ManifoldPoint(); p.anchorA = vUpper; p.separation = sepUpper - radius; p.id = makeFeatureID(i21, i12)
            m[m.pointCount] = p; m.pointCount += 1
        }
        if sepLower - radius <= speculative {
            var p = ManifoldPoint(); p.anchorA = vLower; p.separation = sepLower - radius; p.id = makeFeatureID(i22, i11)
            m[m.pointCount] = p; m.pointCount += 1
        }
    }
    return m
}

/// Polygon (or capsule as a 2-gon) against polygon. Box2D v3's SAT + clip,
/// computed in a frame at A's first vertex to limit round-off. The polygons are
/// read in place: the local copies are built in
/// uninitialised scratch, only their `count` vertices and normals written
/// (copying two ~290-byte polygons per pair showed as memmove in profiles).
func collidePolygons(_ polygonA: UnsafePointer<Polygon>, _ xfA: Transform, _ polygonB: UnsafePointer<Polygon>, _ xfB: Transform,
                     speculative: Double, linearSlop: Double) -> Manifold {
    withUnsafeTemporaryAllocation(of: Polygon.self, capacity: 2) { scratch in
        let localA = scratch.baseAddress!, localB = localA + 1
        let origin = polygonA.vertex(0)
        let sfA = Transform(p: xfA.p + xfA.q.rotate(origin), q: xfA.q)
        let xf = Transform.inverseMultiply(sfA, xfB)
        // Polygon is trivial: its stored properties may be assigned in uninitialised memory.
        localA.pointee.count = polygonA.pointee.count
        localA.pointee.radius = polygonA.pointee.radius
        for i in 0..<polygonA.pointee.count {
            localA.setVertex(i, polygonA.vertex(i) - origin)
            localA.setNormal(i, polygonA.normal(i))
        }
        localB.pointee.count = polygonB.pointee.count
        localB.pointee.radius = polygonB.pointee.radius
        for i in 0..<polygonB.pointee.count {
            localB.setVertex(i, xf.apply(polygonB.vertex(i)))
            localB.setNormal(i, xf.q.rotate(polygonB.normal(i)))
        }
        return collideLocalPolygons(UnsafePointer(localA), UnsafePointer(localB), origin, xfA, xfB, speculative: speculative, linearSlop: linearSlop)
    }
}

/// SAT and clipping of two polygons already in A's shifted local frame
/// (`origin` is A's first vertex); returns the manifold in world orientation.
@inline(__always) func collideLocalPolygons(_ localA: UnsafePointer<Polygon>, _ localB: UnsafePointer<Polygon>, _ origin: Vec2,
                                            _ xfA: Transform, _ xfB: Transform, speculative: Double, linearSlop: Double) -> Manifold {
    var (edgeA, separationA) = findMaxSeparation(localA, localB)
    var (edgeB, separationB) = findMaxSeparation(localB, localA)
    let radius = localA.pointee.radius + localB.pointee.radius
    if separationA > speculative + radius || separationB > speculative + radius { return Manifold() }

    let flip: Bool
    if separationB > separationA + 0.1 * linearSlop {
        flip = true
        let search = localB.normal(edgeB)
        var minDot = Double.greatestFiniteMagnitude
        edgeA = 0
        for i in 0..<localA.pointee.count {
            let d = dot(search, localA.normal(i))
            if d < minDot { minDot = d; edgeA = i }
        }
    } else {
        flip = false
        let search = localA.normal(edgeA)
        var minDot = Double.greatestFiniteMagnitude
        edgeB = 0
        for i in 0..<localB.pointee.count {
            let d = dot(search, localB.normal(i))
            if d < minDot { minDot = d; edgeB = i }
        }
    }
    var m: Manifold
    if max(separationA, separationB) > 0.1 * linearSlop {
        // Separated: a vertex-vertex configuration needs the true closest points.
        let i11 = edgeA, i12 = edgeA + 1 < localA.pointee.count ? edgeA + 1 : 0
        let i21 = edgeB, i22 = edgeB + 1 < localB.pointee.count ? edgeB + 1 : 0
        let v11 = localA.vertex(i11), v12 = localA.vertex(i12)
        let v21 = localB.vertex(i21), v22 = localB.vertex(i22)
        let r = segmentDistance(v11, v12, v21, v22)
        let vertexVertex = (r.fraction1 == 0 || r.fraction1 == 1) && (r.fraction2 == 0 || r.fraction2 == 1)
        if vertexVertex {
            let vA = r.fraction1 == 0 ? v11 : v12
            let vB = r.fraction2 == 0 ? v21 : v22
            let iA = r.fraction1 == 0 ? i11 : i12
            let iB = r.fraction2 == 0 ? i21 : i22
            let distance = r.distanceSquared.squareRoot()
            if distance - radius > speculative { return Manifold() }
            let normal = distance > 0 ? (1 / distance) * (vB - vA) : localA.normal(edgeA)
            let c1 = vA + localA.pointee.radius * normal
            let c2 = vB - localB.pointee.radius * normal
            m = Manifold()
            m.normal = normal
            m.point0.anchorA = lerp(c1, c2, 0.5)
            m.point0.separation = distance - radius
            m.point0.id = makeFeatureID(iA, iB)
            m.pointCount = 1
        } else {
            m = clipPolygons(localA, localB, edgeA, edgeB, flip: flip, speculative: speculative)
        }
    } else {
        m = clipPolygons(localA, localB, edgeA, edgeB, flip: flip, speculative: speculative)
    }
    // To world orientation, anchors relative to the body origins.
    m.normal = xfA.q.rotate(m.normal)
    for i in 0..<m.pointCount {
        var p = m[i]
        p.anchorA = xfA.q.rotate(p.anchorA + origin)
        p.anchorB = p.anchorA + (xfA.p - xfB.p)
        p.point = xfA.p + p.anchorA
        m[i] = p
    }
    return m
}
