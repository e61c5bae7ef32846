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
        // Through pointers: a subscript store per body checked uniqueness and bounds.
        previousTransforms.withUnsafeMutableBufferPointer { pt in
        bodySims.withUnsafeBufferPointer { bp in
            precondition(pt.count == bp.count)
            for i in 0..<bp.count { pt[i] = bp[i].transform }
        }
        }
        updatePairs()
        collide()
        solve(dt)
        stepCount += 1
    }

    /// Gathers awake bodies into the compact solver state array (slot
    /// `awakeBodies.count` is a zero state used for static and sleeping
    /// bodies) and, in the same pass over them, their step-constant
    /// ``IntegrationTerms`` for sub-steps of `h` seconds into `integrationScratch`.
    mutating func buildAwakeSet(h: Double, gravity: Vec2) {
        // Filled through pointers: an append or subscript store per body
        // checked the arrays' uniqueness each time.
        let bodyCount = bodyInfos.count
        World.resize(&awakeBodies, to: bodyCount, with: 0)
        World.resize(&contactSlots, to: bodyCount, with: 0)
        var awakeCount = 0
        awakeBodies.withUnsafeMutableBufferPointer { ab in
        solverIndex.withUnsafeMutableBufferPointer { si in
        contactSlots.withUnsafeMutableBufferPointer { cs in
        bodyInfos.withUnsafeBufferPointer { ip in
        bodyIDs.alive.withUnsafeBufferPointer { alive in
            for i in 0..<bodyCount {
                if alive[i] && ip[i].awake && ip[i].type != .static {
                    si[i] = Int32(awakeCount)
                    ab[awakeCount] = Int32(i)
                    awakeCount += 1
                } else {
                    si[i] = -1
                    cs[i] = Int32.min
                }
            }
        }
        }
        }
        }
        }
        awakeBodies.removeLast(bodyCount - awakeCount)
        // The awake bodies, then the zero state; every entry is written in
        // full below, so the arrays are resized without being filled first.
        World.resize(&states, to: awakeCount + 1, with: BodyState())
        var terms = integrationScratch
        integrationScratch = []
        World.resize(&terms, to: awakeCount, with: IntegrationTerms())
        states.withUnsafeMutableBufferPointer { sp in
        terms.withUnsafeMutableBufferPointer { tp in
        awakeBodies.withUnsafeBufferPointer { ab in
        bodyMotions.withUnsafeBufferPointer { mp in
        contactSlots.withUnsafeMutableBufferPointer { cs in
        bodySims.withUnsafeMutableBufferPointer { bp in
            sp[awakeCount] = BodyState()
            for k in 0..<awakeCount {
                let i = Int(ab[k])
                let sim = bp.baseAddress! + i, m = mp.baseAddress! + i
                let invMass = sim.pointee.invMass, invInertia = sim.pointee.invInertia
                cs[i] = invMass == 0 ? ~Int32(k) : Int32(k)
                sp[k] = BodyState(v: m.pointee.linearVelocity, w: m.pointee.angularVelocity,
                                  invMass: invMass, invInertia: invInertia, dp: .zero, dq: .identity)
                sim.pointee.center0 = sim.pointee.center
                sim.pointee.rotation0 = sim.pointee.transform.q
                // Per-body damping factors, gravity and forces are constant
                // over the step. Kinematic bodies keep their velocities.
                if invMass == 0 { tp[k] = IntegrationTerms(); continue }
                tp[k] = IntegrationTerms(dv: (h * invMass) * (m.pointee.force + (sim.pointee.mass * m.pointee.gravityScale) * gravity),
                                         linear: 1 / (1 + h * m.pointee.linearDamping),
                                         dw: h * invInertia * m.pointee.torque,
                                         angular: 1 / (1 + h * m.pointee.angularDamping),
                                         integrates: true)
            }
        }
        }
        }
        }
        }
        }
        integrationScratch = terms
    }

    /// Sets `array.count` to `count`, keeping the first elements as they are
    /// and appending `filler` when it grows: for scratch arrays whose entries
    /// are all written before they are read (no fill pass per step).
    static func resize<T>(_ array: inout [T], to count: Int, with filler: T) {
        if array.count > count {
            array.removeLast(array.count - count)
        } else if array.count < count {
            array.append(contentsOf: repeatElement(filler, count: count - array.count))
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
    /// contacts with a movable body, graph-colored (see ``colorContacts(_:from:count:place:)``)
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
        // The contacts to solve, in slot order, three entries each: the
        // contact and the solver slots of its two bodies, a slot written as
        // ~slot (negative) when that body has infinite mass (static,
        // kinematic, asleep or none: it never conflicts in the coloring).
        // Coloring and filling read these instead of the ~260-byte contacts
        // and the solver index again. Scratch arrays here only grow: every
        // entry used is written first, so they need no clearing per step.
        var solved = colorScratchIndex
        colorScratchIndex = []
        if solved.count < 3 * contacts.count {
            solved.append(contentsOf: repeatElement(0, count: 3 * contacts.count - solved.count))
        }
        let staticIndex = Int32(awakeBodies.count)
        // Each solved contact's place: bundle · contactLanes + lane (filled
        // below), with ``twoPointFlag`` set for a two-point manifold; −2 marks
        // a touching contact between two awake bodies that a pre-solve
        // callback disabled (not solved, but it still joins the two into one
        // island: see updateSleep); −1 any other.
        var place = contactPlace
        contactPlace = []
        place.removeAll(keepingCapacity: true)
        place.append(contentsOf: repeatElement(-1, count: contacts.count))
        // Written from the end of `solved` down (see below): the entries
        // start at `solvedStart`.
        var solvedCount = 0, solvedStart = 3 * contacts.count
        // With every body asleep no contact is solved or joins an island.
        if !awakeBodies.isEmpty {
        contacts.withUnsafeBufferPointer { cp in
        contactSlots.withUnsafeBufferPointer { cs in
        place.withUnsafeMutableBufferPointer { pl in
        solved.withUnsafeMutableBufferPointer { sv in
            let out = sv.baseAddress!
            // A body that is not awake (or none) has the zero state's slot, of infinite mass.
            let notAwake = ~staticIndex
            // Backwards: the narrow phase just walked the contacts forwards,
            // so the last ones are still in cache; and the fill below walks
            // forwards again, meeting first what this walk touched last.
            for c in stride(from: cp.count - 1, through: 0, by: -1) {
                let contact = cp.baseAddress! + c
                if !contact.pointee.live || !contact.pointee.touching || contact.pointee.sensor { continue }
                let bA = contact.pointee.bodyA, bB = contact.pointee.bodyB
                let slotA = bA >= 0 ? cs[Int(bA)] : Int32.min, slotB = bB >= 0 ? cs[Int(bB)] : Int32.min
                let movingA = slotA != Int32.min, movingB = slotB != Int32.min
                if !contact.pointee.enabled {
                    if movingA && movingB { pl[c] = -2 }
                    continue
                }
                if !movingA && !movingB { continue }
                solvedStart -= 3
                out[solvedStart] = Int32(c)
                out[solvedStart + 1] = movingA ? slotA : notAwake
                out[solvedStart + 2] = movingB ? slotB : notAwake
                solvedCount += 1
            }
        }
        }
        }
        }
        }
        let (bundleStart, colorCount) = colorContacts(solved, from: solvedStart, count: solvedCount, place: &place)
        let bundleCount = bundleStart[World.graphColorCount + 1]
        // The bundles of the last step are reused as they are: every lane of
        // every bundle is written below (a contact's lane in full, empty
        // lanes as inert), so no template is copied over ~1.2 KB per bundle.
        World.resize(&bundles, to: bundleCount, with: ContactBundle())
        World.resize(&colds, to: bundleCount, with: ContactBundleCold())
        bundles.withUnsafeMutableBufferPointer { bp in
        colds.withUnsafeMutableBufferPointer { op in
            for k in 0..<bundleCount { op[k].hasRestitution = false }
            // Only the last bundle of a color can have empty lanes.
            for col in 0..<World.graphColorCount where colorCount[col] % contactLanes != 0 {
                let last = bundleStart[col + 1] - 1
                for lane in colorCount[col] % contactLanes..<contactLanes {
                    World.clearLane(bp.baseAddress! + last, op.baseAddress! + last, lane, staticIndex: staticIndex)
                }
            }
            // The overflow color's bundles hold one constraint each.
            for k in bundleStart[World.graphColorCount]..<bundleCount {
                for lane in 1..<contactLanes { World.clearLane(bp.baseAddress! + k, op.baseAddress! + k, lane, staticIndex: staticIndex) }
            }
        }
        }
        // Filled in place through pointers, walking the solved contacts in
        // slot order: reading them in color order missed the cache on every
        // contact, and copying a ~700-byte bundle per lane showed in profiles.
        // Nothing to fill when nothing is solved (every body asleep).
        if solvedCount > 0 {
        bundles.withUnsafeMutableBufferPointer { bp in
        colds.withUnsafeMutableBufferPointer { op in
        contacts.withUnsafeMutableBufferPointer { cp in
        states.withUnsafeBufferPointer { sp in
        solved.withUnsafeBufferPointer { sv in
        place.withUnsafeMutableBufferPointer { pl in
            let entries = sv.baseAddress! + solvedStart
            for j in 0..<solvedCount {
                let c = Int(entries[3 * j])
                let a = entries[3 * j + 1], b = entries[3 * j + 2]
                let iA = a >= 0 ? a : ~a, iB = b >= 0 ? b : ~b
                let slot = Int(UInt32(bitPattern: pl[c]))   // placed above: not negative
                let bundle = bp.baseAddress! + slot / contactLanes
                let cold = op.baseAddress! + slot / contactLanes
                let lane = slot % contactLanes
                let contact = cp.baseAddress! + c
                let stA = sp[Int(iA)], stB = sp[Int(iB)]
                cold.pointee.contact[lane] = Int32(c)
                if contact.pointee.enablePostSolve { postSolve = true }
                bundle.pointee.indexA[lane] = iA
                bundle.pointee.indexB[lane] = iB
                let normal = contact.pointee.manifold.normal
                bundle.pointee.normalX[lane] = normal.x
                bundle.pointee.normalY[lane] = normal.y
                bundle.pointee.friction[lane] = contact.pointee.friction
                let restitution = contact.pointee.restitution
                cold.pointee.restitution[lane] = restitution
                if restitution != 0 { cold.pointee.hasRestitution = true }
                bundle.pointee.tangentSpeed[lane] = contact.pointee.tangentSpeed
                // The approach speeds go into the manifold here, while its
                // points are in cache (storeImpulses used to copy them back
                // from the cold bundles); nothing reads them before the step ends.
                let speed0 = World.preparePoint(&bundle.pointee.p0, lane, contact.pointee.manifold.point0, normal: normal, stA, stB)
                cold.pointee.relativeVelocity0[lane] = speed0
                contact.pointee.manifold.point0.normalVelocity = Double(speed0)
                if contact.pointee.manifold.pointCount > 1 {
                    let speed1 = World.preparePoint(&bundle.pointee.p1, lane, contact.pointee.manifold.point1, normal: normal, stA, stB)
                    cold.pointee.relativeVelocity1[lane] = speed1
                    contact.pointee.manifold.point1.normalVelocity = Double(speed1)
                    // Tells storeImpulses to write the second point without reading the contact.
                    pl[c] = Int32(slot) | World.twoPointFlag
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
        colorScratchIndex = solved
        constraints = bundles
        constraintsCold = colds
        return (ContactSoftnessW(soft, staticSoft), postSolve)
    }

    /// Fills one lane of a bundle's point from a manifold point: anchors,
    /// base separation, effective masses (computed in `Double`), warm-start
    /// impulses; returns the approach speed at the start of the step.
    @inline(__always) static func preparePoint(_ cp: inout ContactPointW, _ lane: Int, _ mp: ManifoldPoint, normal: Vec2,
                                        _ stA: BodyState, _ stB: BodyState) -> Double {
        let mA = stA.invMass, iA = stA.invInertia, mB = stB.invMass, iB = stB.invInertia
        // Warm start with the impulses this point had last step.
        cp.normalImpulse[lane] = mp.normalImpulse
        cp.tangentImpulse[lane] = mp.tangentImpulse
        let rA = mp.anchorA, rB = mp.anchorB
        cp.anchorAX[lane] = rA.x; cp.anchorAY[lane] = rA.y
        cp.anchorBX[lane] = rB.x; cp.anchorBY[lane] = rB.y
        cp.baseSeparation[lane] = mp.separation - dot(rB - rA, normal)
        let rnA = cross(rA, normal), rnB = cross(rB, normal)
        let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        cp.normalMass[lane] = kNormal > 0 ? 1 / kNormal : 0
        let tangent = normal.rightPerp
        let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
        let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
        cp.tangentMass[lane] = kTangent > 0 ? 1 / kTangent : 0
        let vrA = stA.v + cross(stA.w, rA), vrB = stB.v + cross(stB.w, rB)
        cp.maxNormalImpulse[lane] = 0
        return dot(normal, vrB - vrA)
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

    /// Places the contacts to solve by graph color: within a color no two
    /// constraints share a movable body, so a color's constraints can be
    /// solved four at a time (one SIMD lane each) and never wait on each
    /// other's velocity stores. Greedy first-fit, then a stable counting sort:
    /// deterministic, O(contacts + colors). Each movable body keeps a mask of
    /// the colors it is in, so the first color free for both bodies of a
    /// contact is the lowest zero bit of the two masks' union (the same
    /// choice as testing the colors in order). `solved` holds `count` entries,
    /// from index `start`,
    /// of (contact, slot A, slot B) as ``prepareContacts(_:)`` writes them (a
    /// negative slot: infinite mass). Colors are packed into bundles in
    /// order, a color's constraints in slot order four to a bundle, the last
    /// (overflow) color's one to a bundle; each contact's bundle · contactLanes
    /// + lane goes to `place[contact]` in the counting sort's pass (no sorted
    /// list is written). Returns the first bundle of each color
    /// (`graphColorCount + 2` entries, the last the bundle count) and the
    /// number of constraints of each color.
    mutating func colorContacts(_ solved: [Int32], from start: Int, count: Int, place: inout [Int32]) -> (bundleStart: [Int], colorCount: [Int]) {
        let colors = World.graphColorCount
        let allColors: UInt64 = (1 << UInt64(colors)) - 1
        // One word per solver slot: bit `col` set when the body is in color `col`.
        var used = colorScratchBits
        colorScratchBits = []
        used.removeAll(keepingCapacity: true)
        used.append(contentsOf: repeatElement(0, count: awakeBodies.count))
        // Written before read: grown, never cleared.
        var colorOf = colorScratchColor
        colorScratchColor = []
        if colorOf.count < count { colorOf.append(contentsOf: repeatElement(0, count: count - colorOf.count)) }
        var colorCount = [Int](repeating: 0, count: colors + 1)
        // Read through pointers: this loop runs once per contact.
        used.withUnsafeMutableBufferPointer { up in
        colorOf.withUnsafeMutableBufferPointer { co in
        colorCount.withUnsafeMutableBufferPointer { cc in
        solved.withUnsafeBufferPointer { sv in
            let used = up.baseAddress!, entries = sv.baseAddress! + start
            for k in 0..<count {
                // Bodies with infinite mass (static, kinematic, sleeping) never conflict.
                let a = Int(entries[3 * k + 1]), b = Int(entries[3 * k + 2])
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
                cc[chosen] += 1
            }
        }
        }
        }
        }
        // Bundles per color: four constraints each, the overflow color one.
        var bundleStart = [Int](repeating: 0, count: colors + 2)
        for col in 0..<colors { bundleStart[col + 1] = bundleStart[col] + (colorCount[col] + contactLanes - 1) / contactLanes }
        bundleStart[colors + 1] = bundleStart[colors] + colorCount[colors]
        // The next place of each color: bundle · contactLanes + lane. Within a
        // color the places run on lane by lane; the overflow color's skip
        // three lanes per constraint.
        var next = [Int](repeating: 0, count: colors + 1)
        for col in 0...colors { next[col] = bundleStart[col] * contactLanes }
        let overflow = colors
        next.withUnsafeMutableBufferPointer { nx in
        place.withUnsafeMutableBufferPointer { pl in
        colorOf.withUnsafeBufferPointer { co in
        solved.withUnsafeBufferPointer { sv in
            let entries = sv.baseAddress! + start
            for k in 0..<count {
                let col = Int(co[k])
                pl[Int(entries[3 * k])] = Int32(nx[col])
                nx[col] += col == overflow ? contactLanes : 1
            }
        }
        }
        }
        }
        colorScratchBits = used
        colorScratchColor = colorOf
        return (bundleStart, colorCount)
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
        let n = max(1, definition.subStepCount)
        let h = dt / Double(n), invH = 1 / h
        let gravity = definition.gravity
        buildAwakeSet(h: h, gravity: gravity)
        let (softness, postSolve) = prepareContacts(h)
        prepareJoints()
        let jointSoft = Softness(hertz: min(definition.jointHertz, 0.25 * invH), zeta: definition.jointDampingRatio, h: h)
        let maxBias = definition.contactPushMaxVelocity * definition.lengthUnitsPerMeter
        let threshold = definition.restitutionThreshold * definition.lengthUnitsPerMeter
        let maxSpeed = definition.maxLinearSpeed * definition.lengthUnitsPerMeter
        let awakeCount = awakeBodies.count
        // Per-body damping factors, gravity and forces (see buildAwakeSet).
        let terms = integrationScratch
        var js = joints
        joints = []
        let active = activeJoints
        states.withUnsafeMutableBufferPointer { sb in
            let s = sb.baseAddress!
            constraints.withUnsafeMutableBufferPointer { cb in
            constraintsCold.withUnsafeMutableBufferPointer { ob in
                let ctx = JointContext(h: h, invH: invH, softness: jointSoft, states: s)
                let bundleCount = cb.count
                let kernels = ContactKernels.chosen
                for _ in 0..<n {
                    World.integrateVelocities(s, terms, maxSpeed: maxSpeed)
                    for j in active { js[Int(j)].applySpringForces(ctx) }
                    for j in active { js[Int(j)].warmStart(ctx) }
                    warmStartContacts(cb, s, kernels: kernels)
                    for j in active { js[Int(j)].solve(ctx, useBias: true) }
                    solveContacts(cb, s, invH: invH, maxBiasVelocity: maxBias, softness: softness, kernels: kernels)
                    for k in 0..<awakeCount {
                        s[k].dq = s[k].dq.integrated(by: h * s[k].w)
                        s[k].dp += h * s[k].v
                    }
                    for j in active { js[Int(j)].solve(ctx, useBias: false) }
                    relaxContacts(cb, s, invH: invH, totals: postSolve ? ob.baseAddress : nil, kernels: kernels)
                    for j in active { js[Int(j)].accumulateStepImpulse() }
                }
                if bundleCount > 0 { applyRestitution(cb, ob.baseAddress!, s, threshold: threshold, kernels: kernels) }
            }
            }
        }
        joints = js
        storeImpulses(postSolve: postSolve)
        let anySleepy = finalizeBodies(dt)
        if definition.enableContinuous { solveContinuousAll(dt) }
        updateBounds()
        if definition.enableSleep { updateSleep(anySleepy: anySleepy) }
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
                if vv > maxSpeed * maxSpeed { v = clampedVelocity(v, vv, maxSpeed: maxSpeed) }
                s[k].v = v
                s[k].w = w
            }
        }
    }

    /// (maxSpeed / |v|) · v, for a `v` of squared length `vv` above maxSpeed².
    /// Out of line so that the velocity update branches around it: inlined,
    /// LLVM computed the square root and the division for every body and
    /// sub-step and selected the result (the speed limit is rarely reached).
    @inline(never) static func clampedVelocity(_ v: Vec2, _ vv: Double, maxSpeed: Double) -> Vec2 {
        (maxSpeed / vv.squareRoot()) * v
    }

    /// Set in a solved contact's `contactPlace` entry when its manifold has
    /// two points (a bundle slot is far below 2³⁰).
    static let twoPointFlag: Int32 = 1 << 30

    /// Writes the solver's impulses back into the manifolds (warm start for
    /// the next step) and reports post-solve impulses when `postSolve` (some
    /// solved contact asks for them; see ``prepareContacts(_:)``).
    mutating func storeImpulses(postSolve: Bool) {
        if constraints.isEmpty { return }   // nothing solved (e.g. all asleep)
        // Walks the contacts in slot order (each one's bundle and lane from
        // `contactPlace`, as in prepareContacts): writing them in bundle order
        // missed the cache on nearly every ~250-byte contact. Only writes the
        // contacts: the point count comes with the place, the approach speeds
        // were stored by prepareContacts, and the cold bundles are not read.
        constraints.withUnsafeBufferPointer { bp in
        contactPlace.withUnsafeBufferPointer { pl in
        contacts.withUnsafeMutableBufferPointer { cp in
            for c in 0..<pl.count {
                let entry = pl[c]
                if entry < 0 { continue }
                let slot = Int(entry & (World.twoPointFlag - 1))
                let cc = bp.baseAddress! + slot / contactLanes
                let lane = slot % contactLanes
                let contact = cp.baseAddress! + c
                contact.pointee.manifold.point0.normalImpulse = Double(cc.pointee.p0.normalImpulse[lane])
                contact.pointee.manifold.point0.tangentImpulse = Double(cc.pointee.p0.tangentImpulse[lane])
                contact.pointee.manifold.point0.maxNormalImpulse = Double(cc.pointee.p0.maxNormalImpulse[lane])
                if entry & World.twoPointFlag != 0 {
                    contact.pointee.manifold.point1.normalImpulse = Double(cc.pointee.p1.normalImpulse[lane])
                    contact.pointee.manifold.point1.tangentImpulse = Double(cc.pointee.p1.tangentImpulse[lane])
                    contact.pointee.manifold.point1.maxNormalImpulse = Double(cc.pointee.p1.maxNormalImpulse[lane])
                }
            }
        }
        }
        }
        if postSolve { reportPostSolve() }
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
    /// clears forces and advances sleep timers. Returns whether some awake
    /// body's timer reached `timeToSleep` (if none did, no island can fall
    /// asleep this step and ``updateSleep(anySleepy:)`` has nothing to do).
    mutating func finalizeBodies(_ dt: Double) -> Bool {
        let sleepSpeed = definition.sleepThreshold * definition.lengthUnitsPerMeter
        let timeToSleep = definition.timeToSleep
        var anySleepy = false
        // Through pointers, field by field: three arrays written per body,
        // and only the fields that change (not whole ~140-byte records).
        states.withUnsafeBufferPointer { sp in
        awakeBodies.withUnsafeBufferPointer { ab in
        bodySims.withUnsafeMutableBufferPointer { bp in
        bodyMotions.withUnsafeMutableBufferPointer { mp in
        bodyInfos.withUnsafeMutableBufferPointer { ip in
            // Backwards, so that the bounds update, which walks the bodies
            // forwards next, finds the transforms written last in cache.
            for k in stride(from: ab.count - 1, through: 0, by: -1) {
                let i = Int(ab[k])
                let st = sp.baseAddress! + k
                let sim = bp.baseAddress! + i, motion = mp.baseAddress! + i, info = ip.baseAddress! + i
                let v = st.pointee.v, w = st.pointee.w
                let center = sim.pointee.center + st.pointee.dp
                let q = (st.pointee.dq * sim.pointee.transform.q).normalizedRotation
                sim.pointee.center = center
                sim.pointee.transform = Transform(p: center - q.rotate(sim.pointee.localCenter), q: q)
                motion.pointee.linearVelocity = v
                motion.pointee.angularVelocity = w
                motion.pointee.force = .zero
                motion.pointee.torque = 0
                let speed = v.length + sim.pointee.maxExtent * abs(w)
                if info.pointee.enableSleep && speed < sleepSpeed {
                    info.pointee.sleepTime += dt
                } else {
                    info.pointee.sleepTime = 0
                }
                if info.pointee.sleepTime >= timeToSleep { anySleepy = true }
            }
        }
        }
        }
        }
        }
        return anySleepy
    }

    /// Moves the fat AABBs of shapes that left them and queues them for pair finding.
    mutating func updateBounds() {
        let margin = definition.aabbMargin
        // Shapes and polygons through pointers: the per-access uniqueness
        // and bounds checks of `shapes[s].x = ...` were a visible share.
        shapePolygons.withUnsafeBufferPointer { pp in
        shapeFatBounds.withUnsafeMutableBufferPointer { fp in
        shapeProxies.withUnsafeBufferPointer { xp in
        shapes.withUnsafeBufferPointer { sp in
            let polygons = pp.baseAddress!, fatBounds = fp.baseAddress!, shapes = sp.baseAddress!
            for k in 0..<awakeBodies.count {
                let i = Int(awakeBodies[k])
                let xf = bodySims[i].transform
                var s = bodyInfos[i].headShape
                // Counted down instead of reading the list's end from the
                // ~400-byte shape record: a body's last (usually only) shape
                // record is not read at all.
                var left = bodyInfos[i].shapeCount
                while left > 0 {
                    let shape = shapes + Int(s)
                    let aabb = storedAABB(polygons + Int(s), xf)
                    if !fatBounds[Int(s)].contains(aabb) {
                        let fat = aabb.expanded(by: margin)
                        fatBounds[Int(s)] = fat
                        movingTree.moveProxy(xp[Int(s)].proxy, fat)
                        moveBuffer.append(s)
                    }
                    left -= 1
                    if left > 0 { s = shape.pointee.nextShape }
                }
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
