// ColumnLanes.h — the lane group of the batched kernel's step 4 (Columns.c) for one lane width, written once and
// included by Columns.c once per width: `SD_W` 4 (compiled for the baseline and AVX2) and, on x86-64, 8 (AVX-512
// only). `SD_W_TARGET` is the attribute of the width's functions (empty for 4: they take their caller's target;
// AVX-512's for 8).
//
// Why one source: the eight-lane group is the four-lane one on wider vectors (docs/PARTICLES-PERFORMANCE.md, "the
// columns on eight lanes"); every lane performs the same double operations in the same order at either width
// (ext_vector operations are lane by lane), so both give the Swift step's bits, and an idea changed here changes both.

#define dW SD_WN(d)
#define fW SD_WN(f)
#define uW SD_WN(u)
#define SD_WFN SD_INLINE SD_W_TARGET

/// Writes the first `c` lanes of `v` at `p` (one store when `c` is the width).
SD_WFN void SD_WN(put)(float *p, fW v, int64_t c) {
    if (c == SD_W) {
        memcpy(p, &v, sizeof v);
    } else {
        for (int64_t l = 0; l < c; l++) p[l] = v[l];
    }
}

/// ``sd_columns`` for the particles `j ..< j + c` (`c` ≤ the width; every input is read for the whole width, the
/// lanes past `c` are not stored).
SD_WFN void SD_WN(columnGroup)(const SDColumnInputs *in, const SDColumnOutputs *out, int64_t j, int64_t c,
                               const SDColumnParameters *p) {
    const dW zero = (dW)0;
    dW tau = SD_WN(load)(in->ages + j), life = SD_WN(load)(in->lives + j);
    // The birth values from their uniforms (``ParticleBirth/finish``'s operations, as step 2 of the kernel did them:
    // base + range · (2u − 1), the color then times a sub-cell's factor), read here only: a pass of their own before
    // wrote them back for this step alone.
    dW r0 = p->color[0] + p->colorRange[0] * (2 * SD_WN(load)(in->red + j) - 1);
    dW g0 = p->color[1] + p->colorRange[1] * (2 * SD_WN(load)(in->green + j) - 1);
    dW b0 = p->color[2] + p->colorRange[2] * (2 * SD_WN(load)(in->blue + j) - 1);
    dW a0 = p->color[3] + p->colorRange[3] * (2 * SD_WN(load)(in->alpha + j) - 1);
    if (p->hasColorFactor) {
        r0 *= p->colorFactor[0]; g0 *= p->colorFactor[1]; b0 *= p->colorFactor[2]; a0 *= p->colorFactor[3];
    }
    dW s0 = p->scale + p->scaleRange * (2 * SD_WN(load)(in->scale + j) - 1);
    dW spin = p->spin + p->spinRange * (2 * SD_WN(load)(in->spin + j) - 1);
    dW rot0 = SD_WN(load)(in->rotation + j);
    if (p->drawsRotation) rot0 = p->rotation + p->rotationRange * (2 * rot0 - 1);
    dW r = r0 + p->colorSpeed[0] * tau, g = g0 + p->colorSpeed[1] * tau;
    dW b = b0 + p->colorSpeed[2] * tau, a = a0 + p->colorSpeed[3] * tau;
    dW sc = s0 + p->scaleSpeed * tau;
    sc = SD_WN(select)(sc >= zero, sc, zero);
    if (p->hasScaleFactor) sc = p->scaleFactor * sc;
    if (in->rampR) {
        r *= SD_WN(load)(in->rampR + j); g *= SD_WN(load)(in->rampG + j); b *= SD_WN(load)(in->rampB + j);
        a *= SD_WN(load)(in->rampA + j);
    }
    if (in->alphaValues) a *= SD_WN(load)(in->alphaValues + j);
    if (in->scaleValues) {
        sc = sc * SD_WN(load)(in->scaleValues + j);
        sc = SD_WN(select)(sc >= zero, sc, zero);
    }
    dW rot = rot0 + spin * tau;
    if (p->turn != 0) rot += p->turn;
    SD_WN(put)(out->x + j, __builtin_convertvector(SD_WN(load)(in->px + j), fW), c);
    SD_WN(put)(out->y + j, __builtin_convertvector(SD_WN(load)(in->py + j), fW), c);
    SD_WN(put)(out->z + j, __builtin_convertvector(SD_WN(load)(in->pz + j), fW), c);
    SD_WN(put)(out->vx + j, __builtin_convertvector(SD_WN(load)(in->vx + j), fW), c);
    SD_WN(put)(out->vy + j, __builtin_convertvector(SD_WN(load)(in->vy + j), fW), c);
    SD_WN(put)(out->vz + j, __builtin_convertvector(SD_WN(load)(in->vz + j), fW), c);
    SD_WN(put)(out->scale + j, __builtin_convertvector(sc, fW), c);
    SD_WN(put)(out->rotation + j, __builtin_convertvector(rot, fW), c);
    SD_WN(put)(out->red + j, __builtin_convertvector(r, fW), c);
    SD_WN(put)(out->green + j, __builtin_convertvector(g, fW), c);
    SD_WN(put)(out->blue + j, __builtin_convertvector(b, fW), c);
    SD_WN(put)(out->alpha + j, __builtin_convertvector(a, fW), c);
    SD_WN(put)(out->age + j, __builtin_convertvector(tau, fW), c);
    SD_WN(put)(out->lifetime + j, __builtin_convertvector(life, fW), c);
    // The birth times, cells and ids in this loop rather than a Swift loop of its own after it: a second
    // pass over the batch (four lanes of SSE2 there), about 8 % of the kernel in a profile.
    if (out->birth) {
        if (c == SD_W) {
            memcpy(out->birth + j, in->births + j, SD_W * sizeof(double));
            uW k;
            memcpy(&k, in->ks + j, sizeof k);
            k += p->idKey;
            memcpy(out->ids + j, &k, sizeof k);
            for (int l = 0; l < SD_W; l++) out->cells[j + l] = p->cell;
        } else {
            for (int64_t l = 0; l < c; l++) {
                out->birth[j + l] = in->births[j + l];
                out->cells[j + l] = p->cell;
                out->ids[j + l] = p->idKey + in->ks[j + l];
            }
        }
    }
}

#undef SD_WFN
#undef uW
#undef fW
#undef dW
