import Foundation
import StardustCore

/// The motion of particles of a cell with ``ParticleFields`` or a ``ParticleCollider``, resolved once
/// per evaluation from the cell's extensions (docs/PARTICLE-MODEL.md §2.9–§2.11).
///
/// Two paths: drag and wind alone are closed forms (``DragMotion``), and collisions with them are
/// solved in closed form too (``CollisionLine/firstHit(_:side:limit:)``); attractors, the vortex and
/// turbulence are integrated at a fixed step from the birth (``FieldIntegrator``).
struct ParticleMotion {
    var k: Double
    var wind: SIMD3<Double>
    var line: CollisionLine?
    var integrator: FieldIntegrator?

    init(_ x: CellExtensions) {
        let f = x.fields ?? ParticleFields()
        k = max(0, f.drag)
        wind = SIMD3(f.wind.x, f.wind.y, 0)
        line = x.collider.map(CollisionLine.init)
        integrator = f.isClosedForm ? nil : FieldIntegrator(f, drag: k, wind: wind)
    }

    /// The state at age `tau` of a particle born as `b`; `alive` is false once a `die` collider took it.
    @inline(__always)
    func state(_ b: ParticleBirth, age tau: Double) -> (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool) {
        if let integrator { return integrator.state(b, line: line, age: tau) }
        var m = DragMotion(p0: b.position, v0: b.velocity, a: b.acceleration, k: k, w: wind)
        guard let line else { return (m.position(tau), m.velocity(tau), true) }
        // Segment by segment: each collision starts a new closed-form motion at the point of impact.
        let sigma = line.side(m.p0, m.v0)
        var start = 0.0  // the age at which `m` starts
        var bounces = 0
        while let hit = line.firstHit(m, side: sigma, limit: b.lifetime - start) {
            let at = start + hit
            guard at <= tau else { break }
            let p = m.position(hit)
            guard line.covers(p) else { break }  // past the end of the segment: no later crossing is taken
            switch line.response {
            case .die: return (p, m.velocity(hit), false)
            case .stick: return (p, .zero, true)
            case .bounce:
                let v = line.bounce(m.velocity(hit))
                bounces += 1
                if abs((v * line.normal).sum()) < ParticleCollider.restingSpeed || bounces >= ParticleCollider.maximumBounces {
                    return (p, .zero, true)
                }
                m.p0 = p; m.v0 = v; start = at
            }
        }
        return (m.position(tau - start), m.velocity(tau - start), true)
    }
}
