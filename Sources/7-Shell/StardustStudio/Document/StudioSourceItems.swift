import Stardust

/// Whole objects added to and removed from a cell's JSON (docs/STUDIO.md, "Cell extensions"): a burst, a collider,
/// an attractor (each appended to its list, or removed by index), a vortex and turbulence (switched on and off),
/// and a collider given another shape. Each is one ``StudioEdit/Target/sourceItem(jsonPath:item:)`` edit holding
/// the object written, so the document rebuilds the scene from the edited JSON (the loader checks it as it checks
/// a scene file) and Save scene JSON writes the same object. Defaults are placed in the emitter's coordinates.
enum StudioSourceItems {
    /// The lists an item is added to, after the cell's path, with the most a cell holds (nil: the loader's own budget).
    static let lists: [(path: String, maximum: Int?)] = [
        ("bursts", nil), ("colliders", ParticleCollider.maximumPerCell), ("fields.attractors", ParticleFields.maximumAttractors),
    ]
    /// The objects switched on (added) and off (removed), after the cell's path.
    static let switches = ["fields.vortex", "fields.turbulence"]
    /// A new burst: at time 0, ten particles, once.
    static let defaultBurst: JSONValue = .object([("time", .number(0)), ("count", .number(10)), ("cycles", .number(1))])

    /// Checks that `path` names an item the studio adds (`adding`) or removes: `CELL.bursts[N]`, `CELL.colliders[N]`,
    /// `CELL.fields.attractors[N]`, `CELL.fields.vortex`, `CELL.fields.turbulence`, and `CELL.collider`
    /// (reshaped or removed), where CELL is `layers[N](.sublayers[N])*(.emitterCells[N])+`.
    static func checkPath(_ path: String, adding: Bool) throws {
        guard path.utf8.count <= 256 else { throw StudioEditError("a JSON path is at most 256 bytes.") }
        let parts = try SceneJSONSave.parse(path)
        guard let n = StudioCellExtensionControls.cellPrefixCount(parts) else {
            throw StudioEditError("\(path.prefix(80)): items are added to and removed from a cell (layers[N]….emitterCells[N]).")
        }
        let rest = Array(parts[n...])
        let last = rest.last!
        let head = SceneJSONSave.path(rest.dropLast() + [SceneJSONSave.Component(key: last.key, indices: [])])
        let ok = (last.indices.count == 1 && lists.contains { $0.path == head })
            || (last.indices.isEmpty && (switches.contains(head) || head == "collider"))
        guard ok else {
            throw StudioEditError("\(path.prefix(80)): the studio \(adding ? "adds" : "removes") a cell's bursts[N], collider, colliders[N], "
                + "fields.attractors[N], fields.vortex and fields.turbulence.")
        }
    }

    // MARK: Edits

    /// The edit adding an item to the list or switch at `path` (`CELL.bursts`, `CELL.colliders`, `CELL.fields.attractors`,
    /// `CELL.fields.vortex`, `CELL.fields.turbulence`) of `json`, the document's edited JSON; `kind` is a new collider's
    /// shape (``StudioColliderControls/shapes``; nil: a floor). Refused past a list's maximum, or when the switch is on.
    static func addition(at path: String, kind: String?, json: JSONValue, scene: Scene) throws -> StudioEdit {
        let parts = try SceneJSONSave.parse(path)
        guard let n = StudioCellExtensionControls.cellPrefixCount(parts) else {
            throw StudioEditError("\(path.prefix(80)): items are added to a cell (layers[N]….emitterCells[N]).")
        }
        let cellParts = Array(parts[..<n]), tailParts = Array(parts[n...]), tail = SceneJSONSave.path(tailParts)
        guard parts[n...].allSatisfy({ $0.indices.isEmpty }) else {
            throw StudioEditError("\(path.prefix(80)): name the list (….bursts), not an item of it.")
        }
        let cell = SceneJSONSave.value(at: cellParts[...], in: json)
        let frame = emitterFrame(cellPath: cellParts, scene: scene)
        let item: JSONValue
        switch tail {
        case "bursts": item = defaultBurst
        case "colliders":
            item = try StudioColliderControls.defaultCollider(kind ?? "floor", in: frame, layerNames: layerNames(scene, cellPath: cellParts),
                                                              bodyNames: StudioColliderControls.bodyNames(in: json))
        case "fields.attractors": item = StudioFieldControls.defaultAttractor(in: frame)
        case "fields.vortex": item = StudioFieldControls.defaultVortex(in: frame)
        case "fields.turbulence": item = StudioFieldControls.defaultTurbulence
        default:
            throw StudioEditError("\(path.prefix(80)): the studio adds a cell's bursts, colliders, fields.attractors, fields.vortex and fields.turbulence.")
        }
        if tail != "colliders", kind != nil { throw StudioEditError("\(tail): only a collider takes a kind (its shape).") }
        if switches.contains(tail) {
            guard cell.flatMap({ SceneJSONSave.value(at: tailParts[...], in: $0) }) == nil else {
                throw StudioEditError("\(path.prefix(80)): this cell already has one.")
            }
            return StudioEdit(target: .sourceItem(jsonPath: path, item: item), value: .bool(true), time: nil)
        }
        var count = 0
        if let cell, case .array(let list)? = SceneJSONSave.value(at: tailParts[...], in: cell) { count = list.count }
        // `collider` and `colliders` count together (the loader's limit is per cell).
        let total = count + (tail == "colliders" && cell.flatMap { SceneJSONSave.value(at: [SceneJSONSave.Component(key: "collider", indices: [])], in: $0) } != nil ? 1 : 0)
        if let maximum = lists.first(where: { $0.path == tail })?.maximum, total >= maximum {
            let noun = tail == "colliders" ? "colliders (collider and colliders together)" : "attractors"
            throw StudioEditError("\(path.prefix(80)): a cell holds at most \(maximum) \(noun); remove one first.")
        }
        return StudioEdit(target: .sourceItem(jsonPath: "\(path)[\(count)]", item: item), value: .bool(true), time: nil)
    }

