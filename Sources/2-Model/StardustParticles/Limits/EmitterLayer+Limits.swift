extension EmitterLayer {
    /// An upper estimate of the live particles, nested cells included: for each cell, its births per
    /// second (the top-level rate × layer `birthRate`; for a sub-cell, its parent's births per second ×
    /// the sub-particles each parent emits in its emission window) × its longest lifetime, at the
    /// largest rates of the recorded parameter history. Saturates at `Int.max`. O(cells × changes).
    public var estimatedParticleCount: Int {
        let e = compile(upTo: 0, sceneSeed: 0)
        var perSecond = [Double](repeating: 0, count: e.cells.count)
        var total = 0.0
        var alive = [Double](repeating: 0, count: e.cells.count)
        for (i, c) in e.cells.enumerated() where c.emits {
            (perSecond[i], alive[i]) = Self.load(c, e, perSecond, alive)
            total += alive[i]
        }
        guard total.isFinite else { return Int.max }
        return total >= Double(Int.max) ? Int.max : Int(total.rounded(.up))
    }

    /// Checks that every numeric property is finite and `contentsScale` positive, and that
    /// ``estimatedParticleCount`` fits ``maximumParticleCount``. Evaluation never crashes or runs out
    /// of memory on a failing emitter (it truncates), but its result is then incomplete.
    public func validate() throws(EmitterError) {
        // `repeatCount` / `repeatDuration` may be +∞ (repeat forever, as in Core Animation); nothing else may.
        func invalid(_ v: Double, _ name: String) -> Bool {
            !v.isFinite && !(v == .infinity && (name == "repeatCount" || name == "repeatDuration"))
        }
        for p in LayerProperty.allCases {
            if case .number(let v) = p.value(of: self), invalid(v, p.rawValue) {
                throw .invalidValue(keyPath: p.rawValue, value: v, reason: "not a finite number")
            }
        }
        for (v, name) in [(emitterPosition.x, "emitterPosition.x"), (emitterPosition.y, "emitterPosition.y"),
                          (emitterSize.width, "emitterSize.width"), (emitterSize.height, "emitterSize.height")]
        where !v.isFinite {
            throw .invalidValue(keyPath: name, value: v, reason: "not a finite number")
        }
        func check(_ cells: [EmitterCell], _ prefix: String, _ parent: EmitterCell?) throws(EmitterError) {
            for (i, c) in cells.enumerated() {
                let path = prefix + "emitterCells." + (c.name ?? "#\(i)") + "."
                for p in CellProperty.allCases {
                    if case .number(let v) = p.value(of: c), invalid(v, p.rawValue) {
                        throw .invalidValue(keyPath: path + p.rawValue, value: v, reason: "not a finite number")
                    }
                }
                for (v, n) in [(c.color.red, "red"), (c.color.green, "green"), (c.color.blue, "blue"), (c.color.alpha, "alpha")]
                where !v.isFinite {
                    throw .invalidValue(keyPath: path + "color." + n, value: v, reason: "not a finite number")
                }
                if let x = c.extensions {
                    try Self.check(x, path); try Self.checkMotion(x, path)
                    if parent != nil { try Self.checkCollisionTrigger(x, parent: parent?.extensions ?? CellExtensions(), path) }
                }
                if c.contentsScale <= 0 {
                    throw .invalidValue(keyPath: path + "contentsScale", value: c.contentsScale, reason: "must be positive")
                }
                try check(c.emitterCells, path, c)
            }
        }
        try check(emitterCells, "", nil)
        try checkTriggeredWindowsEnd()
        let n = estimatedParticleCount
        if n > maximumParticleCount { throw .particleBudgetExceeded(estimated: n, limit: maximumParticleCount) }
        try checkIntegrationBudget()
    }
}

extension EmitterLayer {
    /// Checks the emission and drawing extensions of a cell (bursts, cap, duration, stretch).
    static func check(_ x: CellExtensions, _ path: String) throws(EmitterError) {
        for (i, b) in x.bursts.enumerated() {
            let at = path + "bursts[\(i)]."
            if !(b.time.isFinite && b.time >= 0) { throw .invalidValue(keyPath: at + "time", value: b.time, reason: "must be a finite number ≥ 0") }
            if b.count < 0 || b.count > ParticleBurst.maximumCount {
                throw .invalidValue(keyPath: at + "count", value: Double(b.count), reason: "must be in 0…\(ParticleBurst.maximumCount)")
            }
            if b.cycles < 1 { throw .invalidValue(keyPath: at + "cycles", value: Double(b.cycles), reason: "must be at least 1") }
            if b.cycles > 1, !(b.interval.isFinite && b.interval >= ParticleBurst.minimumInterval) {
                throw .invalidValue(keyPath: at + "interval", value: b.interval, reason: "must be at least \(ParticleBurst.minimumInterval) s when a burst repeats")
            }
        }
        if let n = x.maximumAlive, n < 0 { throw .invalidValue(keyPath: path + "maximumAlive", value: Double(n), reason: "must be ≥ 0") }
        if let d = x.emissionDuration, !(d.isFinite && d >= 0) {
            throw .invalidValue(keyPath: path + "emissionDuration", value: d, reason: "must be a finite number ≥ 0")
        }
        if !x.inheritedVelocity.isFinite {
            throw .invalidValue(keyPath: path + "inheritedVelocity", value: x.inheritedVelocity, reason: "not a finite number")
        }
        if !(x.velocityStretch.isFinite && x.velocityStretch >= 0) {
            throw .invalidValue(keyPath: path + "velocityStretch", value: x.velocityStretch, reason: "must be a finite number ≥ 0")
        }
    }

