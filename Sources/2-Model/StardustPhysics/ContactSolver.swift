// ContactSolver.swift — soft-step contact constraints, four at a time
// (Box2D v3 `contact_solver.c`, its wide SIMD path).
//
// Per step the touching contacts are graph-colored (no two contacts of one
// color share a movable body) and packed, color by color, into bundles of
// `contactLanes` constraints. A bundle holds its constraints' data in
// structure-of-arrays form, one `SIMD4<Lane>` per quantity, so that the
// arithmetic of four contacts runs side by side. A bundle gathers its bodies'
// velocities, inverse masses (and motion since the step began) from the
// `BodyState` array into lanes, takes the step's softness as lanes
// (`ContactSoftnessW`), solves, and scatters the new velocities of its
// movable bodies (inverse mass above zero) back. Empty lanes point at the
// zero state, whose masses are zero, and stay inert.
//
// `Lane` is `Double`. A `Float` build (change the typealias) was measured
// four times: 13–17 % faster on the pyramids at first, 3 % and 4 % in two
// noisy rounds, and 15 % on base-100 (9 % on base-20) on a quiet machine
// on 2026-11-26 (half the kernel's instructions: ~600 against ~1100 per
// bundle, and half the bytes streamed). Momentum is then kept only to float
// precision (the 1:2 elastic collision test wants 1e-9), and the rain pile
// never slept (3998 bodies awake after 1000 steps: one circle kept rolling
// on top), which makes rain a third slower (3.49 against 2.60 ms/step).
// Eight-lane bundles (`SIMD8`, bit-identical, since constraints of one color
// share no movable body) were not faster either (base-100 2.17–2.33 against
// 2.14 ms/step).
// `Float` storage with `Double` arithmetic was measured too (7 % faster on
// the large pyramid) and left rain piles awake far more often than
// `Double` (4 of 6 seeds never slept in 2400 steps, against 1 of 6).
// Two-lane (`SIMD2<Double>`) bundles spill less but were slower (less
// independent work per instruction stream), and so were the two halves of a
// four-lane bundle solved one after the other (4 % fewer instructions in
// all, ~11 % slower on base-100): a half's four rows form one dependent
// chain, and only the two halves interleaved keep the FP units busy. The
// price of four lanes is registers: both bodies' velocities, masses and the
// normal need 24 of the 16 SSE registers, so over a third of the kernel's
// ~1 050 instructions per bundle are spills, reloads and register copies,
// and source-level attempts to steer LLVM's allocation have not paid off.
// See docs/PHYSICS.md.
//
// Non-penetration is a soft constraint (stiffness `contactHertz`, heavy
// damping) with speculative handling of points that are still apart;
// friction is a Coulomb cone clamped by the normal impulse; restitution is
// a separate pass after the sub-steps using the approach speed measured
// when the step began.
//
// Determinism: only lane-wise + − × and comparisons with explicit selects
// (`replacing(with:where:)`), never `pointwiseMin`/`Max` or fused
// multiply-adds, so debug and release builds compute the same bits.

/// The contact solver's scalar type.
typealias Lane = Double

/// Four lanes: one quantity of the four constraints of a bundle.
typealias LaneW = SIMD4<Lane>

/// Constraints per bundle.
let contactLanes = 4

/// One manifold point of four constraints.
struct ContactPointW: Sendable {
    var anchorAX = LaneW(), anchorAY = LaneW()
    var anchorBX = LaneW(), anchorBY = LaneW()
    /// Separation at the start of the step, minus the anchors' offset along the normal.
    var baseSeparation = LaneW()
    var normalImpulse = LaneW()
    var tangentImpulse = LaneW()
    var maxNormalImpulse = LaneW()
    var normalMass = LaneW()
    var tangentMass = LaneW()
}

/// Four contact constraints in structure-of-arrays form: what the sub-step
/// passes read and write. What only the restitution pass, the impulse store
/// and the events need lives in ``ContactBundleCold`` (same index), so that
/// the twelve passes per step stream ~20 % fewer bytes.
struct ContactBundle: Sendable {
    /// Slots in the solver's `BodyState` array (the zero state for static and
    /// sleeping bodies). Inverse masses are read from there, and only bodies
    /// of finite mass are written back.
    var indexA = SIMD4<Int32>(repeating: 0), indexB = SIMD4<Int32>(repeating: 0)
    var normalX = LaneW(), normalY = LaneW()
    var friction = LaneW(), tangentSpeed = LaneW()
    var p0 = ContactPointW()
    var p1 = ContactPointW()
}

