import Stardust

/// Applies a job's `"set"` parameters to its scene: `"LAYER.KEYPATH": value` sets the model value of the key path on
/// the first layer with that name (`"greeting.string"`, `"title.foregroundColor"`, `"snow.emitterCells.flake.birthRate"`).
/// The value's JSON form follows the key path's type: a number, a boolean, a string, a color (`"#RRGGBB"`,
/// `"#RRGGBBAA"` or `[r, g, b, a]` in 0…1), a point or size (`[x, y]`).
enum BatchParameters {
    static func apply(_ parameters: [(key: String, value: JSONValue)], to scene: Scene) throws {
        for (key, json) in parameters {
            let path = "set[\"\(key)\"]"
            guard let dot = key.firstIndex(of: "."), dot != key.startIndex, key.index(after: dot) != key.endIndex else {
                throw BatchJobError(path: path, message: "expected \"LAYER.KEYPATH\" (a layer's name, a dot, a key path)")
            }
            let name = String(key[..<dot]), keyPath = String(key[key.index(after: dot)...])
            guard let layer = scene.layer(named: name) else {
                throw BatchJobError(path: path, message: "no layer is named \"\(name)\"")
            }
            guard let current = layer.value(forKeyPath: keyPath) else {
                throw BatchJobError(path: path, message: "\(name) has no key path \"\(keyPath)\"")
            }
            guard let value = convert(json, like: current) else {
                throw BatchJobError(path: path, message: "expected \(kind(of: current)) for \(keyPath)")
            }
            layer.setValue(value, forKeyPath: keyPath)
        }
    }

    /// `json` as a value of `current`'s kind, or nil when it is not one.
    static func convert(_ json: JSONValue, like current: AnimatableValue) -> AnimatableValue? {
        switch (current, json) {
        case (.number, .number(let x)) where x.isFinite: return .number(x)
        case (.bool, .bool(let b)): return .bool(b)
        case (.string, .string(let s)): return .string(s)
        case (.color, .string(let s)): return Color(hex: s).map { .color($0) }
        case (.color, .array(let a)) where a.count == 4:
            let c = a.compactMap { if case .number(let x) = $0, x.isFinite, (0...1).contains(x) { return x } else { return nil } }
            return c.count == 4 ? .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])) : nil
        case (.point, .array(let a)) where a.count == 2:
            guard case .number(let x) = a[0], case .number(let y) = a[1], x.isFinite, y.isFinite else { return nil }
            return .point(Point(x, y))
        case (.size, .array(let a)) where a.count == 2:
            guard case .number(let w) = a[0], case .number(let h) = a[1], w.isFinite, h.isFinite, w >= 0, h >= 0 else { return nil }
            return .size(Size(w, h))
        default: return nil
        }
    }

    static func kind(of value: AnimatableValue) -> String {
        switch value {
        case .number: return "a number"
        case .bool: return "true or false"
        case .string: return "a string"
        case .color: return "a color (\"#RRGGBB\" or [r, g, b, a])"
        case .point, .size: return "[x, y]"
        default: return "a value this tool cannot set"
        }
    }
}
