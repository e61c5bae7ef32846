// ContactSolver.swift — soft-step contact constraints (Box2D v3 `contact_solver.c`).
//
// Per step, each touching contact becomes a `ContactConstraint` holding
// everything its sub-step solves need (anchors, effective masses, inverse
// masses), so the inner loops read two body states and one constraint and
// nothing else. Non-penetration is a soft constraint (stiffness
// `contactHertz`, heavy damping) with speculative handling of points that
// are still apart; friction is a Coulomb cone clamped by the normal
// impulse; restitution is a separate pass after the sub-steps using the
// approach speed measured when the step began.

struct ContactConstraintPoint: Sendable {
    var anchorA = Vec2.zero
    var anchorB = Vec2.zero
    var baseSeparation = 0.0
    var relativeVelocity = 0.0
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    var maxNormalImpulse = 0.0
    var normalMass = 0.0
    var tangentMass = 0.0
    /// Sum over sub-steps of the impulse applied in each (for events and forces).
    var totalNormalImpulse = 0.0
}

struct ContactConstraint: Sendable {
    var contact: Int32 = -1
    var indexA: Int32 = 0
    var indexB: Int32 = 0
    var normal = Vec2.zero
    var friction = 0.0
    var restitution = 0.0
    var tangentSpeed = 0.0
    var invMassA = 0.0, invIA = 0.0, invMassB = 0.0, invIB = 0.0
    var softness = Softness()
    var pointCount = 0
    var p0 = ContactConstraintPoint()
    var p1 = ContactConstraintPoint()
}

@inline(__always) func preparePoint(_ mp: ManifoldPoint, normal: Vec2, mA: Double, iA: Double, mB: Double, iB: Double,
                                    vA: Vec2, wA: Double, vB: Vec2, wB: Double) -> ContactConstraintPoint {
    var cp = ContactConstraintPoint()
    // Warm start with the impulses this point had last step.
    cp.normalImpulse = mp.normalImpulse
    cp.tangentImpulse = mp.tangentImpulse
    let rA = mp.anchorA, rB = mp.anchorB
    cp.anchorA = rA
    cp.anchorB = rB
    cp.baseSeparation = mp.separation - dot(rB - rA, normal)
    let rnA = cross(rA, normal), rnB = cross(rB, normal)
    let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
    cp.normalMass = kNormal > 0 ? 1 / kNormal : 0
    let tangent = normal.rightPerp
    let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
    let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
    cp.tangentMass = kTangent > 0 ? 1 / kTangent : 0
    let vrA = vA + cross(wA, rA), vrB = vB + cross(wB, rB)
    cp.relativeVelocity = dot(normal, vrB - vrA)
    return cp
}

@inline(__always) func warmStart(_ c: inout ContactConstraint, _ s: UnsafeMutablePointer<BodyState>) {
    let a = Int(c.indexA), b = Int(c.indexB)
    var vA = s[a].v, wA = s[a].w, vB = s[b].v, wB = s[b].w
    let normal = c.normal, tangent = c.normal.rightPerp
    for j in 0..<c.pointCount {
        let cp = j == 0 ? c.p0 : c.p1
        let P = cp.normalImpulse * normal + cp.tangentImpulse * tangent
        wA -= c.invIA * cross(cp.anchorA, P)
        vA -= c.invMassA * P
        wB += c.invIB * cross(cp.anchorB, P)
        vB += c.invMassB * P
    }
    s[a].v = vA; s[a].w = wA; s[b].v = vB; s[b].w = wB
}

