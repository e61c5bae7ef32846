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
    /// Every collider (nil: none), for both paths.
    var colliders: ColliderSet?
    var integrator: FieldIntegrator?

    init(_ x: CellExtensions) {
        let f = x.fields ?? ParticleFields()
        k = max(0, f.drag)
        wind = SIMD3(f.wind.x, f.wind.y, 0)
        let all = x.allColliders
        colliders = all.isEmpty ? nil : ColliderSet(all)
        // A moving collider has no closed form either: its pieces are met step by step (§2.10).
        let moves = all.contains { $0.motion != nil }
        integrator = f.isClosedForm && !moves ? nil : FieldIntegrator(f, drag: k, wind: wind)
    }

    /// The state at age `tau` of a particle born as `b`; `alive` is false once a `die` collider took it.
    /// With colliders, the state on the particle's ``ContactWalk`` (``walk(_:age:slot:)``). `slot` holds
    /// the particle's kept walk (closed form), `checkpoint` its kept integration state (integrated fields,
    /// ``FieldIntegrator/state(_:colliders:age:checkpoint:)``); neither changes the result.
    @inline(__always)
    func state(_ b: ParticleBirth, age tau: Double, slot: UnsafeMutablePointer<ContactCache.Entry>? = nil,
               checkpoint: UnsafeMutablePointer<FieldCheckpoint>? = nil)
        -> (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool) {
        if let integrator { return integrator.state(b, colliders: colliders, age: tau, checkpoint: checkpoint) }
        guard let colliders else {
            let s = DragMotion(p0: b.position, v0: b.velocity, a: b.acceleration, k: k, w: wind).state(tau)
            return (s.position, s.velocity, true)
        }
        return walk(b, age: tau, slot: slot, colliders).state(at: tau, b, k: k, wind: wind)
    }

    /// The ``ContactWalk`` of a particle born as `b`, advanced to age `tau` through its contacts with
    /// `colliders` (closed-form path). `slot`, when given, holds the walk an earlier evaluation left for
    /// this particle (``ContactCache``): it is resumed when it belongs to `b` and stopped at or before
    /// `tau`, else restarted from the birth, and the advanced walk is stored back. Either way the walk
    /// is the same, bit for bit.
    @inline(__always)
    func walk(_ b: ParticleBirth, age tau: Double, slot: UnsafeMutablePointer<ContactCache.Entry>?,
              _ colliders: ColliderSet) -> ContactWalk {
        let kept = slot?.pointee.walk(of: b.id, resumableAt: tau)
        let resumed = kept != nil
        var walk = kept ?? ContactWalk(b)
        let changed = walk.advance(to: tau, b, k: k, wind: wind, colliders: colliders)
        if changed || !resumed { slot?.pointee = ContactCache.Entry(id: b.id, used: true, walk: walk) }
        return walk
    }

    /// The age at which a `die` collider takes a particle born as `b`, or nil when it lives its lifetime.
    func deathAge(_ b: ParticleBirth) -> Double? {
        if let integrator {
            guard let colliders, colliders.canKill else { return nil }
            return integrator.contactAge(b, colliders: colliders)
        }
        guard let colliders, colliders.canKill else { return nil }
        var walk = ContactWalk(b)
        walk.advance(to: b.lifetime, b, k: k, wind: wind, colliders: colliders)
        return walk.phase == .dead ? walk.start : nil
    }

    /// The most contacts one particle can have: the bounces until it rests, or one stick or death.
    var contactsPerParticle: Int {
        guard let colliders else { return 0 }
        return colliders.canBounce ? ParticleCollider.maximumBounces : 1
    }

    /// Appends to `ages` the age of every contact of a particle born as `b` with its colliders, in
    /// order (the `collision` trigger, docs/PARTICLE-MODEL.md §2.8).
    func contactAges(_ b: ParticleBirth, into ages: inout [Double]) {
        guard let colliders else { return }
        if let integrator { return integrator.contactAges(b, colliders: colliders, into: &ages) }
        var walk = ContactWalk(b)
        walk.advance(to: b.lifetime, b, k: k, wind: wind, colliders: colliders) { ages.append($0) }
    }
}
