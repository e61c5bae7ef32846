// CStardustParticleLanes.h — the batched particle kernel's closed-form drag segments and over-life
// curves (StardustParticles, ExtendedKernel.swift), in C so that one source is compiled for the
// baseline and, on x86-64, for AVX2, chosen at run time (DragSegments.c, CurveValues.c,
// LaneChoice.c). Every variant computes the bits of the Swift code it replaces
// (`DragMotion.state` with `Exponential`; `ParticleCurve.value(at:)`).

#ifndef C_STARDUST_PARTICLE_LANES_H
#define C_STARDUST_PARTICLE_LANES_H

#include <stdint.h>

/// The batch columns of ``sd_drag_segments``: each points at `count` doubles (the batch slots).
typedef struct SDDragColumns {
    const double *ages, *starts;
    const double *px0, *py0, *pz0, *vx0, *vy0, *vz0;
    double *px, *py, *pz, *vx, *vy, *vz;
} SDDragColumns;

/// The state of slots `from ..< count` (count a multiple of 4) at their ages, four at a time: for
/// each slot, the segment starting at age `starts` at (p0, v0) under drag `k` towards the terminal
/// velocity (vtx, vty, vtz) (``DragMotion/state(_:)`` with ``Exponential/expAndExpm1(_:)``'s four-lane
/// form, the same operations in the same order). Returns `count`, or the first slot of a group with
/// an exponent outside ±700 or not a number, which the caller computes (``Exponential``'s wide path)
/// and resumes after.
int64_t sd_drag_segments(const SDDragColumns *c, int64_t from, int64_t count,
                         double k, double vtx, double vty, double vtz);

/// 1 when the functions of this module run their AVX2 variant (the CPU has it and the environment
/// variable STARDUST_NO_AVX is unset or "0"), else 0. Chosen once, on first use.
int sd_lanes_use_avx2(void);

/// 1 when ``sd_field_steps``, ``sd_births`` and the checkpoint passes (``sd_field_prepare``, ``sd_field_keep``) run their
/// eight-lane AVX-512 variants (``sd_lanes_use_avx2`` and the CPU has AVX-512 F, VL, DQ and BW), else 0. Chosen once,
/// on first use.
int sd_lanes_use_avx512(void);

/// 1 when the CPU has what the eight-lane variant of ``sd_field_steps`` needs (AVX2, AVX-512 F, VL, DQ and BW),
/// whatever the environment says (for the tests).
int sd_lanes_have_avx512(void);

/// The baseline variant, whatever the CPU (for the tests: both variants give the same bits).
int64_t sd_drag_segments_baseline(const SDDragColumns *c, int64_t from, int64_t count,
                                  double k, double vtx, double vty, double vtz);

/// A curve's values at `count` normalised ages `fs` (count a multiple of 4), written to `out`: for each,
/// ``ParticleCurve/value(at:)`` of the curve through the `n` (≥ 1) sorted stops `times` and their
/// `values`, joined by `mode` (0 linear, 1 step, 2 smooth; ``CurveInterpolation``).
void sd_curve_values(const double *fs, double *out, int64_t count, const double *times, const double *values,
                     int64_t n, int mode);

/// The baseline variant of ``sd_curve_values``, whatever the CPU (for the tests).
void sd_curve_values_baseline(const double *fs, double *out, int64_t count, const double *times,
                              const double *values, int64_t n, int mode);

/// The batch columns step 4 of the kernel reads (``sd_columns``): each points at the batch slots (doubles,
/// read four at a time, so `count` rounded up to 4 of them); the ramp's four and each curve's are NULL
/// where the cell has no such curve.
typedef struct SDColumnInputs {
    const double *ages, *lives, *red, *green, *blue, *alpha, *scale, *rotation, *spin;
    const double *px, *py, *pz, *vx, *vy, *vz;
    const double *rampR, *rampG, *rampB, *rampA, *alphaValues, *scaleValues;
    /// Each particle's birth time and birth index within the emitter (its id less the cell's key), copied to the
    /// snapshot's `birth` and `ids` columns when `SDColumnOutputs.birth` is not NULL.
    const double *births;
    const uint64_t *ks;
} SDColumnInputs;

/// The snapshot's float columns at the batch's first particle (``sd_columns`` writes `count` of each).
typedef struct SDColumnOutputs {
    float *x, *y, *z, *vx, *vy, *vz, *scale, *rotation, *red, *green, *blue, *alpha, *age, *lifetime;
    /// The birth times, cells and ids (`idKey` + k, wrapping), or NULL (all three left alone).
    double *birth;
    int32_t *cells;
    uint64_t *ids;
} SDColumnOutputs;

