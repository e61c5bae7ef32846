// GrooveJoint.swift — a point of body B slides along a segment fixed in body A.

struct GrooveJointData: Sendable {
    /// Groove direction (unit) in A's frame and its length; the groove starts at localAnchorA.
    var localAxis: Vec2
    var length: Double
    var axisFrame = Vec2.zero        // world orientation at step start
    var perpImpulse = 0.0
    var lowerImpulse = 0.0
    var upperImpulse = 0.0

    func warmStart(_ j: Joint, _ ctx: JointContext) {
        let sA = ctx.states[Int(j.indexA)], sB = ctx.states[Int(j.indexB)]
        let (rA, rB, d) = j.anchors(sA, sB)
        let axis = sA.dq.rotate(axisFrame), perp = axis.leftPerp
        let axial = lowerImpulse - upperImpulse
        let P = perpImpulse * perp + axial * axis
        let LA = perpImpulse * cross(d + rA, perp) + axial * cross(d + rA, axis)
        let LB = perpImpulse * cross(rB, perp) + axial * cross(rB, axis)
        let s = ctx.states
        s[Int(j.indexA)].v -= j.mA * P; s[Int(j.indexA)].w -= j.iA * LA
        s[Int(j.indexB)].v += j.mB * P; s[Int(j.indexB)].w += j.iB * LB
    }

    /// One row of the constraint along `dir`; returns the applied impulse.
    @inline(__always) func row(_ j: Joint, _ ctx: JointContext, dir: Vec2, d: Vec2, rA: Vec2, rB: Vec2,
                               bias: Double, massScale: Double, impulseScale: Double, accumulated: Double) -> Double {
        let s = ctx.states
        let sA = s[Int(j.indexA)], sB = s[Int(j.indexB)]
        let a1 = cross(d + rA, dir), a2 = cross(rB, dir)
        let k = j.mA + j.mB + j.iA * a1 * a1 + j.iB * a2 * a2
        if k == 0 { return 0 }
        let cdot = dot(dir, sB.v - sA.v) + a2 * sB.w - a1 * sA.w
        return -massScale / k * (cdot + bias) - impulseScale * accumulated
    }

    @inline(__always) func apply(_ j: Joint, _ ctx: JointContext, dir: Vec2, d: Vec2, rA: Vec2, rB: Vec2, _ impulse: Double) {
        let s = ctx.states
        let P = impulse * dir
        s[Int(j.indexA)].v -= j.mA * P; s[Int(j.indexA)].w -= j.iA * impulse * cross(d + rA, dir)
        s[Int(j.indexB)].v += j.mB * P; s[Int(j.indexB)].w += j.iB * impulse * cross(rB, dir)
    }

    mutating func solve(_ j: Joint, _ ctx: JointContext, useBias: Bool) {
        let sA = ctx.states[Int(j.indexA)], sB = ctx.states[Int(j.indexB)]
        let (rA, rB, d) = j.anchors(sA, sB)
        let axis = sA.dq.rotate(axisFrame), perp = axis.leftPerp
        let translation = dot(axis, d)
        // Ends of the groove.
        do {
            let (bias, ms, isc) = limitBias(translation, ctx, useBias)
            let delta = row(j, ctx, dir: axis, d: d, rA: rA, rB: rB, bias: bias, massScale: ms, impulseScale: isc, accumulated: lowerImpulse)
            let n = max(0, lowerImpulse + delta)
            apply(j, ctx, dir: axis, d: d, rA: rA, rB: rB, n - lowerImpulse)
            lowerImpulse = n
        }
        do {
            let (bias, ms, isc) = limitBias(length - translation, ctx, useBias)
            let delta = row(j, ctx, dir: -axis, d: d, rA: rA, rB: rB, bias: bias, massScale: ms, impulseScale: isc, accumulated: upperImpulse)
            let n = max(0, upperImpulse + delta)
            apply(j, ctx, dir: -axis, d: d, rA: rA, rB: rB, n - upperImpulse)
            upperImpulse = n
        }
        // Stay on the line.
        let c = dot(perp, d)
        var bias = 0.0, ms = 1.0, isc = 0.0
        if useBias { bias = ctx.softness.biasRate * c; ms = ctx.softness.massScale; isc = ctx.softness.impulseScale }
        let delta = row(j, ctx, dir: perp, d: d, rA: rA, rB: rB, bias: bias, massScale: ms, impulseScale: isc, accumulated: perpImpulse)
        perpImpulse += delta
        apply(j, ctx, dir: perp, d: d, rA: rA, rB: rB, delta)
    }
}

extension World {
    /// Chipmunk's groove joint: the world point `anchorB` of body B stays on
    /// the segment `grooveStart`–`grooveEnd` (world points at creation) fixed in body A.
    @discardableResult
    public mutating func createGrooveJoint(_ bodyA: BodyID?, _ bodyB: BodyID, grooveStart: Vec2, grooveEnd: Vec2, anchorB: Vec2,
                                           options: JointOptions = JointOptions()) throws(PhysicsError) -> JointID {
        let la = bodyA == nil ? grooveStart : try localPoint(of: bodyA!, world: grooveStart)
        let laEnd = bodyA == nil ? grooveEnd : try localPoint(of: bodyA!, world: grooveEnd)
        let lb = try localPoint(of: bodyB, world: anchorB)
        let axis = laEnd - la
        guard axis.length > 0 else { throw .invalidGeometry("groove needs two distinct points") }
        return try addJoint(bodyA, bodyB, localAnchorA: la, localAnchorB: lb, options: options,
                            kind: .groove(GrooveJointData(localAxis: axis.normalized, length: axis.length)))
    }
}