/// The rarely read part of a bundle (same index as its ``ContactBundle``).
struct ContactBundleCold: Sendable {
    /// Contact index per lane, −1 for an empty lane.
    var contact = SIMD4<Int32>(repeating: -1)
    var restitution = LaneW()
    /// Normal approach speed of each point at the start of the step (restitution, events).
    var relativeVelocity0 = LaneW(), relativeVelocity1 = LaneW()
    /// Sum over sub-steps of the impulse each point applied (post-solve events only).
    var totalNormalImpulse0 = LaneW(), totalNormalImpulse1 = LaneW()
    /// Whether any lane has restitution (the restitution pass skips the rest).
    var hasRestitution = false
}

/// The contact softness of a step as lanes: soft contacts between two
/// movable bodies, stiffer ones against a body of infinite mass. Chosen per
/// lane from the gathered inverse masses (a lane with a zero inverse mass is
/// against a static or kinematic body), so the bundles need not carry three
/// more quantities per lane.
struct ContactSoftnessW {
    var biasRate: LaneW, massScale: LaneW, impulseScale: LaneW
    var staticBiasRate: LaneW, staticMassScale: LaneW, staticImpulseScale: LaneW

    init(_ soft: Softness, _ staticSoft: Softness) {
        biasRate = LaneW(repeating: Lane(soft.biasRate))
        massScale = LaneW(repeating: Lane(soft.massScale))
        impulseScale = LaneW(repeating: Lane(soft.impulseScale))
        staticBiasRate = LaneW(repeating: Lane(staticSoft.biasRate))
        staticMassScale = LaneW(repeating: Lane(staticSoft.massScale))
        staticImpulseScale = LaneW(repeating: Lane(staticSoft.impulseScale))
    }
}

/// Velocities of four bodies (one per lane), with their inverse masses and
/// inertias (read from the body states rather than stored in every bundle:
/// fewer bytes streamed per pass, the same values).
struct BodyVelocityW {
    var vx: LaneW, vy: LaneW, w: LaneW
    let invMass: LaneW, invI: LaneW
}

@inline(__always) func gatherVelocities(_ s: UnsafeMutablePointer<BodyState>, _ index: SIMD4<Int32>) -> BodyVelocityW {
    let a = s[Int(index[0])], b = s[Int(index[1])], c = s[Int(index[2])], d = s[Int(index[3])]
    return BodyVelocityW(vx: LaneW(Lane(a.v.x), Lane(b.v.x), Lane(c.v.x), Lane(d.v.x)),
                         vy: LaneW(Lane(a.v.y), Lane(b.v.y), Lane(c.v.y), Lane(d.v.y)),
                         w: LaneW(Lane(a.w), Lane(b.w), Lane(c.w), Lane(d.w)),
                         invMass: LaneW(Lane(a.invMass), Lane(b.invMass), Lane(c.invMass), Lane(d.invMass)),
                         invI: LaneW(Lane(a.invInertia), Lane(b.invInertia), Lane(c.invInertia), Lane(d.invInertia)))
}

/// Motion since the step began of four bodies: translation dp and rotation dq.
struct BodyMotionW {
    var dpx: LaneW, dpy: LaneW, qc: LaneW, qs: LaneW
}

/// Reads each body's dp and dq (adjacent in `BodyState`: x, y, c, s) with one
/// 32-byte load: gathered field by field, LLVM rotated the anchors lane by
/// lane in scalar code and re-paired the results (~50 more instructions per
/// bundle in each of the solve and relax kernels). Same values, same arithmetic.
@inline(__always) func gatherMotions(_ s: UnsafeMutablePointer<BodyState>, _ index: SIMD4<Int32>) -> BodyMotionW {
    let offset = MemoryLayout<BodyState>.offset(of: \BodyState.dp)!
    assert(MemoryLayout<BodyState>.offset(of: \BodyState.dq) == offset + MemoryLayout<Vec2>.size
           && MemoryLayout<Vec2>.size == 16 && MemoryLayout<Rotation>.size == 16)
    @inline(__always) func motion(_ i: Int32) -> SIMD4<Double> {
        UnsafeRawPointer(s + Int(i)).loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
    }
    let a = motion(index[0]), b = motion(index[1]), c = motion(index[2]), d = motion(index[3])
    return BodyMotionW(dpx: LaneW(Lane(a[0]), Lane(b[0]), Lane(c[0]), Lane(d[0])),
                       dpy: LaneW(Lane(a[1]), Lane(b[1]), Lane(c[1]), Lane(d[1])),
                       qc: LaneW(Lane(a[2]), Lane(b[2]), Lane(c[2]), Lane(d[2])),
                       qs: LaneW(Lane(a[3]), Lane(b[3]), Lane(c[3]), Lane(d[3])))
}

