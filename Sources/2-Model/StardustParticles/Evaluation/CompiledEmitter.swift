import Foundation
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
    /// Behaviour beyond Core Animation (nil for CA cells, which take the closed-form path).
    var extensions: CellExtensions? = nil
    /// Fields and collider of the cell, resolved once (nil: none).
    var motion: ParticleMotion? = nil
}

/// The emitter with every time-varying input resolved: what one evaluation reads.
struct CompiledEmitter: Sendable {
    var cells: [CompiledCell]
    var shape: EmitterShape
    var mode: EmitterMode
    var seed: UInt64
    /// Which compiled emitter of the layer this is (``CompileCache``): equal generations mean equal
    /// birth records, which is what lets a ``ContactCache`` keep walks. 0 for an emitter compiled for one
    /// evaluation only (an ``EmitterLayer/animatedValue`` hook), whose walks are not kept.
    var generation = 0
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

    /// The compiled emitter for an evaluation at simulation time `t`, from the cache when the model
    /// has not changed since it was compiled.
    ///
    /// Without an ``animatedValue`` hook the compiled emitter does not depend on `t`, so it is kept
    /// (under a lock: two threads may evaluate one emitter at two times) together with the
    /// ``CompileKey`` of the model it was built from; the key costs O(cells) to build and compare,
    /// against O(cells × segments) and string key-path lookups for a compile.
    func compiled(upTo t: Double, sceneSeed: UInt64) -> CompiledEmitter {
        guard animatedValue == nil else { return compile(upTo: t, sceneSeed: sceneSeed) }
        let key = CompileKey(self, sceneSeed: sceneSeed)
        if let hit = compileCache.value(for: key) { return hit }
        return compileCache.store(compile(upTo: t, sceneSeed: sceneSeed), for: key)
    }

    /// Resolves timelines, the presentation hook and the cell tree for an evaluation at simulation time `t`.
    /// O(cells × (timed changes + hook samples)); the hook is sampled on a grid from 0 to `t`, for
    /// the key paths that animations drive (``animatedEmitterKeyPaths``), or every key path when
    /// the hook was installed by hand.
    func compile(upTo t: Double, sceneSeed: UInt64) -> CompiledEmitter {
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
        let driven = animatedEmitterKeyPaths
        // A key path is sampled when an animation drives it, a part of it (`emitterPosition.x`) or a
        // whole it belongs to; decided once per key path, not per grid point.
        func sampled(_ keyPath: String) -> Bool {
            guard let driven else { return true }
            return driven.contains { $0 == keyPath || $0.hasPrefix(keyPath + ".") || keyPath.hasPrefix($0 + ".") }
        }
        let hookedLayerProperties = hook == nil ? [] : LayerProperty.allCases.filter { $0.isSampledAtBirth && sampled($0.rawValue) }
        let step = Self.animationSamplingStep
        var grid: [Double] = []
        if hook != nil, t >= 0, t.isFinite {
            // The grid covers at most the last `animationSampleLimit` steps before `t`: earlier,
            // the model values apply. This bounds the cost and memory of a
            // seek far into an animated emitter's history (StardustParticles.docc, Emitters, Limits).
            let n = Int((t / step).rounded(.down))
            let first = max(0, n - max(1, animationSampleLimit))
            grid.reserveCapacity(n - first + 1)
            for k in first...n { grid.append(Double(k) * step) }
        }
        let layerLines = timelines.isEmpty ? [] : LayerProperty.allCases.filter(\.isSampledAtBirth).compactMap { p in
            timelines[p.rawValue].map { (p, $0) }
        }
        let layerModel = LayerValues(self)
        func layerValues(at s: Double) -> LayerValues {
            var v = layerModel
            for (p, line) in layerLines { v.apply(p, line.value(at: s)) }
            if let hook, s.isFinite {
                for p in hookedLayerProperties {
                    if let a = hook(p.rawValue, s) { v.apply(p, a) }
                }
            }
            return v
        }

        var compiled: [CompiledCell] = []
        compiled.reserveCapacity(flat.count)
        for (index, f) in flat.enumerated() {
            let props = CellProperty.allCases.filter(\.isSampledAtBirth)
            // Key-path strings are built only when something can be looked up with them.
            let lines: [(CellProperty, PropertyTimeline)] = timelines.isEmpty ? [] : f.prefix.map { pre in
                props.compactMap { p in timelines[pre + p.rawValue].map { (p, $0) } }
            } ?? []
            var times = Set<Double>()
            for (_, l) in layerLines { for s in l.steps { times.insert(s.time) } }
            for (_, l) in lines { for s in l.steps { times.insert(s.time) } }
            for g in grid { times.insert(g) }
            let starts = [-Double.infinity] + times.sorted()
            let model = CellValues(f.cell)
            let window = Self.emissionWindow(f.cell.timing)
            let keyPaths = hook == nil ? nil : f.prefix.map { pre in props.map { pre + $0.rawValue } }
            let hookedProperties = hook == nil ? [] : (keyPaths ?? []).indices.filter { sampled(keyPaths![$0]) }
            var params: [BirthParameters] = []
            params.reserveCapacity(starts.count)
            var maxLife = 0.0, anyRate = false
            for s in starts {
                var v = model
                for (p, l) in lines { v.apply(p, l.value(at: s)) }
                if let hook, let keyPaths, s.isFinite {
                    for i in hookedProperties { if let a = hook(keyPaths[i], s) { v.apply(props[i], a) } }
                }
                let bp = BirthParameters(cell: v, layer: layerValues(at: s), isTopLevel: f.parent < 0,
                                         speedFactor: window.speed)
                maxLife = max(maxLife, bp.maxLife.isFinite ? bp.maxLife : 0)
                anyRate = anyRate || bp.rate > 0
                params.append(bp)
            }
            var lo = max(window.lo, 0), hi = window.hi
            let x = f.cell.extensions
            if let d = x?.emissionDuration { hi = min(hi, lo + max(0, d)) }
            let triggered = f.parent >= 0 && x?.trigger != nil
            if triggered {
                // A triggered sub-cell outlives its parent; without a rate it ends after its last burst.
                if !anyRate, let end = x?.bursts.map({ b in
                    b.cycles == ParticleBurst.forever ? Double.infinity : max(0, b.time) + Double(b.cycles - 1) * max(0, b.interval)
                }).max() {
                    hi = min(hi, lo + end + max(1e-6, 1e-12 * abs(lo + end)))
                }
            } else if f.parent >= 0 { hi = min(hi, compiled[f.parent].maxLife) }
            if !(lo < hi) { lo = 0; hi = 0 }
            let bursts = x?.bursts.contains { $0.count > 0 && $0.cycles > 0 } ?? false
            let emits = f.enabled && (anyRate || bursts) && lo < hi && (f.parent < 0 || compiled[f.parent].emits)
            compiled.append(CompiledCell(parent: f.parent, emits: emits, key: CounterRandom.key("cell:" + f.path),
                                         starts: starts, params: params, windowLo: lo, windowHi: hi, maxLife: maxLife,
                                         extensions: f.cell.extensions,
                                         motion: f.cell.extensions.flatMap { $0.hasMotion ? ParticleMotion($0) : nil }))
            if f.parent >= 0 { compiled[f.parent].children.append(index) }
        }
        // Horizons, children before parents (reverse pre-order).
        for i in compiled.indices.reversed() {
            var h = compiled[i].maxLife
            for c in compiled[i].children where compiled[c].emits {
                if let trigger = compiled[c].extensions?.trigger {
                    // Emits from the trigger on, for its own window.
                    h = max(h, (trigger == .birth ? 0 : compiled[i].maxLife) + compiled[c].windowHi + compiled[c].horizon)
                } else {
                    h = max(h, min(compiled[c].windowHi, compiled[i].maxLife) + compiled[c].horizon)
                }
            }
            compiled[i].horizon = h
        }
        return CompiledEmitter(cells: compiled, shape: emitterShape, mode: emitterMode, seed: UInt64(seed) | sceneSeed << 32)
    }
}

