import StardustCore
import StardustParticles

extension SceneLoader {
    static let fieldKeys = ["drag", "wind", "attractors", "vortex", "turbulence"]
    static let attractorKeys = ["position", "strength", "radius"]
    static let vortexKeys = ["center", "angularVelocity", "coreRadius"]
    static let turbulenceKeys = ["strength", "scale", "seed"]
    static let colliderKeys = ["floor", "from", "to", "infinite", "response", "restitution", "friction"]

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

    /// A cell's `"collider"` (``ParticleCollider``): `{"floor": 600, "response": "bounce", "restitution": 0.5,
    /// "friction": 0.2}`, or a segment `{"from": [x, y], "to": [x, y]}` (`"infinite": true` for the whole line).
    func particleCollider(_ n: JSONNode) throws -> ParticleCollider {
        let o = try n.object(allowedKeys: Self.colliderKeys)
        var c: ParticleCollider
        if let y = o["floor"] {
            if let extra = o["from"] ?? o["to"] {
                throw SceneError(path: extra.path, "a collider is either a \"floor\" or a line \"from\" … \"to\", not both")
            }
            c = .floor(y: try y.number(in: -1e9...1e9))
        } else {
            guard let a = o["from"], let b = o["to"] else {
                throw SceneError(path: n.path, "a collider needs a \"floor\" (its y) or \"from\" and \"to\" points")
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

    /// A point `[x, y]` within ±1e9 points.
    private func checkedPoint(_ n: JSONNode) throws -> Point {
        let p = try n.point()
        guard abs(p.x) <= 1e9, abs(p.y) <= 1e9 else { throw SceneError(path: n.path, "expected coordinates within ±1e9 points") }
        return p
    }
}
