import Stardust

/// The physics part of the controls (the `physics` field of the `scene` message): every body and joint of the scene.
///
/// For a scene file or an effect file with a `physics` key the bodies and joints are listed as the file declares
/// them, each number, boolean and `[x, y]` an editable property at its JSON path (`physics.bodies[0].linearDamping`,
/// sent back as a `setSource` message and applied by rebuilding the scene from the edited JSON). Bodies also list the
/// optional keys the file leaves at their defaults. Names, types, shapes and bindings are shown read-only.
/// Scenes built in Swift (the photo wall preset) have no such JSON: their bodies are listed read-only from the
/// simulation at time 0 and a note says why (the photo wall's cards get bodies only while touched).
enum StudioPhysicsControls {
    /// Optional body keys and the loader's defaults, offered for editing when the file leaves them out.
    static let bodyDefaults: [(String, JSONValue)] = [
        ("angularVelocity", .number(0)), ("linearDamping", .number(0)), ("angularDamping", .number(0)),
        ("gravityScale", .number(1)), ("fixedRotation", .bool(false)), ("bullet", .bool(false)), ("sleeps", .bool(true)),
    ]
    /// Keys shown but not edited.
    static let readOnlyKeys: Set<String> = ["name", "type", "a", "b", "layer", "shapes"]

    /// The `physics` field for `scene`, read from `json` (the source's scene JSON, nil for presets).
    static func describe(_ scene: Scene, json: JSONValue?) -> JSONValue {
        if case .object(let top)? = json, let physics = top.first(where: { $0.key == "physics" })?.value,
           case .object(let members) = physics {
            var world: [JSONValue] = []
            var bodies: [JSONValue] = [], joints: [JSONValue] = []
            for (key, value) in members {
                switch key {
                case "bodies":
                    if case .array(let list) = value {
                        for (i, b) in list.prefix(2000).enumerated() { bodies.append(item(b, path: "physics.bodies[\(i)]", defaults: bodyDefaults)) }
                    }
                case "joints":
                    if case .array(let list) = value {
                        for (i, j) in list.prefix(2000).enumerated() { joints.append(item(j, path: "physics.joints[\(i)]", defaults: [])) }
                    }
                default:
                    world.append(property(key, value, path: "physics.\(key)"))
                }
            }
            return .object([("editable", .bool(true)), ("world", .array(world)), ("bodies", .array(bodies)), ("joints", .array(joints))])
        }
        let bodies: [JSONValue] = scene.simulations.flatMap { $0.bodyReports(at: 0) }.prefix(2000).map { r in
            .object([
                ("name", .string(r.name)),
                ("properties", .array([
                    property("position", .array([.number(r.position.x), .number(r.position.y)]), path: nil),
                    property("angle", .number(r.angle), path: nil),
                    property("velocity", .array([.number(r.velocity.x), .number(r.velocity.y)]), path: nil),
                    property("angularVelocity", .number(r.angularVelocity), path: nil),
                ])),
            ])
        }
        let note: String
        if scene.simulations.isEmpty {
            note = "This scene has no physics."
        } else {
            note = "Built in Swift: bodies are read-only here (a photo wall's photos become bodies only while touched — drag one in the preview)."
        }
        return .object([("editable", .bool(false)), ("note", .string(note)), ("world", .array([])),
                        ("bodies", .array(bodies)), ("joints", .array([]))])
    }

    /// A body or joint: its name (or type and bodies) and its properties.
    static func item(_ value: JSONValue, path: String, defaults: [(String, JSONValue)]) -> JSONValue {
        guard case .object(let members) = value else { return .object([("name", .string(path)), ("properties", .array([]))]) }
        var name = path
        if case .string(let n)? = members.first(where: { $0.key == "name" })?.value { name = n }
        if case .string(let type)? = members.first(where: { $0.key == "type" })?.value, members.first(where: { $0.key == "name" }) == nil {
            var ends: [String] = []
            for k in ["a", "b"] { if case .string(let s)? = members.first(where: { $0.key == k })?.value { ends.append(s) } }
            name = "\(type) \(ends.isEmpty ? "" : ends.joined(separator: "–"))"
        }
        var props = members.map { property($0.key, $0.value, path: readOnlyKeys.contains($0.key) ? nil : "\(path).\($0.key)") }
        for (k, v) in defaults where !members.contains(where: { $0.key == k }) { props.append(property(k, v, path: "\(path).\(k)")) }
        return .object([("name", .string(name)), ("path", .string(path)), ("properties", .array(props))])
    }

    /// One property: `key`, `kind` (number, bool, point, other), `value`, and `path` when editable.
    static func property(_ key: String, _ value: JSONValue, path: String?) -> JSONValue {
        let kind: String
        switch value {
        case .number: kind = "number"
        case .bool: kind = "bool"
        case .array(let a) where a.count == 2 && a.allSatisfy({ if case .number = $0 { return true }; return false }): kind = "point"
        case .string: kind = "string"
        default: kind = "other"
        }
        let editable = path != nil && ["number", "bool", "point"].contains(kind)
        var shown = value
        if kind == "other" { shown = .string(String(JSONWriter.string(value).prefix(120))) }
        return .object([("key", .string(key)), ("kind", .string(kind)), ("value", shown),
                        ("path", editable ? .string(path!) : .null)])
    }
}
