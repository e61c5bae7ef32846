import Foundation
import StardustCore

/// Random attribute triples used only by cells with ``CellExtensions`` (after the CA ones, so the
/// CA draws of a particle do not change when an extension is added).
extension ParticleAttribute {
    /// finish red, green, blue
    static let finishRGB: UInt64 = 5
    /// finish alpha, finish scale, birth rotation
    static let finishAlphaScaleRotation: UInt64 = 6
    /// finish rotation, radial acceleration, tangential acceleration
    static let finishRotationRadialTangential: UInt64 = 7
    /// orbit radius, finish radius, angular velocity
    static let orbit: UInt64 = 8
    /// the mix of the two color ramps (``CellExtensions/secondColorOverLife``), two unused
    static let rampMix: UInt64 = 9
}

/// The state of one extended particle at one age.
struct ExtendedState {
    var position: SIMD3<Double>
    var velocity: SIMD3<Double>
    var scale: Double
    var rotation: Double
    var color: SIMD4<Double>
    /// False once a ``ParticleCollider`` with the `die` response took the particle.
    var alive = true
}

extension EmitterLayer {
    /// ``write(_:_:_:_:_:_:_:)`` for a cell with ``CellExtensions``: the same births (same lifetimes,
    /// same CA draws), with the state at age τ computed by ``extendedState(_:_:_:rng:theta:origin:age:)``.
    /// Only cells with extensions come here; Core Animation cells keep the closed-form paths.
    static func writeExtended(_ run: BirthRun, _ cell: CompiledCell, _ p: BirthParameters, _ x: CellExtensions,
                              _ inst: EmitterInstance, _ e: CompiledEmitter, _ plan: BirthPlan, _ t: Double,
                              _ out: SnapshotColumns?, _ offset: Int, _ cut: RunCut = .none,
                              _ contacts: ContactCache.Table? = nil) -> Int {
        // A parent moved by fields or a collider emits from where its motion has taken it. With a trigger every
        // sub-particle of the run reads the parent at the same age (its birth or death): it is moved once here,
        // not once per sub-particle (an integrated parent would be integrated again for each).
        let record: ParticleBirth? = inst.parent >= 0 ? plan.records[cell.parent][inst.parent] : nil
        let recordMotion = cell.parent >= 0 ? e.cells[cell.parent].motion : nil
        let movedOnce = x.trigger != nil && recordMotion != nil
        let parent = movedOnce ? record.map {
            $0.moved(by: recordMotion!, atAge: x.triggerAge($0, birthTime: $0.birthTime, contactAge: inst.contactAge),
                     atContact: x.trigger == .collision)
        } : record
        let parentMotion = movedOnce ? nil : recordMotion
        // With a trigger the parent's frame is the same for every sub-particle of the run: taken once.
        let frame = x.trigger != nil ? parent.map { ParentFrame(p, parent: $0, age: x.triggerAge($0, birthTime: run.start, contactAge: inst.contactAge)) } : nil
        // Sub-particles that all read their parent at one age (a trigger) and have no motion of their own:
        // the batched kernel (ExtendedKernel.swift), from that one frame.
        // The parent's angle at the trigger, added to each sub-particle's rotation (0 without a trigger, where a moved
        // parent is read per sub-particle: its spin and end age are those of the record).
        let turn = parent.map { x.triggerTurn($0, contactAge: inst.contactAge) } ?? 0
        if let frame, let out, cut.isNone, cell.fitsTriggeredKernel {
            return writeExtendedKernel(run, cell, p, x, inst, e, t, out, offset, frame: frame, turn: turn)
        }
        let motion = cell.motion
        // The table's pointers, read once (the table is not retained per particle).
        let integrated = contacts?.isIntegrated ?? false
        let capacity = contacts.map { UInt64($0.capacity) }
        let walks = integrated ? nil : contacts?.entries, checkpoints = integrated ? contacts?.checkpoints : nil
        let shape = e.shape, mode = e.mode
        var n = 0
        forEachLive(run, p, inst, t, cut) { tb, age, rng, life, au, id in
            let b: ParticleBirth
            let origin: SIMD3<Double>
            if var parent {
                if let parentMotion { parent = parent.moved(by: parentMotion, atAge: x.triggerAge(parent, birthTime: tb)) }
                b = frame.map { ParticleBirth.make(p, frame: $0, x, rng: rng, id: id, birthTime: tb, life: life, angleU: au) }
                    ?? ParticleBirth.make(p, parent: parent, x, rng: rng, id: id, birthTime: tb, life: life, angleU: au,
                                          contactAge: inst.contactAge)
                origin = b.position
            } else {
                b = ParticleBirth.make(p, shape: shape, mode: mode, rng: rng, id: id, birthTime: tb, life: life, angleU: au)
                origin = p.center
            }
            let theta = p.longitude + p.longitudeRange * (2 * au - 1)
            // Birth k of the run keeps its contact walk, or its integration checkpoint, in slot k mod capacity (ContactCache).
            let index = capacity.map { Int((id &- inst.idKey) % $0) }
            let slot = walks.flatMap { w in index.map { w + $0 } }
            let checkpoint = checkpoints.flatMap { c in index.map { c + $0 } }
            var s = extendedState(b, p, x, rng: rng, theta: theta, origin: origin, age: age, motion: motion, slot: slot,
                                  checkpoint: checkpoint)
            guard s.alive else { return }
            guard let out else { n += 1; return }
            if turn != 0 { s.rotation += turn }
            let i = offset + n
            out.x[i] = Float(s.position.x); out.y[i] = Float(s.position.y); out.z[i] = Float(s.position.z)
            out.vx[i] = Float(s.velocity.x); out.vy[i] = Float(s.velocity.y); out.vz[i] = Float(s.velocity.z)
            out.scale[i] = Float(s.scale); out.rotation[i] = Float(s.rotation)
            out.red[i] = Float(s.color.x); out.green[i] = Float(s.color.y)
            out.blue[i] = Float(s.color.z); out.alpha[i] = Float(s.color.w)
            out.age[i] = Float(age); out.lifetime[i] = Float(life)
            out.birth[i] = tb; out.cells[i] = run.cell; out.ids[i] = id
            n += 1
        }
        return n
    }

