// Lanes.h — the four-lane double vectors and helpers of this module's kernels (private to the module).
// Included by each kernel's source: the pragmas below apply to it (no contraction into fused
// multiply-adds, so that every variant gives the bits of the Swift code it replaces).

#ifndef C_STARDUST_PARTICLE_LANES_PRIVATE_H
#define C_STARDUST_PARTICLE_LANES_PRIVATE_H

#include <stdint.h>
#include <string.h>

#pragma clang fp contract(off)
#pragma clang diagnostic ignored "-Wpsabi"

#define SD_INLINE static inline __attribute__((always_inline))

typedef double d4 __attribute__((ext_vector_type(4)));
/// The result of comparing two `d4`: all bits set where true.
typedef __typeof__((d4){0} < (d4){0}) i4;
typedef uint64_t u4 __attribute__((ext_vector_type(4)));

SD_INLINE d4 load4(const double *p) {
    d4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

SD_INLINE void store4(double *p, d4 v) { memcpy(p, &v, sizeof v); }

SD_INLINE d4 select4(i4 mask, d4 yes, d4 no) { return mask ? yes : no; }

#endif
