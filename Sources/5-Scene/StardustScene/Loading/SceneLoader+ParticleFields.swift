import StardustCore
import StardustParticles

extension SceneLoader {
    static let fieldKeys = ["drag", "wind", "attractors", "vortex", "turbulence"]
    static let attractorKeys = ["position", "strength", "radius"]
    static let vortexKeys = ["center", "angularVelocity", "coreRadius"]
    static let turbulenceKeys = ["strength", "scale", "seed"]
    static let colliderKeys = ["floor", "from", "to", "infinite", "rectangle", "circle", "radius", "layer", "polygon", "body", "inside",
                               "response", "restitution", "friction"]

    /// A cell's `"fields"` (``ParticleFields``; docs/SCENES.md, "Beyond Core Animation"):
    /// `{"drag": 0.8, "wind": [18, 0], "attractors": [{"position": [x, y], "strength": 40, "radius": 200}],
    /// "vortex": {"center": [x, y], "angularVelocity": 2, "coreRadius": 50},
    /// "turbulence": {"strength": 120, "scale": 70, "seed": 1}}`.
    func particleFields(_ n: JSONNode) throws -> ParticleFields {
        let o = try n.object(allowedKeys: Self.fieldKeys)
        var f = ParticleFields()
        if let d = o["drag"] { f.drag = try d.number(in: 0...1e4) }
        if let w = o["wind"] { f.wind = try checkedPoint(w) }
        if let a = o["attractors"] {
            let list = try a.array()
            guard list.count <= ParticleFields.maximumAttractors else {
                throw SceneError(path: a.path, "a cell has at most \(ParticleFields.maximumAttractors) attractors, found \(list.count)")
            }
            f.attractors = try list.map { item in
                let m = try item.object(allowedKeys: Self.attractorKeys)
                guard let p = m["position"] else { throw SceneError(path: item.path, "an attractor needs a \"position\" [x, y]") }
                guard let s = m["strength"] else {
                    throw SceneError(path: item.path, "an attractor needs a \"strength\" (points/s²; negative repels)")
                }
                return ParticleFields.Attractor(position: try checkedPoint(p), strength: try s.number(in: -1e6...1e6),
                                                radius: try m["radius"]?.number(in: 0...1e9) ?? 0)
            }
        }
        if let v = o["vortex"] {
            let m = try v.object(allowedKeys: Self.vortexKeys)
            guard let c = m["center"] else { throw SceneError(path: v.path, "a vortex needs a \"center\" [x, y]") }
            guard let w = m["angularVelocity"] else { throw SceneError(path: v.path, "a vortex needs an \"angularVelocity\" (radians per second)") }
            let omega = try w.angle()
            guard abs(omega) <= 1e3 else { throw SceneError(path: w.path, "expected an angular velocity within ±1000 rad/s, found \(omega)") }
            f.vortex = ParticleFields.Vortex(center: try checkedPoint(c), angularVelocity: omega,
                                             coreRadius: try m["coreRadius"]?.number(in: 0...1e9) ?? 0)
        }
        if let t = o["turbulence"] {
            let m = try t.object(allowedKeys: Self.turbulenceKeys)
            guard let s = m["strength"] else { throw SceneError(path: t.path, "turbulence needs a \"strength\" (points/s²)") }
            f.turbulence = ParticleFields.Turbulence(strength: try s.number(in: -1e6...1e6),
                                                     scale: try m["scale"]?.number(in: 0.01...1e9) ?? 100,
                                                     seed: UInt32(try m["seed"]?.integer(in: 0...Int(UInt32.max)) ?? 0))
        }
        return f
    }

