// FieldCheckpoints.c — the checkpoint passes around ``sd_field_steps`` (FieldIntegrator.prepareLane and keepLane in
// FieldLanes.swift), one loop each over a batch's lanes.
//
// Why: in playback every particle of an integrated cell reads its checkpoint before the steps and writes it after;
// the Swift passes did it lane by lane with each conversion checked (Double to Int, Int to Int32, UInt8 and Int16)
// and the lane columns' pointers reloaded from the stack, about a tenth of `particles-eval --variant
// 1M-live-turbulence`'s playback in a profile (docs/PARTICLES-PERFORMANCE.md).
//
// Determinism: only copies and comparisons of the values the Swift passes copy and compare: the checkpoint's
// state into the lane columns and back, integers held exactly in doubles. The lanes and the table are the kernel's.

#include "CStardustParticleLanes.h"

#include <stddef.h>

_Static_assert(sizeof(SDFieldCheckpoint) == 64, "FieldCheckpoint is 64 bytes");
_Static_assert(offsetof(SDFieldCheckpoint, step) == 56, "FieldCheckpoint.step at 56");
_Static_assert(offsetof(SDFieldCheckpoint, bounces) == 60, "FieldCheckpoint.bounces at 60");
_Static_assert(offsetof(SDFieldCheckpoint, last) == 62, "FieldCheckpoint.last at 62");

int64_t sd_field_prepare(const SDFieldLanes *c, double *resumed, double *bounces, const SDFieldSlots *s,
                         const SDFieldBirths *births, double side, int64_t m, int64_t padded) {
    // Swift's Int(steps) traps outside the 64-bit range (and for a NaN): such a batch is left to the Swift pass.
    for (int64_t j = 0; j < m; j++) {
        double n = c->steps[j];
        if (!(n >= -9223372036854775808.0 && n < 9223372036854775808.0)) return -1;
    }
    const double *px0 = births->px, *py0 = births->py, *pz0 = births->pz;
    const double *vx0 = births->vx, *vy0 = births->vy, *vz0 = births->vz;
    for (int64_t j = 0; j < m; j++) {
        const SDFieldCheckpoint *kept = s->table ? s->table + s->slots[j] : NULL;
        // FieldCheckpoint.resumes: its particle, not empty, on or before the last full step (Swift's Int(steps), in
        // range as tested above).
        if (kept && kept->id == s->idKey + s->ks[j] && kept->step >= 0 &&
            (int64_t)kept->step <= (int64_t)c->steps[j]) {
            c->step[j] = (double)kept->step;
            c->last[j] = (double)kept->last;
            resumed[j] = (double)kept->step;
            bounces[j] = (double)kept->bounces;
            c->px[j] = kept->px; c->py[j] = kept->py; c->pz[j] = kept->pz;
            c->vx[j] = kept->vx; c->vy[j] = kept->vy; c->vz[j] = kept->vz;
        } else {
            c->step[j] = 0;
            c->last[j] = -1;
            resumed[j] = 0;
            bounces[j] = 0;
            c->px[j] = px0[j]; c->py[j] = py0[j]; c->pz[j] = pz0[j];
            c->vx[j] = vx0[j]; c->vy[j] = vy0[j]; c->vz[j] = vz0[j];
        }
        c->side[j] = side;
    }
    for (int64_t j = m; j < padded; j++) {
        c->step[j] = 0; c->steps[j] = -1; c->rest[j] = 0;
        c->side[j] = 0; c->last[j] = -1;
        c->px[j] = 0; c->py[j] = 0; c->pz[j] = 0; c->vx[j] = 0; c->vy[j] = 0; c->vz[j] = 0;
    }
    return 0;
}

int64_t sd_field_keep(const SDFieldLanes *c, const double *resumed, const double *bounces, const SDFieldSlots *s,
                      int64_t m) {
    int64_t back = 0;
    for (int64_t j = 0; j < m; j++) {
        if (c->done[j] == 0) {
            back++;
            continue;
        }
        if (!s->table) continue;
        // A finished lane's step is its last full step, an integer ≥ its resumed step (both exact in doubles).
        double step = c->step[j];
        if (step != resumed[j] && step > 0 && step <= 2147483647.0) {
            SDFieldCheckpoint *kept = s->table + s->slots[j];
            kept->id = s->idKey + s->ks[j];
            kept->px = c->kpx[j]; kept->py = c->kpy[j]; kept->pz = c->kpz[j];
            kept->vx = c->kvx[j]; kept->vy = c->kvy[j]; kept->vz = c->kvz[j];
            kept->step = (int32_t)step;
            kept->bounces = (uint8_t)bounces[j];
            kept->last = (int16_t)c->last[j];
        }
    }
    return back;
}
