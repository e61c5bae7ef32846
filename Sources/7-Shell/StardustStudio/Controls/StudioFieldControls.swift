import Stardust

/// The controls of a cell's `fields` (docs/PARTICLE-MODEL.md §2.9, docs/SCENES.md "Fields and collisions"): drag and
/// wind when the cell has fields; each attractor's position, strength and radius with a button removing it, and a
/// button adding one (16 at most); the vortex and turbulence, each switched on and off (an `addSource` or
/// `removeSource` message) with its numbers while on. Values are the loaded model's (a vortex's angular velocity
/// in radians per second); each number is a `setSource` edit at `CELL.fields.…`.
enum StudioFieldControls {
    /// The numbers directly under `fields`.
    static let fieldNumbers = ["drag", "wind"]
    /// The keys of an attractor, a vortex and turbulence (the loader's).
    static let attractorKeys = ["position", "strength", "radius"], vortexKeys = ["center", "angularVelocity", "coreRadius"],
               turbulenceKeys = ["strength", "scale", "seed"]
    /// Turbulence switched on: the scene format's example strength and feature size.
    static let defaultTurbulence: JSONValue = .object([("strength", .number(120)), ("scale", .number(100)), ("seed", .number(0))])

    /// The controls of a cell's fields, `fields` being the loaded ones (nil: the cell has none) and `json` the cell's object.
    static func describe(_ fields: ParticleFields?, json: JSONValue?, jsonPath: String) -> [JSONValue] {
        let f = fields ?? ParticleFields()
        func number(_ key: String, _ v: AnimatableValue, group: String? = nil) -> JSONValue {
            StudioCellExtensionControls.control(key, kind: StudioValueCoding.kind(v), value: StudioValueCoding.json(v), jsonPath,
                                                group: group)
        }
        var items: [JSONValue] = []
        if fields != nil {
            items.append(number("fields.drag", .number(f.drag)))
            items.append(number("fields.wind", .point(f.wind)))
        }
        for (i, a) in f.attractors.enumerated() {
            let key = "fields.attractors[\(i)]"
            items.append(number("\(key).position", .point(a.position), group: key))
            items.append(number("\(key).strength", .number(a.strength), group: key))
            items.append(number("\(key).radius", .number(a.radius), group: key))
            items.append(StudioSourceItems.removeControl(key, jsonPath))
        }
        items.append(StudioSourceItems.addControl("fields.attractors", jsonPath))
        items.append(toggle("fields.vortex", on: f.vortex != nil, jsonPath))
        if let v = f.vortex {
            items.append(number("fields.vortex.center", .point(v.center), group: "fields.vortex"))
            items.append(number("fields.vortex.angularVelocity", .number(v.angularVelocity), group: "fields.vortex"))
            items.append(number("fields.vortex.coreRadius", .number(v.coreRadius), group: "fields.vortex"))
        }
        items.append(toggle("fields.turbulence", on: f.turbulence != nil, jsonPath))
        if let t = f.turbulence {
            items.append(number("fields.turbulence.strength", .number(t.strength), group: "fields.turbulence"))
            items.append(number("fields.turbulence.scale", .number(t.scale), group: "fields.turbulence"))
            items.append(number("fields.turbulence.seed", .number(Double(t.seed)), group: "fields.turbulence"))
        }
        return items
    }

    /// A checkbox switching the object `key` (`fields.vortex`) on (an `addSource` message) and off (`removeSource`).
    static func toggle(_ key: String, on: Bool, _ jsonPath: String) -> JSONValue {
        .object([("key", .string(key)), ("kind", .string("switch")), ("path", .string("\(jsonPath).\(key)")), ("value", .bool(on))])
    }

    /// Whether `rest` (the path after the cell's) is `fields.drag|wind`, `fields.attractors[N].KEY`, `fields.vortex.KEY`
    /// or `fields.turbulence.KEY`.
    static func isEditable(_ rest: ArraySlice<SceneJSONSave.Component>) -> Bool {
        let r = Array(rest)
        guard r.first?.key == "fields", r[0].indices.isEmpty, r.last!.indices.isEmpty else { return false }
        switch r.count {
        case 2: return fieldNumbers.contains(r[1].key)
        case 3:
            switch (r[1].key, r[1].indices.count) {
            case ("attractors", 1): return attractorKeys.contains(r[2].key)
            case ("vortex", 0): return vortexKeys.contains(r[2].key)
            case ("turbulence", 0): return turbulenceKeys.contains(r[2].key)
            default: return false
            }
        default: return false
        }
    }

    /// A new attractor at the middle of `frame` (the emitter's bounds), pulling at 40 points/s² everywhere.
    static func defaultAttractor(in frame: Rect) -> JSONValue {
        .object([("position", center(frame)), ("strength", .number(40)), ("radius", .number(0))])
    }

    /// A vortex switched on: centred in `frame`, turning at a quarter turn per second, no core.
    static func defaultVortex(in frame: Rect) -> JSONValue {
        .object([("center", center(frame)), ("angularVelocity", .number(Double.pi / 2)), ("coreRadius", .number(0))])
    }

    static func center(_ r: Rect) -> JSONValue {
        .array([.number(r.origin.x + r.size.width / 2), .number(r.origin.y + r.size.height / 2)])
    }
}
