import Foundation

/// A moving body's pieces, in the body's own frame, and how the body moves (docs/PARTICLE-MODEL.md
/// §2.10, "Moving bodies").
struct MovingPieces {
    let motion: ColliderMotion
    let lines: ContiguousArray<CollisionLine>
    let circles: ContiguousArray<CollisionCircle>
    /// The number of its first piece (its lines, then its circles).
    let first: Int
}

/// A contact found in one integration step: with a piece that stays or with a moving one.
struct StepContact {
    /// The fraction of the step at which the particle meets the piece.
    var u: Double
    var piece: Int
    /// What the particle does, where (the emitter's coordinates), its velocity after a bounce and the
    /// normal speed that bounce keeps (relative to the piece).
    var response: ParticleCollider.Response
    var point: SIMD3<Double>
    /// Where the particle is at the end of the step after a bounce: the contact point, carried to there by a
    /// moving body (so that the next step starts on the body's surface, not behind it).
    var resume: SIMD3<Double>
    var velocity: SIMD3<Double>
    var normalSpeed: Double
    /// For a moving piece: its body (an index of ``ColliderSet/moving``) and the contact point in the
    /// body's frame, where a particle that sticks or comes to rest rides with it.
    var body = -1
    var local = SIMD3<Double>.zero
}

extension ColliderSet {
    /// The first piece, staying or moving, that the step from `old` (at the emitter's local time `t0`) to
    /// `new` (`dt` later) meets, with the response there; nil when none (the integrated path, §2.10–§2.11).
    ///
    /// A moving body is met in its own frame: the step's ends are taken into the frame of the body at the
    /// step's two times, and the segment between them — the particle's motion relative to the body, to
    /// first order — is tested against the body's pieces as a step against pieces that stay. The earliest
    /// crossing wins, a tie going to the lower piece (the pieces that stay come first).
    @inline(__always)
    func contact(from old: SIMD3<Double>, to new: SIMD3<Double>, at t0: Double, duration dt: Double,
                 velocity v: SIMD3<Double>, _ b: ParticleBirth, last: Int) -> StepContact? {
        let (u, piece) = firstCrossing(from: old, to: new, b, last: last)
        if !moving.isEmpty, let m = firstMovingCrossing(from: old, to: new, at: t0, duration: dt, velocity: v, b, last: last, before: u) {
            return m
        }
        guard piece >= 0 else { return nil }
        return staticContact(piece, u: u, from: old, to: new, velocity: v)
    }

    /// The contact with `piece` (one that stays) at fraction `u` of the step from `old` to `new`, with the
    /// response there. Out of line: the integrated path's fast test (``soleLine``) calls it at contacts only.
    @inline(never)
    func staticContact(_ piece: Int, u: Double, from old: SIMD3<Double>, to new: SIMD3<Double>,
                       velocity v: SIMD3<Double>) -> StepContact {
        let hit = old + (new - old) * u
        let (response, out, vn) = contact(piece, at: hit, velocity: v)
        return StepContact(u: u, piece: piece, response: response, point: hit, resume: hit, velocity: out, normalSpeed: vn)
    }

    /// The first moving piece the step meets strictly before the fraction `limit`, with its response.
    private func firstMovingCrossing(from old: SIMD3<Double>, to new: SIMD3<Double>, at t0: Double, duration dt: Double,
                                     velocity v: SIMD3<Double>, _ b: ParticleBirth, last: Int, before limit: Double) -> StepContact? {
        var best = limit, which = -1, body = -1
        var start = ColliderMotion.Pose.zero, end = ColliderMotion.Pose.zero, q0 = SIMD3<Double>.zero, q1 = q0
        for g in moving.indices {
            let m = moving[g]
            let p0 = m.motion.pose(at: t0), p1 = m.motion.pose(at: t0 + dt)
            let a = ColliderMotion.local(old, p0), z = ColliderMotion.local(new, p1)
            var found = false
            for i in m.lines.indices {
                let line = m.lines[i]
                let side = line.fixedSide != 0 ? line.fixedSide : Self.birthSide(line, m.motion, b)
                guard let u = line.crossing(from: a, to: z, side: side, onLine: m.first + i == last), u < best else { continue }
                best = u; which = m.first + i; found = true
            }
            for j in m.circles.indices {
                let n = m.first + m.lines.count + j
                guard let u = m.circles[j].crossing(from: a, to: z, onCircle: n == last), u < best else { continue }
                best = u; which = n; found = true
            }
            if found { body = g; start = p0; end = p1; q0 = a; q1 = z }
        }
        guard which >= 0 else { return nil }
        return response(body: body, piece: which, u: best, from: q0, to: q1, start: start, end: end, duration: dt,
                        velocity: v)
    }

