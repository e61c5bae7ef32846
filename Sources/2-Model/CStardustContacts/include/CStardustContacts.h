// CStardustContacts.h — the contact solver's bundles and its per-sub-step
// kernels (warm start, solve, relax, restitution), in C so that one source is
// compiled both for the baseline target and, on x86-64, for AVX2, chosen at
// run time (see ContactKernels.c and StardustPhysics/ContactSolver.swift).
//
// The vector types are clang extended vectors, which Swift imports as
// `SIMD4<Double>` and `SIMD4<Int32>`: the bundles are declared here once and
// filled and read from Swift (`ContactBundle`, `BodyState` etc. are typealiases there).

#ifndef C_STARDUST_CONTACTS_H
#define C_STARDUST_CONTACTS_H

#include <stdbool.h>
#include <stdint.h>

/// Four lanes of one quantity (four constraints of a bundle). Aligned to 16
/// bytes, not 32: Swift imports no over-aligned record, and its arrays (and
/// `SIMD4<Double>`) are 16-byte aligned; the kernels use unaligned loads.
typedef double SDLane4 __attribute__((ext_vector_type(4), aligned(16)));
/// Four body slots (solver state indices).
typedef int32_t SDIndex4 __attribute__((ext_vector_type(4)));

/// One manifold point of four constraints.
typedef struct SDContactPoint {
    SDLane4 anchorAX, anchorAY;
    SDLane4 anchorBX, anchorBY;
    /// Separation at the start of the step, minus the anchors' offset along the normal.
    SDLane4 baseSeparation;
    SDLane4 normalImpulse;
    SDLane4 tangentImpulse;
    SDLane4 maxNormalImpulse;
    SDLane4 normalMass;
    SDLane4 tangentMass;
} SDContactPoint;

/// Four contact constraints in structure-of-arrays form: what the sub-step
/// passes read and write. What only the restitution pass, the impulse store
/// and the events need lives in `SDContactBundleCold` (same index).
typedef struct SDContactBundle {
    /// Slots in the solver's body-state array (the zero state for static and
    /// sleeping bodies and empty lanes). Inverse masses are read from there,
    /// and only bodies of finite mass are written back.
    SDIndex4 indexA, indexB;
    SDLane4 normalX, normalY;
    SDLane4 friction, tangentSpeed;
    SDContactPoint p0, p1;
} SDContactBundle;

/// The rarely read part of a bundle (same index as its `SDContactBundle`).
typedef struct SDContactBundleCold {
    /// Contact index per lane, −1 for an empty lane.
    SDIndex4 contact;
    SDLane4 restitution;
    /// Normal approach speed of each point at the start of the step (restitution, events).
    SDLane4 relativeVelocity0, relativeVelocity1;
    /// Sum over sub-steps of the impulse each point applied (post-solve events only).
    SDLane4 totalNormalImpulse0, totalNormalImpulse1;
    /// Whether any lane has restitution (the restitution pass skips the rest).
    bool hasRestitution;
} SDContactBundleCold;

/// The contact softness of a step as lanes: soft contacts between two movable
/// bodies, stiffer ones (`static…`) against a body of infinite mass, chosen per
/// lane from the gathered inverse masses.
typedef struct SDContactSoftness {
    SDLane4 biasRate, massScale, impulseScale;
    SDLane4 staticBiasRate, staticMassScale, staticImpulseScale;
} SDContactSoftness;

/// One awake body's solver state for a step (StardustPhysics' `BodyState`,
/// declared here once for the Swift solver and the kernels alike):
/// velocity, angular velocity, inverse mass and inertia next to them (the
/// kernels gather them together), and the motion since the step began
/// (translation dp, rotation dq as cosine and sine, adjacent: one 32-byte
/// load per body). Swift reads `v`, `dp` and `dq` as `Vec2` and `Rotation`
/// through accessors (Body.swift). 72 bytes.
typedef struct SDBodyState {
    double vx, vy, w;
    double invMass, invInertia;
    double dpx, dpy, qc, qs;
} SDBodyState;

/// The passes over `count` bundles, for one instruction set. `states` points
/// at the solver's body states; `totals`, if not NULL,
/// receives the relax pass's accumulated normal impulses (post-solve events).
typedef struct SDContactKernels {
    void (*warmStart)(SDContactBundle *bundles, long count, SDBodyState *states);
    void (*solve)(SDContactBundle *bundles, long count, SDBodyState *states,
                  const SDContactSoftness *softness, double invH, double maxBiasVelocity);
    void (*relax)(SDContactBundle *bundles, long count, SDBodyState *states, double invH,
                  SDContactBundleCold *totals);
    void (*restitution)(SDContactBundle *bundles, SDContactBundleCold *colds, long count,
                        SDBodyState *states, double threshold);
} SDContactKernels;

/// The instruction sets the kernels are compiled for.
typedef enum SDContactKernelVariant {
    /// The target's baseline (SSE2 on x86-64, NEON on arm64).
    SDContactKernelBaseline = 0,
    /// AVX2 (x86-64 only): one 256-bit register per four lanes; two disjoint
    /// consecutive bundles are solved side by side (eight lanes).
    SDContactKernelAVX2 = 1,
} SDContactKernelVariant;

/// The kernels of one variant, or NULL when this build or this CPU lacks it.
const SDContactKernels *sd_contact_kernels_variant(SDContactKernelVariant variant);

/// The kernels the solver uses: AVX2 when this CPU runs it, or the baseline
/// (also when the environment variable STARDUST_NO_AVX is set, to any value
/// but "0", when first asked). Chosen once; every variant computes the same bits.
const SDContactKernels *sd_contact_kernels(void);

/// The variant `sd_contact_kernels()` chose.
SDContactKernelVariant sd_contact_kernels_chosen(void);

#endif
