// ContactKernelBody.h — the contact kernels' bodies, written once and
// included by ContactKernels.c once per lane width W: 4 (one bundle) and, for
// the AVX2 variant, 8 (two consecutive bundles with no body in common, side
// by side: two ymm registers per quantity). Every lane computes the same
// operations in the same order at either width, so a lane's result does not
// depend on it.
//
// The includer defines W, V (vector of W doubles), M (its comparison mask),
// N(name) (the name with the width appended), SPLAT(x), SOFT(softness, field), LD(c, field) and
// ST(c, field, value) (a bundle field as W lanes: at W = 8 the field of c[0]
// in the low and of c[1] in the high half), and the gathers and the scatter;
// this file undefines those macros at its end, ready for the next width.

/// The field `f` of point `pt` (0 or 1, a constant after inlining).
#define PT(c, pt, f) ((pt) ? LD(c, p1.f) : LD(c, p0.f))
#define PT_SET(c, pt, f, v)             \
    do {                                \
        if (pt) ST(c, p1.f, v);         \
        else ST(c, p0.f, v);            \
    } while (0)

/// `m ? a : b` per lane.
SD_INLINE V N(sel)(M m, V a, V b) { return m ? a : b; }

/// Applies the impulse (px, py) at point `pt`'s anchors: −P to A, +P to B.
SD_INLINE void N(applyImpulse)(V px, V py, const SDContactBundle *c, int pt, N(Velocities) *a, N(Velocities) *b) {
    V mA = a->invMass, mB = b->invMass;
    a->vx = a->vx - mA * px;
    a->vy = a->vy - mA * py;
    a->w = a->w - a->invI * (PT(c, pt, anchorAX) * py - PT(c, pt, anchorAY) * px);
    b->vx = b->vx + mB * px;
    b->vy = b->vy + mB * py;
    b->w = b->w + b->invI * (PT(c, pt, anchorBX) * py - PT(c, pt, anchorBY) * px);
}

/// Applies last step's impulses (warm start) of the constraints.
SD_INLINE void N(warmStartBundle)(SDContactBundle *restrict c, SDBodyState *restrict s) {
    N(Velocities) a = N(gatherVelocities)(s, c, 0);
    N(Velocities) b = N(gatherVelocities)(s, c, 1);
    V nx = LD(c, normalX), ny = LD(c, normalY);
    // tangent = normal.rightPerp = (ny, −nx)
    V n = LD(c, p0.normalImpulse), t = LD(c, p0.tangentImpulse);
    N(applyImpulse)(n * nx + t * ny, n * ny - t * nx, c, 0, &a, &b);
    n = LD(c, p1.normalImpulse);
    t = LD(c, p1.tangentImpulse);
    N(applyImpulse)(n * nx + t * ny, n * ny - t * nx, c, 1, &a, &b);
    N(scatterVelocities)(s, c, &a, &b);
}

/// Relative velocity of the anchors along (dx, dy): (vB + wB × rB − vA − wA × rA) · d.
SD_INLINE V N(relativeSpeed)(const SDContactBundle *c, int pt, const N(Velocities) *a, const N(Velocities) *b,
                             V dx, V dy) {
    V vrAx = a->vx - a->w * PT(c, pt, anchorAY), vrAy = a->vy + a->w * PT(c, pt, anchorAX);
    V vrBx = b->vx - b->w * PT(c, pt, anchorBY), vrBy = b->vy + b->w * PT(c, pt, anchorBX);
    return (vrBx - vrAx) * dx + (vrBy - vrAy) * dy;
}

/// Current separation of a point from the motion since the step began.
SD_INLINE V N(currentSeparation)(const SDContactBundle *c, int pt, const N(Motions) *qA, const N(Motions) *qB) {
    V nx = LD(c, normalX), ny = LD(c, normalY);
    V aAX = PT(c, pt, anchorAX), aAY = PT(c, pt, anchorAY), aBX = PT(c, pt, anchorBX), aBY = PT(c, pt, anchorBY);
    V prAx = qA->qc * aAX - qA->qs * aAY, prAy = qA->qs * aAX + qA->qc * aAY;
    V prBx = qB->qc * aBX - qB->qs * aBY, prBy = qB->qs * aBX + qB->qc * aBY;
    V dx = (qB->dpx - qA->dpx) + (prBx - prAx), dy = (qB->dpy - qA->dpy) + (prBy - prAy);
    return (dx * nx + dy * ny) + PT(c, pt, baseSeparation);
}

