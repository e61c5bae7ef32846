// JointReport.swift — a read-only view of the world's joints, for traces and tools.

/// One joint as it is now: its kind, its bodies, its anchors in world coordinates and, where the
/// solver measures it, the force it applied over the last step.
public struct JointReport: Sendable, Hashable {
    /// The joint.
    public var id: JointID
    /// The kind, as scene files spell it: `"pin"` (a distance joint whose min and max lengths are
    /// equal), `"slide"`, `"pivot"`, `"groove"`, `"spring"`, `"rotarySpring"`, `"rotaryLimit"`,
    /// `"ratchet"`, `"gear"`, `"motor"`, or `"drag"` (a finger's drag joint).
    public var type: String
    /// Body A, or `nil` when the joint is anchored to the world.
    public var bodyA: BodyID?
    /// Body B, the body the joint moves.
    public var bodyB: BodyID
    /// Anchor A in world coordinates (world units): body A's anchor, the world point for a
    /// world-anchored joint, the target (the finger) for a drag joint, the groove's start for a
    /// groove. Body A's origin for the purely angular joints (the world origin when anchored to the world).
    public var anchorA: Vec2
    /// Anchor B in world coordinates (world units); body B's origin for the purely angular joints.
    public var anchorB: Vec2
    /// The linear force the joint applied on body B, averaged over the last step
    /// (mass·units/s²), for the joints whose solver measures it (drag and pivot); `nil` for the others.
    public var force: Vec2?
    /// The torque the joint applied on body B, averaged over the last step (mass·units²/s²), for
    /// the simple motor; `nil` for the others.
    public var torque: Double?
}

extension World {
    /// Every live joint, in slot order (a joint's slot is its ``JointID/index``; freed slots are
    /// reused, so the order is that of the slots, not of creation). O(joints).
    public func jointReports() -> [JointReport] {
        var out: [JointReport] = []
        for i in 0..<joints.count where jointIDs.alive[i] {
            let j = joints[i]
            let id = JointID(index: Int32(i), generation: jointIDs.generations[i])
            let xfB = bodySims[Int(j.bodyB)].transform
            let anchorA = j.bodyA >= 0 ? bodySims[Int(j.bodyA)].transform.apply(j.localAnchorA) : j.localAnchorA
            let anchorB = xfB.apply(j.localAnchorB)
            var force: Vec2?, torque: Double?
            let type: String
            switch j.kind {
            case .pivot: type = "pivot"; force = (1 / lastStepDuration) * j.stepImpulse
            case .distance(let d): type = d.minLength == d.maxLength ? "pin" : "slide"
            case .groove: type = "groove"
            case .spring: type = "spring"
            case .rotarySpring: type = "rotarySpring"
            case .rotaryLimit: type = "rotaryLimit"
            case .ratchet: type = "ratchet"
            case .gear: type = "gear"
            case .motor: type = "motor"; torque = j.stepAngularImpulse / lastStepDuration
            case .drag: type = "drag"; force = (1 / lastStepDuration) * j.stepImpulse
            }
            out.append(JointReport(id: id, type: type, bodyA: j.bodyA >= 0 ? bodyID(j.bodyA) : nil, bodyB: bodyID(j.bodyB),
                                   anchorA: anchorA, anchorB: anchorB, force: force, torque: torque))
        }
        return out
    }
}
