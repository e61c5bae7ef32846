import StardustAnimation
import StardustCore
import StardustDynamics
import StardustParticles

/// `{"body": "name"}` colliders (docs/PARTICLE-MODEL.md §2.10, "Physics bodies"): a body of the scene's
/// `physics` world becomes, when the scene is read, the colliders of its shapes in the emitter's
/// coordinates — a circle a circle, a box or polygon a convex polygon met from outside, a thin segment a
/// line. Only a static body is taken: its pose is the same at every time, so its shapes are exact and the
/// particles stay functions of (model, seed, t). A moving body's pose would have to be known over each
/// particle's whole flight (the design's options 1 and 2), which is not built: it is refused at its path.
/// The particles never act on the body (the dependency goes one way, from particles to physics).
extension SceneLoader {
    /// Replaces each `{"body": …}` collider by the colliders of that body's shapes (`world`, in world units,
    /// `pointsPerUnit` points each, the origin at the scene's top-left corner), keeping its response,
    /// restitution and friction. A body of several shapes takes several of the cell's 16 colliders.
    func resolveBodyColliders(world: World, bodies: [String: BodyID], pointsPerUnit ppu: Double) throws {
        // From the last to the first, so that a body expanded into several colliders does not move the
        // indices of the pending ones before it in the same cell.
        for p in pendingLayerColliders.reversed() where p.isBody {
            guard let id = bodies[p.name] else {
                let close = Suggestions.close(to: p.name, in: Array(bodies.keys))
                let hint = close.isEmpty ? "" : "; did you mean \(close.map { "\"\($0)\"" }.joined(separator: ", "))?"
                throw SceneError(path: p.path, "no physics body named \"\(quoted(p.name))\"\(hint)")
            }
            guard let type = try? world.type(of: id), type == .static else {
                throw SceneError(path: p.path, "body \"\(quoted(p.name))\" moves: a body collider must be a static body "
                    + "(\"type\": \"static\"); colliders that follow moving bodies are not built")
            }
            guard let emitter = p.emitter, var x = p.cell.extensions else { continue }
            let offset = try Self.offsetToRoot(emitter, p.path)
            let placeholder = p.index < 0 ? x.collider! : x.colliders[p.index]
            let pieces = try Self.colliders(of: id, in: world, pointsPerUnit: ppu, offset: offset, like: placeholder, p)
            if p.index < 0 {
                x.collider = pieces[0]
                x.colliders.insert(contentsOf: pieces.dropFirst(), at: 0)
            } else {
                x.colliders.replaceSubrange(p.index...p.index, with: pieces)
            }
            if x.allColliders.count > ParticleCollider.maximumPerCell {
                throw SceneError(path: p.path, "body \"\(quoted(p.name))\" brings the cell to \(x.allColliders.count) colliders, "
                    + "more than \(ParticleCollider.maximumPerCell): each of its shapes is one")
            }
            p.cell.extensions = x
        }
    }

    /// The colliders of body `id`'s shapes, in the order they were declared, in the emitter's coordinates
    /// (world point × `ppu` − the emitter's `offset` to the root), each with `like`'s response.
    static func colliders(of id: BodyID, in world: World, pointsPerUnit ppu: Double, offset: Point,
                          like c: ParticleCollider, _ p: PendingLayerCollider) throws -> [ParticleCollider] {
        guard let transform = try? world.transform(of: id), let shapes = try? world.shapes(of: id) else { return [] }
        func point(_ v: Vec2) -> Point {
            let w = transform.apply(v)
            return Point(w.x * ppu - offset.x, w.y * ppu - offset.y)
        }
        func rounded() -> SceneError {
            SceneError(path: p.path, "body \"\(quoted(p.name))\" has a rounded shape (a \"radius\" on a box, polygon or segment), which is not a collider")
        }
        var out: [ParticleCollider] = []
        for s in shapes.reversed() {  // most recent first in the world
            guard let g = try? world.geometry(of: s) else { continue }
            var piece: ParticleCollider
            switch g {
            case .circle(let circle):
                piece = .circle(center: point(circle.center), radius: circle.radius * ppu)
            case .capsule(let capsule):
                guard capsule.radius == 0 else { throw rounded() }
                piece = ParticleCollider(from: point(capsule.point1), to: point(capsule.point2))
            case .polygon(let polygon):
                guard polygon.radius == 0 else { throw rounded() }
                piece = .polygon((0..<polygon.count).map { point(polygon.vertices[$0]) })
            }
            piece.response = c.response; piece.restitution = c.restitution; piece.friction = c.friction
            out.append(piece)
        }
        guard !out.isEmpty else { throw SceneError(path: p.path, "body \"\(quoted(p.name))\" has no shapes to collide with") }
        return out
    }
}
