// CStardustPrefetch.h — a read prefetch hint for Swift, which has no intrinsic for it.
//
// The batched particle kernels read per-particle tables kept between frames (contact walks,
// integration checkpoints: tens of megabytes for a million particles) in birth order; the loads
// of one batch waited on memory (docs/PARTICLES-PERFORMANCE.md, "the fields path's table reads").
// Asking for the next batch's slots while the current one is computed hides that wait. A hint
// only: it changes no value, and compilers without the builtin get an empty function.

#ifndef C_STARDUST_PREFETCH_H
#define C_STARDUST_PREFETCH_H

/// Asks the processor to bring the cache line holding `p` closer (for a read, kept in all levels).
static inline __attribute__((always_inline)) void sd_prefetch(const void *p) {
#if defined(__has_builtin)
#if __has_builtin(__builtin_prefetch)
    __builtin_prefetch(p, 0, 3);
#endif
#endif
}

#endif