    /// The edit removing the item at `path` (``checkPath(_:adding:)``).
    static func removal(at path: String) throws -> StudioEdit {
        try checkPath(path, adding: false)
        return StudioEdit(target: .sourceItem(jsonPath: path, item: nil), value: .bool(true), time: nil)
    }

    /// The rectangle defaults are placed in, in the emitter's coordinates: the emitter layer's bounds, or the scene's
    /// when the emitter has no size.
    static func emitterFrame(cellPath: [SceneJSONSave.Component], scene: Scene) -> Rect {
        let layerPath = SceneJSONSave.path(cellPath.prefix { $0.key != "emitterCells" })
        if let emitter = scene.allLayers.first(where: { scene.sourcePaths[ObjectIdentifier($0)] == layerPath }),
           emitter.bounds.size.width > 0, emitter.bounds.size.height > 0 {
            return emitter.bounds
        }
        return Rect(0, 0, scene.size.width, scene.size.height)
    }

    /// The scene's named layers a layer collider may name (the emitter's own name left out), each once.
    static func layerNames(_ scene: Scene, cellPath: [SceneJSONSave.Component]) -> [String] {
        let layerPath = SceneJSONSave.path(cellPath.prefix { $0.key != "emitterCells" })
        let own = scene.allLayers.first(where: { scene.sourcePaths[ObjectIdentifier($0)] == layerPath })?.name
        var seen = Set<String>()
        return scene.allLayers.compactMap(\.name).filter { $0 != own && seen.insert($0).inserted }
    }

    // MARK: Writing

    /// `doc` with `item` at `path` (a path ``checkPath(_:adding:)`` accepts): a list's index one past its end
    /// appends (the list and the cell's `fields` are added when absent); nil removes the item, and a list it leaves
    /// empty.
    static func write(_ item: JSONValue?, path: String, in doc: JSONValue) throws -> JSONValue {
        var parts = try SceneJSONSave.parse(path)
        guard var last = parts.popLast() else { throw StudioEditError("cannot follow the JSON path \(path.prefix(80)).") }
        var doc = doc
        // `fields` (for an attractor, the vortex, turbulence) is added when the cell has none.
        if item != nil, let group = parts.last, group.key == "fields", SceneJSONSave.value(at: parts[...], in: doc) == nil {
            doc = try SceneJSONSave.set(.object([]), key: group.key, at: parts.dropLast(), in: doc)
        }
        guard let index = last.indices.first else {
            if item == nil, SceneJSONSave.value(at: parts[...] + [last], in: doc) == nil {
                throw StudioEditError("\(path.prefix(80)): there is nothing there to remove.")
            }
            return try SceneJSONSave.set(item, key: last.key, at: parts[...], in: doc)
        }
        last.indices = []
        var list: [JSONValue] = []
        if case .array(let l)? = SceneJSONSave.value(at: parts[...] + [last], in: doc) { list = l }
        switch item {
        case let item? where index == list.count: list.append(item)
        case let item? where index < list.count: list[index] = item
        case nil where index < list.count: list.remove(at: index)
        default:
            throw StudioEditError("\(path.prefix(80)): the list has \(list.count) item\(list.count == 1 ? "" : "s").")
        }
        return try SceneJSONSave.set(list.isEmpty ? nil : .array(list), key: last.key, at: parts[...], in: doc)
    }

    // MARK: Controls

    /// The page's button adding an item to the list or switch `key` (`bursts`, `colliders`, …) of the cell at
    /// `jsonPath` (an `addSource` message); `options` are the kinds offered (a collider's shapes).
    static func addControl(_ key: String, _ jsonPath: String, options: [String] = []) -> JSONValue {
        var f: [(key: String, value: JSONValue)] = [("key", .string(key)), ("kind", .string("add")), ("path", .string("\(jsonPath).\(key)"))]
        if !options.isEmpty { f.append(("options", .array(options.map { .string($0) }))) }
        return .object(f)
    }

    /// The page's button removing the item `key` (`bursts[1]`, `collider`) of the cell at `jsonPath` (a `removeSource` message).
    static func removeControl(_ key: String, _ jsonPath: String) -> JSONValue {
        .object([("key", .string(key)), ("kind", .string("remove")), ("path", .string("\(jsonPath).\(key)"))])
    }
}
