import Stardust

/// The controls of an emitter layer's `emitterPath` (docs/STUDIO.md, "Emitting from a path or a layer";
/// docs/PARTICLE-MODEL.md §2.14): where the outline comes from — another layer of the scene, by name, or SVG
/// path data — where on it particles are born (outline, area, tracing), the fill rule, and the tracing point's
/// speed and phase. Read from the layer's own JSON (the model keeps the path, not the layer it came from); each
/// edit is a `setSource` message, so the loader resolves the layer and checks the path.
enum StudioEmitterPathControls {
    /// Every key under `emitterPath` an edit may name (the loader's keys).
    static let editableKeys = ["layer", "path", "placement", "fillRule", "speed", "phase"]
    /// The two sources: writing one removes the other (the loader takes exactly one).
    static let sourceKeys = ["layer", "path"]

    /// The `emitterPath` field of an emitter layer at `jsonPath` whose JSON object is `json`; `layerNames`
    /// are the scene's named layers (the menu of sources, the emitter's own name left out).
    static func describe(json: JSONValue?, jsonPath: String, ownName: String?, layerNames: [String]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if case .object(let o)? = json, case .object(let m)? = o.first(where: { $0.key == "emitterPath" })?.value { members = m }
        let present = !members.isEmpty
        func value(_ key: String) -> JSONValue? { members.first(where: { $0.key == key })?.value }
        func one(_ key: String, kind: String, _ v: JSONValue, options: [String] = []) -> JSONValue {
            StudioCellExtensionControls.control("emitterPath.\(key)", kind: kind, value: v, jsonPath, options: options,
                                                group: "emitterPath", present: present)
        }
        let names = layerNames.filter { $0 != ownName }
        let layer: String
        if case .string(let s)? = value("layer") { layer = s } else { layer = "" }
        // A blank first entry while the source is not a layer, so that the menu shows no layer as chosen.
        var items = [one("layer", kind: "string", .string(layer), options: (layer.isEmpty ? [""] : []) + names),
                     one("path", kind: "text", value("path") ?? .string(""))]
        guard present else { return .array(items) }
        let placement: String
        if case .string(let s)? = value("placement") { placement = s } else { placement = EmitterPath.Placement.outline.rawValue }
        items.append(one("placement", kind: "string", .string(placement), options: EmitterPath.Placement.allCases.map(\.rawValue)))
        if placement == EmitterPath.Placement.area.rawValue {
            items.append(one("fillRule", kind: "string", value("fillRule") ?? .string("nonZero"), options: ["nonZero", "evenOdd"]))
        }
        if placement == EmitterPath.Placement.tracing.rawValue {
            items.append(one("speed", kind: "number", value("speed") ?? .number(0)))
            items.append(one("phase", kind: "number", value("phase") ?? .number(0)))
        }
        return .array(items)
    }

    /// Whether `parts` (a parsed JSON path) is `layers[N](.sublayers[N])*.emitterPath.KEY`.
    static func isEditablePath(_ parts: [SceneJSONSave.Component]) -> Bool {
        guard parts.count >= 3, parts[0].key == "layers", parts[0].indices.count == 1 else { return false }
        let middle = parts.dropFirst().dropLast(2)
        let tail = parts.suffix(2)
        return middle.allSatisfy { $0.key == "sublayers" && $0.indices.count == 1 }
            && tail.allSatisfy { $0.indices.isEmpty } && tail.first?.key == "emitterPath" && editableKeys.contains(tail.last!.key)
    }
}
