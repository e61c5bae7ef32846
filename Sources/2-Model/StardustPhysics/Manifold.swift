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

/// What a pair function finds, in shape A's body frame: the world turns it
/// into a ``Manifold`` in place in its contact (``World/storeManifold``),
/// which saves copying a 232-byte `Manifold` value through every stage.
/// `hasNormal` is false when the shapes are too far apart: the stored
/// manifold is then `Manifold()` (zero normal, not a rotated zero).
struct LocalManifold {
    var normal = Vec2.zero
    var pointCount = 0
    var hasNormal = false
    var id0: UInt16 = 0
    var id1: UInt16 = 0
    /// Points midway between the surfaces, in A's body frame.
    var anchor0 = Vec2.zero
    var anchor1 = Vec2.zero
    var separation0 = 0.0
    var separation1 = 0.0

    /// Appends a point (at most two).
    @inline(__always) mutating func add(_ anchor: Vec2, separation: Double, id: UInt16) {
        if pointCount == 0 {
            anchor0 = anchor; separation0 = separation; id0 = id
        } else {
            anchor1 = anchor; separation1 = separation; id1 = id
        }
        pointCount += 1
    }
}

// MARK: - Pair functions (all take local geometry and world transforms)

func collideCircles(_ a: Circle, _ xfA: RigidTransform, _ b: Circle, _ xfB: RigidTransform, speculative: Double) -> LocalManifold {
    var m = LocalManifold()
    let xf = RigidTransform.inverseMultiply(xfA, xfB)
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
    m.normal = normal
    m.hasNormal = true
    m.add(contact, separation: sep, id: 0)
    return m
}

func collideCapsuleAndCircle(_ a: Capsule, _ xfA: RigidTransform, _ b: Circle, _ xfB: RigidTransform, speculative: Double) -> LocalManifold {
    var m = LocalManifold()
    let xf = RigidTransform.inverseMultiply(xfA, xfB)
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
    m.normal = normal
    m.hasNormal = true
    m.add(contact, separation: sep, id: 0)
    return m
}

/// Rounded polygon against circle (Box2D v3's), the polygon read in place (a by-value `Polygon` is a ~290-byte copy).
func collidePolygonAndCircle(_ poly: UnsafePointer<Polygon>, _ xfA: RigidTransform, _ circle: Circle, _ xfB: RigidTransform, speculative: Double) -> LocalManifold {
    // A box (the common polygon) gets its own copy with the count a constant: the edge loop unrolls, index checks fold.
    if poly.pointee.count == 4 { return collidePolygonAndCircle(poly, count: 4, xfA, circle, xfB, speculative: speculative) }
    return collidePolygonAndCircle(poly, count: poly.pointee.count, xfA, circle, xfB, speculative: speculative)
}

