import Foundation
import Stardust

/// One property change the designer made: the unit of undo and redo.
///
/// The studio's document is its source (a preset, a scene file, an effect file) plus the list of
/// edits; every scene it renders is rebuilt from the source with the edits replayed, so undo is
/// "replay one edit less" and no scene is ever mutated after it was published to the renderer.
public struct StudioEdit: Hashable, Sendable {
    /// What an edit changes.
    public enum Target: Hashable, Sendable {
        /// An emitter key path of the emitter layer at `layer` (`birthRate`, `emitterPosition`,
        /// `emitterCells.NAME[.emitterCells.NAME…].PROPERTY`): ``EmitterLayer/setEmitterValue(_:forKeyPath:at:)``.
        case emitter(layer: LayerPath, keyPath: String)
        /// A layer key path of any layer (`opacity`, `hidden`): `Layer.setValue(_:forKeyPath:)`, for the whole timeline.
        case layer(layer: LayerPath, keyPath: String)
        /// A timing field (`beginTime`, `duration`, `speed`, `timeOffset`, `repeatCount`, `autoreverses`) of the
        /// animation attached under `key`, for the whole timeline.
        case animation(layer: LayerPath, key: String, field: String)
        /// One touch on the preview (`began` … `ended`/`cancelled`): its events, in scene seconds and points,
        /// recorded into every pointer-driven simulation of the scene (the photo wall, a file's `physics`), so the
        /// export renders the same motion. The edit's `value` and `time` are not used.
        case pointer(events: [PointerEvent])
        /// Snap the layer at `layer` to dust at the edit's `time` (scene seconds) and, when `restore` is set, bring it
        /// back from that scene time on (``StudioSnap``). The edit's `value` is not used. The last snap edit of a layer wins.
        case snap(layer: LayerPath, restore: Double?)
        /// A value of the source's scene JSON, at a JSON path under `physics` (`physics.bodies[0].linearDamping`):
        /// the source is rebuilt with it (scene files and effect files only; ``StudioSourceEdits``).
        case source(jsonPath: String)
        /// A whole object of the source's scene JSON (``StudioSourceItems``): `item` written at `jsonPath` — an
        /// object's key (`….fields.vortex`) or a list's index, one past the end appending (`….bursts[2]`) — or, when
        /// `item` is nil, removed from there (a list left empty is removed too). The edit's `value` is not used.
        case sourceItem(jsonPath: String, item: JSONValue?)
    }

    /// What changes.
    public var target: Target
    /// The new value.
    public var value: AnimatableValue
    /// The scene time (seconds) the change applies from, as a new parameter segment (docs/DESIGN.md §1); nil: the
    /// whole timeline (the edit is "baked", as the exported and saved scene has it).
    public var time: Double?

    /// An edit of `target` to `value` from scene time `time` (nil: the whole timeline).
    public init(target: Target, value: AnimatableValue, time: Double?) {
        self.target = target; self.value = value; self.time = time
    }

    /// The edit on the whole timeline, as export and save have it: an emitter edit loses its time; a snap keeps
    /// its time (it happens at that moment), a touch keeps its events' times.
    public var baked: StudioEdit {
        guard case .emitter = target else { return self }
        var e = self
        e.time = nil
        return e
    }

    /// Whether `other` continues the same gesture target: the same target, or both touches.
    func continues(_ other: StudioEdit) -> Bool {
        if case .pointer = target, case .pointer = other.target { return true }
        return target == other.target
    }
}

/// A layer's place in the tree: the indices of `sublayers` from the root (`[]` is the root,
/// `[0, 2]` the third sublayer of the root's first sublayer). Written `"0.2"` in messages (`""` for the root).
public struct LayerPath: Hashable, Sendable, CustomStringConvertible {
    /// The sublayer indices from the root.
    public var indices: [Int]

    /// The path of `indices`.
    public init(_ indices: [Int]) { self.indices = indices }

    /// Parses `"0.2"` (`""` for the root); nil unless every part is a small non-negative integer.
    public init?(string: String) {
        if string.isEmpty { self.indices = []; return }
        let parts = string.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 64 else { return nil }
        var out: [Int] = []
        for p in parts {
            guard p.count <= 6, let i = Int(p), i >= 0 else { return nil }
            out.append(i)
        }
        indices = out
    }

    /// `"0.2"`.
    public var description: String { indices.map(String.init).joined(separator: ".") }

