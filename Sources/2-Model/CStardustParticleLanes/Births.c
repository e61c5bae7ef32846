// Births.c — the batched particle kernel's step 1 (ExtendedKernel.swift): for births k ..< end of a run, each
// birth's time, age, random key and lifetime, the liveness test, the live births packed in birth order with
// their contact-cache slots, then their random uniforms. Written once over eight lanes (`births`, always
// inlined) and compiled for the baseline, for `target("avx2")` and, on AVX-512 (F, VL, DQ, BW), with the 64-bit
// products in one instruction (`vpmullq`) and the live births packed with `vcompresspd` (``pack512``) instead of
// one at a time (``packLanes``, which a first version ran on AVX-512 too: 40 % of its time in a profile); chosen
// once at run time (LaneChoice.c).
//
// Why: the step was the Swift kernel's largest part in playback of `1M-live-turbulence` (perf: about 60 % of
// `writeExtendedKernel`, a fifth of the row): per birth one SplitMix64 round for the key and two for the
// uniforms (64-bit products, shifts), nine integer-to-double conversions and the column pointers reloaded from
// the stack, all scalar on baseline x86-64 (docs/PARTICLES-PERFORMANCE.md, "the births in C").
//
// The same values, lane by lane: integer work is exact in every width; the uniforms' conversions are of 21-bit
// integers (exact); the birth time, the lifetime and the liveness test are the Swift operations in their order
// (IEEE-754 only, no contraction, Lanes.h), `max(0, l)` is `0 <= l ? l : 0` as Swift's `max`, and `Double(k)` is
// the current rounding (to nearest) of a 64-bit integer, as Swift's conversion. `BirthsLanesTests` compares every
// variant with the Swift step it replaced.

#include "CStardustParticleLanes.h"
#include "Lanes.h"
#if defined(__x86_64__)
#include <immintrin.h>
#endif

typedef uint64_t w8 __attribute__((ext_vector_type(8)));
typedef int64_t s8 __attribute__((ext_vector_type(8)));
typedef double v8 __attribute__((ext_vector_type(8)));

