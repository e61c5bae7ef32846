// LaneChoice.c — which compiled variant the functions of this module run: the AVX2 one where the CPU
// has it, unless the environment variable STARDUST_NO_AVX is set (to anything but "0"), as for the
// contact kernels (CStardustContacts). Every variant computes the same bits, so the choice changes
// only the speed.

#include "CStardustParticleLanes.h"
#include <stdlib.h>
#include <string.h>

// 0: not chosen yet, 1: baseline, 2: AVX2. Racing first calls choose the same.
static int chosen;

int sd_lanes_use_avx2(void) {
    int c = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    if (!c) {
        c = 1;
#if defined(__x86_64__)
        const char *off = getenv("STARDUST_NO_AVX");
        int forced = off && *off && strcmp(off, "0") != 0;
        if (!forced && __builtin_cpu_supports("avx2")) c = 2;
#endif
        __atomic_store_n(&chosen, c, __ATOMIC_RELAXED);
    }
    return c == 2;
}
