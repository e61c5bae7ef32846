import Foundation

/// A particle's walk along its closed-form segments between contacts with its colliders
/// (docs/PARTICLE-MODEL.md §2.10, "Closed form"), stopped at some age and resumable from there.
///
/// The walk's segments do not depend on the age evaluated — each contact is searched up to the
/// particle's death, never up to the age asked for — so the walk that stopped at a segment starting at
/// age `start ≤ τ` and is then advanced to `τ` passes through exactly the operations of a walk from the
/// birth to `τ`. That is what lets ``ContactCache`` keep one walk per particle between evaluations and
/// reuse it for any later age with the bytes of an uncached evaluation.
struct ContactWalk {
    /// Where the walk is: still flying on a segment, or ended by a contact.
    enum Phase: UInt8 {
        /// On the segment starting at ``start`` (``p0``, ``v0``).
        case flying
        /// At rest on a collider at ``p0`` from age ``start`` (bounces ran out or became too slow).
        case resting
        /// Stuck on a collider at ``p0`` from age ``start``.
        case stuck
        /// Taken by a `die` collider at age ``start``, at ``p0`` with velocity ``v0``.
        case dead
    }

    /// Position and velocity at the start of the current segment (or where the walk ended), stored as
    /// scalars: a ``ContactCache`` entry is then 80 bytes instead of 128 (SIMD3 pads to 32-byte alignment).
    var px: Double, py: Double, pz: Double
    var vx: Double, vy: Double, vz: Double
    var p0: SIMD3<Double> {
        @inline(__always) get { SIMD3(px, py, pz) }
        @inline(__always) set { px = newValue.x; py = newValue.y; pz = newValue.z }
    }
    var v0: SIMD3<Double> {
        @inline(__always) get { SIMD3(vx, vy, vz) }
        @inline(__always) set { vx = newValue.x; vy = newValue.y; vz = newValue.z }
    }
    /// The age at which the current segment (or the final phase) starts.
    var start: Double
    /// The next contact, as an age measured from ``start``: NaN while not yet searched, +∞ when
    /// the particle meets the line no more (or its crossing falls off the segment's end).
    var hit: Double = .nan
    var bounces: Int32 = 0
    var phase: Phase = .flying
    /// The collider piece (``ColliderSet``) of the next contact, and of the contact that started the
    /// current segment (−1: none, the segment starts at the birth).
    var piece: Int8 = -1, last: Int8 = -1

    /// The walk of a particle at its birth.
    init(_ b: ParticleBirth) {
        px = b.position.x; py = b.position.y; pz = b.position.z
        vx = b.velocity.x; vy = b.velocity.y; vz = b.velocity.z
        start = 0
    }

    /// Advances the walk through every contact at an age ≤ `tau`, for a particle born as `b` moving
    /// under drag `k` towards `wind`, colliding with `colliders` (the first contact in time wins).
    /// Calls `contact(age, position)` for each contact passed (the `collision` trigger's contacts).
    /// Returns false when the walk did not change (nothing to store back).
    @inline(__always) @discardableResult
    mutating func advance(to tau: Double, _ b: ParticleBirth, k: Double, wind: SIMD3<Double>,
                          colliders: ColliderSet, contact: (Double) -> Void = { _ in }) -> Bool {
        var changed = false
        while phase == .flying {
            let m = DragMotion(p0: p0, v0: v0, a: b.acceleration, k: k, w: wind)
            if hit.isNaN {
                changed = true
                let (h, i) = colliders.firstContact(m, b, limit: b.lifetime - start, last: Int(last))
                hit = h; piece = Int8(i)
            }
            let at = start + hit
            guard at <= tau else { return changed }
            changed = true
            contact(at)
            let (p, vHit) = m.state(hit)
            let (response, v, vn) = colliders.contact(Int(piece), at: p, velocity: vHit)
            switch response {
            case .die:
                p0 = p; v0 = v; start = at; phase = .dead
            case .stick:
                p0 = p; v0 = .zero; start = at; phase = .stuck
            case .bounce:
                bounces += 1
                p0 = p; start = at; hit = .nan; last = piece
                if abs(vn) < ParticleCollider.restingSpeed || bounces >= Int32(ParticleCollider.maximumBounces) {
                    v0 = .zero; phase = .resting
                } else {
                    v0 = v
                }
            }
        }
        return changed
    }

    /// The state at age `tau` (≥ ``start``) of a walk advanced to `tau`.
    @inline(__always)
    func state(at tau: Double, _ b: ParticleBirth, k: Double, wind: SIMD3<Double>)
        -> (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool) {
        switch phase {
        case .flying:
            let m = DragMotion(p0: p0, v0: v0, a: b.acceleration, k: k, w: wind)
            let s = m.state(tau - start)
            return (s.position, s.velocity, true)
        case .resting, .stuck: return (p0, .zero, true)
        case .dead: return (p0, v0, false)
        }
    }
}
