// FieldStepLanes.h — the integrated steps' lane pieces (FieldSteps.c) for one lane width, written once and included by
// FieldSteps.c once per width: `SD_W` 4 (the general loop and the four-lane uniform group, compiled for the baseline
// and AVX2) and, on x86-64, 8 (the eight-lane uniform group, compiled for AVX-512 only). `SD_W_TARGET` is the
// attribute of the width's functions (empty for 4: they take their caller's target; AVX-512's for 8), and the includer
// defines `enterCells` for the width (the lattice lookups of a step where every lane enters a cell) after the include.
//
// Why one source: the eight-lane group is the four-lane one on wider vectors (docs/PARTICLES-PERFORMANCE.md,
// "eight-lane AVX-512 uniform groups"); every lane performs the same double operations in the same order at either
// width (ext_vector operations are lane by lane), so both give the Swift code's bits, and an idea changed here changes
// both.

/// `SD_WN(floor)` is `floor4` or `floor8` (Lanes.h).
#define dW SD_WN(d)
#define iW SD_WN(i)
#define SD_WFN SD_INLINE SD_W_TARGET

/// `x.rounded(.down)` for the lanes, bit for bit (an integer lane, −0 included, is returned as it is): rounding to an
/// integer by adding and subtracting 1.5·2⁵² is exact below 2⁵¹ in magnitude, and one step down fixes a lane that
/// rounded up. Lanes beyond that (or not numbers) take libm's floor.
SD_WFN dW SD_WN(floor)(dW x) {
    const double magic = 6755399441055744.0;
    dW r = (x + magic) - magic;
    dW f = SD_WN(select)(r > x, r - 1, r);
    f = SD_WN(select)(r == x, x, f);
    iW small = (x < 2251799813685248.0) & (x > -2251799813685248.0);
    if (!SD_WN(all)(small)) {
        for (int l = 0; l < SD_W; l++)
            if (!small[l]) f[l] = floor(x[l]);
    }
    return f;
}

/// The per-group lattice cell (CurlNoise.Cell for the lanes): the floors of the cell's corner, and the four gradients'
/// components (ga.x, ga.y, gb.x, gb.y, gc.x, gc.y, gd.x, gd.y), each a row of lanes.
typedef struct {
    dW fx0, fy0;
    double g[8][SD_W];
} SD_WN(Cell);

/// Every lane of `cell` entering the cell at its corner (`fx0`, `fy0`), read from the table `p->cells` (defined by the
/// includer for the width, after this file).
SD_WFN void SD_WN(enterCells)(dW fx0, dW fy0, const SDFieldParameters *p, SD_WN(Cell) *cell);

/// The curl at (x, y) (lattice units) for the lanes of `work`, reading the cell's gradients and hashing them again for
/// a lane whose cell changed (CurlNoise.curl). A lane outside `work` keeps its cell and gets a value that is not used.
SD_WFN void SD_WN(curl)(dW x, dW y, iW work, const SDFieldParameters *p, SD_WN(Cell) *cell, dW *cx, dW *cy) {
    dW fx0 = SD_WN(floor)(x), fy0 = SD_WN(floor)(y);
    dW fx = x - fx0, fy = y - fy0;
    // A lane whose corner floor differs: a new cell (a NaN always differs; its gradients are those of the clamped
    // point, the same values CurlNoise keeps, so the bits do not change).
    iW changed = work & ((fx0 != cell->fx0) | (fy0 != cell->fy0));
    if (p->cells && SD_WN(all)(changed)) {
        // Every lane enters a cell (a group's first step after a resume): the width's table lookups.
        SD_WN(enterCells)(fx0, fy0, p, cell);
    } else if (SD_WN(any)(changed)) {
        for (int l = 0; l < SD_W; l++) {
            if (!changed[l]) continue;
            int64_t ix = (int64_t)clampLattice(fx0[l]), iy = (int64_t)clampLattice(fy0[l]);
            double g[8];
            cellGradients(ix, iy, p, g);
            for (int c = 0; c < 8; c++) cell->g[c][l] = g[c];
            cell->fx0[l] = fx0[l];
            cell->fy0[l] = fy0[l];
        }
    }
    dW gax = SD_WN(load)(cell->g[0]), gay = SD_WN(load)(cell->g[1]), gbx = SD_WN(load)(cell->g[2]);
    dW gby = SD_WN(load)(cell->g[3]), gcx = SD_WN(load)(cell->g[4]), gcy = SD_WN(load)(cell->g[5]);
    dW gdx = SD_WN(load)(cell->g[6]), gdy = SD_WN(load)(cell->g[7]);
    dW na = gax * fx + gay * fy, nb = gbx * (fx - 1) + gby * fy;
    dW nc = gcx * fx + gcy * (fy - 1), nd = gdx * (fx - 1) + gdy * (fy - 1);
    dW u = fx * fx * fx * (fx * (fx * 6 - 15) + 10), v = fy * fy * fy * (fy * (fy * 6 - 15) + 10);
    dW du = 30 * fx * fx * (fx * (fx - 2) + 1), dv = 30 * fy * fy * (fy * (fy - 2) + 1);
    dW k1 = nb - na, k2 = nc - na, k3 = na - nb - nc + nd;
    dW g1x = gbx - gax, g1y = gby - gay, g2x = gcx - gax, g2y = gcy - gay;
    dW g3x = gax - gbx - gcx + gdx, g3y = gay - gby - gcy + gdy;
    dW dx = gax + u * g1x + v * g2x + u * v * g3x + du * (k1 + v * k3);
    dW dy = gay + u * g1y + v * g2y + u * v * g3y + dv * (k2 + u * k3);
    *cx = dy;
    *cy = -dx;
}

