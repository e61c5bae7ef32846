// Solver.swift — one step of the world (Box2D v3's soft step, single-threaded).
//
// step:  new pairs → narrow phase → solve → continuous → bounds → sleep.
// solve: for each of `subStepCount` sub-steps of h = dt/n:
//          integrate velocities (gravity, damping, forces, spring elements)
//          warm start, solve with bias (soft constraints), integrate positions,
//          relax without bias (removes the bias velocity: no bounce from push-out);
//        then one restitution pass and the store of impulses for warm starting.
// Positions advance by accumulated deltas (dp, dq) so that contacts can
// measure their current separation without recomputing manifolds.

extension World {
    /// Advances the world by `dt` seconds (one step; the fixed rate is the
    /// caller's job, or use ``advance(by:)``). Clears the previous events.
    /// O(bodies + contacts + joints) plus pair finding.
    public mutating func step(_ dt: Double) {
        events.removeAll()
        stepOnce(dt)
    }

    /// Runs as many fixed steps of ``WorldDefinition/timeStep`` as fit in
    /// `elapsed` plus the leftover of earlier calls; returns the number of
    /// steps. Events of all those steps are kept. Render with
    /// ``interpolatedTransform(of:alpha:)`` and ``interpolationAlpha``.
    @discardableResult
    public mutating func advance(by elapsed: Double) -> Int {
        events.removeAll()
        accumulator += max(0, elapsed)
        let h = definition.timeStep
        var n = 0
        // The small tolerance keeps 1/60 s of input from leaving 1/120 − ε behind.
        while accumulator >= h - 1e-12 * h {
            stepOnce(h)
            accumulator -= h
            n += 1
        }
        if accumulator < 0 { accumulator = 0 }
        return n
    }

    /// accumulator / timeStep, in [0, 1): where rendering sits between the
    /// last two steps.
    public var interpolationAlpha: Double { min(max(accumulator / definition.timeStep, 0), 1) }

    /// The body's transform between the previous and the current step:
    /// linear in position, normalized-linear in rotation. alpha 0 = previous, 1 = current.
    public func interpolatedTransform(of id: BodyID, alpha: Double) throws(PhysicsError) -> Transform {
        let b = try check(id)
        let a = previousTransforms[b], c = bodySims[b].transform
        return Transform(p: lerp(a.p, c.p, alpha), q: Rotation.nlerp(a.q, c.q, alpha))
    }

    /// Same with the current ``interpolationAlpha``.
    public func interpolatedTransform(of id: BodyID) throws(PhysicsError) -> Transform {
        try interpolatedTransform(of: id, alpha: interpolationAlpha)
    }

    mutating func stepOnce(_ dt: Double) {
        guard dt > 0 else { return }
        lastStep = dt
        for i in 0..<bodySims.count { previousTransforms[i] = bodySims[i].transform }
        updatePairs()
        collide()
        solve(dt)
        stepCount += 1
    }

    /// Gathers awake bodies into the compact solver state array. Slot
    /// `awakeBodies.count` is a zero state used for static and sleeping bodies.
    mutating func buildAwakeSet() {
        awakeBodies.removeAll(keepingCapacity: true)
        for i in 0..<bodyInfos.count {
            let info = bodyInfos[i]
            if bodyIDs.alive[i] && info.awake && info.type != .static {
                solverIndex[i] = Int32(awakeBodies.count)
                awakeBodies.append(Int32(i))
            } else {
                solverIndex[i] = -1
            }
        }
        states.removeAll(keepingCapacity: true)
        for k in 0..<awakeBodies.count {
            let i = Int(awakeBodies[k])
            var st = BodyState()
            st.v = bodyMotions[i].linearVelocity
            st.w = bodyMotions[i].angularVelocity
            st.invMass = bodySims[i].invMass
            st.invInertia = bodySims[i].invInertia
            states.append(st)
            bodySims[i].center0 = bodySims[i].center
            bodySims[i].rotation0 = bodySims[i].transform.q
        }
        states.append(BodyState())
    }

    @inline(__always) func stateIndex(_ body: Int32) -> Int32 {
        if body < 0 { return Int32(awakeBodies.count) }
        let s = solverIndex[Int(body)]
        return s >= 0 ? s : Int32(awakeBodies.count)
    }

