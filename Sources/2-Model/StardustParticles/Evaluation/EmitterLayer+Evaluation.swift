import Foundation
import StardustCore
import StardustAnimation

/// A run of consecutive births of one cell from one emitter instance within one parameter segment:
/// birth `k` happens at `start + (k − count0) / rate`.
struct BirthRun: Sendable {
    var cell: Int32
    var instance: Int32
    var segment: Int32
    var k0: Int64, k1: Int64
    var start: Double
    var count0: Double
}

/// The births one evaluation enumerates: runs in output order, plus the instances and parent records they refer to.
struct BirthPlan: Sendable {
    var runs: [BirthRun] = []
    var instances: [[EmitterInstance]]
    var records: [[ParticleBirth]]
    var planned = 0
    var isTruncated = false
}

extension EmitterLayer {
    /// Births per run: the unit of parallel work (fixed, so that results do not depend on the thread count).
    static let runLength: Int64 = 8192

    /// The particles alive at parent time `t` (mapped through `timing`; the simulation starts at
    /// local time 0). Allocates a new snapshot; see ``evaluate(at:sceneSeed:into:threads:)`` to reuse one.
    ///
    /// `sceneSeed` is the seed of the scene the emitter belongs to, combined with the layer's own
    /// ``seed`` (0 leaves it alone).
    public func evaluate(at t: Double, sceneSeed: UInt64 = 0, threads: Int = 0) -> ParticleSnapshot {
        let s = ParticleSnapshot()
        evaluate(at: t, sceneSeed: sceneSeed, into: s, threads: threads)
        return s
    }

    /// The particles alive at simulation (layer local) time `t`, in a new snapshot.
    public func evaluate(atLocalTime t: Double, sceneSeed: UInt64 = 0, threads: Int = 0) -> ParticleSnapshot {
        let s = ParticleSnapshot()
        evaluate(atLocalTime: t, sceneSeed: sceneSeed, into: s, threads: threads)
        return s
    }

    /// Evaluates the particles alive at parent time `t` into `snapshot`, reusing its storage.
    ///
    /// Cost: O(cells × segments + births in the last `maxLifetime` seconds), independent of how long
    /// the emitter has run (without an ``animatedValue`` hook, whose sampling grid costs O(t)).
    /// `threads` = 0 uses every core; the result is identical for any thread count.
    ///
    /// Evaluation is a function of (model, `sceneSeed`, `t`): it changes nothing in the layer, and two
    /// threads may evaluate one emitter at two times at once, each into its own snapshot.
    public func evaluate(at t: Double, sceneSeed: UInt64 = 0, into snapshot: ParticleSnapshot, threads: Int = 0) {
        let d = timing.resolvedDuration(default: .infinity)
        guard let local = timing.local(at: t, duration: d) else {
            snapshot.count = 0; snapshot.time = 0; snapshot.isTruncated = false
            return
        }
        evaluate(atLocalTime: local.time, sceneSeed: sceneSeed, into: snapshot, threads: threads)
    }

    /// Evaluates at simulation (layer local) time `t`.
    public func evaluate(atLocalTime t: Double, sceneSeed: UInt64 = 0, into snapshot: ParticleSnapshot, threads: Int = 0) {
        snapshot.time = t
        snapshot.count = 0
        snapshot.isTruncated = false
        guard t.isFinite, t >= 0, !emitterCells.isEmpty else { return }
        let compiled = compiled(upTo: t, sceneSeed: sceneSeed)
        let plan = makePlan(compiled, at: t)
        let runs = plan.runs

        // Phase 1: live particles per run.
        let counts = CountBuffer(runs.count)
        defer { counts.pointer.deallocate() }
        parallelFor(runs.count, threads: threads) { i in
            counts.pointer[i] = Self.process(runs[i], compiled, plan, t, nil, 0)
        }
        var offsets = [Int](repeating: 0, count: runs.count)
        var total = 0
        for i in runs.indices { offsets[i] = total; total += counts.pointer[i] }
        snapshot.isTruncated = plan.isTruncated
        guard total > 0 else { return }
        snapshot.reserve(total)
        // Phase 2: write each run at its offset.
        let out = SnapshotColumns(snapshot)
        let starts = offsets
        parallelFor(runs.count, threads: threads) { i in
            _ = Self.process(runs[i], compiled, plan, t, out, starts[i])
        }
        snapshot.count = total
    }

