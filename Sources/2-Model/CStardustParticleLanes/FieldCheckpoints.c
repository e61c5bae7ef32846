// FieldCheckpoints.c — the checkpoint passes around ``sd_field_steps``, one loop each over a batch's lanes: the only
// implementation in the product (the particle tests keep a lane-by-lane Swift reference, FieldLaneReference.swift).
//
// Why: in playback every particle of an integrated cell reads its checkpoint before the steps and writes it after;
// the Swift passes did it lane by lane with each conversion checked (Double to Int, Int to Int32, UInt8 and Int16)
// and the lane columns' pointers reloaded from the stack, about a tenth of `particles-eval --variant
// 1M-live-turbulence`'s playback in a profile (docs/PARTICLES-PERFORMANCE.md).
//
// Determinism: only copies and comparisons of the values the run (FieldIntegrator.run) copies and compares: the checkpoint's
// state into the lane columns and back, integers held exactly in doubles. The lanes and the table are the kernel's.

#include "CStardustParticleLanes.h"

#include <stddef.h>

_Static_assert(sizeof(SDFieldCheckpoint) == 64, "FieldCheckpoint is 64 bytes");
_Static_assert(offsetof(SDFieldCheckpoint, step) == 56, "FieldCheckpoint.step at 56");
_Static_assert(offsetof(SDFieldCheckpoint, bounces) == 60, "FieldCheckpoint.bounces at 60");
_Static_assert(offsetof(SDFieldCheckpoint, last) == 62, "FieldCheckpoint.last at 62");

int64_t sd_field_prepare(const SDFieldLanes *c, double *resumed, double *bounces, const SDFieldSlots *s,
                         const SDFieldBirths *births, const double *laneSides, double side, int64_t m,
                         int64_t padded) {
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
    // Swift's Int(steps) traps outside the 64-bit range (and for a NaN): nothing is written and the caller
    // stops there, as the Swift run would.
    int inRange = 1;
    for (int64_t j = 0; j < m; j++) inRange &= (steps[j] >= -9223372036854775808.0) & (steps[j] < 9223372036854775808.0);
    if (!inRange) return -1;
    for (int64_t j = 0; j < m; j++) {
        const SDFieldCheckpoint *kept = table ? table + slots[j] : NULL;
        // FieldCheckpoint.resumes: its particle, not empty, on or before the last full step (Swift's Int(steps), in
        // range as tested above).
        if (kept && kept->id == idKey + ks[j] && kept->step >= 0 && (int64_t)kept->step <= (int64_t)steps[j]) {
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
    for (int64_t j = m; j < padded; j++) {
        step[j] = 0; steps[j] = -1; rest[j] = 0;
        sides[j] = 0; last[j] = -1;
        px[j] = 0; py[j] = 0; pz[j] = 0; vx[j] = 0; vy[j] = 0; vz[j] = 0;
    }
    return 0;
}

int64_t sd_field_keep(const SDFieldLanes *c, const double *resumed, const double *bounces, const SDFieldSlots *s,
                      int64_t m) {
    const double *const done = c->done, *const step = c->step, *const last = c->last;
    const double *const kpx = c->kpx, *const kpy = c->kpy, *const kpz = c->kpz;
    const double *const kvx = c->kvx, *const kvy = c->kvy, *const kvz = c->kvz;
    SDFieldCheckpoint *const table = s->table;
    const uint64_t *const slots = s->slots, *const ks = s->ks;
    const uint64_t idKey = s->idKey;
    int64_t back = 0;
    for (int64_t j = 0; j < m; j++) {
        if (done[j] == 0) {
            back++;
            continue;
        }
        if (!table) continue;
        // A finished lane's step is its last full step, an integer ≥ its resumed step (both exact in doubles).
        double n = step[j];
        if (n != resumed[j] && n > 0 && n <= 2147483647.0) {
            SDFieldCheckpoint *kept = table + slots[j];
            kept->id = idKey + ks[j];
            kept->px = kpx[j]; kept->py = kpy[j]; kept->pz = kpz[j];
            kept->vx = kvx[j]; kept->vy = kvy[j]; kept->vz = kvz[j];
            kept->step = (int32_t)n;
            kept->bounces = (uint8_t)bounces[j];
            kept->last = (int16_t)last[j];
        }
    }
    return back;
}
