import Stardust

/// Checks an edit's value against the scene loader's own limits before anything is rebuilt: the value is
/// written into a one-layer probe scene and decoded by ``SceneLoader``, so the studio accepts exactly what a
/// scene file may hold (a `birthRate` of 1e9 is refused with the loader's message, never allocated).
enum StudioEditValidation {
    static func check(_ edit: StudioEdit, limits: SceneLimits) throws {
        let probe: JSONValue
        switch edit.target {
        case .emitter(_, let keyPath):
            var parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let property = parts.popLast(), !property.isEmpty else { throw StudioEditError("an empty key path names nothing.") }
            var object: JSONValue = .object([(property, StudioValueCoding.json(edit.value))])
            // Nest the property in one cell per `emitterCells.NAME` pair of the path.
            while parts.count >= 2, parts[parts.count - 2] == "emitterCells" {
                object = .object([("emitterCells", .array([object]))])
                parts.removeLast(2)
            }
            guard parts.isEmpty else { throw StudioEditError("\(keyPath) is not an emitter key path (PROPERTY or emitterCells.NAME….PROPERTY).") }
            guard case .object(var fields) = object else { return }
            fields.insert(("type", .string("emitter")), at: 0)
            probe = .object(fields)
        case .layer(_, let keyPath):
            let key = keyPath == "isHidden" ? "hidden" : keyPath
            if let drawing = StudioDrawingControls.probe(keyPath, edit.value) {
                probe = drawing
            } else {
                var json = StudioValueCoding.json(edit.value)
                if key == "compositingFilter", case .string(StudioCompositingControls.noFilter) = edit.value { json = .null }
                probe = .object([("type", .string(StudioCompositingControls.probeType(key) ?? "layer")), (key, json)])
            }
        case .animation(_, _, let field):
            guard case .number(let v) = edit.value else { return }
            guard v.isFinite, abs(v) <= 1e9 else { throw StudioEditError("an animation's \(field) must be a finite number of at most 1e9.") }
            return
        case .pointer(let events):
            guard events.count <= StudioTouch.maxEvents else { throw StudioEditError("a touch has at most \(StudioTouch.maxEvents) events.") }
            return
        case .snap(_, let restore):
            guard let t = edit.time, t.isFinite, t >= 0, restore.map({ $0.isFinite && $0 >= 0 }) ?? true else {
                throw StudioEditError("a snap needs a finite time ≥ 0.")
            }
            return
        case .source(let path):
            try StudioSourceEdits.checkPath(path)
            return
        case .sourceItem(let path, let item):
            try StudioSourceItems.checkPath(path, adding: item != nil)
            return
        }
        var loader = SceneLoader(baseDirectory: "/") { _ in throw StudioEditError("the studio's probe reads no images") }
        loader.limits = limits
        do {
            _ = try loader.scene(from: JSONNode(.object([("layers", .array([probe]))])))
        } catch let e as SceneError {
            // The probe's path (`layers[0].emitterCells[0].birthRate`) is the edit's key path in the real scene.
            throw StudioEditError("\(edit.targetDescription): \(e.message)")
        }
    }
}

extension StudioEdit {
    /// `layer 1: emitterCells.flake.birthRate`, for messages.
    var targetDescription: String {
        switch target {
        case .emitter(let l, let k), .layer(let l, let k): return "layer \(l.description.isEmpty ? "(root)" : l.description): \(k)"
        case .animation(let l, let key, let f): return "layer \(l.description.isEmpty ? "(root)" : l.description), animation \(key): \(f)"
        case .pointer(let events): return "a touch of \(events.count) events"
        case .snap(let l, let restore): return "\(restore == nil ? "snap" : "restore") of layer \(l)"
        case .source(let path): return path
        case .sourceItem(let path, let item): return item == nil ? "removing \(path)" : path
        }
    }
}
