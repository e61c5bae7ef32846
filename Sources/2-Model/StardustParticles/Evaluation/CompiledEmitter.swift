import StardustCore
import StardustAnimation

/// One cell of the tree, flattened, with its parameter history as piecewise-constant segments.
struct CompiledCell: Sendable {
    /// Index of the parent cell in the flattened list, or −1 for a top-level cell.
    var parent: Int
    var children: [Int] = []
    /// Emits at all (this cell and every ancestor enabled, positive rate somewhere).
    var emits: Bool
    /// Stream key of the cell path.
    var key: UInt64
    /// Segment start times (layer local time), ascending; `starts[0] == -infinity`.
    var starts: [Double]
    var params: [BirthParameters]
    /// Emission window in parent time (layer time for top-level cells, parent age for sub-cells).
    var windowLo: Double, windowHi: Double
    /// The longest lifetime of any particle of the cell.
    var maxLife: Double
    /// The longest time after a birth of this cell during which it or a descendant can be alive.
    var horizon: Double = 0
}

/// The emitter with every time-varying input resolved: what one evaluation reads.
struct CompiledEmitter: Sendable {
    var cells: [CompiledCell]
    var shape: EmitterShape
    var mode: EmitterMode
    var seed: UInt64
}

extension EmitterLayer {
    /// The window `[lo, hi)` of parent time during which a cell with timing `m` emits, and the
    /// factor its `speed` applies to its birth rate. Inverts ``MediaTiming/activeLocalTime(_:)``,
    /// which is linear in parent time: active local time ∈ [0, active duration).
    static func emissionWindow(_ m: MediaTiming) -> (lo: Double, hi: Double, speed: Double) {
        let d = m.resolvedDuration(default: .infinity)
        let active = m.activeDuration(d)
        let s = m.speed
        guard s != 0, s.isFinite, active > 0 else { return (0, 0, 0) }
        let t0 = m.activeLocalTime(0)
        let a = -t0 / s, b = (active - t0) / s
        return (min(a, b), max(a, b), abs(s))
    }

    /// Resolves timelines, the presentation hook and the cell tree for an evaluation at simulation time `t`.
    /// O(cells × (timed changes + hook samples)); the hook is sampled on a grid from 0 to `t`.
    func compile(upTo t: Double) -> CompiledEmitter {
        // Flatten the tree (pre-order) with parents and key-path prefixes.
        var flat: [(cell: EmitterCell, parent: Int, path: String, prefix: String?, enabled: Bool)] = []
        func walk(_ cells: [EmitterCell], parent: Int, path: String, prefix: String?, enabled: Bool) {
            for (i, c) in cells.enumerated() {
                let p = path.isEmpty ? "\(i)" : "\(path).\(i)"
                let pre = prefix.flatMap { pf in c.name.map { "\(pf)emitterCells.\($0)." } }
                flat.append((c, parent, p, pre, enabled && c.isEnabled))
                walk(c.emitterCells, parent: flat.count - 1, path: p, prefix: pre, enabled: enabled && c.isEnabled)
            }
        }
        walk(emitterCells, parent: -1, path: "", prefix: "", enabled: true)

        let hook = animatedValue
        let step = Self.animationSamplingStep
        var grid: [Double] = []
        if hook != nil, t >= 0, t.isFinite {
            // The grid covers at most the last `animationSampleLimit` steps before `t`: earlier,
            // the model values apply. This bounds the cost and memory of a
            // seek far into an animated emitter's history (docs/PARTICLES-GUIDE.md, limits).
            let n = Int((t / step).rounded(.down))
            let first = max(0, n - max(1, animationSampleLimit))
            grid.reserveCapacity(n - first + 1)
            for k in first...n { grid.append(Double(k) * step) }
        }
        let layerLines = LayerProperty.allCases.filter(\.isSampledAtBirth).compactMap { p in
            timelines[p.rawValue].map { (p, $0) }
        }
        let layerModel = LayerValues(self)
        func layerValues(at s: Double) -> LayerValues {
            var v = layerModel
            for (p, line) in layerLines { v.apply(p, line.value(at: s)) }
            if let hook, s.isFinite {
                for p in LayerProperty.allCases where p.isSampledAtBirth {
                    if let a = hook(p.rawValue, s) { v.apply(p, a) }
                }
            }
            return v
        }

        var compiled: [CompiledCell] = []
        compiled.reserveCapacity(flat.count)
        for (index, f) in flat.enumerated() {
            let props = CellProperty.allCases.filter(\.isSampledAtBirth)
            let lines: [(CellProperty, PropertyTimeline)] = f.prefix.map { pre in
                props.compactMap { p in timelines[pre + p.rawValue].map { (p, $0) } }
            } ?? []
            var times = Set<Double>()
            for (_, l) in layerLines { for s in l.steps { times.insert(s.time) } }
            for (_, l) in lines { for s in l.steps { times.insert(s.time) } }
            for g in grid { times.insert(g) }
            let starts = [-Double.infinity] + times.sorted()
            let model = CellValues(f.cell)
            let window = Self.emissionWindow(f.cell.timing)
            let keyPaths = f.prefix.map { pre in props.map { pre + $0.rawValue } }
            var params: [BirthParameters] = []
            params.reserveCapacity(starts.count)
            var maxLife = 0.0, anyRate = false
            for s in starts {
                var v = model
                for (p, l) in lines { v.apply(p, l.value(at: s)) }
                if let hook, let keyPaths, s.isFinite {
                    for (i, p) in props.enumerated() { if let a = hook(keyPaths[i], s) { v.apply(p, a) } }
                }
                let bp = BirthParameters(cell: v, layer: layerValues(at: s), isTopLevel: f.parent < 0,
                                         speedFactor: window.speed)
                maxLife = max(maxLife, bp.maxLife.isFinite ? bp.maxLife : 0)
                anyRate = anyRate || bp.rate > 0
                params.append(bp)
            }
            var lo = max(window.lo, 0), hi = window.hi
            if f.parent >= 0 { hi = min(hi, compiled[f.parent].maxLife) }
            if !(lo < hi) { lo = 0; hi = 0 }
            let emits = f.enabled && anyRate && lo < hi && (f.parent < 0 || compiled[f.parent].emits)
            compiled.append(CompiledCell(parent: f.parent, emits: emits, key: CounterRandom.key("cell:" + f.path),
                                         starts: starts, params: params, windowLo: lo, windowHi: hi, maxLife: maxLife))
            if f.parent >= 0 { compiled[f.parent].children.append(index) }
        }
        // Horizons, children before parents (reverse pre-order).
        for i in compiled.indices.reversed() {
            var h = compiled[i].maxLife
            for c in compiled[i].children where compiled[c].emits {
                h = max(h, min(compiled[c].windowHi, compiled[i].maxLife) + compiled[c].horizon)
            }
            compiled[i].horizon = h
        }
        return CompiledEmitter(cells: compiled, shape: emitterShape, mode: emitterMode, seed: UInt64(seed) | sceneSeed << 32)
    }
}
