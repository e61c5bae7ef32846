// DampedRotarySpringJoint.swift — a torsion spring-damper on the relative angle.
// Integrated like the linear spring (see DampedSpringJoint.swift): explicit
// stiffness, implicit damping, implicit fallback for very stiff springs.

struct DampedRotarySpringData: Sendable {
    /// Relative angle B − A at rest, radians.
    var restAngle: Double
    /// Torque per radian, mass·units²/s².
    var stiffness: Double
    /// Torque per radian/s.
    var damping: Double

    func apply(_ j: Joint, _ ctx: JointContext) {
        let invK = j.iA + j.iB
        if invK == 0 { return }
        let s = ctx.states
        let sA = s[Int(j.indexA)], sB = s[Int(j.indexB)]
        let x = j.relativeAngleNow(sA, sB) - restAngle
        let w = sB.w - sA.w
        let h = ctx.h
        let omegaH2 = stiffness * h * h * invK
        let extra = omegaH2 <= 0.25 ? 0 : omegaH2
        let wNew = (w - h * stiffness * x * invK) / (1 + h * damping * invK + extra)
        j.applyAngularImpulse((wNew - w) / invK, ctx)
    }
}

extension World {
    /// Chipmunk's damped rotary spring. `restAngle` is the relative angle
    /// (angle B − angle A, radians) at rest; default the current one.
    @discardableResult
    public mutating func createDampedRotarySpring(_ bodyA: BodyID?, _ bodyB: BodyID, restAngle: Double? = nil,
                                                  stiffness: Double, damping: Double,
                                                  options: JointOptions = JointOptions(collideConnected: true)) throws(PhysicsError) -> JointID {
        let rel = try relativeAngleOf(bodyA, bodyB)
        return try addJoint(bodyA, bodyB, localAnchorA: .zero, localAnchorB: .zero, options: options,
                            kind: .rotarySpring(DampedRotarySpringData(restAngle: restAngle ?? rel, stiffness: stiffness, damping: damping)))
    }

    func relativeAngleOf(_ a: BodyID?, _ b: BodyID) throws(PhysicsError) -> Double {
        let angleA = a == nil ? 0 : try angle(of: a!)
        return try angle(of: b) - angleA
    }
}
