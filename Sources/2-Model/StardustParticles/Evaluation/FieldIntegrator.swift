import Foundation

/// Fixed-step integration of the fields that have no closed form — attractors, the vortex and
/// turbulence — together with drag, wind, the cell's acceleration and colliders
/// (docs/PARTICLE-MODEL.md §2.11).
///
/// Each particle is integrated from its birth on its own grid of ages `0, h, 2h, …` (h =
/// ``ParticleFields/integrationStep``), the last step shortened to land on the age evaluated. The
/// state at an age is therefore a function of the birth record and the age only: a frame computes
/// the same bytes whichever frames were computed before, in whatever order, on however many
/// threads. The particle's birth is its checkpoint: a seek costs at most `lifetime / h` steps per
/// live particle, whatever the time sought. In playback a particle resumes from the grid state an
/// earlier frame kept (``FieldCheckpoint``, in a ``ContactCache`` table), which by the same argument
/// changes no byte: a frame then costs one frame interval of steps per particle.
///
/// One step (operator splitting, each part exact for what it holds constant):
/// 1. the force at the start of the step (acceleration + attractors + turbulence) is held
///    constant and drag towards the wind is integrated exactly (an exponential integrator);
/// 2. the vortex turns the position about its center by `ω(r)·h` (an exact rotation: the distance
///    to the center does not drift however long the particle circles);
/// 3. the segment from the old to the new position is tested against every collider piece
///    (``ColliderSet/contact(from:to:at:duration:velocity:_:last:)``): the earliest crossing is a contact
///    at the crossing point (linear interpolation within the step), with the closed form's responses; a
///    moving body's pieces are tested in the body's frame, and a particle that rests on one rides with it.
///
/// A class, so that ``ParticleMotion``, read for every particle, stays small and is not copied with the
/// integrator's parameters and attractor list.
final class FieldIntegrator: Sendable {
    let h = ParticleFields.integrationStep
    let k: Double
    let wind: SIMD3<Double>
    /// e^(−k·h) and (1 − e^(−k·h))/k for the full steps (h without drag).
    let decay: Double, reach: Double
    let attractors: ContiguousArray<SIMD4<Double>>  // x, y, strength, radius (∞ = everywhere)
    /// Tested before the attractor loop: iterating the array retained and released its buffer at every step,
    /// with or without attractors (perf, `particles-eval --variant 1M-live-turbulence`).
    let hasAttractors: Bool
    let hasVortex: Bool
    let vortexCenter: SIMD2<Double>, omega: Double, core: Double
    /// cos and sin of ω·h (the whole plane turning at one rate).
    let turnCos: Double, turnSin: Double
    let turbulence: Double, inverseScale: Double, noiseSeed: UInt64

