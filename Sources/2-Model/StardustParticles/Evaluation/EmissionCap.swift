import StardustCore

// The cap on live particles (``CellExtensions/maximumAlive``), in closed form
// (docs/PARTICLE-MODEL.md §2.7): the births of one emitter instance are ordered by birth time (ties:
// births of the rate first, then bursts in list order, then by index in the cycle); at time t a
// birth is kept only when fewer than N births of its instance come after it up to t. So at most N
// are alive, a particle disappears only once N newer ones are born (it never comes back), and
// whether it is drawn depends on the births, never on earlier frames.

/// Which births of one run the cap keeps: those born after `threshold`, and of those born exactly
/// at `threshold` all but the first `dropTied` (in run order). ``none`` keeps every birth.
struct RunCut: Sendable {
    var threshold = -Double.infinity
    var dropTied = 0
    static let none = RunCut()
    var isNone: Bool { threshold == -.infinity }
}

extension EmitterLayer {
    /// The cut of every run of the plan (empty when no cell has a cap). Sequential; for each capped
    /// instance, O(b log b) for its b births since `t − maxLife`.
    static func cuts(_ plan: BirthPlan, _ e: CompiledEmitter, _ t: Double) -> [RunCut] {
        guard e.cells.contains(where: { $0.extensions?.maximumAlive != nil }) else { return [] }
        let runs = plan.runs
        var cuts = [RunCut](repeating: .none, count: runs.count)
        var times: [Double] = []
        var i = 0
        while i < runs.count {
            var j = i + 1
            while j < runs.count, runs[j].cell == runs[i].cell, runs[j].instance == runs[i].instance { j += 1 }
            defer { i = j }
            let cell = e.cells[Int(runs[i].cell)]
            guard let cap = cell.extensions?.maximumAlive else { continue }
            times.removeAll(keepingCapacity: true)
            for r in i..<j {
                forEachBirthTime(runs[r], cell.params[Int(runs[r].segment)]) { tb in if tb <= t { times.append(tb) } }
            }
            guard times.count > cap else { continue }
            guard cap > 0 else {
                for r in i..<j { cuts[r] = RunCut(threshold: .infinity, dropTied: 0) }
                continue
            }
            times.sort(by: >)
            let threshold = times[cap - 1]
            var after = 0, tied = 0
            for x in times { if x > threshold { after += 1 } else if x == threshold { tied += 1 } }
            var drop = tied - (cap - after)
            for r in i..<j {
                var tiedHere = 0
                forEachBirthTime(runs[r], cell.params[Int(runs[r].segment)]) { tb in if tb == threshold && tb <= t { tiedHere += 1 } }
                let d = min(drop, tiedHere)
                cuts[r] = RunCut(threshold: threshold, dropTied: d)
                drop -= d
            }
        }
        return cuts
    }

    /// The birth times of a run, in order (the same expressions as the writers).
    @inline(__always)
    static func forEachBirthTime(_ run: BirthRun, _ p: BirthParameters, _ body: (Double) -> Void) {
        if run.burst >= 0 {
            for _ in run.k0..<run.k1 { body(run.start) }
        } else {
            let invRate = 1 / p.rate
            for k in run.k0..<run.k1 { body(run.start + (Double(k) - run.count0) * invRate) }
        }
    }

    /// Calls `body(k, birth time, age, random stream, lifetime, longitude uniform, id)` for the live
    /// births of a run of a cell with ``CellExtensions`` that `cut` keeps: the general enumeration
    /// for bursts and capped cells (Core Animation cells never come here).
    @inline(__always)
    static func forEachLive(_ run: BirthRun, _ p: BirthParameters, _ inst: EmitterInstance, _ t: Double, _ cut: RunCut,
                            _ body: (Double, Double, ParticleRandom, Double, Double, UInt64) -> Void) {
        let isBurst = run.burst >= 0
        let invRate = isBurst ? 0 : 1 / p.rate
        let stream = isBurst ? run.stream : inst.stream, idKey = isBurst ? run.idKey : inst.idKey
        var tiedSeen = 0
        for k in run.k0..<run.k1 {
            let tb = isBurst ? run.start : run.start + (Double(k) - run.count0) * invRate
            let age = t - tb
            guard age >= 0, tb >= cut.threshold else { continue }
            if tb == cut.threshold {
                tiedSeen += 1
                if tiedSeen <= cut.dropTied { continue }
            }
            let rng = ParticleRandom(instance: stream, index: UInt64(bitPattern: k))
            let (life, au) = ParticleBirth.life(p, rng)
            guard age < life else { continue }
            body(tb, age, rng, life, au, idKey &+ UInt64(bitPattern: k))
        }
    }

    /// The live kept births of a run (see ``forEachLive(_:_:_:_:_:_:)``).
    static func countLive(_ run: BirthRun, _ p: BirthParameters, _ inst: EmitterInstance, _ t: Double, _ cut: RunCut) -> Int {
        var n = 0
        forEachLive(run, p, inst, t, cut) { _, _, _, _, _, _ in n += 1 }
        return n
    }
}