    /// Enumerates the runs of births that can be alive at `t`, cell by cell in pre-order, and the
    /// records of the particles of cells with sub-cells (born within the cell's horizon).
    /// Sequential; O(runs + parent records).
    func makePlan(_ e: CompiledEmitter, at t: Double) -> BirthPlan {
        var plan = BirthPlan(instances: Array(repeating: [], count: e.cells.count),
                             records: Array(repeating: [], count: e.cells.count))
        let budget = maximumParticleCount
        let seeded = CounterRandom(seed: e.seed), ids = CounterRandom(seed: 0x1D5)
        for ci in e.cells.indices {
            let cell = e.cells[ci]
            guard cell.emits, !plan.isTruncated else { continue }
            var instances: [EmitterInstance] = []
            if cell.parent < 0 {
                instances.append(EmitterInstance(lo: cell.windowLo, hi: cell.windowHi, stream: seeded.bits(cell.key, 0),
                                                 idKey: ids.bits(cell.key, 0), parent: -1))
            } else {
                for (ri, r) in plan.records[cell.parent].enumerated() {
                    let lo = r.birthTime + cell.windowLo, hi = r.birthTime + min(cell.windowHi, r.lifetime)
                    guard lo < hi, lo <= t, hi + cell.horizon > t else { continue }
                    instances.append(EmitterInstance(lo: lo, hi: hi, stream: seeded.bits(cell.key, r.id),
                                                     idKey: ids.bits(cell.key, r.id), parent: ri))
                }
            }
            let feeds = cell.children.contains { e.cells[$0].emits }
            for (ii, inst) in instances.enumerated() {
                Self.forEachPiece(cell, lo: inst.lo, hi: inst.hi, from: t - cell.maxLife, to: t) { seg, k0, k1, a, n0 in
                    var k = k0
                    while k < k1, !plan.isTruncated {
                        let end = min(k1, k + Self.runLength)
                        if plan.planned + Int(end - k) > budget { plan.isTruncated = true; break }
                        plan.planned += Int(end - k)
                        plan.runs.append(BirthRun(cell: Int32(ci), instance: Int32(ii), segment: Int32(seg),
                                                  k0: k, k1: end, start: a, count0: n0))
                        k = end
                    }
                }
                guard feeds, !plan.isTruncated else { continue }
                let parent: ParticleBirth? = inst.parent >= 0 ? plan.records[cell.parent][inst.parent] : nil
                Self.forEachPiece(cell, lo: inst.lo, hi: inst.hi, from: t - cell.horizon, to: t) { seg, k0, k1, a, n0 in
                    guard !plan.isTruncated else { return }
                    if plan.planned + Int(k1 - k0) > budget { plan.isTruncated = true; return }
                    plan.planned += Int(k1 - k0)
                    let p = cell.params[seg]
                    for k in k0..<k1 {
                        let tb = a + (Double(k) - n0) / p.rate
                        guard tb <= t else { continue }
                        let rng = ParticleRandom(instance: inst.stream, index: UInt64(bitPattern: k))
                        let (life, au) = ParticleBirth.life(p, rng)
                        let id = inst.idKey &+ UInt64(bitPattern: k)
                        plan.records[ci].append(parent.map {
                            ParticleBirth.make(p, parent: $0, rng: rng, id: id, birthTime: tb, life: life, angleU: au)
                        } ?? ParticleBirth.make(p, shape: e.shape, mode: e.mode, rng: rng, id: id, birthTime: tb,
                                                life: life, angleU: au))
                    }
                }
            }
            plan.instances[ci] = instances
        }
        return plan
    }

