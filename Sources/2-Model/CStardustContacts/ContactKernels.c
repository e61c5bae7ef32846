// ContactKernels.c — the contact solver's per-bundle kernels (Box2D v3's
// soft step, four constraints at a time), written once and compiled once per
// instruction set: the kernel bodies are `always_inline` functions without a
// target, inlined into one set of pass functions per variant (plain, and on
// x86-64 `target("avx2")` and `target("avx512f,avx512vl")`).
//
// Why C: Swift code cannot be compiled for AVX without unsafe flags, and on
// SSE2 a four-lane `Double` quantity takes two of the 16 xmm registers; the
// kernels need ~24 live quantities, so a third of the Swift kernel's ~1 050
// instructions per bundle were spills and register copies. With AVX2 a
// quantity is one ymm register and each lane operation one instruction.
//
// Determinism: every variant performs the same IEEE-754 double operations in
// the same order on every lane: lane-wise + − × (no division), comparisons
// and explicit selects, no min/max builtins, no reciprocal estimates, and no
// contraction into fused multiply-adds (`fp contract(off)` below; the object
// is checked for `vfmadd`). So the plain and the AVX variants, debug and
// release, give the same bits, as the Swift kernels they replace did (same
// expressions, same order: see ContactSolver.swift's history).

#include "CStardustContacts.h"
#include <stddef.h>

#pragma clang fp contract(off)
// The kernel bodies pass 32-byte vectors between always-inlined functions:
// no call remains, so the baseline's vector ABI does not matter.
#pragma clang diagnostic ignored "-Wpsabi"

#define SD_INLINE static inline __attribute__((always_inline))

typedef SDLane4 d4;
/// The result of comparing two `d4`: all bits set where true.
typedef __typeof__((d4){0} < (d4){0}) m4;

/// `m ? a : b` per lane.
SD_INLINE d4 sel(m4 m, d4 a, d4 b) { return m ? a : b; }

SD_INLINE d4 splat(double x) { return (d4){x, x, x, x}; }

/// Velocities of four bodies (one per lane) with their inverse masses and inertias.
typedef struct Velocities { d4 vx, vy, w, invMass, invI; } Velocities;
/// Motion since the step began of four bodies: translation dp and rotation dq.
typedef struct Motions { d4 dpx, dpy, qc, qs; } Motions;

/// Four consecutive doubles from an 8-byte-aligned address.
SD_INLINE d4 load4(const double *p) {
    d4 v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}

/// Rows (x0 y0 z0 t0) … (x3 y3 z3 t3) to columns (x0 x1 x2 x3) … (t0 t1 t2 t3).
SD_INLINE void transpose(d4 r0, d4 r1, d4 r2, d4 r3, d4 *x, d4 *y, d4 *z, d4 *t) {
    d4 a = __builtin_shufflevector(r0, r1, 0, 4, 2, 6);   // x0 x1 z0 z1
    d4 b = __builtin_shufflevector(r0, r1, 1, 5, 3, 7);   // y0 y1 t0 t1
    d4 c = __builtin_shufflevector(r2, r3, 0, 4, 2, 6);   // x2 x3 z2 z3
    d4 d = __builtin_shufflevector(r2, r3, 1, 5, 3, 7);   // y2 y3 t2 t3
    *x = __builtin_shufflevector(a, c, 0, 1, 4, 5);
    *y = __builtin_shufflevector(b, d, 0, 1, 4, 5);
    *z = __builtin_shufflevector(a, c, 2, 3, 6, 7);
    *t = __builtin_shufflevector(b, d, 2, 3, 6, 7);
}

/// vx, vy, w, invMass are adjacent in a body state: one 32-byte load per body.
SD_INLINE Velocities gatherVelocities(const SDBodyState *restrict s, SDIndex4 i) {
    const SDBodyState *a = s + i.x, *b = s + i.y, *c = s + i.z, *d = s + i.w;
    Velocities v;
    transpose(load4(&a->vx), load4(&b->vx), load4(&c->vx), load4(&d->vx), &v.vx, &v.vy, &v.w, &v.invMass);
    v.invI = (d4){a->invInertia, b->invInertia, c->invInertia, d->invInertia};
    return v;
}

/// dpx, dpy, qc, qs are adjacent: one 32-byte load per body.
SD_INLINE Motions gatherMotions(const SDBodyState *restrict s, SDIndex4 i) {
    Motions m;
    transpose(load4(&s[i.x].dpx), load4(&s[i.y].dpx), load4(&s[i.z].dpx), load4(&s[i.w].dpx),
              &m.dpx, &m.dpy, &m.qc, &m.qs);
    return m;
}

