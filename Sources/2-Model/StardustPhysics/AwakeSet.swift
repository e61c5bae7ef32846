// AwakeSet.swift — the solver's compact state of the awake bodies, built at
// the start of each solve (Box2D v3 keeps it as the awake solver set): one
// `BodyState` per awake body plus the zero state for static and sleeping
// bodies, the solver slot of every body, and the step-constant velocity terms.

extension World {
    /// Gathers awake bodies into the compact solver state array (slot
    /// `awakeBodies.count` is a zero state used for static and sleeping
    /// bodies) and, in the same pass over them, their step-constant
    /// ``IntegrationTerms`` for sub-steps of `h` seconds into `integrationScratch`.
    mutating func buildAwakeSet(h: Double, gravity: Vec2) {
        // Filled through pointers: an append or subscript store per body
        // checked the arrays' uniqueness each time.
        let bodyCount = bodyInfos.count
        World.resize(&scratch.solverIndex, to: bodyCount, with: -1)
        World.resize(&scratch.awakeBodies, to: bodyCount, with: 0)
        World.resize(&scratch.contactSlots, to: bodyCount, with: 0)
        var awakeCount = 0
        scratch.awakeBodies.withUnsafeMutableBufferPointer { ab in
        scratch.solverIndex.withUnsafeMutableBufferPointer { si in
        scratch.contactSlots.withUnsafeMutableBufferPointer { cs in
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
        scratch.awakeBodies.removeLast(bodyCount - awakeCount)
        // The awake bodies, then the zero state; every entry is written in
        // full below, so the arrays are resized without being filled first.
        World.resize(&scratch.states, to: awakeCount + 1, with: BodyState.zero)
        var terms = scratch.integrationScratch
        scratch.integrationScratch = []
        World.resize(&terms, to: awakeCount, with: IntegrationTerms())
        scratch.states.withUnsafeMutableBufferPointer { sp in
        terms.withUnsafeMutableBufferPointer { tp in
        scratch.awakeBodies.withUnsafeBufferPointer { ab in
        bodyMotions.withUnsafeBufferPointer { mp in
        scratch.contactSlots.withUnsafeMutableBufferPointer { cs in
        bodySims.withUnsafeMutableBufferPointer { bp in
            sp[awakeCount] = BodyState.zero
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
        scratch.integrationScratch = terms
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
        scratch.solverIndex.withUnsafeBufferPointer { World.solverSlot(body, $0, staticIndex: Int32(scratch.awakeBodies.count)) }
    }

    /// The solver slot of `body` (an index into the solver states, through `solverIndex` as `si`), or `staticIndex`
    /// (the zero state) for no body or a body that is not awake.
    @inline(__always) static func solverSlot(_ body: Int32, _ si: UnsafeBufferPointer<Int32>, staticIndex: Int32) -> Int32 {
        let s = body >= 0 ? si[Int(body)] : -1
        return s >= 0 ? s : staticIndex
    }
}
