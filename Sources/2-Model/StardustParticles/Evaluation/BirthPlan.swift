import StardustCore

// The birth plan: which births of which cell, from which emitter instance, can be alive at the
// evaluated time (docs/PARTICLE-MODEL.md §2.5). Planning is sequential and cheap; the runs it
// produces are the unit of parallel work of ``EmitterLayer/evaluate(atLocalTime:sceneSeed:into:threads:)``.

/// A run of consecutive births of one cell from one emitter instance within one parameter segment:
/// birth `k` happens at `start + (k − count0) / rate`.
struct BirthRun: Sendable {
    var cell: Int32
    var instance: Int32
    var segment: Int32
    var k0: Int64, k1: Int64
    var start: Double
    var count0: Double
    /// For a burst run (``ParticleBurst``, one cycle): the burst's index in the cell's list, and the
    /// random stream and id key of its cycle; birth k (the index in the cycle) happens at `start`.
    /// −1 for births of the rate.
    var burst: Int32 = -1
    var stream: UInt64 = 0, idKey: UInt64 = 0
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
            } else if cell.extensions?.trigger == .collision, let motion = e.cells[cell.parent].motion {
                // A sub-emitter at each contact of the parent with its colliders (§2.8): contact j of
                // parent r is its own emitter, keyed by (cell, j, parent id).
                var ages: [Double] = []
                for (ri, r) in plan.records[cell.parent].enumerated() {
                    guard r.birthTime + cell.windowLo <= t, r.birthTime + r.lifetime + cell.windowHi + cell.horizon > t else { continue }
                    ages.removeAll(keepingCapacity: true)
                    motion.contactAges(r, into: &ages)
                    for (j, age) in ages.enumerated() {
                        let anchor = r.birthTime + age
                        let lo = anchor + cell.windowLo, hi = anchor + cell.windowHi
                        guard lo < hi, lo <= t, hi + cell.horizon > t else { continue }
                        let key = Self.contactKey(cell.key, j)
                        instances.append(EmitterInstance(lo: lo, hi: hi, stream: seeded.bits(key, r.id),
                                                         idKey: ids.bits(key, r.id), parent: ri, contactAge: age))
                    }
                }
            } else if let trigger = cell.extensions?.trigger {
                // A sub-emitter: its window starts at the parent's birth or death (§2.8).
                for (ri, r) in plan.records[cell.parent].enumerated() {
                    let anchor = trigger == .death ? r.birthTime + r.endAge : r.birthTime
                    let lo = anchor + cell.windowLo, hi = anchor + cell.windowHi
                    guard lo < hi, lo <= t, hi + cell.horizon > t else { continue }
                    instances.append(EmitterInstance(lo: lo, hi: hi, stream: seeded.bits(cell.key, r.id),
                                                     idKey: ids.bits(cell.key, r.id), parent: ri))
                }
            } else {
                for (ri, r) in plan.records[cell.parent].enumerated() {
                    let lo = r.birthTime + cell.windowLo, hi = r.birthTime + min(cell.windowHi, r.endAge)
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
                if let bursts = cell.extensions?.bursts, !bursts.isEmpty, !plan.isTruncated {
                    Self.forEachBurstCycle(cell, bursts, lo: inst.lo, hi: inst.hi, from: t - cell.maxLife, to: t) { bi, c, tb, seg, n in
                        let stream = Self.burstKey(inst.stream, bi, c), idKey = Self.burstKey(inst.idKey, bi, c)
                        var k: Int64 = 0
                        while k < n {
                            let end = min(n, k + Self.runLength)
                            if plan.planned + Int(end - k) > budget { plan.isTruncated = true; return false }
                            plan.planned += Int(end - k)
                            plan.runs.append(BirthRun(cell: Int32(ci), instance: Int32(ii), segment: Int32(seg), k0: k, k1: end,
                                                      start: tb, count0: 0, burst: Int32(bi), stream: stream, idKey: idKey))
                            k = end
                        }
                        return true
                    }
                }
                guard feeds, !plan.isTruncated else { continue }
                var parent: ParticleBirth? = inst.parent >= 0 ? plan.records[cell.parent][inst.parent] : nil
                if cell.extensions?.trigger == .collision, let m = e.cells[cell.parent].motion, let r = parent {
                    parent = r.moved(by: m, atAge: inst.contactAge, atContact: true)  // the parent's state after its contact
                }
                if let bursts = cell.extensions?.bursts, !bursts.isEmpty {
                    Self.forEachBurstCycle(cell, bursts, lo: inst.lo, hi: inst.hi, from: t - cell.horizon, to: t) { bi, c, tb, seg, n in
                        if plan.planned + Int(n) > budget { plan.isTruncated = true; return false }
                        plan.planned += Int(n)
                        let p = cell.params[seg]
                        let stream = Self.burstKey(inst.stream, bi, c), idKey = Self.burstKey(inst.idKey, bi, c)
                        for k in 0..<n {
                            let rng = ParticleRandom(instance: stream, index: UInt64(bitPattern: k))
                            let (life, au) = ParticleBirth.life(p, rng)
                            let id = idKey &+ UInt64(bitPattern: k)
                            plan.records[ci].append(parent.map {
                                ParticleBirth.make(p, parent: $0, cell.extensions!, rng: rng, id: id, birthTime: tb, life: life, angleU: au,
                                                   contactAge: inst.contactAge)
                            } ?? ParticleBirth.make(p, shape: e.shape, mode: e.mode, rng: rng, id: id, birthTime: tb,
                                                    life: life, angleU: au))
                        }
                        return true
                    }
                    guard !plan.isTruncated else { continue }
                }
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
                            cell.extensions == nil
                                ? ParticleBirth.make(p, parent: $0, rng: rng, id: id, birthTime: tb, life: life, angleU: au)
                                : ParticleBirth.make(p, parent: $0, cell.extensions!, rng: rng, id: id, birthTime: tb, life: life, angleU: au,
                                                     contactAge: inst.contactAge)
                        } ?? ParticleBirth.make(p, shape: e.shape, mode: e.mode, rng: rng, id: id, birthTime: tb,
                                                life: life, angleU: au))
                    }
                }
            }
            // A parent that a `die` collider takes ends at the contact: its death sub-emitter fires there
            // and its other sub-cells stop emitting (docs/PARTICLE-MODEL.md §2.10).
            if feeds, let motion = cell.motion, cell.extensions?.removesParticles == true {
                for ri in plan.records[ci].indices { plan.records[ci][ri].contactDeath = motion.deathAge(plan.records[ci][ri]) }
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

    /// The stream key of contact `j`'s sub-emitter of a cell keyed `key` (the `collision` trigger).
    static func contactKey(_ key: UInt64, _ j: Int) -> UInt64 {
        CounterRandom(seed: key).bits(0xC0117, UInt64(j))
    }

    @inline(__always) static func snap(_ x: Double) -> Double {
        let r = x.rounded()
        return abs(x - r) <= 1e-9 * max(1, abs(x)) ? r : x
    }
}