    /// A cell's births per second and live particles (upper estimates), from its parent's: for a
    /// top-level cell its rate, for a sub-cell its parent's births per second × the sub-particles each
    /// parent emits in its window; bursts (``ParticleBurst``) add their cycles that can be alive at
    /// once, and ``CellExtensions/maximumAlive`` bounds the result (per parent for sub-cells).
    static func load(_ c: CompiledCell, _ e: CompiledEmitter, _ perSecond: [Double], _ alive: [Double]) -> (Double, Double) {
        let rate = c.params.map(\.rate).max() ?? 0
        let bursts = c.extensions?.bursts ?? []
        let burstScale = c.params.map(\.burstScale).max() ?? 1
        let window = c.parent < 0 || c.extensions?.trigger != nil
            ? c.windowHi - c.windowLo : max(0, min(c.windowHi, e.cells[c.parent].maxLife) - c.windowLo)
        // Burst particles per instance: alive at once, and over the whole window.
        var burstAlive = 0.0, burstTotal = 0.0
        for b in bursts where b.count > 0 && b.cycles > 0 {
            let n = Double(b.count) * burstScale
            let cycles = Double(b.cycles)
            let overlapping = b.cycles > 1 && b.interval > 0 ? min(cycles, (c.maxLife / b.interval).rounded(.down) + 1) : 1
            let inWindow = b.cycles > 1 && b.interval > 0 ? min(cycles, (window / b.interval).rounded(.down) + 1) : 1
            burstAlive += n * overlapping
            burstTotal += n * inWindow
        }
        var births: Double, live: Double
        if c.parent < 0 {
            births = rate + (c.maxLife > 0 ? burstAlive / c.maxLife : 0)
            live = rate * c.maxLife + burstAlive
            if let cap = c.extensions?.maximumAlive { live = min(live, Double(cap)) }
        } else {
            // (the Core Animation product first, in its historical order: estimates stay bit-identical)
            births = rate > 0 ? perSecond[c.parent] * rate * window : 0
            if burstTotal > 0 { births += perSecond[c.parent] * burstTotal }
            // A collision trigger emits once per contact of each parent (docs/PARTICLE-MODEL.md §2.8).
            if c.extensions?.trigger == .collision { births *= Double(e.cells[c.parent].motion?.contactsPerParticle ?? 0) }
            live = births * c.maxLife
            if let cap = c.extensions?.maximumAlive { live = min(live, alive[c.parent] * Double(cap)) }
        }
        return (births, live)
    }
}

/// One cell's share of an emitter's load: how many particles of it can be alive at once and how
/// large one can grow (see ``EmitterLayer/estimatedCellLoads``).
public struct EmitterCellLoad {
    /// The cell (nested cells included, in pre-order).
    public let cell: EmitterCell
    /// An upper estimate of its live particles (the same estimate as ``EmitterLayer/estimatedParticleCount``).
    public let particles: Double
    /// The largest scale one of its particles can reach: |scale| + |scaleRange| + |scaleSpeed| × longest lifetime.
    public let maxScale: Double
}

extension EmitterLayer {
    /// Per-cell live particle estimates and largest scales, for budgets computed before any evaluation.
    /// O(cells × changes).
    public var estimatedCellLoads: [EmitterCellLoad] {
        var flat: [EmitterCell] = []
        func walk(_ cells: [EmitterCell]) { for c in cells { flat.append(c); walk(c.emitterCells) } }
        walk(emitterCells)
        let e = compile(upTo: 0, sceneSeed: 0)
        guard e.cells.count == flat.count else { return [] }
        var perSecond = [Double](repeating: 0, count: e.cells.count)
        var alive = [Double](repeating: 0, count: e.cells.count)
        var out: [EmitterCellLoad] = []
        for (i, c) in e.cells.enumerated() {
            var particles = 0.0
            if c.emits {
                (perSecond[i], alive[i]) = Self.load(c, e, perSecond, alive)
                particles = alive[i]
            }
            let maxScale = c.params.map { abs($0.scale) + abs($0.scaleRange) + abs($0.scaleSpeed) * c.maxLife }.max() ?? 0
            out.append(EmitterCellLoad(cell: flat[i], particles: particles.isFinite ? particles : .infinity,
                                       maxScale: maxScale.isFinite ? maxScale : .infinity))
        }
        return out
    }
}
