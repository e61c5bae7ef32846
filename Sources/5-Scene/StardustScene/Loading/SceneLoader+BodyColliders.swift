import StardustAnimation
import StardustCore
import StardustDynamics
import StardustParticles

/// `{"body": "name"}` colliders (docs/PARTICLE-MODEL.md §2.10, "Physics bodies" and "Moving bodies"): a body
/// of the scene's `physics` world becomes, when the scene is read, the colliders of its shapes — a circle a
/// circle, a box or polygon a convex polygon met from outside, a thin segment a line. A static body's
/// shapes are placed once, in the emitter's coordinates. A dynamic or kinematic body's shapes stay in the
/// body's frame and carry a ``ColliderMotion`` that samples the body's pose from the physics timeline, so
/// the particles meet the body where it is at every step of their flight and stay functions of (model,
/// seed, t). The particles never act on the body (the dependency goes one way, from particles to physics).
extension SceneLoader {
    /// Replaces each `{"body": …}` collider by the colliders of that body's shapes (the world of `physics`,
    /// in world units, `pointsPerUnit` points each, the origin at the scene's top-left corner), keeping its
    /// response, restitution and friction. A body of several shapes takes several of the cell's 16 colliders.
    func resolveBodyColliders(_ physics: PhysicsController, bodies: [String: BodyID]) throws {
        let world = physics.initialWorld
        // From the last to the first, so that a body expanded into several colliders does not move the
        // indices of the pending ones before it in the same cell.
        for p in pendingLayerColliders.reversed() where p.isBody {
            guard let id = bodies[p.name] else {
                let close = Suggestions.close(to: p.name, in: Array(bodies.keys))
                let hint = close.isEmpty ? "" : "; did you mean \(close.map { "\"\($0)\"" }.joined(separator: ", "))?"
                throw SceneError(path: p.path, "no physics body named \"\(quoted(p.name))\"\(hint)")
            }
            guard let emitter = p.emitter, var x = p.cell.extensions else { continue }
            let offset = try Self.offsetToRoot(emitter, p.path)
            let placeholder = p.index < 0 ? x.collider! : x.colliders[p.index]
            let motion = (try? world.type(of: id)) == .static
                ? nil : try Self.motion(of: id, named: p.name, in: physics, offset: offset, emitter: emitter, p.path)
            let pieces = try Self.colliders(of: id, in: world, pointsPerUnit: physics.pointsPerUnit,
                                            offset: offset, motion: motion, like: placeholder, p)
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

    /// How body `id` moves, seen from `emitter`: its pose after each step of `physics`' timeline in the
    /// emitter's coordinates (`offset`: the emitter's offset to the root), over the emitter's local time
    /// (its timing and its superlayers' undone to the scene's time, which the physics runs on). The samples
    /// are read again when a touch changes the simulation.
    static func motion(of id: BodyID, named name: String, in physics: PhysicsController, offset: Point, emitter: Layer,
                       _ path: String) throws -> ColliderMotion {
        let (scale, shift) = try sceneTime(of: emitter, path)
        let motion = ColliderMotion(name: name, sampleInterval: physics.timeStep, timeScale: scale, timeShift: shift) { steps in
            // The motion keeps the world alive; the world holds the motion weakly (no cycle).
            physics.poses(of: id, steps: steps).map { SIMD3($0.x - offset.x, $0.y - offset.y, $0.z) }
        }
        physics.whenResimulated { [weak motion] in motion?.invalidate() }
        return motion
    }

    /// The scene's time as `scale × t + shift` of `layer`'s local time t: each layer's timing, from it up to the
    /// root, undone (`local = (parent − beginTime) × speed + timeOffset`). A layer on the way that repeats,
    /// reverses, ends or stops has no such line, and is refused at `path`.
    static func sceneTime(of layer: Layer, _ path: String) throws -> (scale: Double, shift: Double) {
        var scale = 1.0, shift = 0.0
        var l: Layer? = layer
        while let current = l {
            let t = current.timing
            let endless = t.duration == 0 || t.duration == .infinity
            guard t.speed != 0, endless, t.repeatCount == 0, t.repeatDuration == 0, !t.autoreverses else {
                throw SceneError(path: path, "a collider that follows a moving body needs its emitter and the layers above it to run "
                    + "on the scene's time, and layer \"\(quoted(current.name ?? "?"))\" repeats, reverses, ends or stops it")
            }
            scale /= t.speed
            shift = (shift - t.timeOffset) / t.speed + t.beginTime
            l = current.superlayer
        }
        return (scale, shift)
    }

    /// The colliders of body `id`'s shapes, in the order they were declared, each with `like`'s response: in
    /// the emitter's coordinates (world point × `ppu` − the emitter's `offset` to the root) for a body that
    /// stays, or in the body's frame (local point × `ppu`) with `motion` for one that moves.
    static func colliders(of id: BodyID, in world: World, pointsPerUnit ppu: Double, offset: Point, motion: ColliderMotion?,
                          like c: ParticleCollider, _ p: PendingLayerCollider) throws -> [ParticleCollider] {
        guard let transform = try? world.transform(of: id), let shapes = try? world.shapes(of: id) else { return [] }
        func point(_ v: Vec2) -> Point {
            if motion != nil { return Point(v.x * ppu, v.y * ppu) }
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
            piece.motion = motion
            out.append(piece)
        }
        guard !out.isEmpty else { throw SceneError(path: p.path, "body \"\(quoted(p.name))\" has no shapes to collide with") }
        return out
    }
}
