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
        // Filled through pointers: an append or subscript store per body
        // checked the arrays' uniqueness each time.
        let bodyCount = bodyInfos.count
        awakeBodies.removeAll(keepingCapacity: true)
        awakeBodies.append(contentsOf: repeatElement(0, count: bodyCount))
        var awakeCount = 0
        awakeBodies.withUnsafeMutableBufferPointer { ab in
        solverIndex.withUnsafeMutableBufferPointer { si in
        bodyInfos.withUnsafeBufferPointer { ip in
        bodyIDs.alive.withUnsafeBufferPointer { alive in
            for i in 0..<bodyCount {
                if alive[i] && ip[i].awake && ip[i].type != .static {
                    si[i] = Int32(awakeCount)
                    ab[awakeCount] = Int32(i)
                    awakeCount += 1
                } else {
                    si[i] = -1
                }
            }
        }
        }
        }
        }
        awakeBodies.removeLast(bodyCount - awakeCount)
        states.removeAll(keepingCapacity: true)
        // The awake bodies, then the zero state.
        states.append(contentsOf: repeatElement(BodyState(), count: awakeCount + 1))
        states.withUnsafeMutableBufferPointer { sp in
        awakeBodies.withUnsafeBufferPointer { ab in
        bodyMotions.withUnsafeBufferPointer { mp in
        bodySims.withUnsafeMutableBufferPointer { bp in
            for k in 0..<awakeCount {
                let i = Int(ab[k])
                let sim = bp.baseAddress! + i
                sp[k].v = mp[i].linearVelocity
                sp[k].w = mp[i].angularVelocity
                sp[k].invMass = sim.pointee.invMass
                sp[k].invInertia = sim.pointee.invInertia
                sim.pointee.center0 = sim.pointee.center
                sim.pointee.rotation0 = sim.pointee.transform.q
            }
        }
        }
        }
        }
    }

    @inline(__always) func stateIndex(_ body: Int32) -> Int32 {
        solverIndex.withUnsafeBufferPointer { World.solverSlot(body, $0, staticIndex: Int32(awakeBodies.count)) }
    }

    /// The solver slot of `body` (an index into the solver states, through `solverIndex` as `si`), or `staticIndex`
    /// (the zero state) for no body or a body that is not awake.
    @inline(__always) static func solverSlot(_ body: Int32, _ si: UnsafeBufferPointer<Int32>, staticIndex: Int32) -> Int32 {
        let s = body >= 0 ? si[Int(body)] : -1
        return s >= 0 ? s : staticIndex
    }

    /// Builds this step's contact bundles: touching, enabled, non-sensor
    /// contacts with a movable body, graph-colored (see ``colorContacts(_:)``)
    /// and packed color by color into bundles of ``contactLanes``. Returns
    /// the step's contact softness and whether any solved contact reports
    /// post-solve events (only then are the per-sub-step totals summed).
    mutating func prepareContacts(_ h: Double) -> (softness: ContactSoftnessW, postSolve: Bool) {
        var bundles = constraints
        constraints = []
        var colds = constraintsCold
        constraintsCold = []
        var postSolve = false
        let substepRate = 1 / h
        let hertz = min(definition.contactHertz, 0.25 * substepRate)
        let soft = Softness(hertz: hertz, zeta: definition.contactDampingRatio, h: h)
        let staticSoft = Softness(hertz: 2 * hertz, zeta: definition.contactDampingRatio, h: h)
        // Which contacts are solved, and in which order (see colorContacts).
        var order = colorScratchIndex
        colorScratchIndex = []
        order.removeAll(keepingCapacity: true)
        let staticIndex = Int32(awakeBodies.count)
        // Each solved contact's place: bundle · contactLanes + lane (filled
        // below); −2 marks a touching contact between two awake bodies that a
        // pre-solve callback disabled (not solved, but it still joins the two
        // into one island: see updateSleep); −1 any other.
        var place = contactPlace
        contactPlace = []
        place.removeAll(keepingCapacity: true)
        place.append(contentsOf: repeatElement(-1, count: contacts.count))
        order.append(contentsOf: repeatElement(0, count: contacts.count))
        var solvedCount = 0
        // With every body asleep no contact is solved or joins an island.
        if !awakeBodies.isEmpty {
        contacts.withUnsafeBufferPointer { cp in
        solverIndex.withUnsafeBufferPointer { si in
        place.withUnsafeMutableBufferPointer { pl in
        order.withUnsafeMutableBufferPointer { op in
            for c in 0..<cp.count {
                let contact = cp.baseAddress! + c
                if !contact.pointee.live || !contact.pointee.touching || contact.pointee.sensor { continue }
                let bA = contact.pointee.bodyA, bB = contact.pointee.bodyB
                let movingA = bA >= 0 && si[Int(bA)] >= 0, movingB = bB >= 0 && si[Int(bB)] >= 0
                if !contact.pointee.enabled {
                    if movingA && movingB { pl[c] = -2 }
                    continue
                }
                if !movingA && !movingB { continue }
                op[solvedCount] = Int32(c)
                solvedCount += 1
            }
        }
        }
        }
        }
        }
        order.removeLast(order.count - solvedCount)
        let colorStart = colorContacts(&order)
        // Bundle count: the overflow color takes one bundle per constraint.
        var bundleCount = colorStart[World.graphColorCount + 1] - colorStart[World.graphColorCount]
        for col in 0..<World.graphColorCount {
            bundleCount += (colorStart[col + 1] - colorStart[col] + contactLanes - 1) / contactLanes
        }
        // The bundles of the last step are reused as they are: every lane of
        // every bundle is written below (a contact's lane in full, empty
        // lanes as inert), so no template is copied over ~1.2 KB per bundle.
        if bundles.count < bundleCount {
            bundles.append(contentsOf: repeatElement(ContactBundle(), count: bundleCount - bundles.count))
        } else if bundles.count > bundleCount {
            bundles.removeLast(bundles.count - bundleCount)
        }
        if colds.count < bundleCount {
            colds.append(contentsOf: repeatElement(ContactBundleCold(), count: bundleCount - colds.count))
        } else if colds.count > bundleCount {
            colds.removeLast(colds.count - bundleCount)
        }
        var next = 0
        bundles.withUnsafeMutableBufferPointer { bp in
        colds.withUnsafeMutableBufferPointer { op in
        place.withUnsafeMutableBufferPointer { pl in
        order.withUnsafeBufferPointer { order in
            for col in 0...World.graphColorCount {
                var k = colorStart[col]
                let end = colorStart[col + 1]
                while k < end {
                    // The overflow color's constraints may share bodies: one per bundle.
                    let n = col == World.graphColorCount ? 1 : min(contactLanes, end - k)
                    for lane in 0..<n { pl[Int(order[k + lane])] = Int32(next * contactLanes + lane) }
                    let bundle = bp.baseAddress! + next, cold = op.baseAddress! + next
                    cold.pointee.hasRestitution = false
                    for lane in n..<contactLanes { World.clearLane(bundle, cold, lane, staticIndex: staticIndex) }
                    next += 1
                    k += n
                }
            }
        }
        }
        }
        }
        // Filled in place through pointers, walking the contacts in slot
        // order: reading them in color order missed the cache on every
        // contact, and copying a ~700-byte bundle per lane showed in profiles.
        // Nothing to fill when nothing is solved (every body asleep).
        if solvedCount > 0 {
        bundles.withUnsafeMutableBufferPointer { bp in
        colds.withUnsafeMutableBufferPointer { op in
        contacts.withUnsafeBufferPointer { cp in
        states.withUnsafeBufferPointer { sp in
        solverIndex.withUnsafeBufferPointer { si in
        place.withUnsafeBufferPointer { pl in
            for c in 0..<cp.count {
                let slot = Int(pl[c])
                if slot < 0 { continue }
                let bundle = bp.baseAddress! + slot / contactLanes
                let cold = op.baseAddress! + slot / contactLanes
                let lane = slot % contactLanes
                let contact = cp.baseAddress! + c
                let bA = contact.pointee.bodyA, bB = contact.pointee.bodyB
                let iA = World.solverSlot(bA, si, staticIndex: staticIndex), iB = World.solverSlot(bB, si, staticIndex: staticIndex)
                let stA = sp[Int(iA)], stB = sp[Int(iB)]
                cold.pointee.contact[lane] = Int32(c)
                if contact.pointee.enablePostSolve { postSolve = true }
                bundle.pointee.indexA[lane] = iA
                bundle.pointee.indexB[lane] = iB
                let normal = contact.pointee.manifold.normal
                bundle.pointee.normalX[lane] = Lane(normal.x)
                bundle.pointee.normalY[lane] = Lane(normal.y)
                bundle.pointee.friction[lane] = Lane(contact.pointee.friction)
                let restitution = contact.pointee.restitution
                cold.pointee.restitution[lane] = Lane(restitution)
                if restitution != 0 { cold.pointee.hasRestitution = true }
                bundle.pointee.tangentSpeed[lane] = Lane(contact.pointee.tangentSpeed)
                cold.pointee.relativeVelocity0[lane] =
                    World.preparePoint(&bundle.pointee.p0, lane, contact.pointee.manifold.point0, normal: normal, stA, stB)
                if contact.pointee.manifold.pointCount > 1 {
                    cold.pointee.relativeVelocity1[lane] =
                        World.preparePoint(&bundle.pointee.p1, lane, contact.pointee.manifold.point1, normal: normal, stA, stB)
                } else {
                    World.clearPoint(&bundle.pointee.p1, lane)
                    cold.pointee.relativeVelocity1[lane] = 0
                }
                cold.pointee.totalNormalImpulse0[lane] = 0
                cold.pointee.totalNormalImpulse1[lane] = 0
            }
        }
        }
        }
        }
        }
        }
        }
        contactPlace = place
        colorScratchIndex = order
        constraints = bundles
        constraintsCold = colds
        return (ContactSoftnessW(soft, staticSoft), postSolve)
    }

    /// Fills one lane of a bundle's point from a manifold point: anchors,
    /// base separation, effective masses (computed in `Double`), warm-start
    /// impulses; returns the approach speed at the start of the step.
    @inline(__always) static func preparePoint(_ cp: inout ContactPointW, _ lane: Int, _ mp: ManifoldPoint, normal: Vec2,
                                        _ stA: BodyState, _ stB: BodyState) -> Lane {
        let mA = stA.invMass, iA = stA.invInertia, mB = stB.invMass, iB = stB.invInertia
        // Warm start with the impulses this point had last step.
        cp.normalImpulse[lane] = Lane(mp.normalImpulse)
        cp.tangentImpulse[lane] = Lane(mp.tangentImpulse)
        let rA = mp.anchorA, rB = mp.anchorB
        cp.anchorAX[lane] = Lane(rA.x); cp.anchorAY[lane] = Lane(rA.y)
        cp.anchorBX[lane] = Lane(rB.x); cp.anchorBY[lane] = Lane(rB.y)
        cp.baseSeparation[lane] = Lane(mp.separation - dot(rB - rA, normal))
        let rnA = cross(rA, normal), rnB = cross(rB, normal)
        let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        cp.normalMass[lane] = kNormal > 0 ? Lane(1 / kNormal) : 0
        let tangent = normal.rightPerp
        let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
        let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
        cp.tangentMass[lane] = kTangent > 0 ? Lane(1 / kTangent) : 0
        let vrA = stA.v + cross(stA.w, rA), vrB = stB.v + cross(stB.w, rB)
        cp.maxNormalImpulse[lane] = 0
        return Lane(dot(normal, vrB - vrA))
    }

    /// Zeroes one lane of a bundle's point (the second point of a one-point
    /// manifold, or an empty lane): zero masses and impulses keep it inert.
    @inline(__always) static func clearPoint(_ cp: inout ContactPointW, _ lane: Int) {
        cp.anchorAX[lane] = 0; cp.anchorAY[lane] = 0
        cp.anchorBX[lane] = 0; cp.anchorBY[lane] = 0
        cp.baseSeparation[lane] = 0
        cp.normalImpulse[lane] = 0
        cp.tangentImpulse[lane] = 0
        cp.maxNormalImpulse[lane] = 0
        cp.normalMass[lane] = 0
        cp.tangentMass[lane] = 0
    }

    /// Makes one lane of a bundle empty: it reads the zero state, whose
    /// inverse masses are zero, so nothing is written back, as a fresh
    /// ``ContactBundle`` lane.
    @inline(__always) static func clearLane(_ bundle: UnsafeMutablePointer<ContactBundle>, _ cold: UnsafeMutablePointer<ContactBundleCold>,
                                            _ lane: Int, staticIndex: Int32) {
        cold.pointee.contact[lane] = -1
        cold.pointee.restitution[lane] = 0
        cold.pointee.relativeVelocity0[lane] = 0; cold.pointee.relativeVelocity1[lane] = 0
        cold.pointee.totalNormalImpulse0[lane] = 0; cold.pointee.totalNormalImpulse1[lane] = 0
        bundle.pointee.indexA[lane] = staticIndex
        bundle.pointee.indexB[lane] = staticIndex
        bundle.pointee.normalX[lane] = 0; bundle.pointee.normalY[lane] = 0
        bundle.pointee.friction[lane] = 0
        bundle.pointee.tangentSpeed[lane] = 0
        clearPoint(&bundle.pointee.p0, lane)
        clearPoint(&bundle.pointee.p1, lane)
    }

    /// Graph colors for the contact solver (Box2D v3's count); constraints
    /// that fit none go to an overflow color solved one per bundle, last.
    static let graphColorCount = 24

    /// Reorders the contacts to solve by graph color: within a color no two
    /// constraints share a movable body, so a color's constraints can be
    /// solved four at a time (one SIMD lane each) and never wait on each
    /// other's velocity stores. Greedy first-fit, then a stable counting sort
    /// of contact indices: deterministic, O(contacts + colors). Each movable
    /// body keeps a mask of the colors it is in, so the first color free for
    /// both bodies of a contact is the lowest zero bit of the two masks' union
    /// (the same choice as testing the colors in order). Returns where each
    /// color starts in `order` (`graphColorCount + 2` entries; the last color
    /// is the overflow).
    mutating func colorContacts(_ order: inout [Int32]) -> [Int] {
        let count = order.count
        let colors = World.graphColorCount
        let allColors: UInt64 = (1 << UInt64(colors)) - 1
        // One word per solver slot: bit `col` set when the body is in color `col`.
        var used = colorScratchBits
        colorScratchBits = []
        used.removeAll(keepingCapacity: true)
        used.append(contentsOf: repeatElement(0, count: awakeBodies.count))
        var colorOf = colorScratchColor
        colorScratchColor = []
        colorOf.removeAll(keepingCapacity: true)
        var start = [Int](repeating: 0, count: colors + 2)
        colorOf.append(contentsOf: repeatElement(0, count: count))
        // Read through pointers: this loop runs once per contact.
        let staticIndex = Int32(awakeBodies.count)
        used.withUnsafeMutableBufferPointer { up in
        colorOf.withUnsafeMutableBufferPointer { co in
        start.withUnsafeMutableBufferPointer { st in
        order.withUnsafeBufferPointer { op in
        contacts.withUnsafeBufferPointer { cp in
        states.withUnsafeBufferPointer { sp in
        solverIndex.withUnsafeBufferPointer { si in
            let used = up.baseAddress!
            for k in 0..<count {
                let contact = cp.baseAddress! + Int(op[k])
                // Bodies with infinite mass (static, kinematic, sleeping) never conflict.
                let bA = contact.pointee.bodyA, bB = contact.pointee.bodyB
                let sA = World.solverSlot(bA, si, staticIndex: staticIndex), sB = World.solverSlot(bB, si, staticIndex: staticIndex)
                let a = sp[Int(sA)].invMass == 0 ? -1 : Int(sA)
                let b = sp[Int(sB)].invMass == 0 ? -1 : Int(sB)
                let taken = (a >= 0 ? used[a] : 0) | (b >= 0 ? used[b] : 0)
                let free = ~taken & allColors
                var chosen = colors   // overflow bucket, solved last
                if free != 0 {
                    chosen = free.trailingZeroBitCount
                    let bit: UInt64 = 1 << UInt64(chosen)
                    if a >= 0 { used[a] |= bit }
                    if b >= 0 { used[b] |= bit }
                }
                co[k] = UInt8(chosen)
                st[chosen + 1] += 1
            }
        }
        }
        }
        }
        }
        }
        }
        for col in 0..<(colors + 1) { start[col + 1] += start[col] }
        let colorStart = start
        var sorted = colorScratchSorted
        colorScratchSorted = []
        sorted.removeAll(keepingCapacity: true)
        sorted.append(contentsOf: repeatElement(0, count: count))
        sorted.withUnsafeMutableBufferPointer { out in
        start.withUnsafeMutableBufferPointer { st in
        colorOf.withUnsafeBufferPointer { co in
        order.withUnsafeBufferPointer { op in
            for k in 0..<count {
                let col = Int(co[k])
                out[st[col]] = op[k]
                st[col] += 1
            }
        }
        }
        }
        }
        colorScratchSorted = order
        order = sorted
        colorScratchBits = used
        colorScratchColor = colorOf
        return colorStart
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
        let (softness, postSolve) = prepareContacts(h)
        prepareJoints()
        let jointSoft = Softness(hertz: min(definition.jointHertz, 0.25 * invH), zeta: definition.jointDampingRatio, h: h)
        let maxBias = definition.contactPushMaxVelocity * definition.lengthUnitsPerMeter
        let threshold = definition.restitutionThreshold * definition.lengthUnitsPerMeter
        let gravity = definition.gravity
        let maxSpeed = definition.maxLinearSpeed * definition.lengthUnitsPerMeter
        let awakeCount = awakeBodies.count
        // Per-body damping factors, gravity and forces are constant over the step.
        var terms = integrationScratch
        integrationScratch = []
        World.integrationTerms(into: &terms, states, awakeBodies, bodyMotions, bodySims, h: h, gravity: gravity)
        var js = joints
        joints = []
        let active = activeJoints
        states.withUnsafeMutableBufferPointer { sb in
            let s = sb.baseAddress!
            constraints.withUnsafeMutableBufferPointer { cb in
            constraintsCold.withUnsafeMutableBufferPointer { ob in
                let ctx = JointContext(h: h, invH: invH, softness: jointSoft, states: s)
                let bundleCount = cb.count
                let invHf = Lane(invH), maxBiasf = Lane(maxBias)
                for _ in 0..<n {
                    World.integrateVelocities(s, terms, maxSpeed: maxSpeed)
                    for j in active { js[Int(j)].applySpringForces(ctx) }
                    for j in active { js[Int(j)].warmStart(ctx) }
                    for k in 0..<bundleCount { warmStart(cb.baseAddress! + k, s) }
                    for j in active { js[Int(j)].solve(ctx, useBias: true) }
                    for k in 0..<bundleCount {
                        solveContacts(cb.baseAddress! + k, s, invH: invHf, maxBiasVelocity: maxBiasf, softness: softness)
                    }
                    for k in 0..<awakeCount {
                        s[k].dq = s[k].dq.integrated(by: h * s[k].w)
                        s[k].dp += h * s[k].v
                    }
                    for j in active { js[Int(j)].solve(ctx, useBias: false) }
                    for k in 0..<bundleCount {
                        relaxContacts(cb.baseAddress! + k, s, invH: invHf, maxBiasVelocity: maxBiasf,
                                      softness: softness, totals: postSolve ? ob.baseAddress! + k : nil)
                    }
                    for j in active { js[Int(j)].accumulateStepImpulse() }
                }
                for k in 0..<bundleCount { applyRestitution(cb.baseAddress! + k, ob.baseAddress! + k, s, threshold: Lane(threshold)) }
            }
            }
        }
        joints = js
        integrationScratch = terms
        storeImpulses()
        finalizeBodies(dt)
        if definition.enableContinuous { solveContinuousAll(dt) }
        updateBounds()
        if definition.enableSleep { updateSleep() }
    }

    /// The velocity update of one awake body over a sub-step,
    /// v ← dv + linear · v and w ← dw + angular · w, with the parts that are
    /// constant over the step computed once (the same expressions, so the same
    /// bits as evaluating them every sub-step).
    struct IntegrationTerms {
        /// h·(g·scale + F/m), units/s.
        var dv = Vec2.zero
        /// 1 / (1 + h · linear damping).
        var linear = 0.0
        /// h · torque / I, radians/s.
        var dw = 0.0
        /// 1 / (1 + h · angular damping).
        var angular = 0.0
        /// Kinematic bodies (inverse mass 0) keep their velocities.
        var integrates = false
    }

    /// Fills `terms` (its capacity reused from step to step) with each awake
    /// body's ``IntegrationTerms`` for sub-steps of `h` seconds.
    static func integrationTerms(into terms: inout [IntegrationTerms], _ states: [BodyState], _ awake: [Int32],
                                 _ motions: [BodyMotion], _ sims: [BodySim], h: Double, gravity: Vec2) {
        terms.removeAll(keepingCapacity: true)
        terms.append(contentsOf: repeatElement(IntegrationTerms(), count: awake.count))
        for k in 0..<awake.count {
            let i = Int(awake[k])
            let m = motions[i]
            let invMass = states[k].invMass
            if invMass == 0 { continue }
            let mass = sims[i].mass
            terms[k] = IntegrationTerms(dv: (h * invMass) * (m.force + (mass * m.gravityScale) * gravity),
                                        linear: 1 / (1 + h * m.linearDamping),
                                        dw: h * states[k].invInertia * m.torque,
                                        angular: 1 / (1 + h * m.angularDamping),
                                        integrates: true)
        }
    }

    /// v ← v/(1 + h·c) + h·(g·scale + F/m); w likewise (see ``IntegrationTerms``).
    /// Box2D's damping form is stable for any damping and exact in the limit of small h.
    @inline(__always)
    static func integrateVelocities(_ s: UnsafeMutablePointer<BodyState>, _ terms: [IntegrationTerms], maxSpeed: Double) {
        terms.withUnsafeBufferPointer { tp in
            for k in 0..<tp.count {
                let t = tp[k]
                if !t.integrates { continue }   // kinematic: keeps its velocity
                var v = t.dv + t.linear * s[k].v
                let w = t.dw + t.angular * s[k].w
                let vv = v.lengthSquared
                if vv > maxSpeed * maxSpeed { v = (maxSpeed / vv.squareRoot()) * v }
                s[k].v = v
                s[k].w = w
            }
        }
    }

    /// Writes the solver's impulses back into the manifolds (warm start for
    /// the next step) and reports post-solve impulses.
    mutating func storeImpulses() {
        if constraints.isEmpty { return }   // nothing solved (e.g. all asleep)
        var reports = false
        // Walks the contacts in slot order (each one's bundle and lane from
        // `contactPlace`, as in prepareContacts): writing them in bundle order
        // missed the cache on nearly every ~250-byte contact.
        constraints.withUnsafeBufferPointer { bp in
        constraintsCold.withUnsafeBufferPointer { op in
        contactPlace.withUnsafeBufferPointer { pl in
        contacts.withUnsafeMutableBufferPointer { cp in
            for c in 0..<pl.count {
                let slot = Int(pl[c])
                if slot < 0 { continue }
                let cc = bp.baseAddress! + slot / contactLanes, cold = op.baseAddress! + slot / contactLanes
                let lane = slot % contactLanes
                let contact = cp.baseAddress! + c
                contact.pointee.manifold.point0.normalImpulse = Double(cc.pointee.p0.normalImpulse[lane])
                contact.pointee.manifold.point0.tangentImpulse = Double(cc.pointee.p0.tangentImpulse[lane])
                contact.pointee.manifold.point0.maxNormalImpulse = Double(cc.pointee.p0.maxNormalImpulse[lane])
                contact.pointee.manifold.point0.normalVelocity = Double(cold.pointee.relativeVelocity0[lane])
                if contact.pointee.manifold.pointCount > 1 {
                    contact.pointee.manifold.point1.normalImpulse = Double(cc.pointee.p1.normalImpulse[lane])
                    contact.pointee.manifold.point1.tangentImpulse = Double(cc.pointee.p1.tangentImpulse[lane])
                    contact.pointee.manifold.point1.maxNormalImpulse = Double(cc.pointee.p1.maxNormalImpulse[lane])
                    contact.pointee.manifold.point1.normalVelocity = Double(cold.pointee.relativeVelocity1[lane])
                }
                if contact.pointee.enablePostSolve { reports = true }
            }
        }
        }
        }
        }
        if reports { reportPostSolve() }
    }

    /// Post-solve events of contacts whose shapes ask for them, in bundle order.
    mutating func reportPostSolve() {
        for k in 0..<constraints.count {
            let cc = constraints[k], cold = constraintsCold[k]
            for lane in 0..<contactLanes {
                let c = Int(cold.contact[lane])
                if c < 0 || !contacts[c].enablePostSolve { continue }
                let pointCount = contacts[c].manifold.pointCount
                let two = pointCount > 1
                let total = Double(cold.totalNormalImpulse0[lane]) + (two ? Double(cold.totalNormalImpulse1[lane]) : 0)
                events.contactImpulses.append(ContactImpulseEvent(
                    shapeA: shapeID(contacts[c].shapeA), shapeB: shapeID(contacts[c].shapeB), normal: contacts[c].manifold.normal,
                    pointCount: pointCount, normalImpulse: total,
                    tangentImpulse: Double(cc.p0.tangentImpulse[lane]) + (two ? Double(cc.p1.tangentImpulse[lane]) : 0),
                    maxNormalImpulse: max(Double(cc.p0.maxNormalImpulse[lane]), two ? Double(cc.p1.maxNormalImpulse[lane]) : 0)))
            }
        }
    }

    /// Applies the accumulated motion to transforms, copies velocities back,
    /// clears forces and advances sleep timers.
    mutating func finalizeBodies(_ dt: Double) {
        let sleepSpeed = definition.sleepThreshold * definition.lengthUnitsPerMeter
        // Through pointers: three arrays written per body.
        states.withUnsafeBufferPointer { sp in
        awakeBodies.withUnsafeBufferPointer { ab in
        bodySims.withUnsafeMutableBufferPointer { bp in
        bodyMotions.withUnsafeMutableBufferPointer { mp in
        bodyInfos.withUnsafeMutableBufferPointer { ip in
            for k in 0..<ab.count {
                let i = Int(ab[k])
                let st = sp[k]
                var sim = bp[i]
                sim.center += st.dp
                sim.transform.q = (st.dq * sim.transform.q).normalizedRotation
                sim.transform.p = sim.center - sim.transform.q.rotate(sim.localCenter)
                bp[i] = sim
                mp[i].linearVelocity = st.v
                mp[i].angularVelocity = st.w
                mp[i].force = .zero
                mp[i].torque = 0
                let speed = st.v.length + sim.maxExtent * abs(st.w)
                if ip[i].enableSleep && speed < sleepSpeed {
                    ip[i].sleepTime += dt
                } else {
                    ip[i].sleepTime = 0
                }
            }
        }
        }
        }
        }
        }
    }

    /// Moves the fat AABBs of shapes that left them and queues them for pair finding.
    mutating func updateBounds() {
        let margin = definition.aabbMargin
        // Shapes and polygons through pointers: the per-access uniqueness
        // and bounds checks of `shapes[s].x = ...` were a visible share.
        shapePolygons.withUnsafeBufferPointer { pp in
        shapeFatBounds.withUnsafeMutableBufferPointer { fp in
        shapes.withUnsafeBufferPointer { sp in
            let polygons = pp.baseAddress!, fatBounds = fp.baseAddress!, shapes = sp.baseAddress!
            for k in 0..<awakeBodies.count {
                let i = Int(awakeBodies[k])
                let xf = bodySims[i].transform
                var s = bodyInfos[i].headShape
                while s != -1 {
                    let shape = shapes + Int(s)
                    let aabb = storedAABB(polygons + Int(s), xf)
                    if !fatBounds[Int(s)].contains(aabb) {
                        let fat = aabb.expanded(by: margin)
                        fatBounds[Int(s)] = fat
                        movingTree.moveProxy(shape.pointee.proxy, fat)
                        moveBuffer.append(s)
                    }
                    s = shape.pointee.nextShape
                }
            }
        }
        }
        }
    }
}

/// Bounds of a shape stored as a rounded polygon, read in place; the same
/// arithmetic as ``ShapeGeometry/aabb(_:)``.
@inline(__always) func storedAABB(_ p: UnsafePointer<Polygon>, _ xf: Transform) -> AABB {
    var lo = xf.apply(p.vertex(0)), hi = lo
    for i in 1..<max(1, p.pointee.count) {
        let v = xf.apply(p.vertex(i))
        lo = Vec2(min(lo.x, v.x), min(lo.y, v.y)); hi = Vec2(max(hi.x, v.x), max(hi.y, v.y))
    }
    let r = p.pointee.radius
    return AABB(lower: Vec2(lo.x - r, lo.y - r), upper: Vec2(hi.x + r, hi.y + r))
}