/// The sole line's signed distance of (x, y, z) times the particle's side (CollisionLine.distance: the three products
/// summed in order, as SIMD3's `sum()`).
SD_WFN dW SD_WN(sideDistance)(const SDFieldParameters *p, dW x, dW y, dW z, dW side) {
    dW s = (x - p->origin[0]) * p->normal[0];
    s = s + (y - p->origin[1]) * p->normal[1];
    s = s + (z - p->origin[2]) * p->normal[2];
    return s * side;
}

/// The lanes whose step from side distance `s0` to `s1` crosses the line (LineCollision.crossing's test, before the
/// segment's extent): from the near side, or from on the line (`onLine`, a lane that last touched it) when the
/// distance was below zero, to below zero.
SD_WFN iW SD_WN(crossing)(iW onLine, dW s0, dW s1) {
    dW from = SD_WN(select)(onLine & (s0 < 0), (dW)(0.0), s0);
    return (from >= 0) & (s1 < 0);
}

/// The force at the start of a step of the lanes of `work` (FieldIntegrator.force without attractors): the cell's
/// acceleration plus the turbulence's curl at the position.
SD_WFN void SD_WN(force)(const SDFieldParameters *p, int turbulent, dW px, dW py, iW work, SD_WN(Cell) *cell,
                         dW *ax, dW *ay, dW *az) {
    *ax = (dW)(p->accel[0]);
    *ay = (dW)(p->accel[1]);
    *az = (dW)(p->accel[2]);
    if (turbulent) {
        dW cx, cy;
        SD_WN(curl)(px * p->inverseScale, py * p->inverseScale, work, p, cell, &cx, &cy);
        *ax = *ax + cx * p->turbulence;
        *ay = *ay + cy * p->turbulence;
    }
}

/// The step of length `dt` from (p, v) under the force (a): the drag step towards the wind with the step's e^(−k·dt)
/// `e` and (1 − e^(−k·dt))/k `r` when `drag`, else the free step (FieldIntegrator.run's two steps).
SD_WFN void SD_WN(move)(const SDFieldParameters *p, int drag, dW dt, dW e, dW r, dW px, dW py, dW pz, dW vx, dW vy,
                        dW vz, dW ax, dW ay, dW az, dW *nx, dW *ny, dW *nz, dW *wx, dW *wy, dW *wz) {
    if (drag) {
        const double k = p->k;
        dW tx = p->wind[0] + ax / k, ty = p->wind[1] + ay / k, tz = p->wind[2] + az / k;
        *nx = px + (tx * dt + (vx - tx) * r);
        *ny = py + (ty * dt + (vy - ty) * r);
        *nz = pz + (tz * dt + (vz - tz) * r);
        *wx = tx + (vx - tx) * e;
        *wy = ty + (vy - ty) * e;
        *wz = tz + (vz - tz) * e;
    } else {
        dW half = 0.5 * dt * dt;
        *nx = px + (vx * dt + ax * half);
        *ny = py + (vy * dt + ay * half);
        *nz = pz + (vz * dt + az * half);
        *wx = vx + ax * dt;
        *wy = vy + ay * dt;
        *wz = vz + az * dt;
    }
}