/// Writes the velocities of both sides back, except for bodies of infinite
/// mass (static, kinematic, sleeping, empty lanes), which a contact never
/// changes. Out of line on purpose: inlined, LLVM scalarised the last
/// velocity updates lane by lane (each lane is extracted here) and re-paired
/// them as x/y pairs, ~7 % more instructions in the solve, relax and warm
/// start passes; one call for both sides.
@inline(never) func scatterVelocities(_ s: UnsafeMutablePointer<BodyState>, _ indexA: SIMD4<Int32>, _ a: BodyVelocityW,
                                      _ indexB: SIMD4<Int32>, _ b: BodyVelocityW) {
    scatterSide(s, indexA, a)
    scatterSide(s, indexB, b)
}

@inline(__always) func scatterSide(_ s: UnsafeMutablePointer<BodyState>, _ index: SIMD4<Int32>, _ v: BodyVelocityW) {
    for lane in 0..<contactLanes {
        if !(v.invMass[lane] > 0) { continue }
        let i = Int(index[lane])
        s[i].v = Vec2(Double(v.vx[lane]), Double(v.vy[lane]))
        s[i].w = Double(v.w[lane])
    }
}

/// Applies the impulse (px, py) at the anchors: −P to A, +P to B.
@inline(__always) func applyImpulse(_ px: LaneW, _ py: LaneW, _ p: inout ContactPointW,
                                    _ a: inout BodyVelocityW, _ b: inout BodyVelocityW) {
    let mA = a.invMass, mB = b.invMass
    a.vx = a.vx - mA * px
    a.vy = a.vy - mA * py
    a.w = a.w - a.invI * (p.anchorAX * py - p.anchorAY * px)
    b.vx = b.vx + mB * px
    b.vy = b.vy + mB * py
    b.w = b.w + b.invI * (p.anchorBX * py - p.anchorBY * px)
}

/// Applies last step's impulses (warm start) of four constraints.
@inline(__always) func warmStart(_ c: UnsafeMutablePointer<ContactBundle>, _ s: UnsafeMutablePointer<BodyState>) {
    var a = gatherVelocities(s, c.pointee.indexA)
    var b = gatherVelocities(s, c.pointee.indexB)
    let nx = c.pointee.normalX, ny = c.pointee.normalY
    // tangent = normal.rightPerp = (ny, −nx)
    var n0 = c.pointee.p0.normalImpulse, t0 = c.pointee.p0.tangentImpulse
    applyImpulse(n0 * nx + t0 * ny, n0 * ny - t0 * nx, &c.pointee.p0, &a, &b)
    n0 = c.pointee.p1.normalImpulse; t0 = c.pointee.p1.tangentImpulse
    applyImpulse(n0 * nx + t0 * ny, n0 * ny - t0 * nx, &c.pointee.p1, &a, &b)
    scatterVelocities(s, c.pointee.indexA, a, c.pointee.indexB, b)
}

/// Relative velocity of the anchors along (dx, dy): (vB + wB × rB − vA − wA × rA) · d.
@inline(__always) func relativeSpeed(_ p: inout ContactPointW, _ a: BodyVelocityW, _ b: BodyVelocityW, _ dx: LaneW, _ dy: LaneW) -> LaneW {
    let vrAx = a.vx - a.w * p.anchorAY, vrAy = a.vy + a.w * p.anchorAX
    let vrBx = b.vx - b.w * p.anchorBY, vrBy = b.vy + b.w * p.anchorBX
    return (vrBx - vrAx) * dx + (vrBy - vrAy) * dy
}

/// Current separation of a point from the motion since the step began.
@inline(__always) func currentSeparation(_ p: inout ContactPointW, _ c: UnsafeMutablePointer<ContactBundle>,
                                         _ qA: BodyMotionW, _ qB: BodyMotionW) -> LaneW {
    let nx = c.pointee.normalX, ny = c.pointee.normalY
    let aAX = p.anchorAX, aAY = p.anchorAY, aBX = p.anchorBX, aBY = p.anchorBY
    let prAx = qA.qc * aAX - qA.qs * aAY, prAy = qA.qs * aAX + qA.qc * aAY
    let prBx = qB.qc * aBX - qB.qs * aBY, prBy = qB.qs * aBX + qB.qc * aBY
    let dx = (qB.dpx - qA.dpx) + (prBx - prAx), dy = (qB.dpy - qA.dpy) + (prBy - prAy)
    return (dx * nx + dy * ny) + p.baseSeparation
}