/// The normal constraint of one point, given its current separation `sep`.
/// Returns the accumulated normal impulse after the solve. `useBias` is a
/// constant at every call (solve: soft bias; relax: none).
SD_INLINE V N(solveNormal)(SDContactBundle *c, int pt, V sep, N(Velocities) *a, N(Velocities) *b, double invH,
                           bool useBias, double maxBiasVelocity, const SDContactSoftness *softness) {
    V nx = LD(c, normalX), ny = LD(c, normalY);
    M speculative = sep > 0;
    // Speculative: allow exactly the approach that closes the gap this sub-step.
    V bias = sep * invH;
    V massScale = SPLAT(1), impulseScale = SPLAT(0);
    if (useBias) {
        // Stiffer against bodies of infinite mass (static, kinematic, asleep).
        M rigid = (a->invMass == 0) | (b->invMass == 0);
        V biasRate = N(sel)(rigid, SOFT(softness, staticBiasRate), SOFT(softness, biasRate));
        V laneMassScale = N(sel)(rigid, SOFT(softness, staticMassScale), SOFT(softness, massScale));
        V laneImpulseScale = N(sel)(rigid, SOFT(softness, staticImpulseScale), SOFT(softness, impulseScale));
        V soft = biasRate * sep;
        V floor = SPLAT(-maxBiasVelocity);
        soft = N(sel)(soft < floor, floor, soft);
        bias = N(sel)(speculative, bias, soft);
        massScale = N(sel)(speculative, massScale, laneMassScale);
        impulseScale = N(sel)(speculative, impulseScale, laneImpulseScale);
    } else {
        bias = N(sel)(speculative, bias, SPLAT(0));
    }
    V vn = N(relativeSpeed)(c, pt, a, b, nx, ny);
    V normalImpulse = PT(c, pt, normalImpulse);
    V impulse = -(PT(c, pt, normalMass) * massScale) * (vn + bias) - impulseScale * normalImpulse;
    V newImpulse = normalImpulse + impulse;
    newImpulse = N(sel)(newImpulse < 0, SPLAT(0), newImpulse);
    impulse = newImpulse - normalImpulse;
    PT_SET(c, pt, normalImpulse, newImpulse);
    V maxImpulse = PT(c, pt, maxNormalImpulse);
    PT_SET(c, pt, maxNormalImpulse, N(sel)(impulse > maxImpulse, impulse, maxImpulse));
    N(applyImpulse)(impulse * nx, impulse * ny, c, pt, a, b);
    return newImpulse;
}

/// The friction constraint of one point: Coulomb cone clamped by the normal impulse.
SD_INLINE void N(solveFriction)(SDContactBundle *c, int pt, N(Velocities) *a, N(Velocities) *b) {
    V tx = LD(c, normalY), ty = -LD(c, normalX);
    // Surface speed: the tangent velocity the surfaces want to slide at.
    V vt = N(relativeSpeed)(c, pt, a, b, tx, ty) + LD(c, tangentSpeed);
    V impulse = -PT(c, pt, tangentMass) * vt;
    V maxFriction = LD(c, friction) * PT(c, pt, normalImpulse);
    V tangentImpulse = PT(c, pt, tangentImpulse);
    V newImpulse = tangentImpulse + impulse;
    newImpulse = N(sel)(newImpulse < -maxFriction, -maxFriction, newImpulse);
    newImpulse = N(sel)(newImpulse > maxFriction, maxFriction, newImpulse);
    impulse = newImpulse - tangentImpulse;
    PT_SET(c, pt, tangentImpulse, newImpulse);
    N(applyImpulse)(impulse * tx, impulse * ty, c, pt, a, b);
}