    /// Calls `body(segment, k0, k1, start, count0)` for the births of `cell` emitted in `[lo, hi)` (layer
    /// time) whose birth times may fall in `[from, to]`: birth k happens when the integral of the rate
    /// from `lo` first exceeds k (constant rate r ⇒ t_k = lo + k / r). A slightly wider range is passed;
    /// callers filter by age. O(segments between lo and to).
    static func forEachPiece(_ cell: CompiledCell, lo: Double, hi: Double, from: Double, to: Double,
                             _ body: (Int, Int64, Int64, Double, Double) -> Void) {
        let starts = cell.starts
        var j = 0, h = starts.count
        while j + 1 < h {  // last start ≤ lo
            let m = (j + h) / 2
            if starts[m] <= lo { j = m } else { h = m }
        }
        var a = lo, n = 0.0
        let limit = 9.0e15
        while a < hi, a <= to, j < starts.count {
            let b = min(hi, j + 1 < starts.count ? starts[j + 1] : .infinity)
            let r = cell.params[j].rate
            if r > 0 {
                // Counts within 1e-9 of an integer are snapped to it, so that a window of exactly
                // m births (1000/s for 0.1 s) yields m births despite rounding.
                let nb = Self.snap(n + r * (b - a))
                if b >= from {
                    let first = max(n.rounded(.up), (n + r * (from - a)).rounded(.up) - 1)
                    var end = (n + r * (to - a)).rounded(.down) + 2
                    if nb.isFinite { end = min(end, nb.rounded(.up)) }
                    if end > first, first < limit, end < limit { body(j, Int64(first), Int64(end), a, n) }
                }
                n = nb
            }
            a = b
            j += 1
        }
    }

    @inline(__always) static func snap(_ x: Double) -> Double {
        let r = x.rounded()
        return abs(x - r) <= 1e-9 * max(1, abs(x)) ? r : x
    }

    /// Counts (when `out` is nil) or writes the live particles of one run; returns how many.
    static func process(_ run: BirthRun, _ e: CompiledEmitter, _ plan: BirthPlan, _ t: Double,
                        _ out: SnapshotColumns?, _ offset: Int) -> Int {
        let ci = Int(run.cell)
        let cell = e.cells[ci]
        let inst = plan.instances[ci][Int(run.instance)]
        let p = cell.params[Int(run.segment)]
        guard let out else { return count(run, p, inst, t) }
        if let x = cell.extensions { return writeExtended(run, cell, p, x, inst, e, plan, t, out, offset) }
        if inst.parent >= 0 {
            let parent = plan.records[cell.parent][inst.parent]
            return write(run, p, inst, t, out, offset) { rng, id, tb, life, au in
                ParticleBirth.make(p, parent: parent, rng: rng, id: id, birthTime: tb, life: life, angleU: au)
            }
        }
        let shape = e.shape, mode = e.mode
        if shape == .point { return writePoint(run, p, inst, t, out, offset) }
        return write(run, p, inst, t, out, offset) { rng, id, tb, life, au in
            ParticleBirth.make(p, shape: shape, mode: mode, rng: rng, id: id, birthTime: tb, life: life, angleU: au)
        }
    }

