// ContactPreparation.swift — both ends of the contact solver's step (Box2D v3
// `contact_solver.c`, prepare and store): the touching contacts gathered,
// graph-colored (ConstraintGraph.swift) and packed into bundles before the
// sub-steps, and their impulses written back into the manifolds after them
// (warm starting next step, post-solve events). The passes in between are in
// ContactSolver.swift.

import CStardustContacts

extension World {
    /// Builds this step's contact bundles: touching, enabled, non-sensor
    /// contacts with a movable body, graph-colored (see ``colorContacts(_:from:count:place:)``)
    /// and packed color by color into bundles of ``contactLanes``. Returns
    /// the step's contact softness and whether any solved contact reports
    /// post-solve events (only then are the per-sub-step totals summed).
    mutating func prepareContacts(_ h: Double) -> (softness: ContactSoftness, postSolve: Bool) {
        var bundles = scratch.constraints
        scratch.constraints = []
        var colds = scratch.constraintsCold
        scratch.constraintsCold = []
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
        var solved = scratch.colorScratchIndex
        scratch.colorScratchIndex = []
        if solved.count < 3 * contacts.count {
            solved.append(contentsOf: repeatElement(0, count: 3 * contacts.count - solved.count))
        }
        let staticIndex = Int32(scratch.awakeBodies.count)
        // Each solved contact's place: bundle · contactLanes + lane (filled
        // below), with ``twoPointFlag`` set for a two-point manifold; −2 marks
        // a touching contact between two awake bodies that a pre-solve
        // callback disabled (not solved, but it still joins the two into one
        // island: see updateSleep); −1 any other.
        var place = scratch.contactPlace
        scratch.contactPlace = []
        place.removeAll(keepingCapacity: true)
        place.append(contentsOf: repeatElement(-1, count: contacts.count))
        // Written from the end of `solved` down (see below): the entries
        // start at `solvedStart`.
        var solvedCount = 0, solvedStart = 3 * contacts.count
        // With every body asleep no contact is solved or joins an island.
        if !scratch.awakeBodies.isEmpty {
        contacts.withUnsafeBufferPointer { cp in
        scratch.contactSlots.withUnsafeBufferPointer { cs in
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
        scratch.states.withUnsafeBufferPointer { sp in
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
        scratch.contactPlace = place
        scratch.colorScratchIndex = solved
        scratch.constraints = bundles
        scratch.constraintsCold = colds
        return (ContactSoftness(soft, staticSoft), postSolve)
    }

    /// Fills one lane of a bundle's point from a manifold point: anchors,
    /// base separation, effective masses (computed in `Double`), warm-start
    /// impulses; returns the approach speed at the start of the step.
    @inline(__always) static func preparePoint(_ cp: inout ContactBundlePoint, _ lane: Int, _ mp: ManifoldPoint, normal: Vec2,
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
    @inline(__always) static func clearPoint(_ cp: inout ContactBundlePoint, _ lane: Int) {
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


    /// Set in a solved contact's `contactPlace` entry when its manifold has
    /// two points (a bundle slot is far below 2³⁰).
    static let twoPointFlag: Int32 = 1 << 30

    /// Writes the solver's impulses back into the manifolds (warm start for
    /// the next step) and reports post-solve impulses when `postSolve` (some
    /// solved contact asks for them; see ``prepareContacts(_:)``).
    mutating func storeImpulses(postSolve: Bool) {
        if scratch.constraints.isEmpty { return }   // nothing solved (e.g. all asleep)
        // Walks the contacts in slot order (each one's bundle and lane from
        // `contactPlace`, as in prepareContacts): writing them in bundle order
        // missed the cache on nearly every ~250-byte contact. Only writes the
        // contacts: the point count comes with the place, the approach speeds
        // were stored by prepareContacts, and the cold bundles are not read.
        scratch.constraints.withUnsafeBufferPointer { bp in
        scratch.contactPlace.withUnsafeBufferPointer { pl in
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
        for k in 0..<scratch.constraints.count {
            let cc = scratch.constraints[k], cold = scratch.constraintsCold[k]
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
}
