import StardustCore
import StardustAnimation

/// What a key path names: a layer property, or a property of a cell found by name.
enum EmitterKeyPathTarget {
    case layer(LayerProperty)
    case cell(EmitterCell, CellProperty)
}

extension EmitterLayer {
    /// Resolves `emitterCells.NAME[.emitterCells.NAME…].PROPERTY` or a layer property name.
    /// Cell names are matched against `name` at each level (the first match wins). O(path × cells).
    func resolve(_ keyPath: String) -> EmitterKeyPathTarget? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 1 { return LayerProperty(rawValue: parts[0]).map { .layer($0) } }
        var cells = emitterCells
        var i = 0
        var cell: EmitterCell?
        while i + 1 < parts.count, parts[i] == "emitterCells" {
            guard let c = cells.first(where: { $0.name == parts[i + 1] }) else { return nil }
            cell = c
            cells = c.emitterCells
            i += 2
        }
        guard let c = cell, i == parts.count - 1, let p = CellProperty(key: parts[i]) else { return nil }
        return .cell(c, p)
    }

    /// The current model value at a key path (`"birthRate"`, `"emitterPosition"`,
    /// `"emitterCells.rocket.emitterCells.spark.velocity"`), or nil when the path names nothing.
    public func emitterValue(forKeyPath keyPath: String) -> AnimatableValue? {
        switch resolve(keyPath) {
        case .layer(let p)?: return p.value(of: self)
        case .cell(let c, let p)?: return p.value(of: c)
        case nil: return nil
        }
    }

    /// Sets a model value for the whole history of the emitter (and forgets any timed changes of that
    /// key path). Returns false when the path names nothing or the value has the wrong kind.
    @discardableResult
    public func setEmitterValue(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool {
        guard let target = resolve(keyPath) else { return false }
        let ok: Bool
        switch target {
        case .layer(let p): ok = p.set(value, on: self)
        case .cell(let c, let p): ok = p.set(value, on: c)
        }
        if ok { timelines[Self.canonical(keyPath)] = nil }
        return ok
    }

    /// Records a change that applies to particles born at or after layer time `time` (a per-property
    /// timeline). Particles born before keep the earlier value; a birth-rate change alters the birth
    /// integral from `time` on and never back-fills. Properties not sampled at birth (shape, mode,
    /// render mode, `preservesDepth`, `seed`, `enabled`, `contentsRect`, `contentsScale`) change for
    /// the whole history, as ``setEmitterValue(_:forKeyPath:)`` does.
    /// The model value (read by ``emitterValue(forKeyPath:)``) becomes `value`.
    /// Returns false when the path names nothing or the value has the wrong kind.
    @discardableResult
    public func setEmitterValue(_ value: AnimatableValue, forKeyPath keyPath: String, at time: Double) -> Bool {
        guard let target = resolve(keyPath) else { return false }
        let sampled: Bool, old: AnimatableValue
        switch target {
        case .layer(let p): sampled = p.isSampledAtBirth; old = p.value(of: self)
        case .cell(let c, let p): sampled = p.isSampledAtBirth; old = p.value(of: c)
        }
        guard sampled else { return setEmitterValue(value, forKeyPath: keyPath) }
        let ok: Bool
        switch target {
        case .layer(let p): ok = p.set(value, on: self)
        case .cell(let c, let p): ok = p.set(value, on: c)
        }
        guard ok else { return false }
        let key = Self.canonical(keyPath)
        var line = timelines[key] ?? PropertyTimeline(initial: old)
        line.record(value, at: time)
        timelines[key] = line
        return true
    }

    /// The key path with `isEnabled` spelled `enabled`, as timelines are stored.
    static func canonical(_ keyPath: String) -> String {
        keyPath.hasSuffix(".isEnabled") ? String(keyPath.dropLast("isEnabled".count)) + "enabled" : keyPath
    }
}
