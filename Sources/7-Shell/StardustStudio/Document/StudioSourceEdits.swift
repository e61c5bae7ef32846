import Stardust

/// Edits of the source's scene JSON (``StudioEdit/Target/source(jsonPath:)``): the physics bodies and joints of a
/// scene file or an effect file, which the loader turns into a world once, are edited where the file says them and
/// the scene is rebuilt from the edited JSON. Presets, built in Swift, have no such JSON: their bodies are read-only.
enum StudioSourceEdits {
    /// The JSON paths the studio edits: a number or boolean directly under `physics`, one of its bodies
    /// (`physics.bodies[N].KEY`) or joints (`physics.joints[N].KEY`), and a cell's extension controls
    /// (``StudioCellExtensionControls/isEditablePath(_:)``).
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
        guard ok || StudioCellExtensionControls.isEditablePath(parts) else {
            throw StudioEditError("\(path.prefix(80)): the studio edits physics.KEY, physics.bodies[N].KEY and physics.joints[N].KEY (not names, types, shapes or bindings), "
                + "and a cell's alphaOverLife, scaleOverLife, colorOverLife, fields.drag, fields.wind, collider.restitution and collider.friction.")
        }
    }

    /// `source` with every source edit of `edits` written into its JSON, in order; `source` itself when there is none.
    static func apply(_ edits: [StudioEdit], to source: StudioSource) throws -> StudioSource {
        var doc: JSONValue?
        for edit in edits {
            guard case .source(let path) = edit.target else { continue }
            guard let start = doc ?? source.jsonDocument else {
                throw StudioEditError("\(source.label) is a preset built in Swift: its physics and cell extensions are read-only in the studio.")
            }
            var parts = try SceneJSONSave.parse(path)
            guard let last = parts.popLast() else { throw StudioEditError("an empty JSON path names nothing.") }
            doc = try SceneJSONSave.set(StudioValueCoding.json(edit.value), key: last.key, at: parts[...], in: start)
        }
        guard let doc else { return source }
        return StudioSource.sceneFileSource(like: source, document: doc)
    }
}