/// The normal constraint of one point, given its current separation `sep`.
/// Returns the accumulated normal impulse after the solve.
@_transparent func solveNormal(_ p: inout ContactPointW, _ c: UnsafeMutablePointer<ContactBundle>, _ sep: LaneW,
                                   _ a: inout BodyVelocityW, _ b: inout BodyVelocityW,
                                   invH: Lane, useBias: Bool, maxBiasVelocity: Lane, softness: ContactSoftnessW) -> LaneW {
    let nx = c.pointee.normalX, ny = c.pointee.normalY
    let speculative = sep .> 0
    // Speculative: allow exactly the approach that closes the gap this sub-step.
    var bias = sep * invH
    var massScale = LaneW(repeating: 1), impulseScale = LaneW()
    if useBias {
        // Stiffer against bodies of infinite mass (static, kinematic, asleep).
        let rigid = (a.invMass .== 0) .| (b.invMass .== 0)
        var biasRate = softness.biasRate, laneMassScale = softness.massScale, laneImpulseScale = softness.impulseScale
        biasRate.replace(with: softness.staticBiasRate, where: rigid)
        laneMassScale.replace(with: softness.staticMassScale, where: rigid)
        laneImpulseScale.replace(with: softness.staticImpulseScale, where: rigid)
        var soft = biasRate * sep
        soft.replace(with: -maxBiasVelocity, where: soft .< -maxBiasVelocity)
        bias.replace(with: soft, where: .!speculative)
        massScale.replace(with: laneMassScale, where: .!speculative)
        impulseScale.replace(with: laneImpulseScale, where: .!speculative)
    } else {
        bias.replace(with: 0, where: .!speculative)
    }
    let vn = relativeSpeed(&p, a, b, nx, ny)
    var impulse = -(p.normalMass * massScale) * (vn + bias) - impulseScale * p.normalImpulse
    var newImpulse = p.normalImpulse + impulse
    newImpulse.replace(with: 0, where: newImpulse .< 0)
    impulse = newImpulse - p.normalImpulse
    p.normalImpulse = newImpulse
    p.maxNormalImpulse.replace(with: impulse, where: impulse .> p.maxNormalImpulse)
    applyImpulse(impulse * nx, impulse * ny, &p, &a, &b)
    return newImpulse
}

@inline(__always) func solveFriction(_ p: inout ContactPointW, _ c: UnsafeMutablePointer<ContactBundle>, _ a: inout BodyVelocityW, _ b: inout BodyVelocityW) {
    let tx = c.pointee.normalY, ty = -c.pointee.normalX
    // Surface speed: the tangent velocity the surfaces want to slide at.
    let vt = relativeSpeed(&p, a, b, tx, ty) + c.pointee.tangentSpeed
    var impulse = -p.tangentMass * vt
    let maxFriction = c.pointee.friction * p.normalImpulse
    var newImpulse = p.tangentImpulse + impulse
    newImpulse.replace(with: -maxFriction, where: newImpulse .< -maxFriction)
    newImpulse.replace(with: maxFriction, where: newImpulse .> maxFriction)
    impulse = newImpulse - p.tangentImpulse
    p.tangentImpulse = newImpulse
    applyImpulse(impulse * tx, impulse * ty, &p, &a, &b)
}

/// The solve pass (soft bias) of four constraints. A function of its own
/// (and ``relaxContacts(_:_:invH:maxBiasVelocity:softness:totals:)`` for the
/// relax pass) so that each is compiled with its `useBias` known: the
/// shared kernel is too large to inline into the sub-step loop, and one
/// out-of-line copy tested the flag at run time.
@inline(never) func solveContacts(_ c: UnsafeMutablePointer<ContactBundle>, _ s: UnsafeMutablePointer<BodyState>,
                                  invH: Lane, maxBiasVelocity: Lane, softness: ContactSoftnessW) {
    solveContactBundle(c, s, invH: invH, useBias: true, maxBiasVelocity: maxBiasVelocity, softness: softness, totals: nil)
}

/// The relax pass (no bias) of four constraints; with `totals`, see
/// ``solveContactBundle(_:_:invH:useBias:maxBiasVelocity:softness:totals:)``.
@inline(never) func relaxContacts(_ c: UnsafeMutablePointer<ContactBundle>, _ s: UnsafeMutablePointer<BodyState>,
                                  invH: Lane, maxBiasVelocity: Lane, softness: ContactSoftnessW,
                                  totals: UnsafeMutablePointer<ContactBundleCold>?) {
    solveContactBundle(c, s, invH: invH, useBias: false, maxBiasVelocity: maxBiasVelocity, softness: softness, totals: totals)
}