    /// The live births of a run. Runs entirely younger than the shortest lifetime (or older than the
    /// longest) are counted without drawing lifetimes.
    static func count(_ run: BirthRun, _ p: BirthParameters, _ inst: EmitterInstance, _ t: Double) -> Int {
        let invRate = 1 / p.rate
        let first = run.start + (Double(run.k0) - run.count0) * invRate
        let last = run.start + (Double(run.k1 - 1) - run.count0) * invRate
        let minLife = max(0, p.life - abs(p.lifeRange))
        if t - last >= p.maxLife { return 0 }
        var n = 0
        if t - first < minLife && t - last >= 0 {
            return Int(run.k1 - run.k0)
        }
        for k in run.k0..<run.k1 {  // without branches: near the end of the lifetimes, alive is a coin flip
            let age = t - (run.start + (Double(k) - run.count0) * invRate)
            let rng = ParticleRandom(instance: inst.stream, index: UInt64(bitPattern: k))
            n &+= (age >= 0) && (age < ParticleBirth.life(p, rng).life) ? 1 : 0
        }
        return n
    }

    @inline(__always)
    static func write(_ run: BirthRun, _ p: BirthParameters, _ inst: EmitterInstance, _ t: Double,
                      _ out: SnapshotColumns, _ offset: Int,
                      _ make: (ParticleRandom, UInt64, Double, Double, Double) -> ParticleBirth) -> Int {
        let invRate = 1 / p.rate
        var n = 0
        for k in run.k0..<run.k1 {
            let tb = run.start + (Double(k) - run.count0) * invRate
            let age = t - tb
            guard age >= 0 else { continue }
            let rng = ParticleRandom(instance: inst.stream, index: UInt64(bitPattern: k))
            let (life, au) = ParticleBirth.life(p, rng)
            guard age < life else { continue }
            let id = inst.idKey &+ UInt64(bitPattern: k)
            out.write(make(rng, id, tb, life, au), age: age, cell: run.cell, at: offset + n)
            n += 1
        }
        return n
    }
}

extension EmitterLayer {
    @inline(__always) static func store(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
    }

    /// Births examined per batch of ``writePoint(_:_:_:_:_:_:)``.
    static let batch = 64

