import Stardust

/// The controls of a cell's colliders (docs/PARTICLE-MODEL.md §2.10, docs/SCENES.md "Fields and collisions"):
/// for `collider` and each of `colliders`, its shape (a menu: floor, line, rectangle, circle, polygon, layer, body), the
/// shape's keys (a polygon's vertices as a list, a body collider's name as a menu of the scene's physics bodies),
/// `inside` for the shapes that take it, its response, restitution and friction, and a button removing
/// it; then a button adding one. Read from the cell's JSON, since a layer collider becomes a rectangle in the model.
/// Numbers are `setSource` edits at `CELL.collider.KEY` / `CELL.colliders[N].KEY`; the shape menu writes the whole
/// collider anew (``reshape(at:to:json:scene:)``), keeping its response, restitution and friction.
enum StudioColliderControls {
    /// The shapes the scene format has, as the menu names them.
    static let shapes = ["floor", "line", "rectangle", "circle", "polygon", "layer", "body"]
    /// The shapes that take `"inside": true`.
    static let insideShapes = ["rectangle", "circle", "polygon", "layer"]
    /// The keys that make a collider's shape (the loader's).
    static let shapeKeys = ["floor", "from", "to", "infinite", "rectangle", "circle", "radius", "layer", "polygon", "body", "inside"]
    /// The keys a new shape keeps.
    static let keptKeys = ["response", "restitution", "friction"]
    /// The menu's key: not a JSON key; the connection turns a `setSource` of it into a reshape.
    static let shapeKey = "shape"

    /// The shape `collider` (a collider's JSON object) has, by its keys (a line has `from`, or only `to`).
    static func shape(of collider: JSONValue) -> String {
        guard case .object(let m) = collider else { return "floor" }
        let has = { (k: String) in m.contains { $0.key == k } }
        if has("floor") { return "floor" }
        if has("rectangle") { return "rectangle" }
        if has("circle") { return "circle" }
        if has("polygon") { return "polygon" }
        if has("layer") { return "layer" }
        if has("body") { return "body" }
        return "line"
    }

    /// The controls of the colliders of the cell whose JSON object is `json`, at `jsonPath`; `layerNames` and
    /// `bodyNames` are what a layer and a body collider may name (their menus).
    static func describe(json: JSONValue?, jsonPath: String, layerNames: [String], bodyNames: [String] = []) -> [JSONValue] {
        var found: [(key: String, value: JSONValue)] = []
        if case .object(let cell)? = json {
            if let c = cell.first(where: { $0.key == "collider" })?.value { found.append(("collider", c)) }
            if case .array(let list)? = cell.first(where: { $0.key == "colliders" })?.value {
                for (i, c) in list.prefix(ParticleCollider.maximumPerCell).enumerated() { found.append(("colliders[\(i)]", c)) }
            }
        }
        var items: [JSONValue] = []
        for (key, collider) in found {
            guard case .object(let m) = collider else { continue }
            func value(_ k: String) -> JSONValue? { m.first(where: { $0.key == k })?.value }
            func one(_ k: String, _ kind: String, _ v: JSONValue, options: [String] = []) {
                items.append(StudioCellExtensionControls.control("\(key).\(k)", kind: kind, value: v, jsonPath, options: options, group: key))
            }
            let form = Self.shape(of: collider)
            one(shapeKey, "string", .string(form), options: shapes.contains(form) ? shapes : shapes + [form])
            switch form {
            case "floor": one("floor", "number", value("floor") ?? .number(0))
            case "rectangle": one("rectangle", "rect", value("rectangle") ?? .array([]))
            case "circle":
                one("circle", "point", value("circle") ?? .array([.number(0), .number(0)]))
                one("radius", "number", value("radius") ?? .number(1))
            case "layer", "body":
                // A menu of the names there are, the collider's own first when it names none of them (the loader says why).
                var name = ""
                if case .string(let s)? = value(form) { name = s }
                let names = form == "layer" ? layerNames : bodyNames
                one(form, "string", .string(name), options: (names.contains(name) ? [] : [name]) + names)
            case "polygon": one("polygon", StudioColliderVertices.kind, value("polygon") ?? .array([]))
            default:
                one("from", "point", value("from") ?? .array([.number(0), .number(0)]))
                one("to", "point", value("to") ?? .array([.number(0), .number(0)]))
                one("infinite", "bool", value("infinite") ?? .bool(false))
            }
            if insideShapes.contains(form) { one("inside", "bool", value("inside") ?? .bool(false)) }
            one("response", "string", value("response") ?? .string(ParticleCollider.Response.bounce.rawValue),
                options: ParticleCollider.Response.allCases.map(\.rawValue))
            one("restitution", "number", value("restitution") ?? .number(0.5))
            one("friction", "number", value("friction") ?? .number(0))
            items.append(StudioSourceItems.removeControl(key, jsonPath))
        }
        items.append(StudioSourceItems.addControl("colliders", jsonPath, options: shapes))
        return items
    }

