// Lanes.h — the four- and eight-lane double vectors and helpers of this module's kernels (private to the module).
// Included by each kernel's source: the pragmas below apply to it (no contraction into fused
// multiply-adds, so that every variant gives the bits of the Swift code it replaces).

#ifndef C_STARDUST_PARTICLE_LANES_PRIVATE_H
#define C_STARDUST_PARTICLE_LANES_PRIVATE_H

#include <stdint.h>
#include <string.h>

#pragma clang fp contract(off)
#pragma clang diagnostic ignored "-Wpsabi"

#define SD_INLINE static inline __attribute__((always_inline))

#define SD_CAT_(a, b) a##b
#define SD_CAT(a, b) SD_CAT_(a, b)
/// `name` at the lane width `SD_W` of a lane source written once over widths (FieldStepLanes.h, ColumnLanes.h):
/// `SD_WN(load)` is `load4` or `load8`.
#define SD_WN(name) SD_CAT(name, SD_W)

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

/// True when some lane of `m` is set; when every lane is.
SD_INLINE int any4(i4 m) { return (m[0] | m[1] | m[2] | m[3]) != 0; }
SD_INLINE int all4(i4 m) { return (m[0] & m[1] & m[2] & m[3]) != 0; }

#if defined(__x86_64__)
/// The subsets of the eight-lane AVX-512 variant (FieldSteps.c's uniform groups of eight lanes,
/// ``sd_lanes_have_avx512``): DQ for the 64-bit products and conversions of the lattice keys, VL for their 128- and
/// 256-bit forms the compiler uses in the scalar parts (a missing entry's hashing), BW as every AVX-512 CPU with DQ and
/// VL has it. Every function on eight lanes is compiled for them.
#define SD_AVX512 __attribute__((target("avx512f,avx512vl,avx512dq,avx512bw,avx2")))

/// Eight lanes.
typedef double d8 __attribute__((ext_vector_type(8)));
typedef __typeof__((d8){0} < (d8){0}) i8;
typedef uint64_t u8 __attribute__((ext_vector_type(8)));

SD_INLINE SD_AVX512 d8 load8(const double *p) {
    d8 v;
    memcpy(&v, p, sizeof v);
    return v;
}

SD_INLINE SD_AVX512 void store8(double *p, d8 v) { memcpy(p, &v, sizeof v); }

SD_INLINE SD_AVX512 d8 select8(i8 mask, d8 yes, d8 no) { return mask ? yes : no; }

SD_INLINE SD_AVX512 int any8(i8 m) { return __builtin_reduce_or(m) != 0; }
SD_INLINE SD_AVX512 int all8(i8 m) { return __builtin_reduce_and(m) != 0; }
#endif

#endif
