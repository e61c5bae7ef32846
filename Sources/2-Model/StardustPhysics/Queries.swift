// Queries.swift — asking the world where things are.
//
// All queries walk both broad-phase trees (fat AABBs) and then test the
// exact shapes. Results come in a deterministic order (static tree first,
// then the moving tree, each in tree order), or sorted by fraction for rays.

/// A ray-cast result.
public struct RayCastResult: Sendable, Hashable {
    /// The shape hit.
    public var shape: ShapeID
    /// The hit point on the shape's surface (world units).
    public var point: Vec2
    /// Surface normal at the hit, unit length, pointing out of the shape.
    public var normal: Vec2
    /// Fraction of the ray's translation, 0…1.
    public var fraction: Double
}

extension World {
    private func forEachCandidate(_ box: AABB, _ filter: QueryFilter, _ body: (Int32) -> Void) {
        var stack: [Int32] = []
        var found: [Int32] = []
        staticTree.query(box, stack: &stack) { found.append($0); return true }
        movingTree.query(box, stack: &stack) { found.append($0); return true }
        for s in found where filter.accepts(shapes[Int(s)].filter) { body(s) }
    }

    /// Shapes whose tight bounds overlap `box`. O(log n + hits).
    public func queryAABB(_ box: AABB, filter: QueryFilter = .default) -> [ShapeID] {
        var out: [ShapeID] = []
        forEachCandidate(box, filter) { s in
            let sh = shapes[Int(s)]
            if sh.geometry.aabb(bodySims[Int(sh.body)].transform).overlaps(box) { out.append(shapeID(s)) }
        }
        return out
    }

    /// Shapes containing the world point `p` (sensors included). O(log n + hits).
    public func queryPoint(_ p: Vec2, filter: QueryFilter = .default) -> [ShapeID] {
        var out: [ShapeID] = []
        forEachCandidate(AABB(lower: p, upper: p), filter) { s in
            let sh = shapes[Int(s)]
            if sh.geometry.contains(bodySims[Int(sh.body)].transform.inverseApply(p)) { out.append(shapeID(s)) }
        }
        return out
    }

    /// Shapes overlapping `geometry` placed at `transform` (distance < 0).
    public func queryOverlap(_ geometry: ShapeGeometry, at transform: RigidTransform, filter: QueryFilter = .default) -> [ShapeID] {
        var out: [ShapeID] = []
        forEachCandidate(geometry.aabb(transform), filter) { s in
            let sh = shapes[Int(s)]
            if shapeDistance(geometry, transform, sh.geometry, bodySims[Int(sh.body)].transform) < 0 { out.append(shapeID(s)) }
        }
        return out
    }

    /// Every shape the segment `origin` → `origin + translation` crosses,
    /// sorted by fraction (ties by shape index). Sensors are skipped.
    public func rayCastAll(origin: Vec2, translation: Vec2, filter: QueryFilter = .default) -> [RayCastResult] {
        var out: [RayCastResult] = []
        let input = RayCastInput(origin: origin, translation: translation)
        var stack: [Int32] = []
        for tree in [staticTree, movingTree] {
            tree.rayCast(input, stack: &stack) { s, inp in
                let sh = shapes[Int(s)]
                if sh.isSensor || !filter.accepts(sh.filter) { return -1 }
                let xf = bodySims[Int(sh.body)].transform
                let local = RayCastInput(origin: xf.inverseApply(inp.origin), translation: xf.q.inverseRotate(inp.translation), maxFraction: 1)
                if let hit = sh.geometry.rayCast(local) {
                    out.append(RayCastResult(shape: shapeID(s), point: xf.apply(hit.point), normal: xf.q.rotate(hit.normal), fraction: hit.fraction))
                }
                return -1
            }
        }
        out.sort { $0.fraction < $1.fraction || ($0.fraction == $1.fraction && $0.shape.index < $1.shape.index) }
        return out
    }

    /// The nearest shape the segment crosses, or nil.
    public func rayCastClosest(origin: Vec2, translation: Vec2, filter: QueryFilter = .default) -> RayCastResult? {
        var best: RayCastResult? = nil
        let input = RayCastInput(origin: origin, translation: translation)
        var stack: [Int32] = []
        for tree in [staticTree, movingTree] {
            var inp = input
            if let b = best { inp.maxFraction = b.fraction }
            tree.rayCast(inp, stack: &stack) { s, cur in
                let sh = shapes[Int(s)]
                if sh.isSensor || !filter.accepts(sh.filter) { return -1 }
                let xf = bodySims[Int(sh.body)].transform
                let local = RayCastInput(origin: xf.inverseApply(cur.origin), translation: xf.q.inverseRotate(cur.translation), maxFraction: cur.maxFraction)
                if let hit = sh.geometry.rayCast(local) {
                    let r = RayCastResult(shape: shapeID(s), point: xf.apply(hit.point), normal: xf.q.rotate(hit.normal), fraction: hit.fraction)
                    if best == nil || r.fraction < best!.fraction || (r.fraction == best!.fraction && r.shape.index < best!.shape.index) { best = r }
                    return hit.fraction
                }
                return -1
            }
        }
        return best
    }

    /// Contacts currently touching a body: (other body, manifold). O(contacts).
    public func touchingContacts(of id: BodyID) throws(PhysicsError) -> [(other: BodyID, manifold: Manifold)] {
        let b = Int32(try check(id))
        var out: [(BodyID, Manifold)] = []
        for c in contacts where c.live && c.touching && !c.sensor && (c.bodyA == b || c.bodyB == b) {
            out.append((bodyID(c.bodyA == b ? c.bodyB : c.bodyA), c.manifold))
        }
        return out
    }
}