    mutating func prepareContacts(_ h: Double) {
        constraints.removeAll(keepingCapacity: true)
        let substepRate = 1 / h
        let hertz = min(definition.contactHertz, 0.25 * substepRate)
        let soft = Softness(hertz: hertz, zeta: definition.contactDampingRatio, h: h)
        let staticSoft = Softness(hertz: 2 * hertz, zeta: definition.contactDampingRatio, h: h)
        // Which contacts are solved, and in which order (see colorContacts).
        var order = colorScratchIndex
        colorScratchIndex = []
        order.removeAll(keepingCapacity: true)
        let staticIndex = Int32(awakeBodies.count)
        for c in 0..<contacts.count {
            if !contacts[c].live || !contacts[c].touching || !contacts[c].enabled || contacts[c].sensor { continue }
            let iA = stateIndex(contacts[c].bodyA), iB = stateIndex(contacts[c].bodyB)
            if iA == staticIndex && iB == staticIndex { continue }
            order.append(Int32(c))
        }
        colorContacts(&order)
        constraints.reserveCapacity(order.count)
        for c32 in order {
            let c = Int(c32)
            let iA = stateIndex(contacts[c].bodyA), iB = stateIndex(contacts[c].bodyB)
            let stA = states[Int(iA)], stB = states[Int(iB)]
            var cc = ContactConstraint()
            cc.contact = c32
            cc.indexA = iA; cc.indexB = iB
            cc.normal = contacts[c].manifold.normal
            cc.friction = contacts[c].friction
            cc.restitution = contacts[c].restitution
            cc.tangentSpeed = contacts[c].tangentSpeed
            cc.invMassA = stA.invMass; cc.invIA = stA.invInertia
            cc.invMassB = stB.invMass; cc.invIB = stB.invInertia
            cc.softness = (stA.invMass == 0 || stB.invMass == 0) ? staticSoft : soft
            cc.pointCount = contacts[c].manifold.pointCount
            cc.p0 = preparePoint(contacts[c].manifold.point0, normal: cc.normal, mA: cc.invMassA, iA: cc.invIA, mB: cc.invMassB, iB: cc.invIB,
                                 vA: stA.v, wA: stA.w, vB: stB.v, wB: stB.w)
            if cc.pointCount > 1 {
                cc.p1 = preparePoint(contacts[c].manifold.point1, normal: cc.normal, mA: cc.invMassA, iA: cc.invIA, mB: cc.invMassB, iB: cc.invIB,
                                     vA: stA.v, wA: stA.w, vB: stB.v, wB: stB.w)
            }
            constraints.append(cc)
        }
        colorScratchIndex = order
    }

    /// Reorders the contacts to solve by graph color: within a color no two
    /// constraints share a movable body. Sequential impulses are a chain of
    /// dependent reads and writes of body velocities; inside a color the
    /// next constraint does not wait for the previous one's stores, so the
    /// CPU overlaps them (Box2D v3 colors for SIMD lanes and threads; we
    /// color for instruction-level parallelism — it halved the base-100
    /// pyramid's time). Greedy first-fit on body bitsets, then a stable
    /// counting sort of contact indices: deterministic, O(contacts · colors).
    mutating func colorContacts(_ order: inout [Int32]) {
        let count = order.count
        if count < 64 { return }
        let colors = 12
        let words = (awakeBodies.count + 63) >> 6
        var bits = colorScratchBits
        colorScratchBits = []
        bits.removeAll(keepingCapacity: true)
        bits.append(contentsOf: repeatElement(0, count: colors * words))
        var colorOf = colorScratchColor
        colorScratchColor = []
        colorOf.removeAll(keepingCapacity: true)
        var start = [Int](repeating: 0, count: colors + 2)
        for k in 0..<count {
            let c = Int(order[k])
            // Bodies with infinite mass (static, kinematic, sleeping) never conflict.
            let sA = stateIndex(contacts[c].bodyA), sB = stateIndex(contacts[c].bodyB)
            let a = states[Int(sA)].invMass == 0 ? -1 : Int(sA)
            let b = states[Int(sB)].invMass == 0 ? -1 : Int(sB)
            var chosen = colors   // overflow bucket, solved last
            for col in 0..<colors {
                let base = col * words
                if a >= 0 && bits[base + (a >> 6)] & (1 << UInt64(a & 63)) != 0 { continue }
                if b >= 0 && bits[base + (b >> 6)] & (1 << UInt64(b & 63)) != 0 { continue }
                if a >= 0 { bits[base + (a >> 6)] |= 1 << UInt64(a & 63) }
                if b >= 0 { bits[base + (b >> 6)] |= 1 << UInt64(b & 63) }
                chosen = col
                break
            }
            colorOf.append(UInt8(chosen))
            start[chosen + 1] += 1
        }
        for col in 0..<(colors + 1) { start[col + 1] += start[col] }
        var sorted = colorScratchSorted
        colorScratchSorted = []
        sorted.removeAll(keepingCapacity: true)
        sorted.append(contentsOf: repeatElement(0, count: count))
        for k in 0..<count {
            let col = Int(colorOf[k])
            sorted[start[col]] = order[k]
            start[col] += 1
        }
        colorScratchSorted = order
        order = sorted
        colorScratchBits = bits
        colorScratchColor = colorOf
    }

