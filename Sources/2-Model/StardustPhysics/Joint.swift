// Joint.swift — what every joint shares, and the dispatch over joint kinds.
//
// Joints are an enum of value payloads (one file per kind), dispatched by
// `switch`: no protocols, no classes. Rigid joints are soft constraints in
// Box2D v3's style (stiffness `jointHertz`, solved in every sub-step with
// bias, then relaxed without it). The two spring joints are not
// constraints: they are force elements applied at the start of each
// sub-step (symplectic Euler), which keeps an undamped spring's energy and
// period (see DampedSpringJoint.swift).

/// Kind-specific joint data.
enum JointKind: Sendable {
    case pivot(PivotJointData)
    case distance(DistanceJointData)
    case groove(GrooveJointData)
    case spring(DampedSpringData)
    case rotarySpring(DampedRotarySpringData)
    case rotaryLimit(RotaryLimitData)
    case ratchet(RatchetData)
    case gear(GearData)
    case motor(SimpleMotorData)
    case drag(DragJointData)
}

/// Options every joint has.
public struct JointOptions: Sendable, Hashable {
    /// Whether the two joined bodies still collide with each other. Default false.
    public var collideConnected = false
    /// Free for the caller. Default 0.
    public var userData = 0
    /// Options with `collideConnected` (default false) and `userData` (default 0).
    public init(collideConnected: Bool = false, userData: Int = 0) { self.collideConnected = collideConnected; self.userData = userData }
}

struct Joint: Sendable {
    /// Body slots; -1 means the static world frame (anchor in world coordinates).
    var bodyA: Int32
    var bodyB: Int32
    /// Anchors in the body frames (relative to the body origin).
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    var collideConnected: Bool
    var userData: Int
    var kind: JointKind

    // Solver data, refreshed in `prepare` each step.
    var indexA: Int32 = 0
    var indexB: Int32 = 0
    var frameA = Vec2.zero          // anchor − center, world orientation at step start
    var frameB = Vec2.zero
    var deltaCenter = Vec2.zero     // centerB − centerA at step start
    var mA = 0.0, iA = 0.0, mB = 0.0, iB = 0.0
    /// Unwrapped body angles at step start: rotary joints count whole turns.
    var angleA = 0.0
    var angleB = 0.0
    /// Sum over the step's sub-steps of the linear impulse applied (drag joint: force = this / dt).
    var stepImpulse = Vec2.zero
    var stepAngularImpulse = 0.0
}

/// Sub-step constants shared by all joints.
struct JointContext {
    var h: Double
    var invH: Double
    var softness: Softness
    var states: UnsafeMutablePointer<BodyState>
}

/// `angle` advanced from `previous` by the shortest turn: keeps counting turns.
@inline(__always) func unwrap(_ angle: Double, near previous: Double) -> Double {
    var d = angle - previous
    let twoPi = 2 * Double.pi
    d -= twoPi * (d / twoPi).rounded()
    return previous + d
}

extension Joint {
    /// Current anchors (relative to the centers, current orientation) and the anchor separation B − A.
    @inline(__always) func anchors(_ sA: BodyState, _ sB: BodyState) -> (rA: Vec2, rB: Vec2, d: Vec2) {
        let rA = sA.dq.rotate(frameA), rB = sB.dq.rotate(frameB)
        return (rA, rB, (sB.dp - sA.dp) + deltaCenter + (rB - rA))
    }

    /// Relative angle B − A now (unwrapped), from the step-start angles and the sub-step rotations.
    @inline(__always) func relativeAngleNow(_ sA: BodyState, _ sB: BodyState) -> Double {
        (angleB + sB.dq.angle) - (angleA + sA.dq.angle)
    }