/// One solve (with soft bias) or relax (without) of the constraints. With
/// `totals` (relax passes of a step with post-solve events), the accumulated
/// impulses, which are what this sub-step applied, are summed there.
SD_INLINE void N(solveBundle)(SDContactBundle *restrict c, SDBodyState *restrict s, double invH, bool useBias,
                              double maxBiasVelocity, const SDContactSoftness *softness,
                              SDContactBundleCold *restrict totals) {
    // Both separations first: the motions are then no longer live with the velocities.
    V sep0, sep1;
    {
        N(Motions) qA = N(gatherMotions)(s, c, 0);
        N(Motions) qB = N(gatherMotions)(s, c, 1);
        sep0 = N(currentSeparation)(c, 0, &qA, &qB);
        sep1 = N(currentSeparation)(c, 1, &qA, &qB);
    }
    N(Velocities) a = N(gatherVelocities)(s, c, 0);
    N(Velocities) b = N(gatherVelocities)(s, c, 1);
    V n0 = N(solveNormal)(c, 0, sep0, &a, &b, invH, useBias, maxBiasVelocity, softness);
    V n1 = N(solveNormal)(c, 1, sep1, &a, &b, invH, useBias, maxBiasVelocity, softness);
    if (totals) {
        ST(totals, totalNormalImpulse0, LD(totals, totalNormalImpulse0) + n0);
        ST(totals, totalNormalImpulse1, LD(totals, totalNormalImpulse1) + n1);
    }
    N(solveFriction)(c, 0, &a, &b);
    N(solveFriction)(c, 1, &a, &b);
    N(scatterVelocities)(s, c, &a, &b);
}

#if W == 4
/// Returns the impulse applied (for the post-solve totals).
SD_INLINE V N(restitutionPoint)(SDContactBundle *c, int pt, N(Velocities) *a, N(Velocities) *b, V restitution,
                                V relativeVelocity, double threshold) {
    // Only fast approaches of points that really pushed bounce.
    V maxImpulse = PT(c, pt, maxNormalImpulse);
    M active = (relativeVelocity <= -threshold) & (maxImpulse != 0) & (restitution != 0);
    V nx = LD(c, normalX), ny = LD(c, normalY);
    V vn = N(relativeSpeed)(c, pt, a, b, nx, ny);
    V normalImpulse = PT(c, pt, normalImpulse);
    V impulse = -PT(c, pt, normalMass) * (vn + restitution * relativeVelocity);
    V newImpulse = normalImpulse + impulse;
    newImpulse = N(sel)(newImpulse < 0, SPLAT(0), newImpulse);
    newImpulse = N(sel)(active, newImpulse, normalImpulse);
    impulse = newImpulse - normalImpulse;
    PT_SET(c, pt, normalImpulse, newImpulse);
    PT_SET(c, pt, maxNormalImpulse, N(sel)(impulse > maxImpulse, impulse, maxImpulse));
    N(applyImpulse)(impulse * nx, impulse * ny, c, pt, a, b);
    return impulse;
}

/// The restitution pass of four constraints, after the sub-steps.
SD_INLINE void N(restitutionBundle)(SDContactBundle *restrict c, SDContactBundleCold *restrict cold,
                                    SDBodyState *restrict s, double threshold) {
    if (!cold->hasRestitution) return;
    N(Velocities) a = N(gatherVelocities)(s, c, 0);
    N(Velocities) b = N(gatherVelocities)(s, c, 1);
    V e = cold->restitution;
    V i0 = N(restitutionPoint)(c, 0, &a, &b, e, cold->relativeVelocity0, threshold);
    V i1 = N(restitutionPoint)(c, 1, &a, &b, e, cold->relativeVelocity1, threshold);
    cold->totalNormalImpulse0 = cold->totalNormalImpulse0 + i0;
    cold->totalNormalImpulse1 = cold->totalNormalImpulse1 + i1;
    N(scatterVelocities)(s, c, &a, &b);
}
#endif

#undef PT
#undef PT_SET
#undef W
#undef V
#undef M
#undef N
#undef SPLAT
#undef SOFT
#undef LD
#undef ST