/// The cell's constants of step 4: color speed (r, g, b, a), scale speed, a sub-cell's scale factor
/// (when `hasScaleFactor`) and the parent's turn added to the rotation (when not 0); and the birth draws
/// (``ParticleBirth/finish``): each birth value is `base + range · (2u − 1)` of its uniform u, the color's (r, g, b, a)
/// then times a sub-cell's `colorFactor` (when `hasColorFactor`), the rotation's drawn only when `drawsRotation`
/// (else the rotation input is read as it is).
typedef struct SDColumnParameters {
    double colorSpeed[4];
    double scaleSpeed, scaleFactor, turn;
    int32_t hasScaleFactor;
    /// The cell's index written to `cells` and its id key added to each birth index for `ids`.
    int32_t cell;
    uint64_t idKey;
    double color[4], colorRange[4], colorFactor[4];
    double scale, scaleRange, spin, spinRange, rotation, rotationRange;
    int32_t hasColorFactor, drawsRotation;
} SDColumnParameters;

/// Step 4 of the batched kernel for `count` particles, four at a time (the last group's lanes past `count`
/// are computed from the padded slots, not stored): first the birth color, scale, spin and rotation from the
/// uniforms in `red` … `alpha`, `scale`, `spin` and `rotation` (the draws of ``SDColumnParameters``, once step 2 of the
/// kernel's, which wrote them back into these columns only for this step to read), then the color
/// r + speed·age (times the ramp), alpha (times the alpha curve), the scale max(0, s + speed·age) (times the factor;
/// times the scale curve, then max(0, ·) again), the rotation r0 + spin·age (+ turn), then every column rounded to
/// float: the operations of the Swift steps it replaces, in their order. With `out->birth`, also the birth times,
/// cells and ids in the same loop.
void sd_columns(const SDColumnInputs *in, const SDColumnOutputs *out, int64_t count, const SDColumnParameters *p);

/// The baseline variant of ``sd_columns``, whatever the CPU (for the tests).
void sd_columns_baseline(const SDColumnInputs *in, const SDColumnOutputs *out, int64_t count,
                         const SDColumnParameters *p);

/// ``sd_columns``'s variant `variant` whatever the environment says (for the tests): 1 the baseline, 2 AVX2 (four lanes),
/// 3 AVX-512 (eight lanes, the last one to seven particles four at a time). Returns 0, or −1 when the CPU lacks it.
int sd_columns_variant(int variant, const SDColumnInputs *in, const SDColumnOutputs *out, int64_t count,
                       const SDColumnParameters *p);

/// One lattice cell's four curl-noise gradients (a, b, c, d: x then y of each), as CurlNoise.gradient gives them,
/// in a table of ``sd_field_steps`` keyed by the cell's corner (`ix`, `iy`; `INT64_MIN`: an empty entry).
typedef struct SDLatticeCell {
    int64_t ix, iy;
    double g[8];
} SDLatticeCell;

/// The constants of ``sd_field_steps``: one cell's integrated fields (``FieldIntegrator``) without attractors or
/// vortex. `h` the step; `k` the drag (0: none), `decay` and `reach` its full step's e^(−k·h) and (1 − e^(−k·h))/k;
/// `accel` the cell's acceleration; `turbulence` the curl noise's strength (0: none), `inverseScale` and `seed`
/// its lattice; `hasSole` 1 when a collider line that stays (`origin`, unit `normal`) is tested; `cells` below.
typedef struct SDFieldParameters {
    double h, k, decay, reach;
    double wind[3], accel[3];
    double turbulence, inverseScale;
    uint64_t seed;
    double origin[3], normal[3];
    int32_t hasSole;
    /// A table of `cellMask + 1` (a power of two) lattice cells of this seed that the steps read and fill, kept by
    /// the caller across calls (a cache: a lane whose cell is not there hashes it), or NULL.
    SDLatticeCell *cells;
    int64_t cellMask;
} SDFieldParameters;

/// The calling thread's table of `count` (a power of two) lattice cells for ``SDFieldParameters/cells`` under noise
/// `seed`, kept across calls for the lifetime of the thread (LatticeCells.c): emptied when first made and whenever
/// the seed differs from the previous call's, so every entry it holds is a cell of `seed`. NULL when it cannot be
/// made (the steps then hash every cell). Only the calling thread may use it.
SDLatticeCell *sd_thread_lattice_cells(uint64_t seed, int64_t count);

