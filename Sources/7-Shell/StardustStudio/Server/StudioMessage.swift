import Stardust

/// A message from the page, validated (docs/STUDIO.md, protocol). Every message is one JSON object of at
/// most ``maxBytes`` bytes with a `type` and only the keys its type allows.
enum StudioMessage: Equatable {
    case play, pause, undo, redo
    case seek(Double)
    case step(Int)
    case speed(Double)
    /// An emitter key path: `{"type": "set", "layer": "1", "keyPath": "emitterCells.flake.birthRate", "value": 10, "gesture": 7}`.
    case set(layer: LayerPath, keyPath: String, value: JSONValue, gesture: Int?)
    /// A layer's opacity or hidden, or a drawing key (StudioDrawingControls): `{"type": "setLayer", "layer": "0", "keyPath": "opacity", "value": 0.5}`.
    case setLayer(layer: LayerPath, keyPath: String, value: JSONValue)
    /// An animation's timing: `{"type": "setAnimation", "layer": "2", "key": "spin", "field": "duration", "value": 3}`.
    case setAnimation(layer: LayerPath, key: String, field: String, value: JSONValue)
    /// Pointer input on the preview (`phase`: began, moved, ended, cancelled; `x`, `y` in scene points): drags
    /// reach the physics world, clicks snap pictures to dust (``StudioDocument/pointer(_:at:id:)``).
    case pointer(phase: String, x: Double, y: Double, id: Int)
    /// Snap a layer to dust at the playhead, or restore it when it is dust (``StudioDocument/toggleSnap(_:)``).
    case snap(layer: LayerPath)
    /// A value of the source's physics JSON: `{"type": "setSource", "path": "physics.bodies[0].linearDamping", "value": 0.5}`.
    case setSource(path: String, value: JSONValue)
    /// An item added to a cell's JSON (``StudioSourceItems``): `{"type": "addSource", "path": "layers[0].emitterCells[0].colliders",
    /// "value": "circle"}` — a burst, a collider (`value`: its shape, a floor when absent), an attractor, the vortex, turbulence.
    case addSource(path: String, kind: String?)
    /// An item removed from a cell's JSON: `{"type": "removeSource", "path": "layers[0].emitterCells[0].bursts[1]"}`.
    case removeSource(path: String)

    /// The largest message accepted, in bytes.
    static let maxBytes = 64 << 10

    /// Parses and validates one message.
    static func parse(_ text: String) throws -> StudioMessage {
        guard text.utf8.count <= maxBytes else { throw StudioEditError("a message is at most \(maxBytes) bytes.") }
        let json: JSONValue
        do { json = try JSONParser.parse(text) } catch { throw StudioEditError("a message must be a JSON object: \(error)") }
        guard case .object(let members) = json else { throw StudioEditError("a message must be a JSON object with a \"type\".") }
        var fields: [String: JSONValue] = [:]
        for (k, v) in members {
            guard fields[k] == nil else { throw StudioEditError("the key \"\(k.prefix(40))\" appears twice.") }
            fields[k] = v
        }
        guard case .string(let type)? = fields["type"] else { throw StudioEditError("a message needs a \"type\" string.") }
        func allow(_ keys: [String]) throws {
            for k in fields.keys where k != "type" && !keys.contains(k) {
                throw StudioEditError("\(type.prefix(40)): unknown key \"\(k.prefix(40))\" (allowed: \(keys.joined(separator: ", "))).")
            }
        }
        func number(_ k: String, in range: ClosedRange<Double>) throws -> Double {
            guard case .number(let v)? = fields[k], v.isFinite, range.contains(v) else {
                throw StudioEditError("\(type): \"\(k)\" must be a number in \(range.lowerBound)…\(range.upperBound).")
            }
            return v
        }
        func string(_ k: String, max: Int = 512) throws -> String {
            guard case .string(let s)? = fields[k], s.utf8.count <= max else {
                throw StudioEditError("\(type): \"\(k)\" must be a string of at most \(max) bytes.")
            }
            return s
        }
        func layer() throws -> LayerPath {
            guard let p = LayerPath(string: try string("layer", max: 256)) else {
                throw StudioEditError("\(type): \"layer\" must be a layer path like \"0.2\" (\"\" for the root).")
            }
            return p
        }
        func value() throws -> JSONValue {
            guard let v = fields["value"] else { throw StudioEditError("\(type): \"value\" is missing.") }
            return v
        }
        switch type {
        case "play": try allow([]); return .play
        case "pause": try allow([]); return .pause
        case "undo": try allow([]); return .undo
        case "redo": try allow([]); return .redo
        case "seek": try allow(["time"]); return .seek(try number("time", in: 0...1e6))
        case "step": try allow(["frames"]); return .step(Int(try number("frames", in: -1000...1000)))
        case "speed": try allow(["value"]); return .speed(try number("value", in: 0.05...8))
        case "set":
            try allow(["layer", "keyPath", "value", "gesture"])
            let gesture = fields["gesture"] == nil ? nil : Int(try number("gesture", in: 0...1e15))
            return .set(layer: try layer(), keyPath: try string("keyPath"), value: try value(), gesture: gesture)
        case "setLayer":
            try allow(["layer", "keyPath", "value"])
            return .setLayer(layer: try layer(), keyPath: try string("keyPath", max: 64), value: try value())
        case "setAnimation":
            try allow(["layer", "key", "field", "value"])
            return .setAnimation(layer: try layer(), key: try string("key"), field: try string("field", max: 64), value: try value())
        case "pointer":
            try allow(["phase", "x", "y", "id"])
            let phase = try string("phase", max: 16)
            guard ["began", "moved", "ended", "cancelled"].contains(phase) else {
                throw StudioEditError("pointer: \"phase\" is began, moved, ended or cancelled.")
            }
            return .pointer(phase: phase, x: try number("x", in: -1e5...1e5), y: try number("y", in: -1e5...1e5),
                            id: fields["id"] == nil ? 0 : Int(try number("id", in: 0...1e6)))
        case "snap":
            try allow(["layer"])
            return .snap(layer: try layer())
        case "setSource":
            try allow(["path", "value"])
            return .setSource(path: try string("path", max: 256), value: try value())
        case "addSource":
            try allow(["path", "value"])
            return .addSource(path: try string("path", max: 256), kind: fields["value"] == nil ? nil : try string("value", max: 64))
        case "removeSource":
            try allow(["path"])
            return .removeSource(path: try string("path", max: 256))
        default:
            throw StudioEditError("unknown message type \"\(type.prefix(40))\".")
        }
    }
}
