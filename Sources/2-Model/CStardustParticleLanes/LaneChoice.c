// LaneChoice.c — which compiled variant the functions of this module run: the AVX2 one where the CPU
// has it (and the field steps' eight-lane one where it has AVX-512 F, VL, DQ and BW too), unless the
// environment variable STARDUST_NO_AVX is set (to anything but "0"), as for the contact kernels (CStardustContacts).
// Every variant computes the same bits, so the choice changes only the speed.

#include "CStardustParticleLanes.h"
#include <stdlib.h>
#include <string.h>

// 0: not chosen yet, 1: baseline, 2: AVX2, 3: AVX2 and AVX-512. Racing first calls choose the same.
static int chosen;

int sd_lanes_have_avx512(void) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw");
#else
    return 0;
#endif
}

static int choice(void) {
    int c = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    if (!c) {
        c = 1;
#if defined(__x86_64__)
        const char *off = getenv("STARDUST_NO_AVX");
        int forced = off && *off && strcmp(off, "0") != 0;
        if (!forced && __builtin_cpu_supports("avx2")) c = sd_lanes_have_avx512() ? 3 : 2;
#endif
        __atomic_store_n(&chosen, c, __ATOMIC_RELAXED);
    }
    return c;
}

int sd_lanes_use_avx2(void) { return choice() >= 2; }

int sd_lanes_use_avx512(void) { return choice() == 3; }