    /// The names of the bodies of `json`'s `physics.bodies` (the source's scene JSON), each once: what a body
    /// collider may name. Static and moving bodies alike; the loader says which a collider takes.
    static func bodyNames(in json: JSONValue?) -> [String] {
        guard case .object(let top)? = json, case .object(let physics)? = top.first(where: { $0.key == "physics" })?.value,
              case .array(let bodies)? = physics.first(where: { $0.key == "bodies" })?.value else { return [] }
        var seen = Set<String>()
        return bodies.prefix(2000).compactMap { body -> String? in
            guard case .object(let m) = body, case .string(let name)? = m.first(where: { $0.key == "name" })?.value,
                  seen.insert(name).inserted else { return nil }
            return name
        }
    }

    /// Whether `rest` (the path after the cell's) is `collider.KEY` or `colliders[N].KEY`, KEY one of ``shapeKeys``
    /// or ``keptKeys``.
    static func isEditable(_ rest: ArraySlice<SceneJSONSave.Component>) -> Bool {
        guard rest.count == 2, let first = rest.first, let last = rest.last, last.indices.isEmpty,
              (first.key == "collider" && first.indices.isEmpty) || (first.key == "colliders" && first.indices.count == 1) else { return false }
        return shapeKeys.contains(last.key) || keptKeys.contains(last.key)
    }

    /// A new collider of shape `kind`, placed in `frame` (the emitter's bounds): a floor at its bottom, a line across
    /// its lower half, a rectangle, a circle and a triangle in its middle, a layer collider naming the first of
    /// `layerNames`, a body collider the first of `bodyNames` (whatever its type: the loader says which it takes).
    static func defaultCollider(_ kind: String, in frame: Rect, layerNames: [String], bodyNames: [String] = []) throws -> JSONValue {
        let x = frame.origin.x, y = frame.origin.y, w = frame.size.width, h = frame.size.height
        func point(_ px: Double, _ py: Double) -> JSONValue { .array([.number(px), .number(py)]) }
        switch kind {
        case "floor": return .object([("floor", .number(y + h))])
        case "line": return .object([("from", point(x + w / 4, y + h * 3 / 4)), ("to", point(x + w * 3 / 4, y + h * 3 / 4))])
        case "rectangle":
            return .object([("rectangle", .array([.number(x + w / 4), .number(y + h / 4), .number(w / 2), .number(h / 2)]))])
        case "circle": return .object([("circle", point(x + w / 2, y + h / 2)), ("radius", .number(max(1, min(w, h) / 4)))])
        case "layer":
            guard let name = layerNames.first else {
                throw StudioEditError("a layer collider names another layer of the scene, and this scene has no other named layer.")
            }
            return .object([("layer", .string(name))])
        case "body":
            guard let name = bodyNames.first else {
                throw StudioEditError("a body collider names a body of the scene's physics (physics.bodies), and this scene has none.")
            }
            return .object([("body", .string(name))])
        case "polygon":
            // A triangle in the middle: the fewest vertices, which the vertex list then moves and adds to.
            return .object([("polygon", .array([point(x + w / 2, y + h / 4), point(x + w * 3 / 4, y + h * 3 / 4),
                                                 point(x + w / 4, y + h * 3 / 4)]))])
        default:
            throw StudioEditError("a collider is a \(shapes.joined(separator: ", ")); not \(kind.prefix(40)).")
        }
    }

    /// The edit giving the collider at `path` (`CELL.collider.shape` or `CELL.colliders[N].shape`) the shape `kind`,
    /// placed as a new one would be, keeping its response, restitution and friction (and `inside` when both shapes take it).
    static func reshape(at path: String, to kind: String, json: JSONValue, scene: Scene) throws -> StudioEdit {
        var parts = try SceneJSONSave.parse(path)
        guard parts.popLast()?.key == shapeKey, let n = StudioCellExtensionControls.cellPrefixCount(parts), parts.count == n + 1,
              isEditable(parts[n...] + [SceneJSONSave.Component(key: "restitution", indices: [])]) else {
            throw StudioEditError("\(path.prefix(80)): a collider's shape is CELL.collider.shape or CELL.colliders[N].shape.")
        }
        guard case .object(let old)? = SceneJSONSave.value(at: parts[...], in: json) else {
            throw StudioEditError("\(path.prefix(80)): the cell has no such collider.")
        }
        let cellParts = Array(parts[..<n])
        let fresh = try defaultCollider(kind, in: StudioSourceItems.emitterFrame(cellPath: cellParts, scene: scene),
                                        layerNames: StudioSourceItems.layerNames(scene, cellPath: cellParts),
                                        bodyNames: bodyNames(in: json))
        guard case .object(var members) = fresh else { throw StudioEditError("\(path.prefix(80)): a collider is a JSON object.") }
        let kept = keptKeys + (insideShapes.contains(kind) ? ["inside"] : [])
        members += old.filter { kept.contains($0.key) }
        return StudioEdit(target: .sourceItem(jsonPath: SceneJSONSave.path(parts), item: .object(members)), value: .bool(true), time: nil)
    }
}