    mutating func prepareJoints() {
        activeJoints.removeAll(keepingCapacity: true)
        let staticIndex = Int32(awakeBodies.count)
        for j in 0..<joints.count where jointIDs.alive[j] {
            var jt = joints[j]
            jt.indexA = stateIndex(jt.bodyA)
            jt.indexB = stateIndex(jt.bodyB)
            if jt.indexA == staticIndex && jt.indexB == staticIndex { continue }
            let simA = jt.bodyA >= 0 ? bodySims[Int(jt.bodyA)] : BodySim()
            let simB = bodySims[Int(jt.bodyB)]
            jt.mA = states[Int(jt.indexA)].invMass; jt.iA = states[Int(jt.indexA)].invInertia
            jt.mB = states[Int(jt.indexB)].invMass; jt.iB = states[Int(jt.indexB)].invInertia
            jt.frameA = simA.transform.q.rotate(jt.localAnchorA - simA.localCenter)
            jt.frameB = simB.transform.q.rotate(jt.localAnchorB - simB.localCenter)
            jt.deltaCenter = simB.center - simA.center
            jt.angleA = unwrap(simA.transform.q.angle, near: jt.angleA)
            jt.angleB = unwrap(simB.transform.q.angle, near: jt.angleB)
            jt.stepImpulse = .zero
            jt.stepAngularImpulse = 0
            switch jt.kind {
            case .groove(var d):
                d.axisFrame = simA.transform.q.rotate(d.localAxis)
                jt.kind = .groove(d)
            case .ratchet(var d):
                d.advanceNotch(jt.angleB - jt.angleA)
                jt.kind = .ratchet(d)
            default: break
            }
            joints[j] = jt
            activeJoints.append(Int32(j))
        }
    }

    mutating func solve(_ dt: Double) {
        buildAwakeSet()
        let n = max(1, definition.subStepCount)
        let h = dt / Double(n), invH = 1 / h
        prepareContacts(h)
        prepareJoints()
        let jointSoft = Softness(hertz: min(definition.jointHertz, 0.25 * invH), zeta: definition.jointDampingRatio, h: h)
        let maxBias = definition.contactPushMaxVelocity * definition.lengthUnitsPerMeter
        let threshold = definition.restitutionThreshold * definition.lengthUnitsPerMeter
        let gravity = definition.gravity
        let maxSpeed = definition.maxLinearSpeed * definition.lengthUnitsPerMeter
        let awakeCount = awakeBodies.count
        // Per-body damping factors and gravity are constant over the step.
        var motions = bodyMotions
        bodyMotions = []   // hand the buffer to the local (no copy-on-write in the loop)
        let sims = bodySims
        var js = joints
        joints = []
        let active = activeJoints
        let awake = awakeBodies
        states.withUnsafeMutableBufferPointer { sb in
            let s = sb.baseAddress!
            constraints.withUnsafeMutableBufferPointer { cb in
                let ctx = JointContext(h: h, invH: invH, softness: jointSoft, states: s)
                for _ in 0..<n {
                    World.integrateVelocities(s, awake, &motions, sims, h: h, gravity: gravity, maxSpeed: maxSpeed)
                    for j in active { js[Int(j)].applySpringForces(ctx) }
                    for j in active { js[Int(j)].warmStart(ctx) }
                    for k in 0..<cb.count { warmStart(&cb[k], s) }
                    for j in active { js[Int(j)].solve(ctx, useBias: true) }
                    for k in 0..<cb.count { solveContact(&cb[k], s, invH: invH, useBias: true, maxBiasVelocity: maxBias) }
                    for k in 0..<awakeCount {
                        s[k].dq = s[k].dq.integrated(by: h * s[k].w)
                        s[k].dp += h * s[k].v
                    }
                    for j in active { js[Int(j)].solve(ctx, useBias: false) }
                    for k in 0..<cb.count { solveContact(&cb[k], s, invH: invH, useBias: false, maxBiasVelocity: maxBias) }
                    for j in active { js[Int(j)].accumulateStepImpulse() }
                }
                for k in 0..<cb.count { applyRestitution(&cb[k], s, threshold: threshold) }
            }
        }
        bodyMotions = motions
        joints = js
        storeImpulses()
        finalizeBodies(dt)
        if definition.enableContinuous { solveContinuousAll(dt) }
        updateBounds()
        if definition.enableSleep { updateSleep() }
    }

