import Stardust

/// The controls of a cell's opt-in extensions (docs/STUDIO.md, "Cell extensions"): its alpha and scale
/// curves and its color ramp (docs/PARTICLE-MODEL.md §2.6), its bursts (added and removed) and limits (§2.7), its
/// fields (``StudioFieldControls``, §2.9) and colliders (``StudioColliderControls``, §2.10), its velocity stretch, a sub-cell's trigger (§2.8), and its texture sheet (§2.13, ``StudioTextureSheetControls``). Listed
/// only for cells read from scene JSON (the cell's JSON path is known); an edit is a `setSource` message that
/// writes the key into the cell's JSON, so the loader checks it and Save scene JSON keeps it.
enum StudioCellExtensionControls {
    /// The curve keys the page's curve editor draws (values are multipliers).
    static let curveKeys = ["alphaOverLife", "scaleOverLife"]
    /// The color-ramp keys the page edits stop by stop.
    static let rampKeys = ["colorOverLife"]
    /// The numbers of each of `bursts` (docs/PARTICLE-MODEL.md §2.7).
    static let burstNumbers = ["time", "count", "cycles", "interval"]
    /// Keys directly on the cell: the stretch, the emission limits and a sub-cell's trigger and inherited velocity.
    static let cellKeys = ["velocityStretch", "maximumAlive", "emissionDuration", "trigger", "inheritedVelocity"]
    /// The trigger menu's entry for Core Animation's sub-cell (no `trigger` key: the edit removes it).
    static let noTrigger = "none"
    /// The most stops the page sends (the loader's limit).
    static let maximumStops = ParticleCurve.maximumStops

    /// The `extensions` field of a cell: nil when the cell has no JSON path (a preset's cell).
    /// `cellJSON` is the cell's object in the source's JSON (its colliders' shapes are read there: a layer's is
    /// resolved to a rectangle in the model); `layerNames` are the scene's named layers (a layer collider's menu),
    /// `bodyNames` its physics bodies (a body collider's menu).
    static func describe(_ c: EmitterCell, jsonPath: String?, isSubCell: Bool = false, cellJSON: JSONValue? = nil,
                         layerNames: [String] = [], bodyNames: [String] = []) -> JSONValue? {
        guard let jsonPath else { return nil }
        let x = c.extensions ?? CellExtensions()
        func stops(_ curve: ParticleCurve?) -> JSONValue {
            guard let curve else { return .array([.array([.number(0), .number(1)]), .array([.number(1), .number(1)])]) }
            return .array(zip(curve.times, curve.values).map { .array([.number($0), .number($1)]) })
        }
        var items: [JSONValue] = []
        for (key, curve) in [("alphaOverLife", x.alphaOverLife), ("scaleOverLife", x.scaleOverLife)] {
            items.append(.object([("key", .string(key)), ("kind", .string("curve")), ("path", .string("\(jsonPath).\(key)")),
                                  ("present", .bool(curve != nil)), ("stops", stops(curve))]))
        }
        let ramp: JSONValue
        if let r = x.colorOverLife {
            ramp = .array(zip(r.times, r.colors).map { .array([.number($0), StudioValueCoding.json(.color($1))]) })
        } else {
            ramp = .array([.array([.number(0), .string("#FFFFFF")]), .array([.number(1), .string("#FFFFFF")])])
        }
        items.append(.object([("key", .string("colorOverLife")), ("kind", .string("ramp")), ("path", .string("\(jsonPath).colorOverLife")),
                              ("present", .bool(x.colorOverLife != nil)), ("stops", ramp)]))
        items += StudioFieldControls.describe(x.fields, json: cellJSON, jsonPath: jsonPath)
        items += StudioColliderControls.describe(json: cellJSON, jsonPath: jsonPath, layerNames: layerNames, bodyNames: bodyNames)
        // Emission (§2.7): each burst's numbers (an endless burst's cycles stay as the file says), and the limits
        // the cell has — an absent limit means none, which a number cannot show.
        for (i, b) in x.bursts.enumerated() {
            items.append(number("bursts[\(i)].time", .number(b.time), jsonPath))
            items.append(number("bursts[\(i)].count", .number(Double(b.count)), jsonPath))
            if b.cycles != ParticleBurst.forever { items.append(number("bursts[\(i)].cycles", .number(Double(b.cycles)), jsonPath)) }
            items.append(number("bursts[\(i)].interval", .number(b.interval), jsonPath))
            items.append(StudioSourceItems.removeControl("bursts[\(i)]", jsonPath))
        }
        items.append(StudioSourceItems.addControl("bursts", jsonPath))
        if let n = x.maximumAlive { items.append(number("maximumAlive", .number(Double(n)), jsonPath)) }
        if let d = x.emissionDuration { items.append(number("emissionDuration", .number(d), jsonPath)) }
        items.append(number("velocityStretch", .number(x.velocityStretch), jsonPath))
        if isSubCell {
            // §2.8: when a sub-cell emits — over the parent's life (Core Animation's), or at its birth, death or contacts.
            items.append(control("trigger", kind: "string", value: .string(x.trigger?.rawValue ?? noTrigger), jsonPath,
                                 options: [noTrigger] + SubEmitterTrigger.allCases.map(\.rawValue)))
            items.append(number("inheritedVelocity", .number(x.inheritedVelocity), jsonPath))
        }
        items += StudioTextureSheetControls.describe(x.textureSheet, jsonPath: jsonPath)
        return .array(items)
    }