    /// ``write(_:_:_:_:_:_:_:)`` for a top-level cell on a `point` emitter, in batches: the live
    /// births of a batch and their random uniforms first (scalar integer work), then their birth
    /// values and columns four particles at a time in vector registers. Every value is computed
    /// with exactly the same operations as ``ParticleBirth/make(_:shape:mode:rng:id:birthTime:life:angleU:)``
    /// followed by ``SnapshotColumns/write(_:age:cell:at:)`` (the same roundings, in the same
    /// order, lane by lane), so the bytes are the same as the general path's.
    static func writePoint(_ run: BirthRun, _ p: BirthParameters, _ inst: EmitterInstance, _ t: Double,
                           _ out: SnapshotColumns, _ offset: Int) -> Int {
        let n = batch
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 11 * n) { dbl in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * n) { ints in
                let d = dbl.baseAddress!
                let ages = d, lives = d + n, births = d + 2 * n
                let uAngle = d + 3 * n, uSpeed = d + 4 * n, uScale = d + 5 * n, uSpin = d + 6 * n
                let uR = d + 7 * n, uG = d + 8 * n, uB = d + 9 * n, uA = d + 10 * n
                let ks = ints.baseAddress!, keys = ks + n
                let invRate = 1 / p.rate
                let p0 = SIMD4<Float>(Float(p.center.x), Float(p.center.y), Float(p.center.z), 0)
                let acc = SIMD4<Float>(Float(p.accel.x), Float(p.accel.y), Float(p.accel.z), 0)
                let cs = SIMD4<Float>(p.colorSpeed)
                let scaleSpeed = Float(p.scaleSpeed), factor = Float(1.0)
                let cell = run.cell
                var written = 0
                var k = run.k0
                while k < run.k1 {
                    // 1. The live births of the next `n` (the same test as `write`), without branches:
                    // near the end of the lifetimes whether a birth is alive is a coin flip.
                    var m = 0
                    let end = min(run.k1, k + Int64(n))
                    while k < end {
                        let tb = run.start + (Double(k) - run.count0) * invRate
                        let age = t - tb
                        let rng = ParticleRandom(instance: inst.stream, index: UInt64(bitPattern: k))
                        let (life, _) = ParticleBirth.life(p, rng)
                        ages[m] = age; lives[m] = life; births[m] = tb; ks[m] = UInt64(bitPattern: k); keys[m] = rng.key
                        m &+= (age >= 0) && (age < life) ? 1 : 0
                        k += 1
                    }
                    // The uniforms of the live ones.
                    for j in 0..<m {
                        let rng = ParticleRandom(key: keys[j])
                        let (_, au, us) = rng.triple(ParticleAttribute.lifeAngleSpeed)
                        let (u0, u1, u2) = rng.triple(ParticleAttribute.scaleSpinRed)
                        let (u3, u4, u5) = rng.triple(ParticleAttribute.greenBlueAlpha)
                        uAngle[j] = au; uSpeed[j] = us; uScale[j] = u0; uSpin[j] = u1
                        uR[j] = u2; uG[j] = u3; uB[j] = u4; uA[j] = u5
                    }
                    guard m > 0 else { continue }
                    for j in m..<((m + 3) & ~3) {
                        ages[j] = 0; uAngle[j] = 0; uSpeed[j] = 0; uScale[j] = 0; uSpin[j] = 0
                        uR[j] = 0; uG[j] = 0; uB[j] = 0; uA[j] = 0
                    }
                    // 2. Birth values and columns, four at a time (lanes past `m` are computed, not stored).
                    let o = offset + written
                    var j = 0
                    while j < m {
                        let theta = p.longitude + p.longitudeRange * (2 * Self.load(uAngle + j) - 1)
                        let speed = p.speed + p.speedRange * (2 * Self.load(uSpeed + j) - 1)
                        let (sinT, cosT) = FastTrig.sincos4(theta)
                        let vx0 = SIMD4<Float>((p.cosLat * cosT) * speed)
                        let vy0 = SIMD4<Float>((p.cosLat * sinT) * speed)
                        let vz0 = SIMD4<Float>(p.sinLat * speed)
                        let r0 = SIMD4<Float>((p.color.x + p.colorRange.x * (2 * Self.load(uR + j) - 1)) * 1)
                        let g0 = SIMD4<Float>((p.color.y + p.colorRange.y * (2 * Self.load(uG + j) - 1)) * 1)
                        let b0 = SIMD4<Float>((p.color.z + p.colorRange.z * (2 * Self.load(uB + j) - 1)) * 1)
                        let a0 = SIMD4<Float>((p.color.w + p.colorRange.w * (2 * Self.load(uA + j) - 1)) * 1)
                        let s0 = SIMD4<Float>(p.scale + p.scaleRange * (2 * Self.load(uScale + j) - 1))
                        let spin = SIMD4<Float>(p.spin + p.spinRange * (2 * Self.load(uSpin + j) - 1))
                        let tt = SIMD4<Float>(Self.load(ages + j))
                        let h = 0.5 * tt * tt
                        let x = p0.x + vx0 * tt + acc.x * h, y = p0.y + vy0 * tt + acc.y * h
                        let z = p0.z + vz0 * tt + acc.z * h
                        let vx = vx0 + acc.x * tt, vy = vy0 + acc.y * tt, vz = vz0 + acc.z * tt
                        var sc = s0 + scaleSpeed * tt
                        sc.replace(with: 0, where: .!(sc .>= 0))  // max(0, sc)
                        sc = factor * sc
                        let rot = spin * tt
                        let r = r0 + cs.x * tt, g = g0 + cs.y * tt, b = b0 + cs.z * tt, a = a0 + cs.w * tt
                        let c = min(4, m - j), i = o + j
                        if c == 4 {
                            Self.store(x, out.x + i); Self.store(y, out.y + i); Self.store(z, out.z + i)
                            Self.store(vx, out.vx + i); Self.store(vy, out.vy + i); Self.store(vz, out.vz + i)
                            Self.store(sc, out.scale + i); Self.store(rot, out.rotation + i)
                            Self.store(r, out.red + i); Self.store(g, out.green + i); Self.store(b, out.blue + i)
                            Self.store(a, out.alpha + i); Self.store(tt, out.age + i)
                        } else {
                            for l in 0..<c {
                                out.x[i + l] = x[l]; out.y[i + l] = y[l]; out.z[i + l] = z[l]
                                out.vx[i + l] = vx[l]; out.vy[i + l] = vy[l]; out.vz[i + l] = vz[l]
                                out.scale[i + l] = sc[l]; out.rotation[i + l] = rot[l]
                                out.red[i + l] = r[l]; out.green[i + l] = g[l]; out.blue[i + l] = b[l]
                                out.alpha[i + l] = a[l]; out.age[i + l] = tt[l]
                            }
                        }
                        j += 4
                    }
                    for j in 0..<m {
                        let i = o + j
                        out.lifetime[i] = Float(lives[j])
                        out.birth[i] = births[j]
                        out.cells[i] = cell
                        out.ids[i] = inst.idKey &+ ks[j]
                    }
                    written += m
                }
                return written
            }
        }
    }

    @inline(__always) static func load(_ p: UnsafeMutablePointer<Double>) -> SIMD4<Double> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Double>.self)
    }
}

