// RatchetJoint.swift — a socket wrench: the relative angle may advance in
// the direction of `ratchet` freely and only goes back to the last notch.

struct RatchetData: Sendable {
    var phase: Double
    /// Notch spacing, radians; its sign is the free direction.
    var ratchet: Double
    /// The notch the ratchet currently holds (relative angle).
    var angle: Double
    var impulse = 0.0
    var sign: Double { ratchet >= 0 ? 1 : -1 }

    /// Once per step: move the held notch forward if the angle advanced past it.
    mutating func advanceNotch(_ delta: Double) {
        let diff = angle - delta
        if diff * ratchet <= 0 {
            angle = ((delta - phase) / ratchet).rounded(.down) * ratchet + phase
        }
    }

    mutating func solve(_ j: Joint, _ ctx: JointContext, useBias: Bool) {
        let sA = ctx.states[Int(j.indexA)], sB = ctx.states[Int(j.indexB)]
        let c = sign * (j.relativeAngleNow(sA, sB) - angle)
        impulse = solveAngularLimit(j, ctx, c: c, sign: sign, accumulated: impulse, useBias: useBias)
    }
}

extension World {
    /// Chipmunk's ratchet joint (`phase`, `ratchet` in radians).
    @discardableResult
    public mutating func createRatchetJoint(_ bodyA: BodyID?, _ bodyB: BodyID, phase: Double, ratchet: Double,
                                            options: JointOptions = JointOptions(collideConnected: true)) throws(PhysicsError) -> JointID {
        guard ratchet != 0 else { throw .invalidGeometry("ratchet spacing must be non-zero") }
        let rel = try relativeAngleOf(bodyA, bodyB)
        var d = RatchetData(phase: phase, ratchet: ratchet, angle: 0)
        d.angle = ((rel - phase) / ratchet).rounded(.down) * ratchet + phase
        return try addJoint(bodyA, bodyB, localAnchorA: .zero, localAnchorB: .zero, options: options, kind: .ratchet(d))
    }
}