/// The body of ``collidePolygonAndCircle(_:_:_:_:speculative:)``; `count` is the polygon's.
@inline(__always) func collidePolygonAndCircle(_ poly: UnsafePointer<Polygon>, count: Int, _ xfA: RigidTransform, _ circle: Circle, _ xfB: RigidTransform,
                                               speculative: Double) -> LocalManifold {
    var m = LocalManifold()
    let xf = RigidTransform.inverseMultiply(xfA, xfB)
    let c = xf.apply(circle.center)
    let radius = poly.pointee.radius + circle.radius
    var normalIndex = 0
    var separation = -Double.greatestFiniteMagnitude
    for i in 0..<count {
        let s = dot(poly.normal(i), c - poly.vertex(i))
        if s > separation { separation = s; normalIndex = i }
    }
    if separation - radius > speculative { return m }
    let v1 = poly.vertex(normalIndex)
    let v2 = poly.vertex(normalIndex + 1 < count ? normalIndex + 1 : 0)
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
    m.normal = normal
    m.hasNormal = true
    m.add(contact, separation: separation, id: 0)
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

/// A polygon in a scratch frame as structure of arrays: x and y of the
/// vertices and of the edge normals, each as four lane pairs (8 slots), so
/// that the separating-axis test measures two edges per SSE2 instruction.
/// Slots at and past `count` hold finite filler and are never selected.
/// The arithmetic of each lane is the scalar arithmetic it replaces
/// (no fused multiply-add exists in the baseline x86-64 target, and none
/// is asked for elsewhere), so manifolds are bit-identical.
struct PolygonLanes {
    /// 16 pairs: vertex x (0…3), vertex y (4…7), normal x (8…11), normal y (12…15).
    let lanes: UnsafeMutablePointer<SIMD2<Double>>
    var count: Int
    var radius: Double

    @inline(__always) func vertexX(pair k: Int) -> SIMD2<Double> { lanes[k] }
    @inline(__always) func vertexY(pair k: Int) -> SIMD2<Double> { lanes[4 &+ k] }
    @inline(__always) func normalX(pair k: Int) -> SIMD2<Double> { lanes[8 &+ k] }
    @inline(__always) func normalY(pair k: Int) -> SIMD2<Double> { lanes[12 &+ k] }

    @inline(__always) private func component(_ slot: Int) -> Double {
        UnsafeRawPointer(lanes).load(fromByteOffset: slot &* 8, as: Double.self)
    }
    /// Vertex `i` (0…7).
    @inline(__always) func vertex(_ i: Int) -> Vec2 {
        precondition(i >= 0 && i < 8)
        return Vec2(component(i), component(8 &+ i))
    }
    /// Edge normal `i` (0…7).
    @inline(__always) func normal(_ i: Int) -> Vec2 {
        precondition(i >= 0 && i < 8)
        return Vec2(component(16 &+ i), component(24 &+ i))
    }
}

/// The edge of `p1` with the largest separation from `p2` (SAT), two edges
/// at a time, bit-identical to the scalar `findMaxSeparation`: the vertex-major
/// loop for three or four edges (boxes), the edge-major one otherwise. O(n·m).
@inline(__always) func findMaxSeparation(_ p1: PolygonLanes, _ p2: PolygonLanes) -> (edge: Int, separation: Double) {
    if p1.count == 4 || p1.count == 3 { return findMaxSeparationVertexMajor(p1, p2) }
    return findMaxSeparationEdgeMajor(p1, p2)
}

/// The SAT two edges at a time, edge pair by edge pair: per edge the same dot
/// products, minimum and choice in the same order as the scalar
/// `findMaxSeparation`, so the result is bit-identical. (The per-lane minimum
/// is written as scalar compares: with one chain per block LLVM turns that
/// into `minpd`.) O(n·m).
@inline(__always) func findMaxSeparationEdgeMajor(_ p1: PolygonLanes, _ p2: PolygonLanes) -> (edge: Int, separation: Double) {
    var best = 0
    var maxSep = -Double.greatestFiniteMagnitude
    var k = 0
    while k &* 2 < p1.count {
        let nx = p1.normalX(pair: k), ny = p1.normalY(pair: k)
        let vx = p1.vertexX(pair: k), vy = p1.vertexY(pair: k)
        var s0 = Double.greatestFiniteMagnitude, s1 = Double.greatestFiniteMagnitude
        for j in 0..<p2.count {
            let w = p2.vertex(j)
            let s = nx * (SIMD2(repeating: w.x) - vx) + ny * (SIMD2(repeating: w.y) - vy)
            if s[0] < s0 { s0 = s[0] }
            if s[1] < s1 { s1 = s[1] }
        }
        if s0 > maxSep { maxSep = s0; best = k &* 2 }
        if k &* 2 &+ 1 < p1.count && s1 > maxSep { maxSep = s1; best = k &* 2 &+ 1 }
        k &+= 1
    }
    return (best, maxSep)
}

/// The same for `p1` of three or four edges (two lane pairs, both written by
/// ``collidePolygons``; a triangle's fourth slot is finite filler), with the loops swapped:
/// each vertex of `p2` is broadcast once and measured against all four edges.
/// Each edge still takes its minimum over the vertices in order 0, 1, …, and
/// the edges are compared in order 0…3, so the result is bit-identical to
/// the edge-major loop; the edge-major loop broadcast every vertex once per
/// pair and tested the vertex count once per vertex and pair.
@inline(__always) func findMaxSeparationVertexMajor(_ p1: PolygonLanes, _ p2: PolygonLanes) -> (edge: Int, separation: Double) {
    let nx0 = p1.normalX(pair: 0), ny0 = p1.normalY(pair: 0), vx0 = p1.vertexX(pair: 0), vy0 = p1.vertexY(pair: 0)
    let nx1 = p1.normalX(pair: 1), ny1 = p1.normalY(pair: 1), vx1 = p1.vertexX(pair: 1), vy1 = p1.vertexY(pair: 1)
    var m0 = SIMD2(repeating: Double.greatestFiniteMagnitude), m1 = m0
    for j in 0..<p2.count {
        let w = p2.vertex(j)
        let wx = SIMD2(repeating: w.x), wy = SIMD2(repeating: w.y)
        let a = nx0 * (wx - vx0) + ny0 * (wy - vy0)
        let b = nx1 * (wx - vx1) + ny1 * (wy - vy1)
        // Per lane `if s < m { m = s }`, as in the edge-major loop.
        m0 = lesserOrSecond(a, m0)
        m1 = lesserOrSecond(b, m1)
    }
    let s0 = m0[0], s1 = m0[1], s2 = m1[0], s3 = m1[1]
    var best = 0
    var maxSep = -Double.greatestFiniteMagnitude
    if s0 > maxSep { maxSep = s0; best = 0 }
    if 1 < p1.count && s1 > maxSep { maxSep = s1; best = 1 }
    if 2 < p1.count && s2 > maxSep { maxSep = s2; best = 2 }
    if 3 < p1.count && s3 > maxSep { maxSep = s3; best = 3 }
    return (best, maxSep)
}

/// The first edge of `polygon` whose normal has the smallest dot product with
/// `search` (the incident edge for reference normal `search`).
@inline(__always) func mostAntiParallelEdge(_ polygon: PolygonLanes, to search: Vec2) -> Int {
    var edge = 0
    var minDot = Double.greatestFiniteMagnitude
    for i in 0..<polygon.count {
        let d = dot(search, polygon.normal(i))
        if d < minDot { minDot = d; edge = i }
    }
    return edge
}

/// Reference/incident edge clipping (Box2D v3 `b2ClipPolygons`). Points
/// are in poly A's local frame.
/// Anchors are in the polygons' (shifted) frame; the caller moves them.
@inline(__always) func clipPolygons(_ polyA: PolygonLanes, _ polyB: PolygonLanes, _ edgeA: Int, _ edgeB: Int, flip: Bool, speculative: Double) -> LocalManifold {
    var m = LocalManifold()
    m.hasNormal = true
    let poly1 = flip ? polyB : polyA
    let poly2 = flip ? polyA : polyB
    let i11 = flip ? edgeB : edgeA
    let i12 = i11 + 1 < poly1.count ? i11 + 1 : 0
    let i21 = flip ? edgeA : edgeB
    let i22 = i21 + 1 < poly2.count ? i21 + 1 : 0
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
    let radius1 = poly1.radius, radius2 = poly2.radius
    vLower = vLower + (0.5 * (radius1 - radius2 - sepLower)) * normal
    vUpper = vUpper + (0.5 * (radius1 - radius2 - sepUpper)) * normal
    let radius = radius1 + radius2
    if !flip {
        m.normal = normal
        if sepLower - radius <= speculative { m.add(vLower, separation: sepLower - radius, id: makeFeatureID(i11, i22)) }
        if sepUpper - radius <= speculative { m.add(vUpper, separation: sepUpper - radius, id: makeFeatureID(i12, i21)) }
    } else {
        m.normal = -normal
        if sepUpper - radius <= speculative { m.add(vUpper, separation: sepUpper - radius, id: makeFeatureID(i21, i12)) }
        if sepLower - radius <= speculative { m.add(vLower, separation: sepLower - radius, id: makeFeatureID(i22, i11)) }
    }
    return m
}

/// Polygon (or capsule as a 2-gon) against polygon. Box2D v3's SAT + clip,
/// computed in a frame at A's first vertex to limit round-off. The polygons are
/// read in place and written, moved into that frame, as ``PolygonLanes`` in
/// uninitialised stack scratch (copying two ~290-byte polygons per pair
/// showed as memmove in profiles).
@inline(__always) func collidePolygons(_ polygonA: UnsafePointer<Polygon>, _ xfA: RigidTransform, _ polygonB: UnsafePointer<Polygon>, _ xfB: RigidTransform,
                     speculative: Double, linearSlop: Double) -> LocalManifold {
    withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: 32) { scratch in
        let countA = polygonA.pointee.count, countB = polygonB.pointee.count
        if countA == 4 && countB == 4 {
            // Two boxes (the common pair): lanes and core with the counts as constants (loops unrolled, index checks folded).
            let (localA, localB, origin) = writeLocalLanes(polygonA, xfA, polygonB, xfB, countA: 4, countB: 4, into: scratch.baseAddress!)
            return collideLocalPolygons(localA, localB, origin, speculative: speculative, linearSlop: linearSlop, path: BoxPairPath.self)
        }
        let (localA, localB, origin) = writeLocalLanes(polygonA, xfA, polygonB, xfB, countA: countA, countB: countB, into: scratch.baseAddress!)
        return collideLocalPolygons(localA, localB, origin, speculative: speculative, linearSlop: linearSlop, path: StoredPairPath.self)
    }
}

