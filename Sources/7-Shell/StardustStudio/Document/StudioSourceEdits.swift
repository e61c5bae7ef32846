import Stardust

/// Edits of the source's scene JSON (``StudioEdit/Target/source(jsonPath:)``): the physics bodies and joints of a
/// scene file or an effect file, which the loader turns into a world once, are edited where the file says them and
/// the scene is rebuilt from the edited JSON. Presets, built in Swift, have no such JSON: their bodies are read-only.
enum StudioSourceEdits {
    /// The JSON paths the studio edits: a number or boolean directly under `physics`, one of its bodies
    /// (`physics.bodies[N].KEY`) or joints (`physics.joints[N].KEY`), a cell's extension controls
    /// (``StudioCellExtensionControls/isEditablePath(_:)``) and an emitter's path (``StudioEmitterPathControls``).
    /// Whole objects added and removed (bursts, colliders, attractors, the vortex, turbulence) are ``StudioSourceItems``.
    static func checkPath(_ path: String) throws {
        guard path.utf8.count <= 256 else { throw StudioEditError("a JSON path is at most 256 bytes.") }
        let parts = try SceneJSONSave.parse(path)
        let ok: Bool
        switch parts.count {
        case 2: ok = parts[0].key == "physics" && parts[0].indices.isEmpty && parts[1].indices.isEmpty
            && !["bodies", "joints"].contains(parts[1].key)
        case 3: ok = parts[0].key == "physics" && parts[0].indices.isEmpty && ["bodies", "joints"].contains(parts[1].key)
            && parts[1].indices.count == 1 && parts[2].indices.isEmpty && !["shapes", "name", "type", "a", "b", "layer"].contains(parts[2].key)
        default: ok = false
        }
        guard ok || StudioCellExtensionControls.isEditablePath(parts) || StudioEmitterPathControls.isEditablePath(parts) else {
            throw StudioEditError("\(path.prefix(80)): the studio edits physics.KEY, physics.bodies[N].KEY and physics.joints[N].KEY (not names, types, shapes or bindings), "
                + "a cell's alphaOverLife, scaleOverLife, colorOverLife, fields.drag, fields.wind, fields.attractors[N].KEY, "
                + "fields.vortex.KEY, fields.turbulence.KEY, collider.KEY and colliders[N].KEY (its shape's keys, response, restitution, friction), "
                + "bursts[N].KEY, velocityStretch, maximumAlive, emissionDuration, trigger, inheritedVelocity and textureSheet.KEY, "
                + "and an emitter's emitterPath.KEY.")
        }
    }

    /// `source` with every source edit of `edits` written into its JSON, in order; `source` itself when there is none.
    static func apply(_ edits: [StudioEdit], to source: StudioSource) throws -> StudioSource {
        var doc: JSONValue?
        for edit in edits {
            let write: (JSONValue) throws -> JSONValue
            switch edit.target {
            case .source(let path): write = { try Self.write(edit.value, path: path, in: $0) }
            case .sourceItem(let path, let item): write = { try StudioSourceItems.write(item, path: path, in: $0) }
            default: continue
            }
            guard let start = doc ?? source.jsonDocument else {
                throw StudioEditError("\(source.label) is a preset built in Swift: its physics and cell extensions are read-only in the studio.")
            }
            doc = try write(start)
        }
        guard let doc else { return source }
        return StudioSource.sceneFileSource(like: source, document: doc)
    }

    /// `doc` with `value` written at `path` (a path ``checkPath(_:)`` accepts), as the controls mean it: a
    /// `textureSheet` or `emitterPath` object the JSON lacks is added (a sheet seeded with a one-frame grid, the
    /// loader needing both sides); keys the loader takes one of replace each other (`cyclesPerLife` and
    /// `speedRange`, `layer` and `path`); and the sheet's `timing` switch writes the key of the chosen mode.
    static func write(_ value: AnimatableValue, path: String, in doc: JSONValue) throws -> JSONValue {
        var parts = try SceneJSONSave.parse(path)
        guard var last = parts.popLast(), last.indices.isEmpty else { throw StudioEditError("cannot follow the JSON path \(path.prefix(80)).") }
        var json: JSONValue? = StudioValueCoding.json(value)
        // "none" in the trigger menu is Core Animation's sub-cell: no `trigger` key at all.
        if last.key == "trigger", case .string(StudioCellExtensionControls.noTrigger) = value { json = nil }
        guard let group = parts.last, group.indices.isEmpty, ["textureSheet", "emitterPath"].contains(group.key) else {
            return try SceneJSONSave.set(json, key: last.key, at: parts[...], in: doc)
        }
        var doc = doc
        let existing = SceneJSONSave.value(at: parts[...], in: doc)
        var exclusive: [String] = []
        if group.key == "textureSheet" {
            if existing == nil { doc = try SceneJSONSave.set(StudioTextureSheetControls.seed, key: group.key, at: parts.dropLast(), in: doc) }
            if last.key == StudioTextureSheetControls.timingKey {
                guard case .string(let mode) = value, StudioTextureSheetControls.timings.contains(mode) else {
                    throw StudioEditError("a texture sheet's timing is \(StudioTextureSheetControls.timings.joined(separator: " or ")).")
                }
                last.key = mode == "overLife" ? "cyclesPerLife" : "speedRange"
                // The mode's own value when the sheet already has it, else a start the page can then edit.
                json = SceneJSONSave.value(at: parts[...] + [last], in: doc)
                    ?? (mode == "overLife" ? .number(1) : StudioTextureSheetControls.defaultSpeedRange)
            }
            exclusive = ["cyclesPerLife", "speedRange"]
        } else {
            if existing == nil {
                guard StudioEmitterPathControls.sourceKeys.contains(last.key) else {
                    throw StudioEditError("this emitter has no emitterPath yet: choose a layer or give SVG path data first.")
                }
                doc = try SceneJSONSave.set(.object([]), key: group.key, at: parts.dropLast(), in: doc)
            }
            exclusive = StudioEmitterPathControls.sourceKeys
        }
        if exclusive.contains(last.key) {
            for other in exclusive where other != last.key { doc = try SceneJSONSave.set(nil, key: other, at: parts[...], in: doc) }
        }
        return try SceneJSONSave.set(json, key: last.key, at: parts[...], in: doc)
    }
}