/// Writes the velocities back, except for bodies of infinite mass (static,
/// kinematic, sleeping, empty lanes), which a contact never changes. The
/// lanes are transposed back into rows (vx, vy, w, invMass) and each movable
/// body's row is stored at once; invMass is stored with the bits it was
/// gathered with (a movable body appears in one lane of a bundle only, as
/// the coloring guarantees). Extracting lane by lane instead made LLVM sink the
/// last velocity update into the per-lane branches as scalar code.
SD_INLINE void scatterSide(SDBodyState *restrict s, SDIndex4 index, const Velocities *v) {
    d4 rows[4];
    transpose(v->vx, v->vy, v->w, v->invMass, &rows[0], &rows[1], &rows[2], &rows[3]);
    m4 movable = v->invMass > 0;
    for (int lane = 0; lane < 4; ++lane) {
        if (!movable[lane]) continue;
        __builtin_memcpy(&s[index[lane]].vx, &rows[lane], sizeof(d4));
    }
}

SD_INLINE void scatterVelocities(SDBodyState *restrict s, SDIndex4 indexA, const Velocities *a,
                                 SDIndex4 indexB, const Velocities *b) {
    scatterSide(s, indexA, a);
    scatterSide(s, indexB, b);
}

/// Applies the impulse (px, py) at the point's anchors: −P to A, +P to B.
SD_INLINE void applyImpulse(d4 px, d4 py, const SDContactPoint *p, Velocities *a, Velocities *b) {
    d4 mA = a->invMass, mB = b->invMass;
    a->vx = a->vx - mA * px;
    a->vy = a->vy - mA * py;
    a->w = a->w - a->invI * (p->anchorAX * py - p->anchorAY * px);
    b->vx = b->vx + mB * px;
    b->vy = b->vy + mB * py;
    b->w = b->w + b->invI * (p->anchorBX * py - p->anchorBY * px);
}

/// Applies last step's impulses (warm start) of four constraints.
SD_INLINE void warmStartBundle(SDContactBundle *restrict c, SDBodyState *restrict s) {
    Velocities a = gatherVelocities(s, c->indexA);
    Velocities b = gatherVelocities(s, c->indexB);
    d4 nx = c->normalX, ny = c->normalY;
    // tangent = normal.rightPerp = (ny, −nx)
    d4 n = c->p0.normalImpulse, t = c->p0.tangentImpulse;
    applyImpulse(n * nx + t * ny, n * ny - t * nx, &c->p0, &a, &b);
    n = c->p1.normalImpulse;
    t = c->p1.tangentImpulse;
    applyImpulse(n * nx + t * ny, n * ny - t * nx, &c->p1, &a, &b);
    scatterVelocities(s, c->indexA, &a, c->indexB, &b);
}

/// Relative velocity of the anchors along (dx, dy): (vB + wB × rB − vA − wA × rA) · d.
SD_INLINE d4 relativeSpeed(const SDContactPoint *p, const Velocities *a, const Velocities *b, d4 dx, d4 dy) {
    d4 vrAx = a->vx - a->w * p->anchorAY, vrAy = a->vy + a->w * p->anchorAX;
    d4 vrBx = b->vx - b->w * p->anchorBY, vrBy = b->vy + b->w * p->anchorBX;
    return (vrBx - vrAx) * dx + (vrBy - vrAy) * dy;
}

/// Current separation of a point from the motion since the step began.
SD_INLINE d4 currentSeparation(const SDContactPoint *p, const SDContactBundle *c, const Motions *qA, const Motions *qB) {
    d4 nx = c->normalX, ny = c->normalY;
    d4 aAX = p->anchorAX, aAY = p->anchorAY, aBX = p->anchorBX, aBY = p->anchorBY;
    d4 prAx = qA->qc * aAX - qA->qs * aAY, prAy = qA->qs * aAX + qA->qc * aAY;
    d4 prBx = qB->qc * aBX - qB->qs * aBY, prBy = qB->qs * aBX + qB->qc * aBY;
    d4 dx = (qB->dpx - qA->dpx) + (prBx - prAx), dy = (qB->dpy - qA->dpy) + (prBy - prAy);
    return (dx * nx + dy * ny) + p->baseSeparation;
}

