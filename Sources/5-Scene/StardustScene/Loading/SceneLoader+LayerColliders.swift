import StardustAnimation
import StardustCore
import StardustParticles

/// A `{"layer": "name"}` collider waiting for the scene's layers to be read, or a `{"body": "name"}` collider
/// waiting for its physics world (docs/SCENES.md, "Fields and collisions"): which cell, which of its
/// colliders, the layer or body named, the JSON path for errors.
struct PendingLayerCollider {
    /// The emitter layer whose cell it is (set once the emitter's cells are read).
    var emitter: EmitterLayer?
    var cell: EmitterCell
    /// −1 for the cell's `collider`, else the index in its `colliders`.
    var index: Int
    var name: String
    var path: String
    /// A body of the scene's `physics` (resolved by ``SceneLoader/resolveBodyColliders(_:bodies:)``).
    var isBody = false
}

extension SceneLoader {
    /// Notes the `{"layer": …}` and `{"body": …}` colliders of cell `c` (keys `k`), to be resolved by
    /// ``resolveLayerColliders(names:)`` and ``resolveBodyColliders(_:bodies:)`` (the
    /// emitter is filled in when its cells are read).
    mutating func noteLayerColliders(_ k: [String: JSONNode], cell c: EmitterCell) throws {
        func note(_ item: JSONNode, _ index: Int) throws {
            for (key, isBody) in [("layer", false), ("body", true)] {
                guard let l = item.child(key) else { continue }
                pendingLayerColliders.append(PendingLayerCollider(emitter: nil, cell: c, index: index, name: try l.string(),
                                                                  path: l.path, isBody: isBody))
            }
        }
        if let n = k["collider"] { try note(n, -1) }
        if let n = k["colliders"] {
            for (i, item) in try n.array().enumerated() { try note(item, i) }
        }
    }

    /// Replaces each `{"layer": …}` collider by the rectangle of that layer's bounds in its emitter's
    /// coordinates. The layers between them and the scene's root must not be rotated or scaled (their
    /// bounds would not be a rectangle in the emitter's space); an unknown name is an error at its path.
    func resolveLayerColliders(names: [String: Layer]) throws {
        for p in pendingLayerColliders where !p.isBody {
            guard let target = names[p.name] else { throw SceneError(path: p.path, "no layer named \"\(quoted(p.name))\"") }
            guard let emitter = p.emitter else { continue }
            let from = try Self.offsetToRoot(target, p.path), to = try Self.offsetToRoot(emitter, p.path)
            let b = target.bounds
            let rect = Rect(b.origin.x + from.x - to.x, b.origin.y + from.y - to.y, b.size.width, b.size.height)
            guard rect.size.width > 0, rect.size.height > 0 else {
                throw SceneError(path: p.path, "layer \"\(quoted(p.name))\" has empty bounds: give it a size to collide with")
            }
            guard var x = p.cell.extensions else { continue }
            func resolved(_ c: ParticleCollider) -> ParticleCollider {
                .rectangle(rect, isContainer: c.isContainer, response: c.response, restitution: c.restitution, friction: c.friction)
            }
            if p.index < 0 { x.collider = x.collider.map(resolved) } else { x.colliders[p.index] = resolved(x.colliders[p.index]) }
            p.cell.extensions = x
        }
    }

    /// What to add to a point of `layer`'s bounds to get it in the root's coordinates; throws when a
    /// layer on the way is transformed.
    static func offsetToRoot(_ layer: Layer, _ path: String) throws -> Point {
        var offset = Point(0, 0)
        var l: Layer? = layer
        while let current = l, let parent = current.superlayer {
            guard current.transform == .identity, parent.sublayerTransform == .identity else {
                throw SceneError(path: path, "a layer collider needs untransformed layers, and layer \"\(quoted(current.name ?? "?"))\" has a transform")
            }
            let a = current.anchorPointInBounds
            offset = Point(offset.x + current.position.x - a.x, offset.y + current.position.y - a.y)
            l = parent
        }
        return offset
    }
}
