// Solver.swift — the solve, finalize and bounds phases of a step (Box2D v3's
// soft step, single-threaded; the order of all phases is in Step.swift).
//
// solve: for each of `subStepCount` sub-steps of h = dt/n:
//          integrate velocities (gravity, damping, forces, spring elements)
//          warm start, solve with bias (soft constraints), integrate positions,
//          relax without bias (removes the bias velocity: no bounce from push-out);
//        then one restitution pass and the store of impulses for warm starting.
// Positions advance by accumulated deltas (dp, dq) so that contacts can
// measure their current separation without recomputing manifolds.

extension World {
    /// The solve phase: builds the awake set, prepares contacts and joints,
    /// runs the sub-steps and the restitution pass, and stores the impulses
    /// for warm starting. O(awake bodies + contacts + joints) per sub-step.
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
        let awakeCount = scratch.awakeBodies.count
        // Per-body damping factors, gravity and forces (see buildAwakeSet).
        let terms = scratch.integrationScratch
        var js = joints
        joints = []
        let active = scratch.activeJoints
        scratch.states.withUnsafeMutableBufferPointer { sb in
            let s = sb.baseAddress!
            scratch.constraints.withUnsafeMutableBufferPointer { cb in
            scratch.constraintsCold.withUnsafeMutableBufferPointer { ob in
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
        scratch.states.withUnsafeBufferPointer { sp in
        scratch.awakeBodies.withUnsafeBufferPointer { ab in
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
                sim.pointee.transform = RigidTransform(p: center - q.rotate(sim.pointee.localCenter), q: q)
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
            for k in 0..<scratch.awakeBodies.count {
                let i = Int(scratch.awakeBodies[k])
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
@inline(__always) func storedAABB(_ p: UnsafePointer<Polygon>, _ xf: RigidTransform) -> AABB {
    var lo = xf.apply(p.vertex(0)), hi = lo
    for i in 1..<max(1, p.pointee.count) {
        let v = xf.apply(p.vertex(i))
        lo = Vec2(min(lo.x, v.x), min(lo.y, v.y)); hi = Vec2(max(hi.x, v.x), max(hi.y, v.y))
    }
    let r = p.pointee.radius
    return AABB(lower: Vec2(lo.x - r, lo.y - r), upper: Vec2(hi.x + r, hi.y + r))
}