    /// v ← v/(1 + h·c) + h·(g·scale + F/m); w likewise. Box2D's damping form is
    /// stable for any damping and exact in the limit of small h.
    @inline(__always)
    static func integrateVelocities(_ s: UnsafeMutablePointer<BodyState>, _ awake: [Int32], _ motions: inout [BodyMotion],
                             _ sims: [BodySim], h: Double, gravity: Vec2, maxSpeed: Double) {
        for k in 0..<awake.count {
            let i = Int(awake[k])
            let m = motions[i]
            let invMass = s[k].invMass
            if invMass == 0 { continue }   // kinematic: keeps its velocity
            let mass = sims[i].mass
            let dv = (h * invMass) * (m.force + (mass * m.gravityScale) * gravity)
            var v = dv + (1 / (1 + h * m.linearDamping)) * s[k].v
            let w = h * s[k].invInertia * m.torque + (1 / (1 + h * m.angularDamping)) * s[k].w
            let vv = v.lengthSquared
            if vv > maxSpeed * maxSpeed { v = (maxSpeed / vv.squareRoot()) * v }
            s[k].v = v
            s[k].w = w
        }
    }

    /// Writes the solver's impulses back into the manifolds (warm start for
    /// the next step) and reports post-solve impulses.
    mutating func storeImpulses() {
        for k in 0..<constraints.count {
            let cc = constraints[k]
            let c = Int(cc.contact)
            contacts[c].manifold.point0.normalImpulse = cc.p0.normalImpulse
            contacts[c].manifold.point0.tangentImpulse = cc.p0.tangentImpulse
            contacts[c].manifold.point0.maxNormalImpulse = cc.p0.maxNormalImpulse
            contacts[c].manifold.point0.normalVelocity = cc.p0.relativeVelocity
            if cc.pointCount > 1 {
                contacts[c].manifold.point1.normalImpulse = cc.p1.normalImpulse
                contacts[c].manifold.point1.tangentImpulse = cc.p1.tangentImpulse
                contacts[c].manifold.point1.maxNormalImpulse = cc.p1.maxNormalImpulse
                contacts[c].manifold.point1.normalVelocity = cc.p1.relativeVelocity
            }
            if contacts[c].enablePostSolve {
                let total = cc.p0.totalNormalImpulse + (cc.pointCount > 1 ? cc.p1.totalNormalImpulse : 0)
                events.contactImpulses.append(ContactImpulseEvent(
                    shapeA: shapeID(contacts[c].shapeA), shapeB: shapeID(contacts[c].shapeB), normal: cc.normal,
                    pointCount: cc.pointCount, normalImpulse: total,
                    tangentImpulse: cc.p0.tangentImpulse + (cc.pointCount > 1 ? cc.p1.tangentImpulse : 0),
                    maxNormalImpulse: max(cc.p0.maxNormalImpulse, cc.pointCount > 1 ? cc.p1.maxNormalImpulse : 0)))
            }
        }
    }

    /// Applies the accumulated motion to transforms, copies velocities back,
    /// clears forces and advances sleep timers.
    mutating func finalizeBodies(_ dt: Double) {
        let sleepSpeed = definition.sleepThreshold * definition.lengthUnitsPerMeter
        for k in 0..<awakeBodies.count {
            let i = Int(awakeBodies[k])
            let st = states[k]
            var sim = bodySims[i]
            sim.center += st.dp
            sim.transform.q = (st.dq * sim.transform.q).normalizedRotation
            sim.transform.p = sim.center - sim.transform.q.rotate(sim.localCenter)
            bodySims[i] = sim
            bodyMotions[i].linearVelocity = st.v
            bodyMotions[i].angularVelocity = st.w
            bodyMotions[i].force = .zero
            bodyMotions[i].torque = 0
            let speed = st.v.length + sim.maxExtent * abs(st.w)
            if bodyInfos[i].enableSleep && speed < sleepSpeed {
                bodyInfos[i].sleepTime += dt
            } else {
                bodyInfos[i].sleepTime = 0
            }
        }
    }

    /// Moves the fat AABBs of shapes that left them and queues them for pair finding.
    mutating func updateBounds() {
        let margin = definition.aabbMargin
        for k in 0..<awakeBodies.count {
            let i = Int(awakeBodies[k])
            let xf = bodySims[i].transform
            var s = bodyInfos[i].headShape
            while s != -1 {
                let aabb = shapes[Int(s)].geometry.aabb(xf)
                shapes[Int(s)].aabb = aabb
                if !shapes[Int(s)].fatAABB.contains(aabb) {
                    let fat = aabb.expanded(by: margin)
                    shapes[Int(s)].fatAABB = fat
                    movingTree.moveProxy(shapes[Int(s)].proxy, fat)
                    moveBuffer.append(s)
                }
                s = shapes[Int(s)].nextShape
            }
        }
    }
}
