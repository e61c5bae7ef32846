// FieldCheckpoints.c — the checkpoint passes around ``sd_field_steps``, one loop each over a batch's lanes: the only
// implementation in the product (the particle tests keep a lane-by-lane Swift reference, FieldLaneReference.swift).
// Each pass's lane loop is written once (`prepareLanes`, `keepLanes`); on a CPU with AVX-512 (F, VL, DQ, BW) the passes
// take eight lanes at a time first (`prepare512`, `keep512`: each checkpoint, one 64-byte slot, read or written as one
// vector, the eight lanes' slots turned into the fields' columns and back by a transpose), then the lanes past the
// last eight through the loop; chosen once at run time (LaneChoice.c, so never under STARDUST_NO_AVX=1).
//
// Why: in playback every particle of an integrated cell reads its checkpoint before the steps and writes it after;
// the Swift passes did it lane by lane with each conversion checked (Double to Int, Int to Int32, UInt8 and Int16)
// and the lane columns' pointers reloaded from the stack, about a tenth of `particles-eval --variant
// 1M-live-turbulence`'s playback in a profile. The C loops one lane at a time were still about 15 % of it (scalar
// copies, the column pointers spilled); eight lanes at a time a slot is one load or store and a column one per eight
// lanes (docs/PARTICLES-PERFORMANCE.md, "the checkpoint passes on eight lanes").
//
// Determinism: only copies and comparisons of the values the run (FieldIntegrator.run) copies and compares: the checkpoint's
// state into the lane columns and back, integers held exactly in doubles. The eight-lane passes compare and convert the
// same integers (the step, bounces and last piece: exact in 64 bits and in a double), select the same values, and
// write the bytes the loop writes (a slot's padding byte 61 is left as it is), lane after lane in order, so two lanes
// sharing a slot leave the later lane's state, as in the loop. The lanes and the table are the kernel's.

#include "CStardustParticleLanes.h"
#include "Lanes.h"

#include <stddef.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

_Static_assert(sizeof(SDFieldCheckpoint) == 64, "FieldCheckpoint is 64 bytes");
_Static_assert(offsetof(SDFieldCheckpoint, step) == 56, "FieldCheckpoint.step at 56");
_Static_assert(offsetof(SDFieldCheckpoint, bounces) == 60, "FieldCheckpoint.bounces at 60");
_Static_assert(offsetof(SDFieldCheckpoint, last) == 62, "FieldCheckpoint.last at 62");

/// Swift's Int(steps) traps outside the 64-bit range (and for a NaN): then nothing is written and the caller stops
/// there, as the Swift run would.
SD_INLINE int stepsInRange(const double *steps, int64_t m) {
    int inRange = 1;
    for (int64_t j = 0; j < m; j++) inRange &= (steps[j] >= -9223372036854775808.0) & (steps[j] < 9223372036854775808.0);
    return inRange;
}

/// ``sd_field_prepare``'s lanes `from ..< m` (the steps in range), then the unused lanes `m ..< padded`.
SD_INLINE void prepareLanes(const SDFieldLanes *c, double *resumed, double *bounces, uint64_t *resumes,
                            const SDFieldSlots *s, const SDFieldBirths *births, const double *laneSides, double side,
                            int64_t from, int64_t m, int64_t padded) {
    // The columns and the table in locals: the compiler may not keep struct fields in registers across the stores.
    double *const step = c->step, *const steps = c->steps, *const rest = c->rest, *const sides = c->side;
    double *const last = c->last;
    double *const px = c->px, *const py = c->py, *const pz = c->pz, *const vx = c->vx, *const vy = c->vy;
    double *const vz = c->vz;
    const double *const px0 = births->px, *const py0 = births->py, *const pz0 = births->pz;
    const double *const vx0 = births->vx, *const vy0 = births->vy, *const vz0 = births->vz;
    const SDFieldCheckpoint *const table = s->table;
    const uint64_t *const slots = s->slots, *const ks = s->ks;
    const uint64_t idKey = s->idKey;
    for (int64_t j = from; j < m; j++) {
        const SDFieldCheckpoint *kept = table ? table + slots[j] : NULL;
        // FieldCheckpoint.resumes: its particle, not empty, on or before the last full step (Swift's Int(steps), in
        // range as tested before).
        const int resumesLane =
            kept && kept->id == idKey + ks[j] && kept->step >= 0 && (int64_t)kept->step <= (int64_t)steps[j];
        if (resumes) resumes[j] = (uint64_t)resumesLane;
        if (resumesLane) {
            step[j] = (double)kept->step;
            last[j] = (double)kept->last;
            resumed[j] = (double)kept->step;
            bounces[j] = (double)kept->bounces;
            px[j] = kept->px; py[j] = kept->py; pz[j] = kept->pz;
            vx[j] = kept->vx; vy[j] = kept->vy; vz[j] = kept->vz;
        } else {
            step[j] = 0;
            last[j] = -1;
            resumed[j] = 0;
            bounces[j] = 0;
            px[j] = px0[j]; py[j] = py0[j]; pz[j] = pz0[j];
            vx[j] = vx0[j]; vy[j] = vy0[j]; vz[j] = vz0[j];
        }
        sides[j] = laneSides ? laneSides[j] : side;
    }
    for (int64_t j = m > from ? m : from; j < padded; j++) {
        step[j] = 0; steps[j] = -1; rest[j] = 0;
        sides[j] = 0; last[j] = -1;
        px[j] = 0; py[j] = 0; pz[j] = 0; vx[j] = 0; vy[j] = 0; vz[j] = 0;
    }
}