    init(_ f: ParticleFields, drag k: Double, wind: SIMD3<Double>) {
        self.k = k; self.wind = wind
        decay = k > 0 ? exp(-k * h) : 1
        reach = k > 0 ? -expm1(-k * h) / k : h
        attractors = ContiguousArray(f.attractors.prefix(ParticleFields.maximumAttractors).map {
            SIMD4($0.position.x, $0.position.y, $0.strength, $0.radius > 0 ? $0.radius : .infinity)
        })
        hasAttractors = !attractors.isEmpty
        hasVortex = f.vortex != nil
        vortexCenter = SIMD2(f.vortex?.center.x ?? 0, f.vortex?.center.y ?? 0)
        omega = f.vortex?.angularVelocity ?? 0
        core = max(0, f.vortex?.coreRadius ?? 0)
        turnCos = cos(omega * h); turnSin = sin(omega * h)
        turbulence = f.turbulence?.strength ?? 0
        inverseScale = 1 / max(1e-3, f.turbulence?.scale ?? 1)
        noiseSeed = UInt64(f.turbulence?.seed ?? 0) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The force per unit mass at `p`, besides drag; `noise` is the particle's last turbulence cell
    /// (``CurlNoise/Cell``), read and updated.
    @inline(__always) func force(_ p: SIMD3<Double>, _ a0: SIMD3<Double>, noise: inout CurlNoise.Cell) -> SIMD3<Double> {
        var a = a0
        if hasAttractors {
            for q in attractors {
                let dx = q.x - p.x, dy = q.y - p.y
                let d = (dx * dx + dy * dy).squareRoot()
                guard d <= q.w, d > 0 else { continue }
                let m = q.z * min(1, d) / d  // fades inside 1 pt: no jitter at the center
                a.x += dx * m; a.y += dy * m
            }
        }
        if turbulence != 0 {
            let c = CurlNoise.curl(p.x * inverseScale, p.y * inverseScale, seed: noiseSeed, cell: &noise)
            a.x += c.x * turbulence; a.y += c.y * turbulence
        }
        return a
    }

    /// The vortex's angular velocity at distance `r` (Rankine: ω inside the core, ω·(core/r)² outside).
    @inline(__always) func angularVelocity(_ r: Double) -> Double {
        core == 0 || r <= core ? omega : omega * (core / r) * (core / r)
    }

    /// The velocity the vortex carries a particle at `p` with.
    @inline(__always) func vortexVelocity(_ p: SIMD3<Double>) -> SIMD3<Double> {
        guard hasVortex else { return .zero }
        let dx = p.x - vortexCenter.x, dy = p.y - vortexCenter.y
        let w = angularVelocity((dx * dx + dy * dy).squareRoot())
        return SIMD3(-w * dy, w * dx, 0)
    }

    /// The state at age `tau` of a particle born as `b`, colliding with `colliders` if given.
    /// `checkpoint`, when given, is the particle's slot in a ``ContactCache`` table: the run resumes from
    /// the state kept there when it belongs to `b` and lies on or before the last full step, and keeps
    /// the latest full-step state it reaches (``FieldCheckpoint``). The result is the same, bit for bit.
    @inline(__always)
    func state(_ b: ParticleBirth, colliders: ColliderSet?, age tau: Double,
               checkpoint: UnsafeMutablePointer<FieldCheckpoint>? = nil)
        -> (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool) {
        let r = run(b, colliders: colliders, age: tau, checkpoint: checkpoint)
        return (r.position, r.velocity, r.alive)
    }

    /// The age at which a `die` collider takes a particle born as `b` (the crossing within its step), or nil.
    func contactAge(_ b: ParticleBirth, colliders: ColliderSet) -> Double? {
        let r = run(b, colliders: colliders, age: b.lifetime)
        return r.alive ? nil : r.end
    }

    /// Appends the age of every contact of a particle born as `b` over its life, in order (the
    /// `collision` trigger, docs/PARTICLE-MODEL.md §2.8). The integration runs on the grid of the whole
    /// life, whose steps are the steps of every shorter evaluation up to the last one, so the contacts
    /// are those the evaluated particles show.
    func contactAges(_ b: ParticleBirth, colliders: ColliderSet, into ages: inout [Double]) {
        _ = run(b, colliders: colliders, age: b.lifetime) { age, _, _ in ages.append(age); return true }
    }

    /// The state just after the contact at age `age` (one of ``contactAges(_:colliders:into:)``): the contact
    /// point and the velocity after the response. A step's contact lies inside the step, where an
    /// integration stopped at `age` would take a shortened step and could miss it, so the life's grid is
    /// walked to that contact instead. Nil when no contact has that age.
    func stateAfterContact(_ b: ParticleBirth, colliders: ColliderSet, age: Double)
        -> (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool)? {
        var found = false
        let r = run(b, colliders: colliders, age: b.lifetime) { at, _, _ in
            found = at == age
            return at < age
        }
        return found ? (r.position, r.velocity, r.alive) : nil
    }

    /// ``state(_:colliders:age:)``, plus the age of a `die` contact (`end`, meaningful when not `alive`).
    /// `contact(age, position, velocity after)` is called at each contact; returning false stops the run there.
    /// `checkpoint`: see ``state(_:colliders:age:checkpoint:)`` (the contact callers run whole lives and pass none).
    /// `start`, when given, is a state of the particle's grid to start from instead of the checkpoint (a lane
    /// ``sd_field_steps`` handed back, FieldLanes.swift), and `resumedAt` the step the checkpoint held then.
    @inline(__always)
    func run(_ b: ParticleBirth, colliders: ColliderSet?, age tau: Double,
             checkpoint: UnsafeMutablePointer<FieldCheckpoint>? = nil,
             from start: LaneStart? = nil,
             contact: (Double, SIMD3<Double>, SIMD3<Double>) -> Bool = { _, _, _ in true })
        -> (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool, end: Double) {
        var p = b.position, v = b.velocity
        let a0 = b.acceleration
        var bounces = 0, last = -1
        var noise = CurlNoise.Cell()
        // The set is not bound to a variable: a `guard let` of the optional in the step loop retained and
        // released it at every step, a binding before the loop once per particle (7 % of playback in a
        // profile); optional chaining borrows it (docs/PARTICLES-PERFORMANCE.md, "Integrated fields").
        let collides = colliders != nil
        // A set of one line that stays (a floor) is tested inline: ``ColliderSet/firstCrossing`` for it, the
        // side hoisted out of the loop (a function of the birth), and the contact built only when there is one
        // (the general call returned a 176-byte optional copied twice per step: a fifth of playback in a
        // profile). `hasSole` is true only with a set, so the unchecked unwraps below read one.
        let hasSole = colliders?.hasSoleLine ?? false
        let soleSide = hasSole ? colliders.unsafelyUnwrapped.soleLine.side(b.position, b.velocity) : 0
        // The line's signed distance at the end of the step before, which is the next step's start (`old` is that
        // step's `p`, unchanged between): computed once per step instead of twice. Not known before the first
        // step and after a bounce, which moves the particle to the contact's resume point.
        var soleStart = 0.0, knowsSoleStart = false
        // `CurlNoise.floor` is `rounded(.down)` bit for bit without the libm call (2 % of playback in a profile).
        let steps = Int(CurlNoise.floor(tau / h))
        let rest = tau - Double(steps) * h
        var i = 0, resumedAt = 0
        if let start {
            i = start.step; p = start.position; v = start.velocity; bounces = start.bounces; last = start.last
            resumedAt = start.resumedAt
        } else if let c = checkpoint?.pointee, c.resumes(b.id, steps: steps) {
            // Resume from the particle's kept state: its steps from there are those of a run from the birth.
            i = Int(c.step); p = c.position; v = c.velocity; bounces = Int(c.bounces); last = Int(c.last)
            resumedAt = i
        }
        // The state at the start of the latest step (a point of the grid at or before `tau`), kept on
        // every way out of the run — also a contact that ends it, so that a particle at rest is found
        // again by one step instead of from its birth. Never the state after the shortened last step.
        var keptStep = i, keptP = p, keptV = v, keptBounces = bounces, keptLast = last
        defer {
            if let checkpoint, keptStep != resumedAt, FieldCheckpoint.keeps(step: keptStep) {
                checkpoint.pointee = FieldCheckpoint(id: b.id, step: keptStep, position: keptP, velocity: keptV,
                                                     bounces: keptBounces, last: keptLast)
            }
        }
        while i <= steps {
            keptStep = i; keptP = p; keptV = v; keptBounces = bounces; keptLast = last
            let full = i < steps
            let dt = full ? h : rest
            i += 1
            if dt <= 0 { continue }
            let old = p
            // 1. Force held for the step, drag exact.
            let a = force(p, a0, noise: &noise)
            if k > 0 {
                let e = full ? decay : exp(-k * dt), r = full ? reach : -expm1(-k * dt) / k
                let vt = wind + a / k
                p += vt * dt + (v - vt) * r
                v = vt + (v - vt) * e
            } else {
                p += v * dt + a * (0.5 * dt * dt)
                v += a * dt
            }
            // 2. The vortex turns the position about its center.
            if hasVortex {
                let dx = p.x - vortexCenter.x, dy = p.y - vortexCenter.y
                var c = turnCos, s = turnSin
                if core > 0 || !full {
                    let angle = angularVelocity((dx * dx + dy * dy).squareRoot()) * dt
                    c = cos(angle); s = sin(angle)
                }
                p.x = vortexCenter.x + dx * c - dy * s
                p.y = vortexCenter.y + dx * s + dy * c
            }
            // 3. The first collider piece the step's segment meets; the contact at the crossing.
            guard collides else { continue }
            let c: StepContact
            if hasSole {
                // ``ColliderSet/firstCrossing`` over one line: a crossing counts when below +∞ (not NaN).
                let s0 = knowsSoleStart ? soleStart : colliders.unsafelyUnwrapped.soleLine.distance(old) * soleSide
                let s1 = colliders.unsafelyUnwrapped.soleLine.distance(p) * soleSide
                soleStart = s1; knowsSoleStart = true
                guard let u = colliders.unsafelyUnwrapped.soleLine.crossing(from: old, to: p, onLine: last == 0, distances: s0, s1),
                      u < .infinity else { continue }
                c = colliders!.staticContact(0, u: u, from: old, to: p, velocity: v)
            } else {
                guard let found = colliders?.contact(from: old, to: p, at: b.birthTime + Double(i - 1) * h, duration: dt,
                                                     velocity: v, b, last: last) else { continue }
                c = found
            }
            let at = Double(i - 1) * h + dt * c.u
            switch c.response {
            case .die:
                _ = contact(at, c.point, v)
                return (c.point, v, false, at)
            case .stick:
                _ = contact(at, c.point, c.body < 0 ? .zero : c.velocity)
                return resting(c, b, age: tau, colliders!)
            case .bounce:
                bounces += 1
                if abs(c.normalSpeed) < ParticleCollider.restingSpeed || bounces >= ParticleCollider.maximumBounces {
                    _ = contact(at, c.point, c.body < 0 ? .zero : colliders!.riding(c.body, at: c.local, time: b.birthTime + at).1)
                    return resting(c, b, age: tau, colliders!)
                }
                v = c.velocity
                p = c.resume
                knowsSoleStart = false  // the step after a bounce starts at the resume point
                last = c.piece
                if !contact(at, c.point, v) { return (c.point, v, true, at) }
            }
        }
        return (p, v + vortexVelocity(p), true, tau)
    }

    /// A particle at rest after contact `c`, at age `tau`: where it hit, or, on a moving body, carried by the
    /// body from the point it hit (docs/PARTICLE-MODEL.md §2.10, "Moving bodies").
    @inline(__always)
    private func resting(_ c: StepContact, _ b: ParticleBirth, age tau: Double, _ set: ColliderSet)
        -> (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool, end: Double) {
        guard c.body >= 0 else { return (c.point, .zero, true, tau) }
        let (p, v) = set.riding(c.body, at: c.local, time: b.birthTime + tau)
        return (p, v, true, tau)
    }
}