/// The normal constraint of one point, given its current separation `sep`.
/// Returns the accumulated normal impulse after the solve. `useBias` is a
/// constant at every call (solve: soft bias; relax: none).
SD_INLINE d4 solveNormal(SDContactPoint *p, const SDContactBundle *c, d4 sep, Velocities *a, Velocities *b,
                         double invH, bool useBias, double maxBiasVelocity, const SDContactSoftness *softness) {
    d4 nx = c->normalX, ny = c->normalY;
    m4 speculative = sep > 0;
    // Speculative: allow exactly the approach that closes the gap this sub-step.
    d4 bias = sep * invH;
    d4 massScale = splat(1), impulseScale = splat(0);
    if (useBias) {
        // Stiffer against bodies of infinite mass (static, kinematic, asleep).
        m4 rigid = (a->invMass == 0) | (b->invMass == 0);
        d4 biasRate = sel(rigid, softness->staticBiasRate, softness->biasRate);
        d4 laneMassScale = sel(rigid, softness->staticMassScale, softness->massScale);
        d4 laneImpulseScale = sel(rigid, softness->staticImpulseScale, softness->impulseScale);
        d4 soft = biasRate * sep;
        d4 floor = splat(-maxBiasVelocity);
        soft = sel(soft < floor, floor, soft);
        bias = sel(speculative, bias, soft);
        massScale = sel(speculative, massScale, laneMassScale);
        impulseScale = sel(speculative, impulseScale, laneImpulseScale);
    } else {
        bias = sel(speculative, bias, splat(0));
    }
    d4 vn = relativeSpeed(p, a, b, nx, ny);
    d4 impulse = -(p->normalMass * massScale) * (vn + bias) - impulseScale * p->normalImpulse;
    d4 newImpulse = p->normalImpulse + impulse;
    newImpulse = sel(newImpulse < 0, splat(0), newImpulse);
    impulse = newImpulse - p->normalImpulse;
    p->normalImpulse = newImpulse;
    p->maxNormalImpulse = sel(impulse > p->maxNormalImpulse, impulse, p->maxNormalImpulse);
    applyImpulse(impulse * nx, impulse * ny, p, a, b);
    return newImpulse;
}

/// The friction constraint of one point: Coulomb cone clamped by the normal impulse.
SD_INLINE void solveFriction(SDContactPoint *p, const SDContactBundle *c, Velocities *a, Velocities *b) {
    d4 tx = c->normalY, ty = -c->normalX;
    // Surface speed: the tangent velocity the surfaces want to slide at.
    d4 vt = relativeSpeed(p, a, b, tx, ty) + c->tangentSpeed;
    d4 impulse = -p->tangentMass * vt;
    d4 maxFriction = c->friction * p->normalImpulse;
    d4 newImpulse = p->tangentImpulse + impulse;
    newImpulse = sel(newImpulse < -maxFriction, -maxFriction, newImpulse);
    newImpulse = sel(newImpulse > maxFriction, maxFriction, newImpulse);
    impulse = newImpulse - p->tangentImpulse;
    p->tangentImpulse = newImpulse;
    applyImpulse(impulse * tx, impulse * ty, p, a, b);
}

/// One solve (with soft bias) or relax (without) of four constraints. With
/// `totals` (relax passes of a step with post-solve events), the accumulated
/// impulses, which are what this sub-step applied, are summed there.
SD_INLINE void solveBundle(SDContactBundle *restrict c, SDBodyState *restrict s, double invH, bool useBias,
                           double maxBiasVelocity, const SDContactSoftness *softness,
                           SDContactBundleCold *restrict totals) {
    // Both separations first: the motions are then no longer live with the velocities.
    d4 sep0, sep1;
    {
        Motions qA = gatherMotions(s, c->indexA);
        Motions qB = gatherMotions(s, c->indexB);
        sep0 = currentSeparation(&c->p0, c, &qA, &qB);
        sep1 = currentSeparation(&c->p1, c, &qA, &qB);
    }
    Velocities a = gatherVelocities(s, c->indexA);
    Velocities b = gatherVelocities(s, c->indexB);
    d4 n0 = solveNormal(&c->p0, c, sep0, &a, &b, invH, useBias, maxBiasVelocity, softness);
    d4 n1 = solveNormal(&c->p1, c, sep1, &a, &b, invH, useBias, maxBiasVelocity, softness);
    if (totals) {
        totals->totalNormalImpulse0 = totals->totalNormalImpulse0 + n0;
        totals->totalNormalImpulse1 = totals->totalNormalImpulse1 + n1;
    }
    solveFriction(&c->p0, c, &a, &b);
    solveFriction(&c->p1, c, &a, &b);
    scatterVelocities(s, c->indexA, &a, c->indexB, &b);
}

