import StardustCore

/// Structure-field key paths on values (`x`, `size.width`, `rotation.z`, …):
/// the part of a layer key path after its first component.
///
/// Points have `x`, `y`; sizes `width`, `height`; rectangles `origin`,
/// `size` and their fields; colors `red`, `green`, `blue`, `alpha`;
/// transforms `translation` (a size, as in Core Animation), `translation.x/y/z`,
/// `rotation` (= `rotation.z`), `rotation.x/y/z`, `scale` (the mean of the
/// three factors; setting it sets all three) and `scale.x/y/z` — read and
/// written through ``TransformComponents``.
extension AnimatableValue {
    /// The numeric value of `.number`, or of `.bool` as 0/1.
    public var doubleValue: Double? {
        switch self {
        case .number(let v): return v
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    /// The field at `path` (dot-separated; empty = the value itself), or `nil` when the value has no such field.
    public func component(atPath path: Substring) -> AnimatableValue? {
        if path.isEmpty { return self }
        let (part, rest) = LayerKeyPath.split(path)
        // Matched as a String: a Substring compared with each literal took the slow generic comparison (see
        // docs/BENCHMARKS.md, "lottie", twelfth round); the same matches.
        let head = String(part)
        switch self {
        case .point(let p):
            guard rest.isEmpty else { return nil }
            switch head { case "x": return .number(p.x); case "y": return .number(p.y); default: return nil }
        case .size(let s):
            guard rest.isEmpty else { return nil }
            switch head { case "width": return .number(s.width); case "height": return .number(s.height); default: return nil }
        case .rect(let r):
            switch head {
            case "origin": return AnimatableValue.point(r.origin).component(atPath: rest)
            case "size": return AnimatableValue.size(r.size).component(atPath: rest)
            default: return nil
            }
        case .color(let c):
            guard rest.isEmpty else { return nil }
            switch head {
            case "red": return .number(c.red); case "green": return .number(c.green)
            case "blue": return .number(c.blue); case "alpha": return .number(c.alpha)
            default: return nil
            }
        case .transform(let m):
            let t = TransformComponents(m)
            switch (head, rest.isEmpty) {
            case ("translation", true): return .size(Size(t.translation.x, t.translation.y))
            case ("translation", false): return Self.axis(t.translation, rest).map(AnimatableValue.number)
            case ("rotation", true): return .number(t.rotation.z)
            case ("rotation", false): return Self.axis(t.rotation, rest).map(AnimatableValue.number)
            case ("scale", true): return .number((t.scale.x + t.scale.y + t.scale.z) / 3)
            case ("scale", false): return Self.axis(t.scale, rest).map(AnimatableValue.number)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// This value with the field at `path` replaced by `newValue`, or `nil` when there is no such field or the new value has the wrong type.
    public func setting(componentAtPath path: Substring, to newValue: AnimatableValue) -> AnimatableValue? {
        if path.isEmpty { return newValue }
        let (part, rest) = LayerKeyPath.split(path)
        // Matched as a String: a Substring compared with each literal took the slow generic comparison (see
        // docs/BENCHMARKS.md, "lottie", twelfth round); the same matches.
        let head = String(part)
        switch self {
        case .point(var p):
            guard rest.isEmpty, let v = newValue.doubleValue else { return nil }
            switch head { case "x": p.x = v; case "y": p.y = v; default: return nil }
            return .point(p)
        case .size(var s):
            guard rest.isEmpty, let v = newValue.doubleValue else { return nil }
            switch head { case "width": s.width = v; case "height": s.height = v; default: return nil }
            return .size(s)
        case .rect(var r):
            switch head {
            case "origin":
                guard case .point(let p)? = AnimatableValue.point(r.origin).setting(componentAtPath: rest, to: newValue) else { return nil }
                r.origin = p
            case "size":
                guard case .size(let s)? = AnimatableValue.size(r.size).setting(componentAtPath: rest, to: newValue) else { return nil }
                r.size = s
            default: return nil
            }
            return .rect(r)
        case .color(var c):
            guard rest.isEmpty, let v = newValue.doubleValue else { return nil }
            switch head {
            case "red": c.red = v; case "green": c.green = v; case "blue": c.blue = v; case "alpha": c.alpha = v
            default: return nil
            }
            return .color(c)
        case .transform(let m):
            var t = TransformComponents(m)
            switch (head, rest.isEmpty) {
            case ("translation", true):
                switch newValue {
                case .size(let s): t.translation.x = s.width; t.translation.y = s.height
                case .point(let p): t.translation.x = p.x; t.translation.y = p.y
                default: return nil
                }
            case ("translation", false):
                guard let v = newValue.doubleValue, Self.setAxis(&t.translation, rest, v) else { return nil }
            case ("rotation", true):
                guard let v = newValue.doubleValue else { return nil }
                t.rotation.z = v
            case ("rotation", false):
                guard let v = newValue.doubleValue, Self.setAxis(&t.rotation, rest, v) else { return nil }
            case ("scale", true):
                guard let v = newValue.doubleValue else { return nil }
                t.scale = Vector3(v, v, v)
            case ("scale", false):
                guard let v = newValue.doubleValue, Self.setAxis(&t.scale, rest, v) else { return nil }
            default: return nil
            }
            return .transform(t.transform(keepingPerspectiveOf: m))
        default:
            return nil
        }
    }

    private static func axis(_ v: Vector3, _ name: Substring) -> Double? {
        switch String(name) { case "x": return v.x; case "y": return v.y; case "z": return v.z; default: return nil }
    }

    private static func setAxis(_ v: inout Vector3, _ name: Substring, _ value: Double) -> Bool {
        switch String(name) {
        case "x": v.x = value; case "y": v.y = value; case "z": v.z = value
        default: return false
        }
        return true
    }
}
