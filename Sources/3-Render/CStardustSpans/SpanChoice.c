// SpanChoice.c — which variant this module's kernels run: the AVX2 one where the CPU has it, unless the
// environment variable STARDUST_NO_AVX is set (to anything but "" or "0"), as for the contact kernels
// (CStardustContacts) and the particle lanes (CStardustParticleLanes). Every variant computes the same bits, so the
// choice changes only the speed.

#include "CStardustSpans.h"
#include <stdlib.h>
#include <string.h>

// 0: not chosen yet, 1: baseline, 2: AVX2. Racing first calls choose the same.
static int chosen;

int sd_spans_have_avx2(void) {
#if defined(__x86_64__)
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

int sd_spans_use_avx2(void) {
    int c = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    if (!c) {
        const char *off = getenv("STARDUST_NO_AVX");
        int forced = off && *off && strcmp(off, "0") != 0;
        c = !forced && sd_spans_have_avx2() ? 2 : 1;
        __atomic_store_n(&chosen, c, __ATOMIC_RELAXED);
    }
    return c == 2;
}
