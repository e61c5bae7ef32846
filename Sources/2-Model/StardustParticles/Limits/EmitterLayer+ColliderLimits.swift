extension EmitterLayer {
    /// Checks one collider (docs/PARTICLE-MODEL.md §2.10): finite points, restitution and friction in
    /// 0…1, a rectangle of positive size, a circle of positive radius, a convex polygon. `path` ends with a dot.
    static func checkCollider(_ c: ParticleCollider, _ path: String) throws(EmitterError) {
        func finite(_ v: Double, _ name: String) throws(EmitterError) {
            if !v.isFinite { throw .invalidValue(keyPath: path + name, value: v, reason: "not a finite number") }
        }
        for (v, n) in [(c.from.x, "from.x"), (c.from.y, "from.y"), (c.to.x, "to.x"), (c.to.y, "to.y")] { try finite(v, n) }
        for (v, n) in [(c.restitution, "restitution"), (c.friction, "friction")] where !(v >= 0 && v <= 1) {
            throw .invalidValue(keyPath: path + n, value: v, reason: "must be in 0…1")
        }
        switch c.shape {
        case .line: break
        case .rectangle(let r):
            for (v, n) in [(r.origin.x, "rectangle.x"), (r.origin.y, "rectangle.y")] { try finite(v, n) }
            for (v, n) in [(r.size.width, "rectangle.width"), (r.size.height, "rectangle.height")] where !(v.isFinite && v > 0) {
                throw .invalidValue(keyPath: path + n, value: v, reason: "must be a finite number > 0")
            }
        case .circle(let center, let radius):
            try finite(center.x, "circle.x"); try finite(center.y, "circle.y")
            if !(radius.isFinite && radius > 0) {
                throw .invalidValue(keyPath: path + "circle.radius", value: radius, reason: "must be a finite number > 0")
            }
        case .polygon(let v):
            guard (3...ParticleCollider.maximumPolygonVertices).contains(v.count) else {
                throw .invalidValue(keyPath: path + "polygon", value: Double(v.count),
                                    reason: "a polygon has 3 to \(ParticleCollider.maximumPolygonVertices) vertices")
            }
            for (i, p) in v.enumerated() { try finite(p.x, "polygon[\(i)].x"); try finite(p.y, "polygon[\(i)].y") }
            if !ParticleCollider.isConvex(v) {
                throw .invalidValue(keyPath: path + "polygon", value: Double(v.count),
                                    reason: "a polygon collider must be convex, its vertices in order and no three in a line")
            }
        }
    }

    /// Checks a cell's colliders together: at most ``ParticleCollider/maximumPerCell`` (closed-form and
    /// integrated paths alike, docs/PARTICLE-MODEL.md §2.10–§2.11).
    static func checkColliderSet(_ x: CellExtensions, _ path: String) throws(EmitterError) {
        let all = x.allColliders
        if all.count > ParticleCollider.maximumPerCell {
            throw .invalidValue(keyPath: path + "colliders", value: Double(all.count),
                                reason: "at most \(ParticleCollider.maximumPerCell) colliders per cell")
        }
    }

    /// Checks that a sub-cell with the `collision` trigger has a parent whose particles can meet a collider
    /// (closed form or integrated fields alike). `parent` is nil for a top-level cell.
    static func checkCollisionTrigger(_ x: CellExtensions, parent: CellExtensions?, _ path: String) throws(EmitterError) {
        guard x.trigger == .collision, let parent else { return }
        if !parent.reportsContacts {
            throw .invalidValue(keyPath: path + "trigger", value: 0,
                                reason: "the collision trigger needs a parent cell with colliders (and no orbit)")
        }
    }
}
