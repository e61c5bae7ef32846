// FieldCheckpoints.c — the checkpoint passes around ``sd_field_steps``, one loop each over a batch's lanes: the only
// implementation in the product (the particle tests keep a lane-by-lane Swift reference, FieldLaneReference.swift).
//
// Why: in playback every particle of an integrated cell reads its checkpoint before the steps and writes it after;
// the Swift passes did it lane by lane with each conversion checked (Double to Int, Int to Int32, UInt8 and Int16)
// and the lane columns' pointers reloaded from the stack, about a tenth of `particles-eval --variant
// 1M-live-turbulence`'s playback in a profile (docs/PARTICLES-PERFORMANCE.md). In playback whose lanes' side is known per
// run, ``sd_field_resume`` tests and reads the checkpoints before the kernel's step 2 (which then leaves out the
// birth velocities of groups that all resume) and ``sd_field_prepare`` starts only the other lanes from their births:
// each checkpoint is tested and read once, where a Swift test before step 2 and the prepare pass each read it.
//
// Determinism: only copies and comparisons of the values the run (FieldIntegrator.run) copies and compares: the checkpoint's
// state into the lane columns and back, integers held exactly in doubles. The lanes and the table are the kernel's.

#include "CStardustParticleLanes.h"

#include <stddef.h>

_Static_assert(sizeof(SDFieldCheckpoint) == 64, "FieldCheckpoint is 64 bytes");
_Static_assert(offsetof(SDFieldCheckpoint, step) == 56, "FieldCheckpoint.step at 56");
_Static_assert(offsetof(SDFieldCheckpoint, bounces) == 60, "FieldCheckpoint.bounces at 60");
_Static_assert(offsetof(SDFieldCheckpoint, last) == 62, "FieldCheckpoint.last at 62");

/// Whether every one of the `m` lanes' `steps` is a number of the 64-bit integer range: Swift's Int(steps) traps
/// outside it (and for a NaN), where nothing is written and the caller stops, as the Swift run would.
static inline int stepsInRange(const double *steps, int64_t m) {
    int inRange = 1;
    for (int64_t j = 0; j < m; j++) inRange &= (steps[j] >= -9223372036854775808.0) & (steps[j] < 9223372036854775808.0);
    return inRange;
}

/// FieldCheckpoint.resumes: `kept` (NULL: no table) is particle `id`'s, not empty, and on or before the last full step
/// (Swift's Int(steps), in range: ``stepsInRange``).
static inline int resumesFrom(const SDFieldCheckpoint *kept, uint64_t id, double steps) {
    return kept && kept->id == id && kept->step >= 0 && (int64_t)kept->step <= (int64_t)steps;
}

/// Lane j's state read from its checkpoint `kept` (``resumesFrom``): step, last, resumed step, bounces and p/v.
static inline void readCheckpoint(const SDFieldLanes *c, double *resumed, double *bounces, int64_t j,
                                  const SDFieldCheckpoint *kept) {
    c->step[j] = (double)kept->step;
    c->last[j] = (double)kept->last;
    resumed[j] = (double)kept->step;
    bounces[j] = (double)kept->bounces;
    c->px[j] = kept->px; c->py[j] = kept->py; c->pz[j] = kept->pz;
    c->vx[j] = kept->vx; c->vy[j] = kept->vy; c->vz[j] = kept->vz;
}

int64_t sd_field_resume(const SDFieldLanes *c, double *resumed, double *bounces, const SDFieldSlots *s,
                        uint64_t *resumes, int64_t m, int64_t padded) {
    const double *const steps = c->steps;
    const SDFieldCheckpoint *const table = s->table;
    const uint64_t *const slots = s->slots, *const ks = s->ks;
    const uint64_t idKey = s->idKey;
    if (!stepsInRange(steps, m)) return -1;
    // The lane columns in locals: the compiler may not keep struct fields in registers across the stores.
    const SDFieldLanes lanes = *c;
    for (int64_t j = 0; j < m; j++) {
        const SDFieldCheckpoint *kept = table ? table + slots[j] : NULL;
        int r = resumesFrom(kept, idKey + ks[j], steps[j]);
        if (r) readCheckpoint(&lanes, resumed, bounces, j, kept);
        resumes[j] = (uint64_t)r;
    }
    for (int64_t j = m; j < padded; j++) resumes[j] = 1;
    return 0;
}

/// Lane j's start at its birth (`births`): step 0, no contact, nothing resumed.
static inline void readBirth(const SDFieldLanes *c, double *resumed, double *bounces, int64_t j,
                             const SDFieldBirths *births) {
    c->step[j] = 0;
    c->last[j] = -1;
    resumed[j] = 0;
    bounces[j] = 0;
    c->px[j] = births->px[j]; c->py[j] = births->py[j]; c->pz[j] = births->pz[j];
    c->vx[j] = births->vx[j]; c->vy[j] = births->vy[j]; c->vz[j] = births->vz[j];
}

int64_t sd_field_prepare(const SDFieldLanes *c, double *resumed, double *bounces, const SDFieldSlots *s,
                         const SDFieldBirths *births, const double *laneSides, double side, const uint64_t *resumes,
                         int64_t m, int64_t padded) {
    // The columns and the table in locals: the compiler may not keep struct fields in registers across the stores.
    const SDFieldLanes lanes = *c;
    const SDFieldBirths from = *births;
    const SDFieldCheckpoint *const table = s->table;
    const uint64_t *const slots = s->slots, *const ks = s->ks;
    const uint64_t idKey = s->idKey;
    if (!stepsInRange(lanes.steps, m)) return -1;
    for (int64_t j = 0; j < m; j++) {
        if (resumes) {
            // ``sd_field_resume`` tested the checkpoints and read the lanes that resume: only the others start here.
            if (!resumes[j]) readBirth(&lanes, resumed, bounces, j, &from);
        } else {
            const SDFieldCheckpoint *kept = table ? table + slots[j] : NULL;
            if (resumesFrom(kept, idKey + ks[j], lanes.steps[j]))
                readCheckpoint(&lanes, resumed, bounces, j, kept);
            else
                readBirth(&lanes, resumed, bounces, j, &from);
        }
        lanes.side[j] = laneSides ? laneSides[j] : side;
    }
    for (int64_t j = m; j < padded; j++) {
        lanes.step[j] = 0; lanes.steps[j] = -1; lanes.rest[j] = 0;
        lanes.side[j] = 0; lanes.last[j] = -1;
        lanes.px[j] = 0; lanes.py[j] = 0; lanes.pz[j] = 0; lanes.vx[j] = 0; lanes.vy[j] = 0; lanes.vz[j] = 0;
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
