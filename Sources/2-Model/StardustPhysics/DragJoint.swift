// DragJoint.swift — a finger dragging a body (Box2D's mouse joint, Chipmunk's
// pivot-to-a-static-body with maxForce and errorBias).
//
// The anchor on body B is pulled towards `target`, a world point the caller
// moves. The pull corrects the fraction (1 − errorBias) of the error per
// second, at most `maxBias` units/s, and never with more than `maxForce`:
// the accumulated impulse of each sub-step is clamped to maxForce·h, and a
// sub-step's accumulated impulse is exactly what the body receives in that
// sub-step (warm start + increments), so the step's average force is
// bounded by maxForce. That bound is what makes a heavy card lag and swing.

struct DragJointData: Sendable {
    var target: Vec2
    var maxForce: Double
    /// Fraction of the error left after one second (Chipmunk's errorBias). Default (1 − 0.1)^60.
    var errorBias: Double
    /// Largest correction speed, units/s.
    var maxBias: Double
    /// Extra angular damping of the dragged body, 1/s (a finger's grip). Default 0.
    var angularDamping: Double
    var impulse = Vec2.zero

    func warmStart(_ j: Joint, _ ctx: JointContext) {
        let rB = ctx.states[Int(j.indexB)].dq.rotate(j.frameB)
        let rA = ctx.states[Int(j.indexA)].dq.rotate(j.frameA)
        j.applyLinearImpulse(impulse, rA: rA, rB: rB, ctx)
    }

    mutating func solve(_ j: Joint, _ ctx: JointContext) {
        let s = ctx.states
        let sA = s[Int(j.indexA)], sB = s[Int(j.indexB)]
        let (rA, rB, d) = j.anchors(sA, sB)
        // d = anchorB − anchorA; anchor A is the target (deltaCenter includes it).
        let h = ctx.h
        var biasRate = errorBias >= 1 ? 0 : (1 - pow(errorBias, h)) * ctx.invH
        if !(biasRate.isFinite) { biasRate = ctx.invH }
        var bias = biasRate * d
        let bl = bias.length
        if bl > maxBias && bl > 0 { bias = (maxBias / bl) * bias }
        let cdot = (sB.v + cross(sB.w, rB)) - (sA.v + cross(sA.w, rA))
        let b = solvePointMass(j, rA: rA, rB: rB, cdot + bias)
        let old = impulse
        var acc = old - b
        let maxImpulse = maxForce * h
        let al = acc.length
        if al > maxImpulse { acc = (maxImpulse / al) * acc }
        impulse = acc
        j.applyLinearImpulse(acc - old, rA: rA, rB: rB, ctx)
        if angularDamping > 0 && j.iB > 0 {
            let w = s[Int(j.indexB)].w
            s[Int(j.indexB)].w = w / (1 + h * angularDamping)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension World {
    /// Grabs `body` at the world point `grab` and pulls that point towards
    /// the target (initially `grab`). Move it with ``setDragTarget(_:_:)``.
    /// - Parameters:
    ///   - body: the body to drag.
    ///   - grab: the world point where the body is grabbed (and the first target).
    ///   - maxForce: mass·units/s²; typically 1000 × mass × g for a firm
    ///     grip, lower to let a heavy body lag. Default: 1000 × mass × |gravity| (or 1000 × mass).
    ///   - errorBias: fraction of the distance left after 1 s. Default (1 − 0.1)^60
    ///     (10 % per 1/60 s, Chipmunk's default).
    ///   - maxBias: fastest pull, units/s. Default unlimited.
    ///   - angularDamping: damping of the body's rotation while dragged (1/s). Default 0.
    @discardableResult
    public mutating func createDragJoint(_ body: BodyID, grab: Vec2, maxForce: Double? = nil,
                                         errorBias: Double = pow(1 - 0.1, 60), maxBias: Double = .infinity,
                                         angularDamping: Double = 0) throws(PhysicsError) -> JointID {
        let lb = try localPoint(of: body, world: grab)
        let m = try mass(of: body)
        let g = max(gravity.length, 1)
        let data = DragJointData(target: grab, maxForce: maxForce ?? 1000 * m * g, errorBias: errorBias,
                                 maxBias: maxBias, angularDamping: angularDamping)
        return try addJoint(nil, body, localAnchorA: grab, localAnchorB: lb, options: JointOptions(collideConnected: true), kind: .drag(data))
    }

    /// Moves the finger. Wakes the body.
    public mutating func setDragTarget(_ id: JointID, _ target: Vec2) throws(PhysicsError) {
        let j = try checkJoint(id)
        guard case .drag(var d) = joints[j].kind else { return }
        d.target = target
        joints[j].kind = .drag(d)
        joints[j].localAnchorA = target
        wakeJointBodies(j)
    }

    /// Sets the largest force (mass·units/s²) the drag joint may apply. Throws when `id` is not a live joint.
    public mutating func setDragMaxForce(_ id: JointID, _ maxForce: Double) throws(PhysicsError) {
        let j = try checkJoint(id)
        guard case .drag(var d) = joints[j].kind else { return }
        d.maxForce = maxForce
        joints[j].kind = .drag(d)
    }
}