/// SplitMix64's finalizer (StardustCore's `SplitMix64.mix`), per lane.
SD_INLINE w8 mix8(w8 z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// `ParticleRandom.triple`'s uniform `i` (0, 1, 2) of 64 random bits: 21 bits each, times 2⁻²¹.
SD_INLINE v8 uniform8(w8 b, int i) {
    const double s = 1.0 / 2097152.0;
    w8 u = i == 2 ? b >> 43 : (b >> (21 * i)) & 0x1FFFFFull;
    return __builtin_convertvector((s8)u, v8) * s;
}

SD_INLINE void put8(double *p, v8 v) { memcpy(p, &v, sizeof v); }
SD_INLINE void putw8(uint64_t *p, w8 v) { memcpy(p, &v, sizeof v); }
SD_INLINE w8 getw8(const uint64_t *p) {
    w8 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/// Births k ..< end (at most 64), eight at a time, written unpacked at their batch index (past the count: computed,
/// then never kept), with each birth's slot (k mod capacity, advanced in birth order) and the prefetch hint one
/// batch ahead; `alive` gets each group's live lanes as bits. Returns the count.
SD_INLINE int64_t birthGroups(SDBirthRun *r, const SDBirthColumns *c, uint8_t *alive) {
    const int64_t count = r->end - r->k;
    const s8 lane = {0, 1, 2, 3, 4, 5, 6, 7};
    uint64_t slot = r->slot, ahead = r->ahead;
    // A slot's last byte lies on a line of its own unless every slot is one whole line (the tables are allocated on
    // lines; a checkpoint is 64 bytes): then its second hint asked for the line the first had asked for, about a third of
    // the hints' samples in a profile of `1M-live-turbulence` (docs/PARTICLES-PERFORMANCE.md, "the birth draws in the
    // columns"). A hint changes no value.
    const int64_t lastByte = r->slotBytes == 64 && ((uintptr_t)r->table & 63) == 0 ? 0 : r->slotBytes - 1;
    for (int64_t i = 0; i < count; i += 8) {
        s8 k = (s8)((w8)(r->k + i) + (w8)lane);
        v8 tb = r->isBurst ? (v8)r->start : r->start + (__builtin_convertvector(k, v8) - r->count0) * r->invRate;
        v8 age = r->t - tb;
        w8 key = mix8(r->stream + ((w8)k + 1) * 0x9E3779B97F4A7C15ull);
        v8 l = r->life + r->lifeRange * (2 * uniform8(key, 0) - 1);
        l = (v8)0 <= l ? l : (v8)0;
        s8 live = (age >= (v8)0) & (age < l);
        int64_t lanes = count - i < 8 ? count - i : 8;
        alive[i >> 3] = (uint8_t)(__builtin_reduce_or(live & (s8){1, 2, 4, 8, 16, 32, 64, 128}) & ((1 << lanes) - 1));
        put8(c->ages + i, age); put8(c->lives + i, l); put8(c->births + i, tb);
        put8(c->uAngle + i, uniform8(key, 1));
        putw8(c->ks + i, (w8)k); putw8(c->keys + i, key);
        for (int64_t j = i; j < i + lanes; j++) {
            c->slots[j] = slot;
            if (r->table) {
                const uint8_t *a = r->table + ahead * (uint64_t)r->slotBytes;
                __builtin_prefetch(a, 0, 3);
                if (lastByte) __builtin_prefetch(a + lastByte, 0, 3);
                ahead += 1;
                if (ahead >= r->capacity) ahead = 0;
            }
            slot += 1;
            if (slot == r->capacity || r->k + j + 1 == 0) slot = 0;  // k mod capacity (k = 0 after negative indices)
        }
    }
    r->k = r->end;
    r->slot = slot;
    r->ahead = ahead;
    return count;
}

/// The live births packed in birth order at the columns' start, one at a time (forward: m <= j); returns how many.
SD_INLINE int64_t packLanes(const SDBirthColumns *c, int64_t count, const uint8_t *alive) {
    int64_t m = 0;
    for (int64_t j = 0; j < count; j++) {
        c->ages[m] = c->ages[j]; c->lives[m] = c->lives[j]; c->births[m] = c->births[j];
        c->uAngle[m] = c->uAngle[j]; c->ks[m] = c->ks[j]; c->keys[m] = c->keys[j]; c->slots[m] = c->slots[j];
        m += (alive[j >> 3] >> (j & 7)) & 1;
    }
    return m;
}

/// The uniforms of the `m` live births (``ParticleRandom/triple(_:)``: the key's, attributes 1 and 2, and the rotation's).
SD_INLINE void uniforms(const SDBirthRun *r, const SDBirthColumns *c, int64_t m) {
    const uint64_t golden = 0xD1B54A32D192ED03ull;
    for (int64_t j = 0; j < m; j += 8) {
        w8 key = getw8(c->keys + j);
        put8(c->uSpeed + j, uniform8(key, 2));
        w8 b1 = mix8(key + 2 * golden), b2 = mix8(key + 3 * golden);
        put8(c->uScale + j, uniform8(b1, 0)); put8(c->uSpin + j, uniform8(b1, 1)); put8(c->uR + j, uniform8(b1, 2));
        put8(c->uG + j, uniform8(b2, 0)); put8(c->uB + j, uniform8(b2, 1)); put8(c->uA + j, uniform8(b2, 2));
        put8(c->uRot + j, r->rotation ? uniform8(mix8(key + (r->rotationAttribute + 1) * golden), 2) : (v8)0);
    }
}

SD_INLINE int64_t births(SDBirthRun *r, const SDBirthColumns *c) {
    uint8_t alive[8];
    int64_t m = packLanes(c, birthGroups(r, c, alive), alive);
    uniforms(r, c, m);
    return m;
}

int64_t sd_births_baseline(SDBirthRun *r, const SDBirthColumns *c) { return births(r, c); }

#if defined(__x86_64__)
__attribute__((target("avx2"))) static int64_t birthsAVX2(SDBirthRun *r, const SDBirthColumns *c) {
    return births(r, c);
}

/// ``packLanes`` with AVX-512's compress: each group's live lanes moved together and stored at m (eight lanes, the
/// ones past the live ones overwritten later or never read; m <= the group's index, so nothing unread is overwritten).
SD_INLINE SD_AVX512 int64_t pack512(const SDBirthColumns *c, int64_t count, const uint8_t *alive) {
    int64_t m = 0;
    for (int64_t i = 0; i < count; i += 8) {
        __mmask8 a = alive[i >> 3];
        _mm512_storeu_pd(c->ages + m, _mm512_maskz_compress_pd(a, _mm512_loadu_pd(c->ages + i)));
        _mm512_storeu_pd(c->lives + m, _mm512_maskz_compress_pd(a, _mm512_loadu_pd(c->lives + i)));
        _mm512_storeu_pd(c->births + m, _mm512_maskz_compress_pd(a, _mm512_loadu_pd(c->births + i)));
        _mm512_storeu_pd(c->uAngle + m, _mm512_maskz_compress_pd(a, _mm512_loadu_pd(c->uAngle + i)));
        _mm512_storeu_si512(c->ks + m, _mm512_maskz_compress_epi64(a, _mm512_loadu_si512(c->ks + i)));
        _mm512_storeu_si512(c->keys + m, _mm512_maskz_compress_epi64(a, _mm512_loadu_si512(c->keys + i)));
        _mm512_storeu_si512(c->slots + m, _mm512_maskz_compress_epi64(a, _mm512_loadu_si512(c->slots + i)));
        m += __builtin_popcount(a);
    }
    return m;
}

SD_AVX512 static int64_t birthsAVX512(SDBirthRun *r, const SDBirthColumns *c) {
    uint8_t alive[8];
    int64_t m = pack512(c, birthGroups(r, c, alive), alive);
    uniforms(r, c, m);
    return m;
}
#endif

int64_t sd_births_variant(int variant, SDBirthRun *r, const SDBirthColumns *c) {
#if defined(__x86_64__)
    if (variant == 3 && sd_lanes_have_avx512()) return birthsAVX512(r, c);
    if (variant == 2 && __builtin_cpu_supports("avx2")) return birthsAVX2(r, c);
#endif
    if (variant == 1) return births(r, c);
    return -1;
}

int64_t sd_births(SDBirthRun *r, const SDBirthColumns *c) {
#if defined(__x86_64__)
    if (sd_lanes_use_avx512()) return birthsAVX512(r, c);
    if (sd_lanes_use_avx2()) return birthsAVX2(r, c);
#endif
    return births(r, c);
}