/// Raw pointers to a snapshot's columns, for writing from worker threads (each run writes its own range).
struct SnapshotColumns: @unchecked Sendable {
    let x, y, z, vx, vy, vz, scale, rotation, red, green, blue, alpha, age, lifetime: UnsafeMutablePointer<Float>
    let birth: UnsafeMutablePointer<Double>
    let cells: UnsafeMutablePointer<Int32>
    let ids: UnsafeMutablePointer<UInt64>

    init(_ s: ParticleSnapshot) {
        let f = s.floats
        x = f[0]; y = f[1]; z = f[2]; vx = f[3]; vy = f[4]; vz = f[5]; scale = f[6]; rotation = f[7]
        red = f[8]; green = f[9]; blue = f[10]; alpha = f[11]; age = f[12]; lifetime = f[13]
        birth = s.birth!; cells = s.cells!; ids = s.ids!
    }

    @inline(__always)
    func write(_ b: ParticleBirth, age tau: Double, cell: Int32, at i: Int) {
        // Single precision from here: ages are small and positions bounded, so the closed form in
        // Float loses nothing visible and halves the vector work.
        let t = Float(tau), h = 0.5 * t * t
        let p0 = SIMD4<Float>(Float(b.position.x), Float(b.position.y), Float(b.position.z), 0)
        let v0 = SIMD4<Float>(Float(b.velocity.x), Float(b.velocity.y), Float(b.velocity.z), 0)
        let a = SIMD4<Float>(Float(b.acceleration.x), Float(b.acceleration.y), Float(b.acceleration.z), 0)
        let p = p0 + v0 * t + a * h, v = v0 + a * t
        let c = SIMD4<Float>(b.color) + SIMD4<Float>(b.colorSpeed) * t
        x[i] = p.x; y[i] = p.y; z[i] = p.z
        vx[i] = v.x; vy[i] = v.y; vz[i] = v.z
        scale[i] = Float(b.scaleFactor) * max(0, Float(b.scale) + Float(b.scaleSpeed) * t)
        rotation[i] = Float(b.spin) * t
        red[i] = c.x; green[i] = c.y; blue[i] = c.z; alpha[i] = c.w
        age[i] = t; lifetime[i] = Float(b.lifetime)
        birth[i] = b.birthTime; cells[i] = cell; ids[i] = b.id
    }
}

/// Per-run counts written by worker threads (each index by exactly one worker).
struct CountBuffer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int>
    init(_ n: Int) {
        pointer = .allocate(capacity: max(n, 1))
        pointer.initialize(repeating: 0, count: max(n, 1))
    }
}