/// The lanes at `j` when they have the same number of full steps left (`n − i`, at most ``SD_UNIFORM_STEPS``) and each
/// a shortened last step (rest > 0) — playback's usual group, every lane resumed from its checkpoint two steps before
/// its age: the same steps as the general loop in `steps`, lane by lane the same operations in the same order, without
/// its masks (every lane works at every step, and none stops early). Returns 0 and writes nothing (the table of cells
/// aside, a cache) when a lane's step may cross the line: the general loop then takes the lanes from their start.
SD_WFN int SD_WN(uniformGroup)(const SDFieldLanes *c, int64_t j, const SDFieldParameters *p, int drag, int turbulent,
                               int sole, int64_t full, dW n, dW rest, dW side, iW onLine, dW px, dW py, dW pz, dW vx,
                               dW vy, dW vz) {
    const iW all = (dW)(0.0) == (dW)(0.0);
    SD_WN(Cell) cell;
    cell.fx0 = cell.fy0 = (dW)((double)NAN);  // no cell yet: every lane enters one at the first step
    memset(cell.g, 0, sizeof cell.g);
    dW s0 = sole ? SD_WN(sideDistance)(p, px, py, pz, side) : (dW)(0.0);
    dW nx, ny, nz, wx, wy, wz, ax, ay, az;
    const dW hh = (dW)(p->h), decay = (dW)(p->decay), reach = (dW)(p->reach);
    for (int64_t s = 0; s < full; s++) {
        SD_WN(force)(p, turbulent, px, py, all, &cell, &ax, &ay, &az);
        SD_WN(move)(p, drag, hh, decay, reach, px, py, pz, vx, vy, vz, ax, ay, az, &nx, &ny, &nz, &wx, &wy, &wz);
        if (sole) {
            dW s1 = SD_WN(sideDistance)(p, nx, ny, nz, side);
            if (SD_WN(any)(SD_WN(crossing)(onLine, s0, s1))) return 0;
            s0 = s1;
        }
        px = nx; py = ny; pz = nz; vx = wx; vy = wy; vz = wz;
    }
    // The shortened last step (every lane has one).
    dW e = decay, r = reach;
    if (drag) {
        const double k = p->k;
        for (int l = 0; l < SD_W; l++) {
            e[l] = exp(-k * rest[l]);
            r[l] = -expm1(-k * rest[l]) / k;
        }
    }
    SD_WN(force)(p, turbulent, px, py, all, &cell, &ax, &ay, &az);
    SD_WN(move)(p, drag, rest, e, r, px, py, pz, vx, vy, vz, ax, ay, az, &nx, &ny, &nz, &wx, &wy, &wz);
    if (sole && SD_WN(any)(SD_WN(crossing)(onLine, s0, SD_WN(sideDistance)(p, nx, ny, nz, side)))) return 0;
    // The outputs of the general loop: the state at the last full step kept, the final state (velocity plus +0.0), the
    // step reached (n: i plus the full steps, an integer) and done.
    SD_WN(store)(c->kpx + j, px); SD_WN(store)(c->kpy + j, py); SD_WN(store)(c->kpz + j, pz);
    SD_WN(store)(c->kvx + j, vx); SD_WN(store)(c->kvy + j, vy); SD_WN(store)(c->kvz + j, vz);
    SD_WN(store)(c->px + j, nx); SD_WN(store)(c->py + j, ny); SD_WN(store)(c->pz + j, nz);
    SD_WN(store)(c->vx + j, wx + 0.0); SD_WN(store)(c->vy + j, wy + 0.0); SD_WN(store)(c->vz + j, wz + 0.0);
    SD_WN(store)(c->step + j, n);
    SD_WN(store)(c->done + j, (dW)(1.0));
    return 1;
}

/// The uniform group at `j` when its lanes qualify (``uniformGroup``'s conditions, read from the columns); 0 when
/// they do not or the group was handed back (nothing written), for the caller's general path.
SD_WFN int SD_WN(tryUniform)(const SDFieldLanes *c, int64_t j, const SDFieldParameters *p) {
    dW i = SD_WN(load)(c->step + j), n = SD_WN(load)(c->steps + j), rest = SD_WN(load)(c->rest + j);
    dW left = n - i;
    iW same = (left == left[0]) & (rest > 0);
    if (!(SD_WN(all)(same) && left[0] >= 0 && left[0] <= SD_UNIFORM_STEPS)) return 0;
    return SD_WN(uniformGroup)(c, j, p, p->k > 0, p->turbulence != 0, p->hasSole != 0, (int64_t)left[0], n, rest,
                               SD_WN(load)(c->side + j), SD_WN(load)(c->last + j) == 0, SD_WN(load)(c->px + j),
                               SD_WN(load)(c->py + j), SD_WN(load)(c->pz + j), SD_WN(load)(c->vx + j),
                               SD_WN(load)(c->vy + j), SD_WN(load)(c->vz + j));
}

#undef SD_WFN
#undef iW
#undef dW
