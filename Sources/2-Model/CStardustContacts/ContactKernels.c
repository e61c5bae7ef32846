// ContactKernels.c — the contact solver's per-bundle kernels (Box2D v3's
// soft step, four constraints at a time), written once (ContactKernelBody.h)
// and compiled once per instruction set: the kernel bodies are
// `always_inline` functions without a target, inlined into one set of pass
// functions per variant (plain, and on x86-64 `target("avx2")`).
//
// Why C: Swift code cannot be compiled for AVX without unsafe flags, and on
// SSE2 a four-lane `Double` quantity takes two of the 16 xmm registers; the
// kernels need ~24 live quantities, so a third of the Swift kernel's ~1 050
// instructions per bundle were spills and register copies. With AVX2 a
// quantity is one ymm register and each lane operation one instruction.
// The AVX2 passes go further and solve two consecutive bundles that share
// no body side by side, eight lanes in two ymm registers per quantity: more
// spills again, but a bundle's rows form one long dependency chain, and two
// independent chains interleaved keep the FP units busier (base-100 ~8 %
// faster than four lanes). An AVX-512VL variant (32 registers, zmm for
// eight lanes) measured the same as this and was dropped; pairing in the
// SSE2 baseline was slower (base-100 +5 %).
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

SD_INLINE d4 splat4(double x) { return (d4){x, x, x, x}; }

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

/// Velocities of four bodies (one per lane) with their inverse masses and inertias.
typedef struct Velocities4 { d4 vx, vy, w, invMass, invI; } Velocities4;
/// Motion since the step began of four bodies: translation dp and rotation dq.
typedef struct Motions4 { d4 dpx, dpy, qc, qs; } Motions4;

/// vx, vy, w, invMass are adjacent in a body state: one 32-byte load per body.
SD_INLINE Velocities4 gatherVelocities4(const SDBodyState *restrict s, const SDContactBundle *c, int side) {
    SDIndex4 i = side ? c->indexB : c->indexA;
    const SDBodyState *a = s + i.x, *b = s + i.y, *d = s + i.z, *e = s + i.w;
    Velocities4 v;
    transpose(load4(&a->vx), load4(&b->vx), load4(&d->vx), load4(&e->vx), &v.vx, &v.vy, &v.w, &v.invMass);
    v.invI = (d4){a->invInertia, b->invInertia, d->invInertia, e->invInertia};
    return v;
}

/// dpx, dpy, qc, qs are adjacent: one 32-byte load per body.
SD_INLINE Motions4 gatherMotions4(const SDBodyState *restrict s, const SDContactBundle *c, int side) {
    SDIndex4 i = side ? c->indexB : c->indexA;
    Motions4 m;
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
SD_INLINE void scatterSide(SDBodyState *restrict s, SDIndex4 index, d4 vx, d4 vy, d4 w, d4 invMass) {
    d4 rows[4];
    transpose(vx, vy, w, invMass, &rows[0], &rows[1], &rows[2], &rows[3]);
    m4 movable = invMass > 0;
    for (int lane = 0; lane < 4; ++lane) {
        if (!movable[lane]) continue;
        __builtin_memcpy(&s[index[lane]].vx, &rows[lane], sizeof(d4));
    }
}

SD_INLINE void scatterVelocities4(SDBodyState *restrict s, const SDContactBundle *c, const Velocities4 *a,
                                  const Velocities4 *b) {
    scatterSide(s, c->indexA, a->vx, a->vy, a->w, a->invMass);
    scatterSide(s, c->indexB, b->vx, b->vy, b->w, b->invMass);
}

// One bundle: four lanes.
#define W 4
#define V d4
#define M m4
#define N(name) name##4
#define SPLAT(x) splat4(x)
#define SOFT(softness, f) ((softness)->f)
#define LD(c, f) ((c)->f)
#define ST(c, f, v) ((c)->f = (v))
#include "ContactKernelBody.h"

#if defined(__x86_64__)
// Two consecutive bundles of one color: eight lanes (AVX2 variant only).
typedef double d8 __attribute__((ext_vector_type(8)));
typedef __typeof__((d8){0} < (d8){0}) m8;

SD_INLINE d8 splat8(double x) { return (d8){x, x, x, x, x, x, x, x}; }
SD_INLINE d8 cat8(d4 lo, d4 hi) { return __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7); }
SD_INLINE d4 lo8(d8 v) { return __builtin_shufflevector(v, v, 0, 1, 2, 3); }
SD_INLINE d4 hi8(d8 v) { return __builtin_shufflevector(v, v, 4, 5, 6, 7); }

typedef struct Velocities8 { d8 vx, vy, w, invMass, invI; } Velocities8;
typedef struct Motions8 { d8 dpx, dpy, qc, qs; } Motions8;

SD_INLINE Velocities8 gatherVelocities8(const SDBodyState *restrict s, const SDContactBundle *c, int side) {
    Velocities4 l = gatherVelocities4(s, c, side), h = gatherVelocities4(s, c + 1, side);
    return (Velocities8){cat8(l.vx, h.vx), cat8(l.vy, h.vy), cat8(l.w, h.w), cat8(l.invMass, h.invMass),
                         cat8(l.invI, h.invI)};
}

SD_INLINE Motions8 gatherMotions8(const SDBodyState *restrict s, const SDContactBundle *c, int side) {
    Motions4 l = gatherMotions4(s, c, side), h = gatherMotions4(s, c + 1, side);
    return (Motions8){cat8(l.dpx, h.dpx), cat8(l.dpy, h.dpy), cat8(l.qc, h.qc), cat8(l.qs, h.qs)};
}