/// Empties `count` lattice cells (``SDLatticeCell``'s empty entry).
void sd_lattice_cells_clear(SDLatticeCell *cells, int64_t count);

/// The batch columns of ``sd_field_steps``, each `count` doubles. In: `step` (the grid step the lane starts
/// at), `steps` (its last full step), `rest` (its shortened last step), `side` (its side of the line, ±1) and
/// `last` (its last contact's piece: 0 means it starts on the line), the state at `step` in p/v. Out: `step`
/// the step the lane stopped at and k* the state there; `done` 1 when the lane finished (p/v its final state, the
/// velocity plus +0.0 as the run returns it; `step` its last full step), 0 when its step from `step` crosses the line (the caller takes it from there).
typedef struct SDFieldLanes {
    double *step, *steps, *rest, *side, *last;
    double *px, *py, *pz, *vx, *vy, *vz;
    double *kpx, *kpy, *kpz, *kvx, *kvy, *kvz;
    double *done;
} SDFieldLanes;

/// One particle's kept integration state (StardustParticles' `FieldCheckpoint`, the same layout: 64 bytes, the fields
/// at the same offsets; `FieldCheckpointTests` checks it): the particle's id, its state after `step` full steps
/// (−1: an empty slot), its bounces and its last contact's piece (−1: none).
typedef struct SDFieldCheckpoint {
    uint64_t id;
    double px, py, pz, vx, vy, vz;
    int32_t step;
    uint8_t bounces;
    int16_t last;
} SDFieldCheckpoint;

/// The kept table's side of a batch of ``sd_field_steps`` lanes: lane j is the particle of id `idKey + ks[j]` (wrapping),
/// its checkpoint `table[slots[j]]` (`table` NULL: none kept).
typedef struct SDFieldSlots {
    SDFieldCheckpoint *table;
    const uint64_t *slots, *ks;
    uint64_t idKey;
} SDFieldSlots;

/// The birth states of a batch's particles (each column `m` doubles), where lanes start without a checkpoint.
typedef struct SDFieldBirths {
    const double *px, *py, *pz, *vx, *vy, *vz;
} SDFieldBirths;

/// The lanes' inputs of `m` particles for ``sd_field_steps``, then lanes `m ..< padded` unused: lane j resumes from its
/// checkpoint when it belongs to the particle and lies on or before its last full step (`steps`, which
/// ``sd_field_grid`` wrote), else starts from its birth state (`births`); its side of the line is `sides[j]`
/// (each birth's, the run's `soleSide`), or `side` for every lane when `sides` is NULL (the same for the whole run).
/// Writes step, side, last, p/v, `resumed` (the step read) and `bounces`, and, when `resumes` is not NULL, for each of
/// the `m` particles 1 where its lane resumes and 0 where it starts from its birth (the kernel then fills in the birth
/// velocities of only the lanes that read them). Returns 0, or −1 (writing nothing) when a
/// lane's `steps` is not a number of the 64-bit integer range (where Swift's `Int` conversion of the run traps).
int64_t sd_field_prepare(const SDFieldLanes *c, double *resumed, double *bounces, uint64_t *resumes,
                         const SDFieldSlots *s, const SDFieldBirths *births, const double *sides, double side,
                         int64_t m, int64_t padded);

/// For each of the `m` lanes that finished in ``sd_field_steps`` (`done`), its state at the last full step kept in
/// its checkpoint when it moved on from the step read (`resumed`) and that step is in 1 … INT32_MAX
/// ; `bounces` and `last` as read. Returns the lanes that did not finish (handed
/// back at a contact, left to the caller).
int64_t sd_field_keep(const SDFieldLanes *c, const double *resumed, const double *bounces, const SDFieldSlots *s,
                      int64_t m);

/// ``sd_field_prepare``'s variant 1 (the lane loop) or 3 (eight lanes on AVX-512 where there is a table), whatever the
/// environment says; −2 when the CPU lacks it or the variant is not one of these (for the tests).
int64_t sd_field_prepare_variant(int variant, const SDFieldLanes *c, double *resumed, double *bounces,
                                 uint64_t *resumes, const SDFieldSlots *s, const SDFieldBirths *births,
                                 const double *sides, double side, int64_t m, int64_t padded);

/// ``sd_field_keep``'s variant 1 or 3, as ``sd_field_prepare_variant``'s; −2 when the CPU lacks it (for the tests).
int64_t sd_field_keep_variant(int variant, const SDFieldLanes *c, const double *resumed, const double *bounces,
                              const SDFieldSlots *s, int64_t m);

