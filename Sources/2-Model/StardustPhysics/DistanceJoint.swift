// DistanceJoint.swift — keeps two anchors at a distance, or within a range.
//
// Chipmunk's pin joint is the fixed-length case (min = max); its slide joint
// is the range case. Limits are one-sided and speculative: the rope may go
// slack, and a fast body is stopped exactly at the limit.

struct DistanceJointData: Sendable {
    var minLength: Double
    var maxLength: Double
    var impulse = 0.0
    var lowerImpulse = 0.0
    var upperImpulse = 0.0

    func warmStart(_ j: Joint, _ ctx: JointContext) {
        let (rA, rB, d) = j.anchors(ctx.states[Int(j.indexA)], ctx.states[Int(j.indexB)])
        let axis = d.normalized
        j.applyLinearImpulse((impulse + lowerImpulse - upperImpulse) * axis, rA: rA, rB: rB, ctx)
    }

    mutating func solve(_ j: Joint, _ ctx: JointContext, useBias: Bool) {
        let sA = ctx.states[Int(j.indexA)], sB = ctx.states[Int(j.indexB)]
        let (rA, rB, d) = j.anchors(sA, sB)
        let length = d.length
        let axis = d.normalized
        let crA = cross(rA, axis), crB = cross(rB, axis)
        let k = j.mA + j.mB + j.iA * crA * crA + j.iB * crB * crB
        if k == 0 { return }
        let axialMass = 1 / k
        let vr = (sB.v + cross(sB.w, rB)) - (sA.v + cross(sA.w, rA))
        let cdot = dot(axis, vr)
        if minLength == maxLength {
            let c = length - minLength
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if useBias {
                bias = ctx.softness.biasRate * c
                massScale = ctx.softness.massScale
                impulseScale = ctx.softness.impulseScale
            }
            let delta = -massScale * axialMass * (cdot + bias) - impulseScale * impulse
            impulse += delta
            j.applyLinearImpulse(delta * axis, rA: rA, rB: rB, ctx)
            return
        }
        // Lower limit: length ≥ minLength.
        do {
            let c = length - minLength
            let (bias, ms, isc) = limitBias(c, ctx, useBias)
            let delta = -ms * axialMass * (cdot + bias) - isc * lowerImpulse
            let newImpulse = max(0, lowerImpulse + delta)
            let applied = newImpulse - lowerImpulse
            lowerImpulse = newImpulse
            j.applyLinearImpulse(applied * axis, rA: rA, rB: rB, ctx)
        }
        // Upper limit: length ≤ maxLength (re-read velocities after the lower limit).
        do {
            let sA = ctx.states[Int(j.indexA)], sB = ctx.states[Int(j.indexB)]
            let vr = (sB.v + cross(sB.w, rB)) - (sA.v + cross(sA.w, rA))
            let c = maxLength - length
            let (bias, ms, isc) = limitBias(c, ctx, useBias)
            let delta = -ms * axialMass * (-dot(axis, vr) + bias) - isc * upperImpulse
            let newImpulse = max(0, upperImpulse + delta)
            let applied = newImpulse - upperImpulse
            upperImpulse = newImpulse
            j.applyLinearImpulse(-applied * axis, rA: rA, rB: rB, ctx)
        }
    }
}

/// Bias, mass scale and impulse scale of a one-sided limit with error `c` (≥ 0 is satisfied).
@inline(__always) func limitBias(_ c: Double, _ ctx: JointContext, _ useBias: Bool) -> (Double, Double, Double) {
    if c > 0 { return (c * ctx.invH, 1, 0) }
    if useBias { return (ctx.softness.biasRate * c, ctx.softness.massScale, ctx.softness.impulseScale) }
    return (0, 1, 0)
}

extension World {
    /// Chipmunk's pin joint: keeps the anchors (world points, at creation) at
    /// their current distance. `bodyA` nil anchors to the world.
    @discardableResult
    public mutating func createPinJoint(_ bodyA: BodyID?, _ bodyB: BodyID, anchorA: Vec2, anchorB: Vec2,
                                        options: JointOptions = JointOptions()) throws(PhysicsError) -> JointID {
        let length = (anchorB - anchorA).length
        return try createSlideJoint(bodyA, bodyB, anchorA: anchorA, anchorB: anchorB, minLength: length, maxLength: length, options: options)
    }

    /// Chipmunk's slide joint: the anchor distance stays within
    /// [minLength, maxLength] (a rope when min is 0). Equal bounds make a pin.
    @discardableResult
    public mutating func createSlideJoint(_ bodyA: BodyID?, _ bodyB: BodyID, anchorA: Vec2, anchorB: Vec2,
                                          minLength: Double, maxLength: Double,
                                          options: JointOptions = JointOptions()) throws(PhysicsError) -> JointID {
        let la = bodyA == nil ? anchorA : try localPoint(of: bodyA!, world: anchorA)
        let lb = try localPoint(of: bodyB, world: anchorB)
        let lo = max(0, min(minLength, maxLength)), hi = max(minLength, maxLength)
        return try addJoint(bodyA, bodyB, localAnchorA: la, localAnchorB: lb, options: options,
                            kind: .distance(DistanceJointData(minLength: lo, maxLength: hi)))
    }
}