    /// The layer at this path under `root`, or nil when an index is out of range.
    public func layer(in root: Layer) -> Layer? {
        var l = root
        for i in indices {
            guard i < l.sublayers.count else { return nil }
            l = l.sublayers[i]
        }
        return l
    }

    /// The layers from `root` down to the layer at this path, both included; nil when an index is out of range.
    public func chain(in root: Layer) -> [Layer]? {
        var l = root
        var out = [root]
        for i in indices {
            guard i < l.sublayers.count else { return nil }
            l = l.sublayers[i]
            out.append(l)
        }
        return out
    }
}

/// Why an edit was refused: the message the page shows.
public struct StudioEditError: Error, CustomStringConvertible, Sendable {
    /// One or two plain sentences.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

extension StudioEdit {
    /// Applies the edit to `scene` (freshly built, not yet published). Throws when the target does not
    /// exist or the value has the wrong kind.
    func apply(to scene: Scene) throws {
        switch target {
        case .emitter(let path, let keyPath):
            guard let chain = path.chain(in: scene.root), let emitter = chain.last as? EmitterLayer else {
                throw StudioEditError("there is no emitter layer at \(path.description.isEmpty ? "the root" : "layer \(path)").")
            }
            let ok: Bool
            if let time {
                // Scene time → the emitter's own (simulation) time, through every layer's timing on the way down.
                var local = time
                for l in chain { local = l.localTime(fromParentTime: local) }
                ok = emitter.setEmitterValue(value, forKeyPath: keyPath, at: local.isFinite ? local : 0)
            } else {
                ok = emitter.setEmitterValue(value, forKeyPath: keyPath)
            }
            guard ok else { throw StudioEditError("\(keyPath) is not a property of this emitter that takes \(value.kindName).") }
        case .layer(let path, let keyPath):
            guard let layer = path.layer(in: scene.root) else { throw StudioEditError("there is no layer \(path).") }
            switch (keyPath, value) {
            case ("opacity", .number(let v)): layer.opacity = v
            case ("hidden", .bool(let b)), ("isHidden", .bool(let b)): layer.isHidden = b
            case _ where StudioDrawingControls.apply(keyPath, value, to: layer): break
            default:
                guard StudioCompositingControls.apply(layer, keyPath, value) else {
                    throw StudioEditError("the studio edits a layer's opacity (a number), hidden (true or false), compositingFilter, "
                        + "shadowOpacity, shadowRadius, shadowColor, a replicator's instanceCount and instanceDelay, a shape's "
                        + "lineDashPattern and lineDashPhase, a gradient's gradientType, startPoint and endPoint; not \(keyPath).")
                }
            }
        case .animation(let path, let key, let field):
            guard let layer = path.layer(in: scene.root), let animation = layer.animation(forKey: key) else {
                throw StudioEditError("there is no animation \"\(key)\" on layer \(path).")
            }
            var timing = animation.timing
            switch (field, value) {
            case ("beginTime", .number(let v)): timing.beginTime = v
            case ("duration", .number(let v)) where v >= 0: timing.duration = v
            case ("speed", .number(let v)): timing.speed = v
            case ("timeOffset", .number(let v)): timing.timeOffset = v
            case ("repeatCount", .number(let v)) where v >= 0: timing.repeatCount = v
            case ("autoreverses", .bool(let b)): timing.autoreverses = b
            default:
                throw StudioEditError("an animation's \(field) cannot take \(value.kindName) (fields: beginTime, duration ≥ 0, speed, timeOffset, repeatCount ≥ 0, autoreverses).")
            }
            animation.timing = timing
            // Re-adding tells the layer its animations changed (the emitter's sampling hook follows).
            layer.add(animation, forKey: key)
        case .pointer(let events):
            let inputs = scene.simulations.compactMap { $0 as? PointerInput }
            guard !inputs.isEmpty else { throw StudioEditError("this scene has no pointer-driven physics (a photo wall or a \"physics\" key).") }
            for input in inputs { for e in events { input.record(e) } }
        case .snap, .source, .sourceItem:
            // Installed after every other edit (StudioSnap) / applied to the source before the build (StudioSourceEdits).
            break
        }
    }
}

extension AnimatableValue {
    /// `number`, `point`, … for messages.
    var kindName: String {
        switch self {
        case .number: return "a number"
        case .point: return "a point"
        case .size: return "a size"
        case .rect: return "a rectangle"
        case .color: return "a color"
        case .transform: return "a transform"
        case .bool: return "true or false"
        case .string: return "a string"
        default: return "this kind of value"
        }
    }
}