    /// The birth record of a sub-particle of a cell with extensions `x`: Core Animation's (decision
    /// P4) unless `x` has a ``CellExtensions/trigger`` — then the parent's state is taken at the
    /// trigger (its age 0 or its lifetime), not at the sub-particle's birth — plus
    /// ``CellExtensions/inheritedVelocity`` of the parent's velocity at that age.
    /// The state at age `tau` of a particle born as `b` with extensions `x` (see ``CellExtensions``).
    /// `origin` is the emitter position the particle was born from (the centre of radial
    /// acceleration and of orbits); `theta` its emission longitude.
    static func extendedState(_ b: ParticleBirth, _ p: BirthParameters, _ x: CellExtensions, rng: ParticleRandom,
                              theta: Double, origin: SIMD3<Double>, age tau: Double,
                              motion: ParticleMotion? = nil,
                              slot: UnsafeMutablePointer<ContactCache.Entry>? = nil,
                              checkpoint: UnsafeMutablePointer<FieldCheckpoint>? = nil) -> ExtendedState {
        @inline(__always) func spread(_ v: Double, _ r: Double, _ u: Double) -> Double { v + r * (2 * u - 1) }
        // The draws of the extensions in use only (each is a hash of the particle's key: skipping one changes nothing else).
        let (uFA, uFS, uRot) = rng.triple(ParticleAttribute.finishAlphaScaleRotation)
        let life = b.lifetime
        let f = life > 0 ? min(1, tau / life) : 0

        // Color: birth color → finish color, or the CA speeds.
        var color = b.color(atAge: tau)
        if let fc = x.finishColor {
            let (uFR, uFG, uFB) = rng.triple(ParticleAttribute.finishRGB)
            let c1 = SIMD4(spread(fc.red, x.finishRedRange, uFR), spread(fc.green, x.finishGreenRange, uFG),
                           spread(fc.blue, x.finishBlueRange, uFB), spread(fc.alpha, x.finishAlphaRange, uFA))
            color = b.color + (c1 - b.color) * f
        }
        // Scale: birth scale → finish scale, or the CA speed.
        var scale = b.scale(atAge: tau)
        if let fs = x.finishScale {
            let s1 = spread(fs, x.finishScaleRange, uFS) * p.layerScale
            scale = b.scaleFactor * max(0, b.scale + (s1 - b.scale) * f)
        }
        // Over-life curves (docs/PARTICLE-MODEL.md §2.6) multiply the values above.
        if let ramp = x.colorOverLife {
            var m = ramp.value(at: f)
            if let second = x.secondColorOverLife {
                let (u, _, _) = rng.triple(ParticleAttribute.rampMix)
                m += (second.value(at: f) - m) * u
            }
            color *= m
        }
        if let a = x.alphaOverLife { color.w *= a.value(at: f) }
        if let c = x.scaleOverLife { scale = max(0, scale * c.value(at: f)) }
        // Rotation: birth angle (+ → finish angle) + spin × age (× the spin curve's integral).
        let r0 = spread(x.rotation, x.rotationRange, uRot)
        var rotation = r0 + b.spin * tau
        if let c = x.spinOverLife { rotation = r0 + b.spin * (life * c.integral(to: f)) }
        if let fr = x.finishRotation {
            let (uFRot, _, _) = rng.triple(ParticleAttribute.finishRotationRadialTangential)
            rotation += (spread(fr, x.finishRotationRange, uFRot) - r0) * f
        }

        var position: SIMD3<Double>, velocity: SIMD3<Double>
        var alive = true
        if let moved = motion?.state(b, age: tau, slot: slot, checkpoint: checkpoint) {
            // Fields and collisions (docs/PARTICLE-MODEL.md §2.9–§2.11). Optional chaining reads the motion
            // in place: `if let` would copy it for every particle.
            (position, velocity, alive) = moved
        } else if let o = x.orbit {
            let (uR0, uR1, uW) = rng.triple(ParticleAttribute.orbit)
            let r0 = spread(o.radius, o.radiusRange, uR0), r1 = spread(o.finishRadius, o.finishRadiusRange, uR1)
            let w = spread(o.angularVelocity, o.angularVelocityRange, uW)
            let dr = life > 0 ? (r1 - r0) / life : 0
            let r = r0 + dr * tau, a = theta + w * tau
            let c = cos(a), s = sin(a)
            position = SIMD3(origin.x + r * c, origin.y + r * s, origin.z)
            velocity = SIMD3(dr * c - r * w * s, dr * s + r * w * c, 0)
        } else if x.needsIntegration {
            let (_, uRad, uTan) = rng.triple(ParticleAttribute.finishRotationRadialTangential)
            let ar = spread(x.radialAcceleration, x.radialAccelerationRange, uRad)
            let at = spread(x.tangentialAcceleration, x.tangentialAccelerationRange, uTan)
            (position, velocity) = integrate(b, ar: ar, at: at, origin: origin, age: tau)
        } else if let c = x.speedOverLife {
            position = b.position + b.velocity * (life * c.integral(to: f)) + b.acceleration * (0.5 * tau * tau)
            velocity = b.velocity * c.value(at: f) + b.acceleration * tau
        } else {
            position = b.position(atAge: tau)
            velocity = b.velocity(atAge: tau)
        }
        return ExtendedState(position: position, velocity: velocity, scale: scale, rotation: rotation, color: color, alive: alive)
    }

