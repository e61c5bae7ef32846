import Stardust

/// Property values in studio messages: numbers and booleans as themselves, strings as strings,
/// points and sizes as `[x, y]` / `[width, height]`, rectangles as `[x, y, width, height]`, colors as
/// `[r, g, b, a]` (0…1, as the scene format accepts them).
enum StudioValueCoding {
    /// The JSON form of `value`: the scene format's (``SceneJSONWriter/value(_:at:)``), except a transform,
    /// which the studio does not edit, is null, and a number that is not finite is shown as 0.
    static func json(_ value: AnimatableValue) -> JSONValue {
        switch value {
        case .transform: return .null
        case .number(let v) where !v.isFinite: return .number(0)
        default: return (try? SceneJSONWriter.value(value, at: "")) ?? .null
        }
    }

    /// The kind name the page uses to build a control: `number`, `bool`, `string`, `point`, `size`, `rect`, `color`.
    static func kind(_ value: AnimatableValue) -> String {
        switch value {
        case .number: return "number"
        case .bool: return "bool"
        case .string: return "string"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .color: return "color"
        default: return "other"
        }
    }

    /// Decodes `json` as a value of the same kind as `like`; nil when the shape is wrong or a number is not finite.
    static func value(_ json: JSONValue, like: AnimatableValue) -> AnimatableValue? {
        func numbers(_ n: Int) -> [Double]? {
            guard case .array(let a) = json, a.count == n else { return nil }
            var out: [Double] = []
            for v in a {
                guard case .number(let d) = v, d.isFinite else { return nil }
                out.append(d)
            }
            return out
        }
        switch like {
        case .number:
            if case .number(let d) = json, d.isFinite { return .number(d) }
            return nil
        case .bool:
            if case .bool(let b) = json { return .bool(b) }
            return nil
        case .string:
            if case .string(let s) = json, s.utf8.count <= 256 { return .string(s) }
            return nil
        case .point: return numbers(2).map { .point(Point($0[0], $0[1])) }
        case .size: return numbers(2).map { .size(Size($0[0], $0[1])) }
        case .rect: return numbers(4).map { .rect(Rect($0[0], $0[1], $0[2], $0[3])) }
        case .color:
            if case .string(let s) = json { return Color(hex: s).map { .color($0) } }
            if let v = numbers(4) { return .color(Color(red: v[0], green: v[1], blue: v[2], alpha: v[3])) }
            if let v = numbers(3) { return .color(Color(red: v[0], green: v[1], blue: v[2], alpha: 1)) }
            return nil
        case .array(let items):
            // A list of numbers (a dash pattern) of the same length as the current one.
            guard items.allSatisfy({ if case .number = $0 { return true } else { return false } }),
                  let v = numbers(items.count) else { return nil }
            return .array(v.map { .number($0) })
        default: return nil
        }
    }
}
