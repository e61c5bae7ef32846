// ContactKernelChoice.c — which compiled variant of the contact kernels the
// solver runs: chosen once, on first use, from the CPU's features (and the
// STARDUST_NO_AVX environment variable, which forces the baseline). Every
// variant computes the same bits (ContactKernels.c), so the choice changes
// only the speed.

#include "CStardustContacts.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static _Atomic(const SDContactKernels *) chosenKernels;
static _Atomic(int) chosenVariant;

static SDContactKernelVariant preferredVariant(void) {
    const char *off = getenv("STARDUST_NO_AVX");
    if (off && *off && strcmp(off, "0") != 0) return SDContactKernelBaseline;
    if (sd_contact_kernels_variant(SDContactKernelAVX2)) return SDContactKernelAVX2;
    return SDContactKernelBaseline;
}

const SDContactKernels *sd_contact_kernels(void) {
    const SDContactKernels *k = atomic_load_explicit(&chosenKernels, memory_order_acquire);
    if (k) return k;
    // Racing first calls choose the same table.
    SDContactKernelVariant v = preferredVariant();
    k = sd_contact_kernels_variant(v);
    atomic_store_explicit(&chosenVariant, (int)v, memory_order_relaxed);
    atomic_store_explicit(&chosenKernels, k, memory_order_release);
    return k;
}

SDContactKernelVariant sd_contact_kernels_chosen(void) {
    sd_contact_kernels();
    return (SDContactKernelVariant)atomic_load_explicit(&chosenVariant, memory_order_relaxed);
}