    /// Integrates a particle with radial (`ar`) and tangential (`at`) acceleration about `origin`, plus
    /// its constant acceleration, from its birth to age `tau` with the fixed step
    /// ``CellExtensions/integrationStep`` (semi-implicit Euler, the last step shortened to land on
    /// `tau`). The radial direction is taken in the layer plane (x, y); below 0.01 pt from the origin
    /// the distance counts as 0.01 pt.
    static func integrate(_ b: ParticleBirth, ar: Double, at: Double, origin: SIMD3<Double>,
                          age tau: Double) -> (SIMD3<Double>, SIMD3<Double>) {
        let h = CellExtensions.integrationStep
        var p = b.position, v = b.velocity
        let a0 = b.acceleration
        let steps = Int((tau / h).rounded(.down))
        let rest = tau - Double(steps) * h
        @inline(__always) func step(_ dt: Double) {
            let dx = p.x - origin.x, dy = p.y - origin.y
            let d = max(0.01, (dx * dx + dy * dy).squareRoot())
            let ux = dx / d, uy = dy / d
            let a = SIMD3(a0.x + ar * ux - at * uy, a0.y + ar * uy + at * ux, a0.z)
            v += a * dt
            p += v * dt
        }
        for _ in 0..<steps { step(h) }
        if rest > 0 { step(rest) }
        return (p, v)
    }
}

