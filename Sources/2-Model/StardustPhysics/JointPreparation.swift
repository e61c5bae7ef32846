// JointPreparation.swift — the joints' per-step preparation (Box2D v3
// `b2PrepareJointsTask`): solver slots, masses and frames of the joints whose
// bodies move, before the sub-steps (Solver.swift) run them.

extension World {
    mutating func prepareJoints() {
        scratch.activeJoints.removeAll(keepingCapacity: true)
        let staticIndex = Int32(scratch.awakeBodies.count)
        for j in 0..<joints.count where jointIDs.alive[j] {
            var jt = joints[j]
            jt.indexA = stateIndex(jt.bodyA)
            jt.indexB = stateIndex(jt.bodyB)
            if jt.indexA == staticIndex && jt.indexB == staticIndex { continue }
            let simA = jt.bodyA >= 0 ? bodySims[Int(jt.bodyA)] : BodySim()
            let simB = bodySims[Int(jt.bodyB)]
            jt.mA = scratch.states[Int(jt.indexA)].invMass; jt.iA = scratch.states[Int(jt.indexA)].invInertia
            jt.mB = scratch.states[Int(jt.indexB)].invMass; jt.iB = scratch.states[Int(jt.indexB)].invInertia
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
            scratch.activeJoints.append(Int32(j))
        }
    }
}