/// Returns the impulse applied (for the post-solve totals).
SD_INLINE d4 restitutionPoint(SDContactPoint *p, const SDContactBundle *c, Velocities *a, Velocities *b,
                              d4 restitution, d4 relativeVelocity, double threshold) {
    // Only fast approaches of points that really pushed bounce.
    m4 active = (relativeVelocity <= -threshold) & (p->maxNormalImpulse != 0) & (restitution != 0);
    d4 nx = c->normalX, ny = c->normalY;
    d4 vn = relativeSpeed(p, a, b, nx, ny);
    d4 impulse = -p->normalMass * (vn + restitution * relativeVelocity);
    d4 newImpulse = p->normalImpulse + impulse;
    newImpulse = sel(newImpulse < 0, splat(0), newImpulse);
    newImpulse = sel(active, newImpulse, p->normalImpulse);
    impulse = newImpulse - p->normalImpulse;
    p->normalImpulse = newImpulse;
    p->maxNormalImpulse = sel(impulse > p->maxNormalImpulse, impulse, p->maxNormalImpulse);
    applyImpulse(impulse * nx, impulse * ny, p, a, b);
    return impulse;
}

/// The restitution pass of four constraints, after the sub-steps.
SD_INLINE void restitutionBundle(SDContactBundle *restrict c, SDContactBundleCold *restrict cold,
                                 SDBodyState *restrict s, double threshold) {
    if (!cold->hasRestitution) return;
    Velocities a = gatherVelocities(s, c->indexA);
    Velocities b = gatherVelocities(s, c->indexB);
    d4 e = cold->restitution;
    d4 i0 = restitutionPoint(&c->p0, c, &a, &b, e, cold->relativeVelocity0, threshold);
    d4 i1 = restitutionPoint(&c->p1, c, &a, &b, e, cold->relativeVelocity1, threshold);
    cold->totalNormalImpulse0 = cold->totalNormalImpulse0 + i0;
    cold->totalNormalImpulse1 = cold->totalNormalImpulse1 + i1;
    scatterVelocities(s, c->indexA, &a, c->indexB, &b);
}

// The passes of one variant: the bodies above inlined into functions
// compiled for `TARGET`, collected in a table named `NAME`.
#define SD_VARIANT(NAME, TARGET)                                                                          \
    TARGET static void NAME##WarmStart(SDContactBundle *restrict c, long count, SDBodyState *restrict s) { \
        for (long k = 0; k < count; ++k) warmStartBundle(c + k, s);                                        \
    }                                                                                                      \
    TARGET static void NAME##Solve(SDContactBundle *restrict c, long count, SDBodyState *restrict s,       \
                                   const SDContactSoftness *softness, double invH, double maxBias) {       \
        SDContactSoftness soft = *softness;                                                                \
        for (long k = 0; k < count; ++k) solveBundle(c + k, s, invH, true, maxBias, &soft, NULL);          \
    }                                                                                                      \
    TARGET static void NAME##Relax(SDContactBundle *restrict c, long count, SDBodyState *restrict s,       \
                                   double invH, SDContactBundleCold *restrict totals) {                    \
        if (totals) {                                                                                      \
            for (long k = 0; k < count; ++k) solveBundle(c + k, s, invH, false, 0, NULL, totals + k);      \
        } else {                                                                                           \
            for (long k = 0; k < count; ++k) solveBundle(c + k, s, invH, false, 0, NULL, NULL);            \
        }                                                                                                  \
    }                                                                                                      \
    TARGET static void NAME##Restitution(SDContactBundle *restrict c, SDContactBundleCold *restrict cold,  \
                                         long count, SDBodyState *restrict s, double threshold) {          \
        for (long k = 0; k < count; ++k) restitutionBundle(c + k, cold + k, s, threshold);                 \
    }                                                                                                      \
    static const SDContactKernels NAME = {NAME##WarmStart, NAME##Solve, NAME##Relax, NAME##Restitution};

SD_VARIANT(baselineKernels, )

#if defined(__x86_64__)
SD_VARIANT(avx2Kernels, __attribute__((target("avx2"))))
SD_VARIANT(avx512Kernels, __attribute__((target("avx2,avx512f,avx512vl"))))
#endif

const SDContactKernels *sd_contact_kernels_variant(SDContactKernelVariant variant) {
    switch (variant) {
    case SDContactKernelBaseline: return &baselineKernels;
#if defined(__x86_64__)
    case SDContactKernelAVX2: return __builtin_cpu_supports("avx2") ? &avx2Kernels : NULL;
    case SDContactKernelAVX512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") ? &avx512Kernels : NULL;
#endif
    default: return NULL;
    }
}