extension CellExtensions {
    /// The age of `parent` at which a sub-particle born at `tb` reads its state (the trigger's, or its age then).
    func triggerAge(_ parent: ParticleBirth, birthTime tb: Double, contactAge: Double = 0) -> Double {
        switch trigger {
        case .death?: return parent.endAge
        case .birth?: return 0
        case .collision?: return contactAge
        case nil: return tb - parent.birthTime
        }
    }

    /// The angle of `parent` at the trigger (Core Animation's spin × age), which its sub-particles' rotations start
    /// from: at its death or its contact; 0 at its birth and without a trigger.
    func triggerTurn(_ parent: ParticleBirth, contactAge: Double) -> Double {
        switch trigger {
        case .death?: return parent.spin * parent.endAge
        case .collision?: return parent.spin * contactAge
        case .birth?, nil: return 0
        }
    }
}

extension ParticleBirth {
    /// A copy of this record whose closed-form position and velocity at `age` are those `motion`
    /// gives it then (constant velocity through that point), so that sub-particles read the moved
    /// state through the Core Animation formulas. Color, scale and spin are unchanged.
    /// `atContact`: `age` is one of the particle's contact ages (the `collision` trigger) and the state
    /// is the one just after that contact.
    func moved(by motion: ParticleMotion, atAge age: Double, atContact: Bool = false) -> ParticleBirth {
        // An integrated contact lies inside a step of the life's grid, which an integration stopped at
        // `age` would shorten: the state after it comes from the life's grid.
        let integrated = atContact ? motion.integrator.flatMap { f in
            motion.colliders.flatMap { f.stateAfterContact(self, colliders: $0, age: age) }
        } : nil
        // After a `die` contact the state is frozen at the contact; it is read at the end of the lifetime,
        // where the walk (or the integration) has certainly passed the contact.
        let s = integrated ?? motion.state(self, age: contactDeath.map { age >= $0 ? lifetime : age } ?? age)
        var b = self
        b.velocity = s.velocity
        b.acceleration = .zero
        b.position = s.position - s.velocity * age
        return b
    }

    /// The birth record of a sub-particle of a cell with extensions `x`: Core Animation's
    /// (``make(_:parent:rng:id:birthTime:life:angleU:parentAge:)``, decision P4) unless `x` has a
    /// ``CellExtensions/trigger`` — then the parent's state is read at the trigger (its age 0 or its
    /// lifetime) instead of at the sub-particle's birth (docs/PARTICLE-MODEL.md §2.8) — plus
    /// ``CellExtensions/inheritedVelocity`` × the parent's velocity at that age.
    static func make(_ p: BirthParameters, parent: ParticleBirth, _ x: CellExtensions,
                     rng: ParticleRandom, id: UInt64, birthTime tb: Double, life: Double, angleU: Double,
                     contactAge: Double = 0) -> ParticleBirth {
        make(p, frame: ParentFrame(p, parent: parent, age: x.triggerAge(parent, birthTime: tb, contactAge: contactAge)), x,
             rng: rng, id: id, birthTime: tb, life: life, angleU: angleU)
    }
}
