// SimpleMotorJoint.swift — drives the relative angular velocity B − A to `rate`
// with at most `maxTorque`.

struct SimpleMotorData: Sendable {
    var rate: Double
    var maxTorque: Double
    var impulse = 0.0

    mutating func solve(_ j: Joint, _ ctx: JointContext) {
        let k = j.iA + j.iB
        if k == 0 { return }
        let s = ctx.states
        let cdot = s[Int(j.indexB)].w - s[Int(j.indexA)].w - rate
        let maxImpulse = maxTorque * ctx.h
        let newImpulse = clamp(impulse - cdot / k, -maxImpulse, maxImpulse)
        let delta = newImpulse - impulse
        impulse = newImpulse
        j.applyAngularImpulse(delta, ctx)
    }
}

extension World {
    /// Chipmunk's simple motor. `rate` in radians/s, `maxTorque` in mass·units²/s² (default unlimited).
    @discardableResult
    public mutating func createSimpleMotor(_ bodyA: BodyID?, _ bodyB: BodyID, rate: Double, maxTorque: Double = .infinity,
                                           options: JointOptions = JointOptions(collideConnected: true)) throws(PhysicsError) -> JointID {
        try addJoint(bodyA, bodyB, localAnchorA: .zero, localAnchorB: .zero, options: options,
                     kind: .motor(SimpleMotorData(rate: rate, maxTorque: maxTorque)))
    }

    /// Changes a motor's rate (rad/s); wakes its bodies.
    public mutating func setMotorRate(_ id: JointID, _ rate: Double) throws(PhysicsError) {
        let j = try checkJoint(id)
        guard case .motor(var d) = joints[j].kind else { return }
        d.rate = rate
        joints[j].kind = .motor(d)
        wakeJointBodies(j)
    }
}
