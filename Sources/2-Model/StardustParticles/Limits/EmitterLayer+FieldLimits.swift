extension EmitterLayer {
    /// The most integration steps (``ParticleFields/integrationStep``) one evaluation may need, over
    /// all cells with integrated fields: live particles × the longest lifetime / step. About a second
    /// of one core; beyond it ``validate()`` refuses the emitter before any work
    /// (docs/PARTICLE-MODEL.md §2.11, docs/LIMITS.md).
    public static let maximumIntegrationSteps = 200_000_000.0

    /// An upper estimate of the integration steps one evaluation costs (0 without integrated fields).
    public var estimatedIntegrationSteps: Double {
        let e = compile(upTo: 0, sceneSeed: 0)
        var perSecond = [Double](repeating: 0, count: e.cells.count)
        var alive = [Double](repeating: 0, count: e.cells.count)
        var steps = 0.0
        for (i, c) in e.cells.enumerated() where c.emits {
            (perSecond[i], alive[i]) = Self.load(c, e, perSecond, alive)
            if c.motion?.integrator != nil { steps += alive[i] * c.maxLife / ParticleFields.integrationStep }
            if c.extensions?.trigger == .collision, c.parent >= 0, let m = e.cells[c.parent].motion, m.integrator != nil {
                // Planning integrates the life of each parent record that can still feed this cell to find
                // its contacts, and again up to each contact whose sub-emitter is live (docs/PARTICLE-MODEL.md §2.10).
                let parent = e.cells[c.parent]
                let records = alive[c.parent] + perSecond[c.parent] * (c.windowHi - c.windowLo + c.maxLife)
                steps += records * parent.maxLife / ParticleFields.integrationStep * Double(1 + m.contactsPerParticle)
            }
        }
        return steps.isNaN ? .infinity : steps
    }

    /// Checks fields and a collider: finite values, restitution and friction in 0…1, a bounded number
    /// of attractors.
    static func checkMotion(_ x: CellExtensions, _ path: String) throws(EmitterError) {
        func finite(_ v: Double, _ name: String) throws(EmitterError) {
            if !v.isFinite { throw .invalidValue(keyPath: path + name, value: v, reason: "not a finite number") }
        }
        if let f = x.fields {
            try finite(f.drag, "fields.drag")
            if f.drag < 0 { throw .invalidValue(keyPath: path + "fields.drag", value: f.drag, reason: "must be ≥ 0") }
            try finite(f.wind.x, "fields.wind.x"); try finite(f.wind.y, "fields.wind.y")
            if f.attractors.count > ParticleFields.maximumAttractors {
                throw .invalidValue(keyPath: path + "fields.attractors", value: Double(f.attractors.count),
                                    reason: "at most \(ParticleFields.maximumAttractors) attractors per cell")
            }
            for (i, a) in f.attractors.enumerated() {
                for (v, n) in [(a.position.x, "position.x"), (a.position.y, "position.y"), (a.strength, "strength"), (a.radius, "radius")] {
                    try finite(v, "fields.attractors[\(i)].\(n)")
                }
            }
            if let v = f.vortex {
                for (x, n) in [(v.center.x, "center.x"), (v.center.y, "center.y"), (v.angularVelocity, "angularVelocity"), (v.coreRadius, "coreRadius")] {
                    try finite(x, "fields.vortex.\(n)")
                }
            }
            if let t = f.turbulence {
                try finite(t.strength, "fields.turbulence.strength")
                if !(t.scale.isFinite && t.scale > 0) {
                    throw .invalidValue(keyPath: path + "fields.turbulence.scale", value: t.scale, reason: "must be a finite number > 0")
                }
            }
        }
        if let c = x.collider { try checkCollider(c, path + "collider.") }
        for (i, c) in x.colliders.enumerated() { try checkCollider(c, path + "colliders[\(i)].") }
        try checkColliderSet(x, path)
    }

    /// Refuses an emitter whose integrated fields would cost more than ``maximumIntegrationSteps`` per evaluation.
    func checkIntegrationBudget() throws(EmitterError) {
        let steps = estimatedIntegrationSteps
        if steps > Self.maximumIntegrationSteps {
            throw .invalidValue(keyPath: "emitterCells", value: steps,
                                reason: "integrated fields (attractors, vortex, turbulence) would take about \(Int(min(steps, 9e18))) steps per frame, "
                                    + "more than \(Int(Self.maximumIntegrationSteps)); lower birthRate or lifetime, or use drag and wind only (closed form)")
        }
    }
}