    static func number(_ key: String, _ value: AnimatableValue, _ jsonPath: String) -> JSONValue {
        control(key, kind: StudioValueCoding.kind(value), value: StudioValueCoding.json(value), jsonPath)
    }

    /// One control edited by `setSource` at `jsonPath.key`: `options` make a string a menu; a `group` (with
    /// whether the object it names is in the JSON yet) gathers controls under one heading on the page.
    static func control(_ key: String, kind: String, value: JSONValue, _ jsonPath: String, options: [String] = [],
                        group: String? = nil, present: Bool = true) -> JSONValue {
        var f: [(key: String, value: JSONValue)] = [("key", .string(key)), ("kind", .string(kind)),
                                                    ("path", .string("\(jsonPath).\(key)")), ("value", value)]
        if !options.isEmpty { f.append(("options", .array(options.map { .string($0) }))) }
        if let group { f += [("group", .string(group)), ("present", .bool(present))] }
        return .object(f)
    }

    /// Whether `parts` (a parsed JSON path) names a cell extension the studio edits:
    /// `layers[N](.sublayers[N])*(.emitterCells[N])+` then a curve or ramp key, `bursts[N].time|count|cycles|interval`,
    /// one of ``cellKeys``, `textureSheet.KEY` (``StudioTextureSheetControls/editableKeys``), a field's number
    /// (``StudioFieldControls/isEditable(_:)``) or a collider's (``StudioColliderControls/isEditable(_:)``).
    static func isEditablePath(_ parts: [SceneJSONSave.Component]) -> Bool {
        guard let n = cellPrefixCount(parts) else { return false }
        let rest = parts[n...]
        if StudioFieldControls.isEditable(rest) || StudioColliderControls.isEditable(rest) { return true }
        let keys = rest.map(\.key)
        // Only a burst is named by index here (`bursts[0].count`).
        if keys.count == 2, keys[0] == "bursts", rest.first!.indices.count == 1, rest.last!.indices.isEmpty {
            return burstNumbers.contains(keys[1])
        }
        guard rest.allSatisfy({ $0.indices.isEmpty }) else { return false }
        switch keys.count {
        case 1: return curveKeys.contains(keys[0]) || rampKeys.contains(keys[0]) || cellKeys.contains(keys[0])
        case 2: return keys[0] == "textureSheet" && StudioTextureSheetControls.editableKeys.contains(keys[1])
        default: return false
        }
    }

    /// How many components of `parts` name a cell, `layers[N](.sublayers[N])*(.emitterCells[N])+`, when at least one
    /// more follows; nil when `parts` does not start with a cell.
    static func cellPrefixCount(_ parts: [SceneJSONSave.Component]) -> Int? {
        guard parts.count >= 3, parts[0].key == "layers", parts[0].indices.count == 1 else { return nil }
        var i = 1
        while i < parts.count, parts[i].key == "sublayers", parts[i].indices.count == 1 { i += 1 }
        let firstCell = i
        while i < parts.count, parts[i].key == "emitterCells", parts[i].indices.count == 1 { i += 1 }
        return i > firstCell && i < parts.count ? i : nil
    }

    /// Decodes the stops of a curve (`[[t, value], …]`) or a ramp (`[[t, color], …]`, colors as `"#RRGGBB"` or
    /// `[r, g, b, a]`) as a value the document can write back (1…16 stops, finite numbers); nil otherwise.
    static func stops(_ json: JSONValue) -> AnimatableValue? {
        guard case .array(let list) = json, (1...maximumStops).contains(list.count) else { return nil }
        var out: [AnimatableValue] = []
        for item in list {
            guard case .array(let pair) = item, pair.count == 2, case .number(let t) = pair[0], t.isFinite else { return nil }
            if case .number(let v) = pair[1], v.isFinite {
                out.append(.array([.number(t), .number(v)]))
            } else if let c = StudioValueCoding.value(pair[1], like: .color(.white)) {
                out.append(.array([.number(t), c]))
            } else {
                return nil
            }
        }
        return .array(out)
    }
}
