extension EmitterLayer {
    /// An upper estimate of the live particles, nested cells included: for each cell, its births per
    /// second (the top-level rate × layer `birthRate`; for a sub-cell, its parent's births per second ×
    /// the sub-particles each parent emits in its emission window) × its longest lifetime, at the
    /// largest rates of the recorded parameter history. Saturates at `Int.max`. O(cells × changes).
    public var estimatedParticleCount: Int {
        let e = compile(upTo: 0, sceneSeed: 0)
        var perSecond = [Double](repeating: 0, count: e.cells.count)
        var total = 0.0
        for (i, c) in e.cells.enumerated() where c.emits {
            let rate = c.params.map(\.rate).max() ?? 0
            if c.parent < 0 {
                perSecond[i] = rate
            } else {
                let p = e.cells[c.parent]
                let window = max(0, min(c.windowHi, p.maxLife) - c.windowLo)
                perSecond[i] = perSecond[c.parent] * rate * window
            }
            total += perSecond[i] * c.maxLife
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
        func check(_ cells: [EmitterCell], _ prefix: String) throws(EmitterError) {
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
                if c.contentsScale <= 0 {
                    throw .invalidValue(keyPath: path + "contentsScale", value: c.contentsScale, reason: "must be positive")
                }
                try check(c.emitterCells, path)
            }
        }
        try check(emitterCells, "")
        let n = estimatedParticleCount
        if n > maximumParticleCount { throw .particleBudgetExceeded(estimated: n, limit: maximumParticleCount) }
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
        var out: [EmitterCellLoad] = []
        for (i, c) in e.cells.enumerated() {
            var particles = 0.0
            if c.emits {
                let rate = c.params.map(\.rate).max() ?? 0
                if c.parent < 0 {
                    perSecond[i] = rate
                } else {
                    let p = e.cells[c.parent]
                    perSecond[i] = perSecond[c.parent] * rate * max(0, min(c.windowHi, p.maxLife) - c.windowLo)
                }
                particles = perSecond[i] * c.maxLife
            }
            let maxScale = c.params.map { abs($0.scale) + abs($0.scaleRange) + abs($0.scaleSpeed) * c.maxLife }.max() ?? 0
            out.append(EmitterCellLoad(cell: flat[i], particles: particles.isFinite ? particles : .infinity,
                                       maxScale: maxScale.isFinite ? maxScale : .infinity))
        }
        return out
    }
}