/// The integrated fields' steps of `count` particles (a multiple of 4), four at a time: for each lane the
/// full steps from `step` to `steps`, then the shortened step of `rest` when positive, with the operations of
/// ``FieldIntegrator``'s run (``CurlNoise/curl(_:_:seed:cell:)``, the drag or free step, the line's crossing
/// test), the same bits.
void sd_field_steps(const SDFieldLanes *c, int64_t count, const SDFieldParameters *p);

/// Each lane's grid for `count` ages (a multiple of 4): `steps` the full steps ⌊τ/h⌋ and `rest` τ − steps·h, the
/// shortened last step, as FieldIntegrator's run computes them (`CurlNoise.floor` of the quotient), four at a time.
void sd_field_grid(const double *ages, double *steps, double *rest, int64_t count, double h);

/// The baseline variant of ``sd_field_grid``, whatever the CPU (for the tests).
void sd_field_grid_baseline(const double *ages, double *steps, double *rest, int64_t count, double h);

/// The baseline variant of ``sd_field_steps``, whatever the CPU (for the tests).
void sd_field_steps_baseline(const SDFieldLanes *c, int64_t count, const SDFieldParameters *p);

/// The eight-lane variant of ``sd_field_steps`` (uniform groups of eight lanes on AVX-512, the rest on AVX2) when the
/// CPU has it (``sd_lanes_have_avx512``), whatever the environment says, and returns 1; returns 0, doing nothing,
/// where the CPU lacks it (for the tests).
int sd_field_steps_wide(const SDFieldLanes *c, int64_t count, const SDFieldParameters *p);

/// The eight-lane conversion of the lattice gradients' integers (FieldSteps.c's `gradientValues8`: CurlNoise.gradient's
/// `n / 32767.5 − 1` by a product and an fma-corrected step) of `n[0 ..< count]` (n in 0 … 65535; `count` a multiple of
/// 8) into `g`, and returns 1 where the CPU has AVX-512; returns 0, doing nothing, where it lacks it (for the tests).
int sd_gradient_values_wide(const int64_t *n, double *g, int64_t count);


/// A batch of births of one run for ``sd_births`` (ExtendedKernel.swift's step 1): births `k ..< end` (at most 64),
/// born at `start` (a burst, `isBurst` ≠ 0) or at `start + (k − count0) · invRate`, read at time `t`; the instance's
/// stream key, the lifetime and its range; the contact-cache slot of birth `k`, the slot one batch ahead (a prefetch
/// hint into `table`, slots of `slotBytes` bytes, when not NULL) and the table's capacity; whether the rotation's
/// uniform is drawn, and its attribute. `sd_births` advances `k` to `end`, `slot` and `ahead`.
typedef struct SDBirthRun {
    int64_t k, end;
    double start, count0, invRate, t;
    int32_t isBurst, rotation;
    uint64_t stream;
    double life, lifeRange;
    uint64_t slot, ahead, capacity;
    const uint8_t *table;
    int64_t slotBytes;
    uint64_t rotationAttribute;
} SDBirthRun;

/// The batch columns ``sd_births`` writes, each of at least 64 slots: per live birth, in birth order, its age,
/// lifetime, birth time, longitude uniform, index, random key and slot, then its other uniforms.
typedef struct SDBirthColumns {
    double *ages, *lives, *births, *uAngle, *uSpeed, *uScale, *uSpin, *uR, *uG, *uB, *uA, *uRot;
    uint64_t *ks, *keys, *slots;
} SDBirthColumns;

/// The live births of the batch `r` (``ParticleBirth/life`` and the liveness test of `forEachLive`, then
/// ``ParticleRandom/triple(_:)`` of attributes 0, 1, 2 and, when `r->rotation`, `r->rotationAttribute`), packed at
/// the columns' start; returns how many. The bits of ExtendedKernel.swift's former Swift step (Births.c).
int64_t sd_births(SDBirthRun *r, const SDBirthColumns *c);

/// The baseline variant of ``sd_births``, whatever the CPU (for the tests).
int64_t sd_births_baseline(SDBirthRun *r, const SDBirthColumns *c);

/// ``sd_births``'s variant 1 (baseline), 2 (AVX2) or 3 (eight lanes on AVX-512), whatever the environment says;
/// −1 when the CPU lacks it (for the tests).
int64_t sd_births_variant(int variant, SDBirthRun *r, const SDBirthColumns *c);

#endif