    /// The side a particle born as `b` meets a moving line from: the side of the body's line it was born on.
    private static func birthSide(_ line: CollisionLine, _ motion: ColliderMotion, _ b: ParticleBirth) -> Double {
        let pose = motion.pose(at: b.birthTime)
        let c = cos(pose.z), s = sin(pose.z)
        let v = SIMD3(b.velocity.x * c + b.velocity.y * s, -b.velocity.x * s + b.velocity.y * c, b.velocity.z)
        return line.side(ColliderMotion.local(b.position, pose), v)
    }

    /// The contact with moving piece `piece` of body `g` at fraction `u` of a step whose ends are `q0`, `q1`
    /// in the body's frame (poses `start`, `end`). The response acts on the particle's velocity `v` relative
    /// to the body's point it meets (how that point moves over the step); `stick` leaves the particle with
    /// that point's velocity, `die` with its own.
    private func response(body g: Int, piece: Int, u: Double, from q0: SIMD3<Double>, to q1: SIMD3<Double>,
                          start: ColliderMotion.Pose, end: ColliderMotion.Pose, duration dt: Double,
                          velocity v: SIMD3<Double>) -> StepContact {
        let m = moving[g]
        let k = piece - m.first
        let q = Self.onto(piece: k, of: m, q0 + (q1 - q0) * u)
        let pose = ColliderMotion.interpolate(start, end, u)
        let point = ColliderMotion.place(q, pose)
        let carried = (ColliderMotion.place(q, end) - ColliderMotion.place(q, start)) / dt
        let c = cos(pose.z), s = sin(pose.z)
        // The relative velocity, turned into the body's frame.
        let r = v - carried
        let w = SIMD3(r.x * c + r.y * s, -r.x * s + r.y * c, r.z)
        var out: SIMD3<Double>, vn: Double, response: ParticleCollider.Response
        if k < m.lines.count {
            let line = m.lines[k]
            response = line.response
            out = line.bounce(w); vn = (out * line.normal).sum()
        } else {
            let circle = m.circles[k - m.lines.count]
            response = circle.response
            (out, vn) = circle.bounce(w, at: q)
        }
        let back = SIMD3(out.x * c - out.y * s, out.x * s + out.y * c, out.z) + carried
        var contact = StepContact(u: u, piece: piece, response: response, point: point,
                                  resume: ColliderMotion.place(q, end), velocity: back,
                                  normalSpeed: vn, body: g, local: q)
        if response == .stick { contact.velocity = carried }
        if response == .die { contact.velocity = v }
        return contact
    }

    /// The point of piece `k` of `m` nearest `q` (the crossing of a chord, which lies off a moving piece by
    /// the chord's error): where a particle that meets the piece stays on it.
    private static func onto(piece k: Int, of m: MovingPieces, _ q: SIMD3<Double>) -> SIMD3<Double> {
        if k < m.lines.count { return q - m.lines[k].normal * m.lines[k].distance(q) }
        let circle = m.circles[k - m.lines.count]
        let d = q - circle.center, r = (d.x * d.x + d.y * d.y).squareRoot()
        guard r > 0 else { return q }
        return SIMD3(circle.center.x + d.x * circle.radius / r, circle.center.y + d.y * circle.radius / r, q.z)
    }

    /// Where a particle riding body `g` at `q` (its frame) is at the emitter's local time `t`, and its velocity.
    func riding(_ g: Int, at q: SIMD3<Double>, time t: Double) -> (SIMD3<Double>, SIMD3<Double>) {
        let motion = moving[g].motion
        return (ColliderMotion.place(q, motion.pose(at: t)), motion.velocity(of: q, at: t))
    }
}