/// What ``sd_field_keep`` reads and writes, copied out of the structs into one local value: the compiler keeps a local's
/// fields in registers, where it reloads the structs' fields after each store to the table (which might alias them).
typedef struct KeepInputs {
    const double *done, *step, *last, *kpx, *kpy, *kpz, *kvx, *kvy, *kvz;
    SDFieldCheckpoint *table;
    const uint64_t *slots, *ks;
    uint64_t idKey;
} KeepInputs;

SD_INLINE KeepInputs keepInputs(const SDFieldLanes *c, const SDFieldSlots *s) {
    return (KeepInputs){.done = c->done, .step = c->step, .last = c->last, .kpx = c->kpx, .kpy = c->kpy,
                        .kpz = c->kpz, .kvx = c->kvx, .kvy = c->kvy, .kvz = c->kvz, .table = s->table,
                        .slots = s->slots, .ks = s->ks, .idKey = s->idKey};
}

/// ``sd_field_keep``'s lanes `from ..< m`; returns how many of them did not finish.
SD_INLINE int64_t keepLanes(const SDFieldLanes *c, const double *resumed, const double *bounces, const SDFieldSlots *s,
                            int64_t from, int64_t m) {
    const KeepInputs k = keepInputs(c, s);
    int64_t back = 0;
    for (int64_t j = from; j < m; j++) {
        if (k.done[j] == 0) {
            back++;
            continue;
        }
        if (!k.table) continue;
        // A finished lane's step is its last full step, an integer ≥ its resumed step (both exact in doubles).
        double n = k.step[j];
        if (n != resumed[j] && n > 0 && n <= 2147483647.0) {
            SDFieldCheckpoint *kept = k.table + k.slots[j];
            kept->id = k.idKey + k.ks[j];
            kept->px = k.kpx[j]; kept->py = k.kpy[j]; kept->pz = k.kpz[j];
            kept->vx = k.kvx[j]; kept->vy = k.kvy[j]; kept->vz = k.kvz[j];
            kept->step = (int32_t)n;
            kept->bounces = (uint8_t)bounces[j];
            kept->last = (int16_t)k.last[j];
        }
    }
    return back;
}

#if defined(__x86_64__)
typedef int64_t l8 __attribute__((ext_vector_type(8)));

/// Eight rows of eight words (eight slots) turned into eight columns (the slots' first words, …) and back: a transpose
/// by shuffles, moving words without arithmetic.
SD_INLINE SD_AVX512 void transpose8(u8 r[8]) {
    u8 a[8], b[8];
    for (int i = 0; i < 8; i += 2) {
        a[i] = __builtin_shufflevector(r[i], r[i + 1], 0, 8, 2, 10, 4, 12, 6, 14);
        a[i + 1] = __builtin_shufflevector(r[i], r[i + 1], 1, 9, 3, 11, 5, 13, 7, 15);
    }
    for (int i = 0; i < 8; i += 4) {
        for (int k = 0; k < 2; k++) {
            b[i + k] = __builtin_shufflevector(a[i + k], a[i + 2 + k], 0, 1, 8, 9, 4, 5, 12, 13);
            b[i + 2 + k] = __builtin_shufflevector(a[i + k], a[i + 2 + k], 2, 3, 10, 11, 6, 7, 14, 15);
        }
    }
    for (int k = 0; k < 4; k++) {
        r[k] = __builtin_shufflevector(b[k], b[4 + k], 0, 1, 2, 3, 8, 9, 10, 11);
        r[k + 4] = __builtin_shufflevector(b[k], b[4 + k], 4, 5, 6, 7, 12, 13, 14, 15);
    }
}

