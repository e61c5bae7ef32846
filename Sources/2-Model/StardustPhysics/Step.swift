// Step.swift — the public stepping API and the order of one step's phases
// (Box2D v3 `b2World_Step`). One step, in this order:
//
//   pairs      updatePairs        new contacts for moved proxies (BroadPhase.swift)
//   collide    collide            narrow phase: manifolds, begin/end touch (Contact.swift)
//   solve      solve              sub-stepped soft step and restitution (Solver.swift)
//   finalize   finalizeBodies     motion → transforms, velocities back, sleep timers (Solver.swift)
//   continuous solveContinuousAll fast bodies against static ones (Continuous.swift)
//   bounds     updateBounds       fat boxes of moved shapes, queued for pairs (Solver.swift)
//   sleep      updateSleep        islands of resting bodies fall asleep (Island.swift)

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
    public func interpolatedTransform(of id: BodyID, alpha: Double) throws(PhysicsError) -> RigidTransform {
        let b = try check(id)
        let a = previousTransforms[b], c = bodySims[b].transform
        return RigidTransform(p: lerp(a.p, c.p, alpha), q: Rotation.nlerp(a.q, c.q, alpha))
    }

    /// Same with the current ``interpolationAlpha``.
    public func interpolatedTransform(of id: BodyID) throws(PhysicsError) -> RigidTransform {
        try interpolatedTransform(of: id, alpha: interpolationAlpha)
    }

    /// One step of `dt` seconds: every phase, in the order of this file's header.
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
        let anySleepy = finalizeBodies(dt)
        if definition.enableContinuous { solveContinuousAll(dt) }
        updateBounds()
        if definition.enableSleep { updateSleep(anySleepy: anySleepy) }
        stepCount += 1
    }
}
