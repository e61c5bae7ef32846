// PivotJoint.swift — a shared point (Chipmunk's pivot, Box2D's revolute without motor/limit).

struct PivotJointData: Sendable {
    var impulse = Vec2.zero

    func warmStart(_ j: Joint, _ ctx: JointContext) {
        let (rA, rB, _) = j.anchors(ctx.states[Int(j.indexA)], ctx.states[Int(j.indexB)])
        j.applyLinearImpulse(impulse, rA: rA, rB: rB, ctx)
    }

    mutating func solve(_ j: Joint, _ ctx: JointContext, useBias: Bool) {
        let sA = ctx.states[Int(j.indexA)], sB = ctx.states[Int(j.indexB)]
        let (rA, rB, d) = j.anchors(sA, sB)
        var bias = Vec2.zero, massScale = 1.0, impulseScale = 0.0
        if useBias {
            bias = ctx.softness.biasRate * d
            massScale = ctx.softness.massScale
            impulseScale = ctx.softness.impulseScale
        }
        let cdot = (sB.v + cross(sB.w, rB)) - (sA.v + cross(sA.w, rA))
        let b = solvePointMass(j, rA: rA, rB: rB, cdot + bias)
        let delta = Vec2(-massScale * b.x - impulseScale * impulse.x, -massScale * b.y - impulseScale * impulse.y)
        impulse += delta
        j.applyLinearImpulse(delta, rA: rA, rB: rB, ctx)
    }
}

/// Solves K·x = v for the 2×2 point-constraint mass matrix. O(1).
@inline(__always) func solvePointMass(_ j: Joint, rA: Vec2, rB: Vec2, _ v: Vec2) -> Vec2 {
    let mA = j.mA, mB = j.mB, iA = j.iA, iB = j.iB
    let k11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
    let k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
    let k22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
    var det = k11 * k22 - k12 * k12
    if det != 0 { det = 1 / det }
    return Vec2(det * (k22 * v.x - k12 * v.y), det * (k11 * v.y - k12 * v.x))
}

extension World {
    /// Pins two bodies together at a world point (they rotate freely about it).
    /// `bodyA` nil pins `bodyB` to the world.
    @discardableResult
    public mutating func createPivotJoint(_ bodyA: BodyID?, _ bodyB: BodyID, worldPivot: Vec2,
                                          options: JointOptions = JointOptions()) throws(PhysicsError) -> JointID {
        let la = bodyA == nil ? worldPivot : try localPoint(of: bodyA!, world: worldPivot)
        let lb = try localPoint(of: bodyB, world: worldPivot)
        return try addJoint(bodyA, bodyB, localAnchorA: la, localAnchorB: lb, options: options, kind: .pivot(PivotJointData()))
    }
}
