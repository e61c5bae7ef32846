import StardustCore
import StardustAnimation

// The public evaluation API: two entry points (parent time, local time) that write into a reusable
// snapshot, and one convenience that allocates one. Evaluation is two parallel passes over the
// runs of the birth plan (BirthPlan.swift): count the live particles of each run, then write each
// run at its offset, either through the general per-particle path below or through the SIMD
// kernel for top-level cells of point emitters (PointKernel.swift) or the batched kernel of cells with curves and
// closed-form motion (ExtendedKernel.swift).

extension EmitterLayer {
    /// The particles alive at parent time `t` (mapped through `timing`; the simulation starts at
    /// local time 0), in a new snapshot: a convenience for ``evaluate(at:sceneSeed:into:threads:)``,
    /// which reuses one.
    ///
    /// `sceneSeed` is the seed of the scene the emitter belongs to, combined with the layer's own
    /// ``seed`` (0 leaves it alone).
    public func evaluate(at t: Double, sceneSeed: UInt64 = 0, threads: Int = 0) -> ParticleSnapshot {
        let s = ParticleSnapshot()
        evaluate(at: t, sceneSeed: sceneSeed, into: s, threads: threads)
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
        let cuts = Self.cuts(plan, compiled, t)  // empty unless a cell caps its live particles
        // Contact walks kept from earlier evaluations (nil unless a cell collides in closed form).
        let lease = contactCache.acquire(compiled, plan)
        defer { if lease != nil { contactCache.release() } }

        // Phase 1: live particles per run.
        let counts = CountBuffer(runs.count)
        defer { counts.pointer.deallocate() }
        parallelFor(runs.count, threads: threads) { i in
            counts.pointer[i] = Self.process(runs[i], compiled, plan, t, nil, 0, cuts.isEmpty ? .none : cuts[i], lease)
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
            _ = Self.process(runs[i], compiled, plan, t, out, starts[i], cuts.isEmpty ? .none : cuts[i], lease)
        }
        snapshot.count = total
    }

    /// Counts (when `out` is nil) or writes the live particles of one run, of those `cut` keeps
    /// (``RunCut/none`` unless the cell caps its particles); returns how many. Bursts and caps are
    /// chosen here, per run: Core Animation cells keep their paths. `lease` holds the contact walks of
    /// the cells that keep them (``ContactCache``).
    static func process(_ run: BirthRun, _ e: CompiledEmitter, _ plan: BirthPlan, _ t: Double,
                        _ out: SnapshotColumns?, _ offset: Int, _ cut: RunCut = .none,
                        _ lease: ContactCache.Lease? = nil) -> Int {
        let ci = Int(run.cell)
        let cell = e.cells[ci]
        let contacts = run.burst < 0 ? lease?.table(ci) : nil
        let inst = plan.instances[ci][Int(run.instance)]
        let p = cell.params[Int(run.segment)]
        guard let out else {
            // A collider that removes particles: they are counted through their motion.
            if let x = cell.extensions, x.removesParticles { return writeExtended(run, cell, p, x, inst, e, plan, t, nil, 0, cut, contacts) }
            if run.burst >= 0 || !cut.isNone { return countLive(run, p, inst, t, cut) }
            return count(run, p, inst, t)
        }
        if let x = cell.extensions {
            // Births (of the rate or a burst) of a top-level cell with curves and closed-form motion: the batched
            // kernel (ExtendedKernel.swift). Triggered sub-cells reach it from `writeExtended`, which reads their parent.
            if cut.isNone, cell.fitsExtendedKernel {
                return writeExtendedKernel(run, cell, p, x, inst, e, t, out, offset, contacts)
            }
            return writeExtended(run, cell, p, x, inst, e, plan, t, out, offset, cut, contacts)
        }
        // A Core Animation sub-cell of a parent moved by fields: the extended path reads the moved parent.
        if cell.parent >= 0, e.cells[cell.parent].motion != nil {
            return writeExtended(run, cell, p, CellExtensions(), inst, e, plan, t, out, offset, cut)
        }
        if inst.parent >= 0 {
            let parent = plan.records[cell.parent][inst.parent]
            return write(run, p, inst, t, out, offset) { rng, id, tb, life, au in
                ParticleBirth.make(p, parent: parent, rng: rng, id: id, birthTime: tb, life: life, angleU: au)
            }
        }
        let shape = e.shape, mode = e.mode
        if shape == .point && p.path == nil { return writePoint(run, p, inst, t, out, offset) }
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

/// Per-run counts written by worker threads (each index by exactly one worker).
struct CountBuffer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int>
    init(_ n: Int) {
        pointer = .allocate(capacity: max(n, 1))
        pointer.initialize(repeating: 0, count: max(n, 1))
    }
}