/// Everything ``EmitterLayer/compile(upTo:sceneSeed:)`` reads from the model when no animation
/// drives the emitter: equal keys give equal compiled emitters.
struct CompileKey: Equatable {
    struct Cell: Equatable {
        var values: CellValues
        var timing: MediaTiming
        var name: String?
        var isEnabled: Bool
        var childCount: Int
        var extensions: CellExtensions?
    }
    var layer: LayerValues
    var shape: EmitterShape
    var mode: EmitterMode
    var seed: UInt64
    var timelineVersion: Int
    /// The cell tree in pre-order (each cell with its number of children: enough to rebuild the shape).
    var cells: [Cell]

    init(_ e: EmitterLayer, sceneSeed: UInt64) {
        layer = LayerValues(e); shape = e.emitterShape; mode = e.emitterMode
        seed = UInt64(e.seed) | sceneSeed << 32
        timelineVersion = e.timelineVersion
        var cells: [Cell] = []
        func walk(_ list: [EmitterCell]) {
            for c in list {
                cells.append(Cell(values: CellValues(c), timing: c.timing, name: c.name, isEnabled: c.isEnabled,
                                  childCount: c.emitterCells.count, extensions: c.extensions))
                walk(c.emitterCells)
            }
        }
        walk(e.emitterCells)
        self.cells = cells
    }
}

/// The last compiled emitter and the key of the model it came from. Evaluations on several threads
/// share it; the lock is held only to read or replace the pair, never while compiling.
final class CompileCache: @unchecked Sendable {
    private let lock = NSLock()
    private var key: CompileKey?
    private var compiled: CompiledEmitter?
    private var generations = 0

    func value(for k: CompileKey) -> CompiledEmitter? {
        lock.lock(); defer { lock.unlock() }
        return key == k ? compiled : nil
    }

    /// Keeps `c` as the compiled emitter of `k`, numbered with a new ``CompiledEmitter/generation``; returns it.
    func store(_ c: CompiledEmitter, for k: CompileKey) -> CompiledEmitter {
        lock.lock(); defer { lock.unlock() }
        generations += 1
        var c = c
        c.generation = generations
        key = k; compiled = c
        return c
    }
}