SD_INLINE SD_AVX512 u8 loadu8(const uint64_t *p) {
    u8 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/// ``sd_field_prepare`` with a table, eight lanes at a time (returns as it does): each lane's slot read whole, the
/// test of ``prepareLanes`` on the eight lanes (the step's int32, sign-extended, against the truncated `steps`),
/// each column the slot's field or the birth's by the test.
SD_AVX512 static int64_t prepare512(const SDFieldLanes *c, double *resumed, double *bounces, uint64_t *resumes,
                                    const SDFieldSlots *s, const SDFieldBirths *births, const double *laneSides,
                                    double side, int64_t m, int64_t padded) {
    if (!stepsInRange(c->steps, m)) return -1;  // the range test on eight lanes too (compiled for AVX-512 here)
    // In locals, as in the loop: the vector stores may not be assumed to leave the structs' fields as they were.
    double *const step = c->step, *const last = c->last, *const sides = c->side;
    double *const px = c->px, *const py = c->py, *const pz = c->pz, *const vx = c->vx, *const vy = c->vy;
    double *const vz = c->vz;
    const double *const steps = c->steps;
    const double *const px0 = births->px, *const py0 = births->py, *const pz0 = births->pz;
    const double *const vx0 = births->vx, *const vy0 = births->vy, *const vz0 = births->vz;
    const SDFieldCheckpoint *const table = s->table;
    const uint64_t *const slots = s->slots, *const ks = s->ks;
    const uint64_t idKey = s->idKey;
    const d8 zero = (d8)0.0, none = (d8)-1.0;
    int64_t j = 0;
    for (; j + 8 <= m; j += 8) {
        u8 w[8];
        for (int l = 0; l < 8; l++) memcpy(&w[l], table + slots[j + l], sizeof w[l]);
        transpose8(w);  // w[0] the ids, w[1…6] the states, w[7] step | bounces << 32 | padding | last << 48
        l8 kept = (l8)(w[7] << 32) >> 32;
        i8 resumes8 = (w[0] == (idKey + loadu8(ks + j))) & (kept >= 0) &
                      (kept <= __builtin_convertvector(load8(steps + j), l8));
        d8 keptStep = __builtin_convertvector(kept, d8);
        store8(step + j, select8(resumes8, keptStep, zero));
        store8(last + j, select8(resumes8, __builtin_convertvector((l8)w[7] >> 48, d8), none));
        store8(resumed + j, select8(resumes8, keptStep, zero));
        store8(bounces + j, select8(resumes8, __builtin_convertvector((l8)((w[7] >> 32) & 0xFF), d8), zero));
        store8(px + j, select8(resumes8, (d8)w[1], load8(px0 + j)));
        store8(py + j, select8(resumes8, (d8)w[2], load8(py0 + j)));
        store8(pz + j, select8(resumes8, (d8)w[3], load8(pz0 + j)));
        store8(vx + j, select8(resumes8, (d8)w[4], load8(vx0 + j)));
        store8(vy + j, select8(resumes8, (d8)w[5], load8(vy0 + j)));
        store8(vz + j, select8(resumes8, (d8)w[6], load8(vz0 + j)));
        store8(sides + j, laneSides ? load8(laneSides + j) : (d8)side);
        if (resumes) {
            u8 answer = (u8)resumes8 & 1;
            memcpy(resumes + j, &answer, sizeof answer);
        }
    }
    prepareLanes(c, resumed, bounces, resumes, s, births, laneSides, side, j, m, padded);
    return 0;
}

/// ``sd_field_keep`` with a table, eight lanes at a time: the test of ``keepLanes`` on the eight lanes, the eight slots
/// made as columns and transposed into rows, each row the lane's test holds for written in lane order (bytes 0–60 and
/// 62–63: the fields ``keepLanes`` writes).
SD_AVX512 static int64_t keep512(const SDFieldLanes *c, const double *resumed, const double *bounces,
                                 const SDFieldSlots *s, int64_t m) {
    const KeepInputs k = keepInputs(c, s);
    int64_t back = 0, j = 0;
    for (; j + 8 <= m; j += 8) {
        d8 n = load8(k.step + j);
        i8 finished = load8(k.done + j) != (d8)0.0;
        back += 8 - __builtin_popcount(_mm512_movepi64_mask((__m512i)finished));
        i8 writes = finished & (n != load8(resumed + j)) & (n > (d8)0.0) & (n <= (d8)2147483647.0);
        if (!any8(writes)) continue;
        // The integers of the lanes written (exact: the step in 1 … INT32_MAX, bounces and the piece as read); the
        // other lanes' are not kept.
        u8 kept = (u8)__builtin_convertvector(select8(writes, n, (d8)0.0), l8) & 0xFFFFFFFF;
        u8 bnc = (u8)__builtin_convertvector(select8(writes, load8(bounces + j), (d8)0.0), l8) & 0xFF;
        u8 piece = (u8)__builtin_convertvector(select8(writes, load8(k.last + j), (d8)0.0), l8) & 0xFFFF;
        u8 w[8] = {k.idKey + loadu8(k.ks + j), (u8)load8(k.kpx + j), (u8)load8(k.kpy + j), (u8)load8(k.kpz + j),
                   (u8)load8(k.kvx + j), (u8)load8(k.kvy + j), (u8)load8(k.kvz + j), kept | (bnc << 32) | (piece << 48)};
        transpose8(w);
        for (int l = 0; l < 8; l++) {
            if (writes[l]) _mm512_mask_storeu_epi8(k.table + k.slots[j + l], ~(1ull << 61), (__m512i)w[l]);
        }
    }
    return back + keepLanes(c, resumed, bounces, s, j, m);
}
#endif

/// ``sd_field_prepare``'s variant: 1 the lane loop, 3 eight lanes on AVX-512 (with a table; the loop without one).
static int64_t prepare(int variant, const SDFieldLanes *c, double *resumed, double *bounces, uint64_t *resumes,
                       const SDFieldSlots *s, const SDFieldBirths *births, const double *laneSides, double side,
                       int64_t m, int64_t padded) {
#if defined(__x86_64__)
    if (variant == 3 && s->table) return prepare512(c, resumed, bounces, resumes, s, births, laneSides, side, m, padded);
#endif
    if (!stepsInRange(c->steps, m)) return -1;
    prepareLanes(c, resumed, bounces, resumes, s, births, laneSides, side, 0, m, padded);
    return 0;
}

/// ``sd_field_keep``'s variant, as ``prepare``'s.
static int64_t keep(int variant, const SDFieldLanes *c, const double *resumed, const double *bounces,
                    const SDFieldSlots *s, int64_t m) {
#if defined(__x86_64__)
    if (variant == 3 && s->table) return keep512(c, resumed, bounces, s, m);
#endif
    return keepLanes(c, resumed, bounces, s, 0, m);
}

int64_t sd_field_prepare(const SDFieldLanes *c, double *resumed, double *bounces, uint64_t *resumes,
                         const SDFieldSlots *s, const SDFieldBirths *births, const double *laneSides, double side,
                         int64_t m, int64_t padded) {
    return prepare(sd_lanes_use_avx512() ? 3 : 1, c, resumed, bounces, resumes, s, births, laneSides, side, m, padded);
}

int64_t sd_field_keep(const SDFieldLanes *c, const double *resumed, const double *bounces, const SDFieldSlots *s,
                      int64_t m) {
    return keep(sd_lanes_use_avx512() ? 3 : 1, c, resumed, bounces, s, m);
}

int64_t sd_field_prepare_variant(int variant, const SDFieldLanes *c, double *resumed, double *bounces,
                                 uint64_t *resumes, const SDFieldSlots *s, const SDFieldBirths *births,
                                 const double *laneSides, double side, int64_t m, int64_t padded) {
    if (variant == 3 && !sd_lanes_have_avx512()) return -2;
    if (variant != 1 && variant != 3) return -2;
    return prepare(variant, c, resumed, bounces, resumes, s, births, laneSides, side, m, padded);
}

int64_t sd_field_keep_variant(int variant, const SDFieldLanes *c, const double *resumed, const double *bounces,
                              const SDFieldSlots *s, int64_t m) {
    if (variant == 3 && !sd_lanes_have_avx512()) return -2;
    if (variant != 1 && variant != 3) return -2;
    return keep(variant, c, resumed, bounces, s, m);
}