/// Writes both polygons as ``PolygonLanes`` into `scratch` (32 lane pairs):
/// A moved by minus its first vertex (`origin`, returned), B mapped into that
/// frame. `countA` and `countB` are the polygons' counts (passed so that a
/// caller that knows them can make them constants).
@inline(__always) func writeLocalLanes(_ polygonA: UnsafePointer<Polygon>, _ xfA: RigidTransform, _ polygonB: UnsafePointer<Polygon>, _ xfB: RigidTransform,
                                       countA: Int, countB: Int,
                                       into scratch: UnsafeMutablePointer<SIMD2<Double>>) -> (PolygonLanes, PolygonLanes, Vec2) {
    let localA = PolygonLanes(lanes: scratch, count: countA, radius: polygonA.pointee.radius)
    let localB = PolygonLanes(lanes: scratch + 16, count: countB, radius: polygonB.pointee.radius)
    let origin = polygonA.vertex(0)
    let sfA = RigidTransform(p: xfA.p + xfA.q.rotate(origin), q: xfA.q)
    let xf = RigidTransform.inverseMultiply(sfA, xfB)
    let ox = SIMD2(repeating: origin.x), oy = SIMD2(repeating: origin.y)
    let c = SIMD2(repeating: xf.q.c), s = SIMD2(repeating: xf.q.s)
    let px = SIMD2(repeating: xf.p.x), py = SIMD2(repeating: xf.p.y)
    // Pairs past the count read the polygon's zero filler slots (all 8 are stored).
    var k = 0
    while k &* 2 < localA.count {
        let v0 = polygonA.vertex(k &* 2), v1 = polygonA.vertex(k &* 2 &+ 1)
        let n0 = polygonA.normal(k &* 2), n1 = polygonA.normal(k &* 2 &+ 1)
        localA.lanes[k] = SIMD2(v0.x, v1.x) - ox
        localA.lanes[4 &+ k] = SIMD2(v0.y, v1.y) - oy
        localA.lanes[8 &+ k] = SIMD2(n0.x, n1.x)
        localA.lanes[12 &+ k] = SIMD2(n0.y, n1.y)
        k &+= 1
    }
    k = 0
    while k &* 2 < localB.count {
        let v0 = polygonB.vertex(k &* 2), v1 = polygonB.vertex(k &* 2 &+ 1)
        let n0 = polygonB.normal(k &* 2), n1 = polygonB.normal(k &* 2 &+ 1)
        let vx = SIMD2(v0.x, v1.x), vy = SIMD2(v0.y, v1.y)
        let nx = SIMD2(n0.x, n1.x), ny = SIMD2(n0.y, n1.y)
        // xf.apply(v) and xf.q.rotate(n), lane by lane.
        localB.lanes[k] = (c * vx - s * vy) + px
        localB.lanes[4 &+ k] = (s * vx + c * vy) + py
        localB.lanes[8 &+ k] = c * nx - s * ny
        localB.lanes[12 &+ k] = s * nx + c * ny
        k &+= 1
    }
    return (localA, localB, origin)
}

