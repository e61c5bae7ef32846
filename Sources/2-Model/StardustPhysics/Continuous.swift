// Continuous.swift — time of impact for fast bodies, so they do not tunnel.
//
// After the solve, a dynamic body that moved more than half its smallest
// extent in one step is swept from its step-start pose to its end pose
// against static shapes (and, when it is a bullet, against every other
// body at its end pose). Conservative advancement finds the first time the
// shapes come within `linearSlop`: each iteration advances by
// distance / (largest approach speed), which can never step past a hit.
// The body is put back at that time with its velocity unchanged; the next
// step's speculative contact then stops it at the surface. Rotations use
// normalized-linear interpolation (no trigonometry).

extension World {
    mutating func solveContinuousAll(_ dt: Double) {
        for k in 0..<scratch.awakeBodies.count {
            let i = Int(scratch.awakeBodies[k])
            if bodyInfos[i].type != .dynamic { continue }
            let sim = bodySims[i]
            let w = bodyMotions[i].angularVelocity
            let travel = (sim.center - sim.center0).length + abs(w) * dt * sim.maxExtent
            if travel > 0.5 * sim.minExtent || bodyInfos[i].isBullet && travel > 0 {
                solveContinuous(i)
            }
        }
    }

    mutating func solveContinuous(_ b: Int) {
        let sim = bodySims[b]
        let c1 = sim.center0, c2 = sim.center
        let q1 = sim.rotation0, q2 = sim.transform.q
        let xf1 = RigidTransform(p: c1 - q1.rotate(sim.localCenter), q: q1)
        let xf2 = sim.transform
        let isBullet = bodyInfos[b].isBullet
        let target = definition.linearSlop
        var fraction = 1.0
        var stack = scratch.queryStack
        var s = bodyInfos[b].headShape
        while s != -1 {
            let shape = shapes[Int(s)]
            s = shape.nextShape
            if shape.isSensor { continue }
            let box = shape.geometry.aabb(xf1).union(shape.geometry.aabb(xf2))
            var candidates: [Int32] = []
            staticTree.query(box, stack: &stack) { o in candidates.append(o); return true }
            if isBullet { movingTree.query(box, stack: &stack) { o in candidates.append(o); return true } }
            for o in candidates {
                let other = shapes[Int(o)]
                if other.body == Int32(b) || other.isSensor || !shape.filter.shouldCollide(with: other.filter) { continue }
                if bodyInfos[Int(other.body)].isBullet && bodyInfos[Int(other.body)].type == .dynamic { continue }
                if jointsPreventCollision(Int32(b), other.body) { continue }
                let xfB = bodySims[Int(other.body)].transform
                let t = timeOfImpact(shape.geometry, localCenter: sim.localCenter, c1: c1, q1: q1, c2: c2, q2: q2,
                                     maxExtent: sim.maxExtent, other.geometry, xfB, target: target, limit: fraction)
                if t < fraction { fraction = t }
            }
        }
        scratch.queryStack = stack
        if fraction < 1 {
            let q = Rotation.nlerp(q1, q2, fraction)
            let c = lerp(c1, c2, fraction)
            bodySims[b].center = c
            bodySims[b].transform = RigidTransform(p: c - q.rotate(sim.localCenter), q: q)
        }
    }
}

/// First fraction t ∈ [0, limit) at which the swept shape comes within
/// `target` of the fixed shape, or `limit` if it does not. Shapes already
/// within `target` at t = 0 are left to the contact solver (returns limit).
func timeOfImpact(_ a: ShapeGeometry, localCenter: Vec2, c1: Vec2, q1: Rotation, c2: Vec2, q2: Rotation,
                  maxExtent: Double, _ b: ShapeGeometry, _ xfB: RigidTransform, target: Double, limit: Double) -> Double {
    // Largest speed (per unit t) of any point of A: translation plus rotation × radius.
    let dq = Rotation.inverseMultiply(q1, q2)
    let angle = abs(dq.angle)
    let bound = (c2 - c1).length + angle * maxExtent
    if bound <= 0 { return limit }
    let tolerance = 0.25 * target
    var t = 0.0
    for iteration in 0..<50 {
        let q = Rotation.nlerp(q1, q2, t)
        let c = lerp(c1, c2, t)
        let xf = RigidTransform(p: c - q.rotate(localCenter), q: q)
        let d = shapeDistance(a, xf, b, xfB)
        if iteration == 0 && d < target { return limit }
        if d < target + tolerance { return t }
        t += (d - target) / bound
        if t >= limit { return limit }
    }
    return t
}