@inline(__always) func solveContact(_ c: inout ContactConstraint, _ s: UnsafeMutablePointer<BodyState>,
                                    invH: Double, useBias: Bool, maxBiasVelocity: Double) {
    let a = Int(c.indexA), b = Int(c.indexB)
    let stA = s[a], stB = s[b]
    var vA = stA.v, wA = stA.w, vB = stB.v, wB = stB.w
    let dp = stB.dp - stA.dp
    let qA = stA.dq, qB = stB.dq
    let normal = c.normal, tangent = normal.rightPerp
    let mA = c.invMassA, iA = c.invIA, mB = c.invMassB, iB = c.invIB
    let soft = c.softness
    for j in 0..<c.pointCount {
        var cp = j == 0 ? c.p0 : c.p1
        let rA = cp.anchorA, rB = cp.anchorB
        // Current separation from the motion since the step began.
        let prA = qA.rotate(rA), prB = qB.rotate(rB)
        let sep = dot(dp + prB - prA, normal) + cp.baseSeparation
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if sep > 0 {
            // Speculative: allow exactly the approach that closes the gap this sub-step.
            bias = sep * invH
        } else if useBias {
            bias = max(soft.biasRate * sep, -maxBiasVelocity)
            massScale = soft.massScale
            impulseScale = soft.impulseScale
        }
        let vrA = vA + cross(wA, rA), vrB = vB + cross(wB, rB)
        let vn = dot(vrB - vrA, normal)
        var impulse = -cp.normalMass * massScale * (vn + bias) - impulseScale * cp.normalImpulse
        let newImpulse = max(cp.normalImpulse + impulse, 0)
        impulse = newImpulse - cp.normalImpulse
        cp.normalImpulse = newImpulse
        cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
        // After the relax pass the accumulated impulse is what this sub-step applied.
        if !useBias { cp.totalNormalImpulse += newImpulse }
        let P = impulse * normal
        vA -= mA * P; wA -= iA * cross(rA, P)
        vB += mB * P; wB += iB * cross(rB, P)
        if j == 0 { c.p0 = cp } else { c.p1 = cp }
    }
    let friction = c.friction
    for j in 0..<c.pointCount {
        var cp = j == 0 ? c.p0 : c.p1
        let rA = cp.anchorA, rB = cp.anchorB
        let vrA = vA + cross(wA, rA), vrB = vB + cross(wB, rB)
        // Surface speed: the tangent velocity the surfaces want to slide at.
        let vt = dot(vrB - vrA, tangent) + c.tangentSpeed
        var impulse = -cp.tangentMass * vt
        let maxFriction = friction * cp.normalImpulse
        let newImpulse = clamp(cp.tangentImpulse + impulse, -maxFriction, maxFriction)
        impulse = newImpulse - cp.tangentImpulse
        cp.tangentImpulse = newImpulse
        let P = impulse * tangent
        vA -= mA * P; wA -= iA * cross(rA, P)
        vB += mB * P; wB += iB * cross(rB, P)
        if j == 0 { c.p0 = cp } else { c.p1 = cp }
    }
    s[a].v = vA; s[a].w = wA; s[b].v = vB; s[b].w = wB
}

@inline(__always) func applyRestitution(_ c: inout ContactConstraint, _ s: UnsafeMutablePointer<BodyState>, threshold: Double) {
    if c.restitution == 0 { return }
    let a = Int(c.indexA), b = Int(c.indexB)
    var vA = s[a].v, wA = s[a].w, vB = s[b].v, wB = s[b].w
    let normal = c.normal
    let mA = c.invMassA, iA = c.invIA, mB = c.invMassB, iB = c.invIB
    for j in 0..<c.pointCount {
        var cp = j == 0 ? c.p0 : c.p1
        // Skip slow approaches and speculative points that never pushed.
        if cp.relativeVelocity > -threshold || cp.maxNormalImpulse == 0 { continue }
        let rA = cp.anchorA, rB = cp.anchorB
        let vrA = vA + cross(wA, rA), vrB = vB + cross(wB, rB)
        let vn = dot(vrB - vrA, normal)
        var impulse = -cp.normalMass * (vn + c.restitution * cp.relativeVelocity)
        let newImpulse = max(cp.normalImpulse + impulse, 0)
        impulse = newImpulse - cp.normalImpulse
        cp.normalImpulse = newImpulse
        cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
        cp.totalNormalImpulse += impulse
        let P = impulse * normal
        vA -= mA * P; wA -= iA * cross(rA, P)
        vB += mB * P; wB += iB * cross(rB, P)
        if j == 0 { c.p0 = cp } else { c.p1 = cp }
    }
    s[a].v = vA; s[a].w = wA; s[b].v = vB; s[b].w = wB
}