    mutating func warmStart(_ ctx: JointContext) {
        switch kind {
        case .pivot(let d): d.warmStart(self, ctx)
        case .distance(let d): d.warmStart(self, ctx)
        case .groove(let d): d.warmStart(self, ctx)
        case .rotaryLimit(let d): applyAngularImpulse(d.lowerImpulse - d.upperImpulse, ctx)
        case .ratchet(let d): applyAngularImpulse(d.impulse * d.sign, ctx)
        case .gear(let d): d.warmStart(self, ctx)
        case .motor(let d): applyAngularImpulse(d.impulse, ctx)
        case .drag(let d): d.warmStart(self, ctx)
        case .spring, .rotarySpring: break
        }
    }

    mutating func solve(_ ctx: JointContext, useBias: Bool) {
        switch kind {
        case .pivot(var d): d.solve(self, ctx, useBias: useBias); kind = .pivot(d)
        case .distance(var d): d.solve(self, ctx, useBias: useBias); kind = .distance(d)
        case .groove(var d): d.solve(self, ctx, useBias: useBias); kind = .groove(d)
        case .rotaryLimit(var d): d.solve(self, ctx, useBias: useBias); kind = .rotaryLimit(d)
        case .ratchet(var d): d.solve(self, ctx, useBias: useBias); kind = .ratchet(d)
        case .gear(var d): d.solve(self, ctx, useBias: useBias); kind = .gear(d)
        case .motor(var d): d.solve(self, ctx); kind = .motor(d)
        case .drag(var d): d.solve(self, ctx); kind = .drag(d)
        case .spring, .rotarySpring: break
        }
    }

    /// Force elements act here, once per sub-step, before the constraints.
    mutating func applySpringForces(_ ctx: JointContext) {
        switch kind {
        case .spring(let d): d.apply(self, ctx)
        case .rotarySpring(let d): d.apply(self, ctx)
        default: break
        }
    }

    /// After each sub-step's relax pass: the accumulated impulse is what this sub-step applied.
    mutating func accumulateStepImpulse() {
        switch kind {
        case .drag(let d): stepImpulse += d.impulse
        case .pivot(let d): stepImpulse += d.impulse
        case .motor(let d): stepAngularImpulse += d.impulse
        default: break
        }
    }

    @inline(__always) func applyAngularImpulse(_ L: Double, _ ctx: JointContext) {
        let s = ctx.states
        s[Int(indexA)].w -= iA * L
        s[Int(indexB)].w += iB * L
    }

    @inline(__always) func applyLinearImpulse(_ P: Vec2, rA: Vec2, rB: Vec2, _ ctx: JointContext) {
        let s = ctx.states
        s[Int(indexA)].v -= mA * P
        s[Int(indexA)].w -= iA * cross(rA, P)
        s[Int(indexB)].v += mB * P
        s[Int(indexB)].w += iB * cross(rB, P)
    }
}

/// One-sided angular constraint s·(θ − θ₀) ≥ 0 shared by the rotary limit and the ratchet.
/// Returns the new accumulated impulse (≥ 0).
@inline(__always) func solveAngularLimit(_ j: Joint, _ ctx: JointContext, c: Double, sign: Double,
                                         accumulated: Double, useBias: Bool) -> Double {
    let sA = ctx.states[Int(j.indexA)], sB = ctx.states[Int(j.indexB)]
    var bias = 0.0, massScale = 1.0, impulseScale = 0.0
    if c > 0 {
        bias = c * ctx.invH          // speculative: may close the gap this sub-step
    } else if useBias {
        bias = ctx.softness.biasRate * c
        massScale = ctx.softness.massScale
        impulseScale = ctx.softness.impulseScale
    }
    let k = j.iA + j.iB
    if k == 0 { return accumulated }
    let cdot = sign * (sB.w - sA.w)
    let impulse = -massScale / k * (cdot + bias) - impulseScale * accumulated
    let newImpulse = max(accumulated + impulse, 0)
    j.applyAngularImpulse(sign * (newImpulse - accumulated), ctx)
    return newImpulse
}