    /// A cell's `"collider"` (``ParticleCollider``; docs/SCENES.md, "Fields and collisions"), one of:
    /// `{"floor": 600}`, a segment `{"from": [x, y], "to": [x, y]}` (`"infinite": true` for the whole line),
    /// `{"rectangle": [x, y, w, h]}`, `{"circle": [x, y], "radius": 40}` or `{"layer": "name"}` (the bounds
    /// of that layer, resolved once the scene is read: ``resolveLayerColliders(names:)``); the shapes take
    /// `"inside": true` to keep particles in. Each takes `"response"`, `"restitution"` and `"friction"`.
    func particleCollider(_ n: JSONNode) throws -> ParticleCollider {
        let o = try n.object(allowedKeys: Self.colliderKeys)
        let forms = ["floor", "from", "rectangle", "circle", "layer", "polygon", "body"].filter { o[$0] != nil }
        guard forms.count == 1 || (forms.isEmpty && o["to"] != nil) else {
            if forms.count > 1 {
                throw SceneError(path: o[forms[1]]!.path, "a collider is one of a \"floor\", a line \"from\" … \"to\", a \"rectangle\", a \"circle\", a \"polygon\", a \"layer\" or a \"body\": one of them, not both")
            }
            throw SceneError(path: n.path, "a collider needs a \"floor\" (its y), \"from\" and \"to\" points, a \"rectangle\", a \"circle\", a \"polygon\", a \"layer\" or a \"body\"")
        }
        for key in ["to", "infinite"] where o[key] != nil && o["from"] == nil {
            throw SceneError(path: o[key]!.path, "\"\(key)\" belongs to a line collider (\"from\" … \"to\")")
        }
        if let r = o["radius"], o["circle"] == nil { throw SceneError(path: r.path, "\"radius\" belongs to a \"circle\" collider") }
        if let i = o["inside"], o["rectangle"] == nil, o["circle"] == nil, o["layer"] == nil, o["polygon"] == nil {
            throw SceneError(path: i.path, "\"inside\" belongs to a \"rectangle\", \"circle\", \"polygon\" or \"layer\" collider")
        }
        let inside = try o["inside"]?.bool() ?? false
        var c: ParticleCollider
        if let y = o["floor"] {
            c = .floor(y: try y.number(in: -1e9...1e9))
        } else if let r = o["rectangle"] {
            let rect = try r.rect()
            for v in [rect.origin.x, rect.origin.y] where abs(v) > 1e9 { throw SceneError(path: r.path, "expected coordinates within ±1e9 points") }
            guard rect.size.width > 0, rect.size.height > 0, rect.size.width <= 1e9, rect.size.height <= 1e9 else {
                throw SceneError(path: r.path, "a rectangle collider needs a width and a height in (0, 1e9]")
            }
            c = .rectangle(rect, isContainer: inside)
        } else if let ce = o["circle"] {
            guard let r = o["radius"] else { throw SceneError(path: n.path, "a circle collider needs a \"radius\" (points)") }
            let radius = try r.number(in: 0...1e9)
            guard radius > 0 else { throw SceneError(path: r.path, "a circle collider's radius must be positive") }
            c = .circle(center: try checkedPoint(ce), radius: radius, isContainer: inside)
        } else if let l = o["layer"] {
            let name = try l.string()
            guard !name.isEmpty else { throw SceneError(path: l.path, "expected a layer name") }
            // A placeholder until the scene's layers are known (resolveLayerColliders).
            c = .rectangle(Rect(0, 0, 1, 1), isContainer: inside)
        } else if let pn = o["polygon"] {
            let nodes = try pn.array()
            guard (3...ParticleCollider.maximumPolygonVertices).contains(nodes.count) else {
                throw SceneError(path: pn.path, "a polygon collider needs 3 to \(ParticleCollider.maximumPolygonVertices) points, found \(nodes.count)")
            }
            let vertices = try nodes.map(checkedPoint)
            guard ParticleCollider.isConvex(vertices) else {
                throw SceneError(path: pn.path, "a polygon collider must be convex, its points in order around it and no three on a line")
            }
            c = .polygon(vertices, isContainer: inside)
        } else if let b = o["body"] {
            let name = try b.string()
            guard !name.isEmpty else { throw SceneError(path: b.path, "expected a body name") }
            // A placeholder until the scene's physics world is read (resolveBodyColliders).
            c = .rectangle(Rect(0, 0, 1, 1))
        } else {
            guard let a = o["from"], let b = o["to"] else {
                throw SceneError(path: n.path, "a line collider needs \"from\" and \"to\" points")
            }
            c = ParticleCollider(from: try checkedPoint(a), to: try checkedPoint(b))
            if c.from == c.to { throw SceneError(path: b.path, "a collider's \"from\" and \"to\" must differ") }
            if let i = o["infinite"] { c.isInfinite = try i.bool() }
        }
        if let r = o["response"] { c.response = ParticleCollider.Response(rawValue: try r.choice(ParticleCollider.Response.allCases.map(\.rawValue)))! }
        if let r = o["restitution"] { c.restitution = try r.number(in: 0...1) }
        if let f = o["friction"] { c.friction = try f.number(in: 0...1) }
        return c
    }

    /// A cell's `"colliders"`: a list of up to ``ParticleCollider/maximumPerCell`` colliders (after `"collider"`).
    func particleColliders(_ n: JSONNode) throws -> [ParticleCollider] {
        let list = try n.array()
        guard list.count <= ParticleCollider.maximumPerCell else {
            throw SceneError(path: n.path, "a cell has at most \(ParticleCollider.maximumPerCell) colliders, found \(list.count)")
        }
        return try list.map(particleCollider)
    }

    /// A point `[x, y]` within ±1e9 points.
    private func checkedPoint(_ n: JSONNode) throws -> Point {
        let p = try n.point()
        guard abs(p.x) <= 1e9, abs(p.y) <= 1e9 else { throw SceneError(path: n.path, "expected coordinates within ±1e9 points") }
        return p
    }
}
