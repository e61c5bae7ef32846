// GearJoint.swift — ratio·angleB − angleA = phase (Chipmunk's gear joint).

struct GearData: Sendable {
    var phase: Double
    var ratio: Double
    var impulse = 0.0

    func warmStart(_ j: Joint, _ ctx: JointContext) {
        let s = ctx.states
        s[Int(j.indexA)].w -= j.iA * impulse
        s[Int(j.indexB)].w += j.iB * ratio * impulse
    }

    mutating func solve(_ j: Joint, _ ctx: JointContext, useBias: Bool) {
        let s = ctx.states
        let sA = s[Int(j.indexA)], sB = s[Int(j.indexB)]
        let k = j.iA + ratio * ratio * j.iB
        if k == 0 { return }
        let c = ratio * (j.angleB + sB.dq.angle) - (j.angleA + sA.dq.angle) - phase
        var bias = 0.0, ms = 1.0, isc = 0.0
        if useBias { bias = ctx.softness.biasRate * c; ms = ctx.softness.massScale; isc = ctx.softness.impulseScale }
        let cdot = ratio * sB.w - sA.w
        let delta = -ms / k * (cdot + bias) - isc * impulse
        impulse += delta
        s[Int(j.indexA)].w -= j.iA * delta
        s[Int(j.indexB)].w += j.iB * ratio * delta
    }
}

extension World {
    /// Chipmunk's gear joint: keeps ratio·angleB − angleA at its current value
    /// (or at `phase` when given).
    @discardableResult
    public mutating func createGearJoint(_ bodyA: BodyID?, _ bodyB: BodyID, ratio: Double, phase: Double? = nil,
                                         options: JointOptions = JointOptions(collideConnected: true)) throws(PhysicsError) -> JointID {
        let angleA = bodyA == nil ? 0 : try angle(of: bodyA!)
        let angleB = try angle(of: bodyB)
        let ph = phase ?? (ratio * angleB - angleA)
        return try addJoint(bodyA, bodyB, localAnchorA: .zero, localAnchorB: .zero, options: options, kind: .gear(GearData(phase: ph, ratio: ratio)))
    }
}