SD_INLINE void scatterVelocities8(SDBodyState *restrict s, const SDContactBundle *c, const Velocities8 *a,
                                  const Velocities8 *b) {
    scatterSide(s, c[0].indexA, lo8(a->vx), lo8(a->vy), lo8(a->w), lo8(a->invMass));
    scatterSide(s, c[0].indexB, lo8(b->vx), lo8(b->vy), lo8(b->w), lo8(b->invMass));
    scatterSide(s, c[1].indexA, hi8(a->vx), hi8(a->vy), hi8(a->w), hi8(a->invMass));
    scatterSide(s, c[1].indexB, hi8(b->vx), hi8(b->vy), hi8(b->w), hi8(b->invMass));
}

/// Whether two bundles share no body slot (then, as two bundles of one
/// color, they can be solved side by side with the same results). Slots of
/// bodies of infinite mass count too: a conservative test.
SD_INLINE bool disjoint(const SDContactBundle *c) {
    typedef int32_t i8 __attribute__((ext_vector_type(8)));
    i8 first = __builtin_shufflevector(c[0].indexA, c[0].indexB, 0, 1, 2, 3, 4, 5, 6, 7);
    i8 second = __builtin_shufflevector(c[1].indexA, c[1].indexB, 0, 1, 2, 3, 4, 5, 6, 7);
    i8 same = (i8){0};
    for (int k = 0; k < 8; ++k) same |= first == second[k];
    i8 none = (i8){0};
    return __builtin_memcmp(&same, &none, sizeof same) == 0;
}

#define W 8
#define V d8
#define M m8
#define N(name) name##8
#define SPLAT(x) splat8(x)
#define SOFT(softness, f) cat8((softness)->f, (softness)->f)
#define LD(c, f) cat8((c)[0].f, (c)[1].f)
#define ST(c, f, v) ((c)[0].f = lo8(v), (c)[1].f = hi8(v))
#include "ContactKernelBody.h"
#endif

// The passes of one variant: the bodies above inlined into functions
// compiled for `TARGET`, collected in a table named `NAME`. `PAIR(k)` says
// whether bundles k and k + 1 are solved side by side (eight lanes).
#define SD_VARIANT(NAME, TARGET, PAIR)                                                                     \
    TARGET static void NAME##WarmStart(SDContactBundle *restrict c, long count, SDBodyState *restrict s) { \
        for (long k = 0; k < count;) {                                                                     \
            if (PAIR(k)) { SD_WIDE(warmStartBundle8(c + k, s)); k += 2; }                                  \
            else { warmStartBundle4(c + k, s); k += 1; }                                                   \
        }                                                                                                  \
    }                                                                                                      \
    TARGET static void NAME##Solve(SDContactBundle *restrict c, long count, SDBodyState *restrict s,       \
                                   const SDContactSoftness *softness, double invH, double maxBias) {       \
        SDContactSoftness soft = *softness;                                                                \
        for (long k = 0; k < count;) {                                                                     \
            if (PAIR(k)) { SD_WIDE(solveBundle8(c + k, s, invH, true, maxBias, &soft, NULL)); k += 2; }    \
            else { solveBundle4(c + k, s, invH, true, maxBias, &soft, NULL); k += 1; }                     \
        }                                                                                                  \
    }                                                                                                      \
    TARGET static void NAME##Relax(SDContactBundle *restrict c, long count, SDBodyState *restrict s,       \
                                   double invH, SDContactBundleCold *restrict totals) {                    \
        if (totals) {                                                                                      \
            for (long k = 0; k < count;) {                                                                 \
                if (PAIR(k)) { SD_WIDE(solveBundle8(c + k, s, invH, false, 0, NULL, totals + k)); k += 2; }\
                else { solveBundle4(c + k, s, invH, false, 0, NULL, totals + k); k += 1; }                 \
            }                                                                                              \
        } else {                                                                                           \
            for (long k = 0; k < count;) {                                                                 \
                if (PAIR(k)) { SD_WIDE(solveBundle8(c + k, s, invH, false, 0, NULL, NULL)); k += 2; }      \
                else { solveBundle4(c + k, s, invH, false, 0, NULL, NULL); k += 1; }                       \
            }                                                                                              \
        }                                                                                                  \
    }                                                                                                      \
    TARGET static void NAME##Restitution(SDContactBundle *restrict c, SDContactBundleCold *restrict cold,  \
                                         long count, SDBodyState *restrict s, double threshold) {          \
        for (long k = 0; k < count; ++k) restitutionBundle4(c + k, cold + k, s, threshold);                \
    }                                                                                                      \
    static const SDContactKernels NAME = {NAME##WarmStart, NAME##Solve, NAME##Relax, NAME##Restitution};

#define SD_NEVER(k) 0
#define SD_DISJOINT(k) ((k) + 1 < count && disjoint(c + (k)))
#if defined(__x86_64__)
#define SD_WIDE(call) call
#else
#define SD_WIDE(call) ((void)0)
#endif

SD_VARIANT(baselineKernels, , SD_NEVER)

#if defined(__x86_64__)
SD_VARIANT(avx2Kernels, __attribute__((target("avx2"))), SD_DISJOINT)
#endif

const SDContactKernels *sd_contact_kernels_variant(SDContactKernelVariant variant) {
    switch (variant) {
    case SDContactKernelBaseline: return &baselineKernels;
#if defined(__x86_64__)
    case SDContactKernelAVX2: return __builtin_cpu_supports("avx2") ? &avx2Kernels : NULL;
#endif
    default: return NULL;
    }
}
