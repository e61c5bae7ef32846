// Distance.swift — distance between two shapes, for sensors, overlap queries
// and time of impact.
//
// Every shape is viewed as a rounded convex polygon with 1 (circle), 2
// (capsule/segment) or 3…8 vertices. When the cores are disjoint, their
// distance is the smallest distance between an edge of one and an edge of
// the other: exact for convex sets, O(n·m) (16 segment tests for two boxes),
// and free of GJK's iteration and tolerance questions. When the cores
// overlap, the separating-axis depth (negative) is returned instead.

@inline(__always) private func edgeCount(_ p: Polygon) -> Int { p.count >= 3 ? p.count : 1 }
@inline(__always) private func edge(_ p: Polygon, _ i: Int) -> (Vec2, Vec2) {
    switch p.count {
    case 1: return (p.vertices[0], p.vertices[0])
    case 2: return (p.vertices[0], p.vertices[1])
    default: return (p.vertices[i], p.vertices[i + 1 < p.count ? i + 1 : 0])
    }
}

/// Signed distance between two convex rounded polygons in one frame.
func polygonDistance(_ a: Polygon, _ b: Polygon) -> Double {
    var sat = -Double.greatestFiniteMagnitude
    var hasAxis = false
    if a.count >= 2 { sat = max(sat, findMaxSeparation(a, b).separation); hasAxis = true }
    if b.count >= 2 { sat = max(sat, findMaxSeparation(b, a).separation); hasAxis = true }
    let radius = a.radius + b.radius
    if hasAxis && sat < 0 && a.count + b.count > 2 {
        // A segment crossing a segment also lands here with sat ≤ 0.
        return sat - radius
    }
    var best = Double.greatestFiniteMagnitude
    for i in 0..<edgeCount(a) {
        let (p1, q1) = edge(a, i)
        for j in 0..<edgeCount(b) {
            let (p2, q2) = edge(b, j)
            let d = segmentDistance(p1, q1, p2, q2).distanceSquared
            if d < best { best = d }
        }
    }
    return best.squareRoot() - radius
}

/// Signed distance between two shapes under their transforms: negative
/// when they overlap (a penetration estimate), world units.
public func shapeDistance(_ a: ShapeGeometry, _ xfA: RigidTransform, _ b: ShapeGeometry, _ xfB: RigidTransform) -> Double {
    let pa = a.asPolygon
    var pb = b.asPolygon
    // Work in A's frame.
    let xf = RigidTransform.inverseMultiply(xfA, xfB)
    for i in 0..<pb.count {
        pb.vertices[i] = xf.apply(pb.vertices[i])
        pb.normals[i] = xf.q.rotate(pb.normals[i])
    }
    return polygonDistance(pa, pb)
}