extension World {
    /// Is there a joint between a and b that turns their collision off?
    func jointsPreventCollision(_ a: Int32, _ b: Int32) -> Bool {
        if joints.isEmpty { return false }
        for j in 0..<joints.count where jointIDs.alive[j] && !joints[j].collideConnected {
            let jt = joints[j]
            if (jt.bodyA == a && jt.bodyB == b) || (jt.bodyA == b && jt.bodyB == a) { return true }
        }
        return false
    }

    func checkJoint(_ id: JointID) throws(PhysicsError) -> Int {
        guard isValid(id) else { throw .invalidJoint(id) }
        return Int(id.index)
    }

    /// Adds a joint; wakes both bodies and removes contacts the joint disables. `bodyA` nil = world frame.
    mutating func addJoint(_ bodyA: BodyID?, _ bodyB: BodyID, localAnchorA: Vec2, localAnchorB: Vec2,
                           options: JointOptions, kind: JointKind) throws(PhysicsError) -> JointID {
        let a: Int32 = bodyA == nil ? -1 : Int32(try check(bodyA!))
        let b = Int32(try check(bodyB))
        let (index, generation) = jointIDs.allocate()
        var j = Joint(bodyA: a, bodyB: b, localAnchorA: localAnchorA, localAnchorB: localAnchorB,
                      collideConnected: options.collideConnected, userData: options.userData, kind: kind)
        j.angleA = a >= 0 ? bodySims[Int(a)].transform.q.angle : 0
        j.angleB = bodySims[Int(b)].transform.q.angle
        if Int(index) == joints.count { joints.append(j) } else { joints[Int(index)] = j }
        if !options.collideConnected && a >= 0 {
            for c in 0..<contacts.count where contacts[c].live &&
                ((contacts[c].bodyA == a && contacts[c].bodyB == b) || (contacts[c].bodyA == b && contacts[c].bodyB == a)) {
                destroyContact(Int32(c), wakeBodies: false)
            }
        }
        if a >= 0 { wakeBody(a) }
        wakeBody(b)
        return JointID(index: index, generation: generation)
    }

    mutating func destroyJointAt(_ j: Int32) {
        let jt = joints[Int(j)]
        if jt.bodyA >= 0 { wakeBody(jt.bodyA) }
        wakeBody(jt.bodyB)
        jointIDs.free(j)
        // Bodies that no longer share a joint may collide again: re-pair their shapes.
        if jt.bodyA >= 0 {
            for b in [jt.bodyA, jt.bodyB] {
                var s = bodyInfos[Int(b)].headShape
                while s != -1 { moveBuffer.append(s); s = shapes[Int(s)].nextShape }
            }
        }
    }

    /// Removes a joint and wakes its bodies.
    public mutating func destroyJoint(_ id: JointID) throws(PhysicsError) {
        destroyJointAt(Int32(try checkJoint(id)))
    }

    /// The joint's bodies (A is nil for a world-anchored joint).
    public func bodies(of id: JointID) throws(PhysicsError) -> (BodyID?, BodyID) {
        let j = joints[try checkJoint(id)]
        return (j.bodyA >= 0 ? bodyID(j.bodyA) : nil, bodyID(j.bodyB))
    }

    /// The linear force (mass·units/s²) the joint applied on body B over the last step,
    /// averaged over the step. For the drag joint its length never exceeds `maxForce`.
    public func appliedForce(of id: JointID) throws(PhysicsError) -> Vec2 {
        let j = joints[try checkJoint(id)]
        return (1 / lastStepDuration) * j.stepImpulse
    }

    /// The torque (mass·units²/s²) the joint applied on body B over the last step.
    public func appliedTorque(of id: JointID) throws(PhysicsError) -> Double {
        let j = joints[try checkJoint(id)]
        return j.stepAngularImpulse / lastStepDuration
    }

    var lastStepDuration: Double { lastStep > 0 ? lastStep : definition.timeStep }
}