/// One solve (with soft bias) or relax (without) of four constraints.
/// With `totals` (relax passes of a step with post-solve events), the
/// accumulated impulses, which are what this sub-step applied, are summed there.
@inline(__always) func solveContactBundle(_ c: UnsafeMutablePointer<ContactBundle>, _ s: UnsafeMutablePointer<BodyState>,
                                     invH: Lane, useBias: Bool, maxBiasVelocity: Lane, softness: ContactSoftnessW,
                                     totals: UnsafeMutablePointer<ContactBundleCold>?) {
    // Both separations first: the bodies' motions are then no longer live
    // while the velocities are (fewer registers spilled; same arithmetic).
    let sep0: LaneW, sep1: LaneW
    do {
        let qA = gatherMotions(s, c.pointee.indexA)
        let qB = gatherMotions(s, c.pointee.indexB)
        sep0 = currentSeparation(&c.pointee.p0, c, qA, qB)
        sep1 = currentSeparation(&c.pointee.p1, c, qA, qB)
    }
    var a = gatherVelocities(s, c.pointee.indexA)
    var b = gatherVelocities(s, c.pointee.indexB)
    let n0 = solveNormal(&c.pointee.p0, c, sep0, &a, &b, invH: invH, useBias: useBias, maxBiasVelocity: maxBiasVelocity, softness: softness)
    let n1 = solveNormal(&c.pointee.p1, c, sep1, &a, &b, invH: invH, useBias: useBias, maxBiasVelocity: maxBiasVelocity, softness: softness)
    if let totals {
        totals.pointee.totalNormalImpulse0 = totals.pointee.totalNormalImpulse0 + n0
        totals.pointee.totalNormalImpulse1 = totals.pointee.totalNormalImpulse1 + n1
    }
    solveFriction(&c.pointee.p0, c, &a, &b)
    solveFriction(&c.pointee.p1, c, &a, &b)
    scatterVelocities(s, c.pointee.indexA, a, c.pointee.indexB, b)
}

/// Returns the impulse applied (for the post-solve totals).
@inline(__always) func restitutionPoint(_ p: inout ContactPointW, _ c: UnsafeMutablePointer<ContactBundle>, _ a: inout BodyVelocityW, _ b: inout BodyVelocityW,
                                        restitution: LaneW, relativeVelocity: LaneW, threshold: Lane) -> LaneW {
    // Only fast approaches of points that really pushed bounce.
    let active = (relativeVelocity .<= -threshold) .& (p.maxNormalImpulse .!= 0) .& (restitution .!= 0)
    let nx = c.pointee.normalX, ny = c.pointee.normalY
    let vn = relativeSpeed(&p, a, b, nx, ny)
    var impulse = -p.normalMass * (vn + restitution * relativeVelocity)
    var newImpulse = p.normalImpulse + impulse
    newImpulse.replace(with: 0, where: newImpulse .< 0)
    newImpulse.replace(with: p.normalImpulse, where: .!active)
    impulse = newImpulse - p.normalImpulse
    p.normalImpulse = newImpulse
    p.maxNormalImpulse.replace(with: impulse, where: impulse .> p.maxNormalImpulse)
    applyImpulse(impulse * nx, impulse * ny, &p, &a, &b)
    return impulse
}

/// The restitution pass of four constraints, after the sub-steps.
@inline(__always) func applyRestitution(_ c: UnsafeMutablePointer<ContactBundle>, _ cold: UnsafeMutablePointer<ContactBundleCold>,
                                        _ s: UnsafeMutablePointer<BodyState>, threshold: Lane) {
    if !cold.pointee.hasRestitution { return }
    var a = gatherVelocities(s, c.pointee.indexA)
    var b = gatherVelocities(s, c.pointee.indexB)
    let e = cold.pointee.restitution
    let i0 = restitutionPoint(&c.pointee.p0, c, &a, &b, restitution: e, relativeVelocity: cold.pointee.relativeVelocity0, threshold: threshold)
    let i1 = restitutionPoint(&c.pointee.p1, c, &a, &b, restitution: e, relativeVelocity: cold.pointee.relativeVelocity1, threshold: threshold)
    cold.pointee.totalNormalImpulse0 = cold.pointee.totalNormalImpulse0 + i0
    cold.pointee.totalNormalImpulse1 = cold.pointee.totalNormalImpulse1 + i1
    scatterVelocities(s, c.pointee.indexA, a, c.pointee.indexB, b)
}