/// What ``collideLocalPolygons`` is specialised for: where it takes the
/// two vertex counts from and which SAT loop it runs. The generic function is
/// compiled once per conforming type, so a type that returns constant counts
/// gets a copy with the counts folded in (loops unrolled, index checks gone).
protocol PolygonPairPath {
    static func counts(_ a: PolygonLanes, _ b: PolygonLanes) -> (Int, Int)
    static func maxSeparation(_ p1: PolygonLanes, _ p2: PolygonLanes) -> (edge: Int, separation: Double)
}

extension PolygonPairPath {
    @inline(__always) static func maxSeparation(_ p1: PolygonLanes, _ p2: PolygonLanes) -> (edge: Int, separation: Double) {
        findMaxSeparation(p1, p2)
    }
}

/// Two boxes: both counts are 4 (the caller checked).
enum BoxPairPath: PolygonPairPath {
    @inline(__always) static func counts(_ a: PolygonLanes, _ b: PolygonLanes) -> (Int, Int) { (4, 4) }
}

/// Any pair: the stored counts.
enum StoredPairPath: PolygonPairPath {
    @inline(__always) static func counts(_ a: PolygonLanes, _ b: PolygonLanes) -> (Int, Int) { (a.count, b.count) }
}

/// SAT and clipping of two polygons already in A's shifted local frame
/// (`origin` is A's first vertex); anchors come back in A's body frame.
@inline(__always) func collideLocalPolygons<Path: PolygonPairPath>(_ storedA: PolygonLanes, _ storedB: PolygonLanes, _ origin: Vec2,
        speculative: Double, linearSlop: Double, path: Path.Type) -> LocalManifold {
    let (countA, countB) = Path.counts(storedA, storedB)
    let localA = PolygonLanes(lanes: storedA.lanes, count: countA, radius: storedA.radius)
    let localB = PolygonLanes(lanes: storedB.lanes, count: countB, radius: storedB.radius)
    let radius = localA.radius + localB.radius
    // Either axis separating the pair ends it; B's axes are not needed when A's already do.
    var (edgeA, separationA) = Path.maxSeparation(localA, localB)
    if separationA > speculative + radius { return LocalManifold() }
    var (edgeB, separationB) = Path.maxSeparation(localB, localA)
    if separationB > speculative + radius { return LocalManifold() }

    let flip: Bool
    if separationB > separationA + 0.1 * linearSlop {
        flip = true
        edgeA = mostAntiParallelEdge(localA, to: localB.normal(edgeB))
    } else {
        flip = false
        edgeB = mostAntiParallelEdge(localB, to: localA.normal(edgeA))
    }
    var m: LocalManifold
    if max(separationA, separationB) > 0.1 * linearSlop {
        // Separated: a vertex-vertex configuration needs the true closest points.
        let i11 = edgeA, i12 = edgeA + 1 < localA.count ? edgeA + 1 : 0
        let i21 = edgeB, i22 = edgeB + 1 < localB.count ? edgeB + 1 : 0
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
            if distance - radius > speculative { return LocalManifold() }
            let normal = distance > 0 ? (1 / distance) * (vB - vA) : localA.normal(edgeA)
            let c1 = vA + localA.radius * normal
            let c2 = vB - localB.radius * normal
            m = LocalManifold()
            m.normal = normal
            m.hasNormal = true
            m.add(lerp(c1, c2, 0.5), separation: distance - radius, id: makeFeatureID(iA, iB))
        } else {
            m = clipPolygons(localA, localB, edgeA, edgeB, flip: flip, speculative: speculative)
        }
    } else {
        m = clipPolygons(localA, localB, edgeA, edgeB, flip: flip, speculative: speculative)
    }
    // Anchors from the shifted frame back to A's body frame.
    if m.pointCount > 0 { m.anchor0 = m.anchor0 + origin }
    if m.pointCount > 1 { m.anchor1 = m.anchor1 + origin }
    return m
}
