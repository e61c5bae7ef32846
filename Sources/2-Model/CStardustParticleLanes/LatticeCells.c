// LatticeCells.c — each thread's table of turbulence lattice cells for ``sd_field_steps``, kept across calls.
//
// Why: the batched kernel is called once per run of births (8 192, BirthPlan.swift), and it allocated and emptied a
// table of 4 096 cells (320 KB) at every call, so that every run hashed again the gradients of every cell its particles
// met, and wrote 320 KB to empty the table (docs/PARTICLES-PERFORMANCE.md, "the lattice table kept per thread").
// A thread now keeps one table for the lifetime of the thread and hands it to every call it makes.
//
// Determinism: the table is a cache of CurlNoise.gradient's values, a function of the lattice point and the seed
// (FieldSteps.c, `tableGradients`): an entry holds the four gradients of the point it is keyed by, for the seed the
// table was emptied for; a call for another seed empties it first. Whatever the table holds when a call starts, the
// values read are those hashed, so the bits are the same. Only its own thread reads or writes a table (no sharing).

#include "CStardustParticleLanes.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct ThreadCells {
    uint64_t seed;
    int64_t count;
    SDLatticeCell cells[];
} ThreadCells;

static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int keyMade;

static void freeCells(void *t) { free(t); }

static void makeKey(void) { keyMade = pthread_key_create(&key, freeCells) == 0; }

/// Empties the `count` entries at `cells` (an empty entry's corner is INT64_MIN, INT64_MIN: never a lattice point,
/// whose coordinates are clamped to 32 bits).
void sd_lattice_cells_clear(SDLatticeCell *cells, int64_t count) {
    for (int64_t i = 0; i < count; i++) {
        cells[i].ix = INT64_MIN;
        cells[i].iy = INT64_MIN;
    }
}

SDLatticeCell *sd_thread_lattice_cells(uint64_t seed, int64_t count) {
    pthread_once(&once, makeKey);
    if (!keyMade || count <= 0) return NULL;
    ThreadCells *t = pthread_getspecific(key);
    if (t && t->count != count) {
        free(t);
        t = NULL;
        pthread_setspecific(key, NULL);
    }
    if (!t) {
        t = malloc(sizeof(ThreadCells) + (size_t)count * sizeof(SDLatticeCell));
        if (!t) return NULL;
        t->count = count;
        sd_lattice_cells_clear(t->cells, count);
        t->seed = seed;
        if (pthread_setspecific(key, t) != 0) {
            free(t);
            return NULL;
        }
    } else if (t->seed != seed) {
        sd_lattice_cells_clear(t->cells, count);
        t->seed = seed;
    }
    return t->cells;
}
