// RotaryLimitJoint.swift — keeps the relative angle B − A within [min, max] (radians).
// Angles are unwrapped, so limits beyond ±π (several turns) work.

struct RotaryLimitData: Sendable {
    var minAngle: Double
    var maxAngle: Double
    var lowerImpulse = 0.0
    var upperImpulse = 0.0

    mutating func solve(_ j: Joint, _ ctx: JointContext, useBias: Bool) {
        let sA = ctx.states[Int(j.indexA)], sB = ctx.states[Int(j.indexB)]
        let angle = j.relativeAngleNow(sA, sB)
        lowerImpulse = solveAngularLimit(j, ctx, c: angle - minAngle, sign: 1, accumulated: lowerImpulse, useBias: useBias)
        upperImpulse = solveAngularLimit(j, ctx, c: maxAngle - angle, sign: -1, accumulated: upperImpulse, useBias: useBias)
    }
}

extension World {
    /// Chipmunk's rotary limit joint.
    @discardableResult
    public mutating func createRotaryLimitJoint(_ bodyA: BodyID?, _ bodyB: BodyID, minAngle: Double, maxAngle: Double,
                                                options: JointOptions = JointOptions(collideConnected: true)) throws(PhysicsError) -> JointID {
        try addJoint(bodyA, bodyB, localAnchorA: .zero, localAnchorB: .zero, options: options,
                     kind: .rotaryLimit(RotaryLimitData(minAngle: min(minAngle, maxAngle), maxAngle: max(minAngle, maxAngle))))
    }
}
