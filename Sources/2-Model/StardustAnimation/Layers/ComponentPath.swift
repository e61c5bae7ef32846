import StardustCore

/// A structure-field key path (`x`, `size.width`, `rotation.z`, … — the part of a layer key path after its first
/// component) matched once into the names it is made of, so that a plan applied at every frame reads and writes the
/// field without splitting the string and matching its pieces each time (docs/ANIMATION.md, "The animation index").
///
/// It records exactly what ``AnimatableValue/component(atPath:)`` and ``AnimatableValue/setting(componentAtPath:to:)``
/// look at: the first piece (split at the first dot), and the rest both as a whole (a transform's axis is the whole
/// rest) and split once more (a rectangle's `origin` and `size` hand the rest to a point or a size, which split it).
/// Both functions match a string through this, so there is one implementation of the rules.
struct ComponentPath: Hashable, Sendable {
    /// The names the rules know; any other piece is `other`.
    enum Name: UInt8, Hashable, Sendable {
        case other, x, y, z, width, height, origin, size, red, green, blue, alpha, translation, rotation, scale

        init(_ s: Substring) {
            switch String(s) {
            case "x": self = .x; case "y": self = .y; case "z": self = .z
            case "width": self = .width; case "height": self = .height
            case "origin": self = .origin; case "size": self = .size
            case "red": self = .red; case "green": self = .green; case "blue": self = .blue; case "alpha": self = .alpha
            case "translation": self = .translation; case "rotation": self = .rotation; case "scale": self = .scale
            default: self = .other
            }
        }
    }

    /// Whether the path is empty (the value itself).
    var isEmpty: Bool
    /// The first piece.
    var head: Name = .other
    /// Whether nothing follows the first piece.
    var restIsEmpty = true
    /// Everything after the first dot, as one name.
    var rest: Name = .other
    /// The rest's own first piece, and whether nothing follows it.
    var restHead: Name = .other
    var restRestIsEmpty = true

    init<S: StringProtocol>(_ path: S) where S.SubSequence == Substring {
        isEmpty = path.isEmpty
        guard !isEmpty else { return }
        let (part, rest) = LayerKeyPath.split(path)
        head = Name(part)
        restIsEmpty = rest.isEmpty
        guard !restIsEmpty else { return }
        self.rest = Name(rest)
        let (p2, r2) = LayerKeyPath.split(rest)
        restHead = Name(p2)
        restRestIsEmpty = r2.isEmpty
    }
}

extension AnimatableValue {
    /// ``component(atPath:)`` of a path matched beforehand.
    func component(at path: ComponentPath) -> AnimatableValue? {
        if path.isEmpty { return self }
        switch self {
        case .point(let p):
            guard path.restIsEmpty else { return nil }
            return Self.field(of: p, path.head).map(AnimatableValue.number)
        case .size(let s):
            guard path.restIsEmpty else { return nil }
            return Self.field(of: s, path.head).map(AnimatableValue.number)
        case .rect(let r):
            // The rest goes to the point or size as a path of its own (empty: the whole field).
            switch path.head {
            case .origin:
                if path.restIsEmpty { return .point(r.origin) }
                guard path.restRestIsEmpty else { return nil }
                return Self.field(of: r.origin, path.restHead).map(AnimatableValue.number)
            case .size:
                if path.restIsEmpty { return .size(r.size) }
                guard path.restRestIsEmpty else { return nil }
                return Self.field(of: r.size, path.restHead).map(AnimatableValue.number)
            default: return nil
            }
        case .color(let c):
            guard path.restIsEmpty else { return nil }
            switch path.head {
            case .red: return .number(c.red); case .green: return .number(c.green)
            case .blue: return .number(c.blue); case .alpha: return .number(c.alpha)
            default: return nil
            }
        case .transform(let m):
            let t = TransformComponents(m)
            switch (path.head, path.restIsEmpty) {
            case (.translation, true): return .size(Size(t.translation.x, t.translation.y))
            case (.translation, false): return Self.axis(t.translation, path.rest).map(AnimatableValue.number)
            case (.rotation, true): return .number(t.rotation.z)
            case (.rotation, false): return Self.axis(t.rotation, path.rest).map(AnimatableValue.number)
            case (.scale, true): return .number((t.scale.x + t.scale.y + t.scale.z) / 3)
            case (.scale, false): return Self.axis(t.scale, path.rest).map(AnimatableValue.number)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// ``setting(componentAtPath:to:)`` of a path matched beforehand.
    func setting(componentAt path: ComponentPath, to newValue: AnimatableValue) -> AnimatableValue? {
        if path.isEmpty { return newValue }
        switch self {
        case .point(var p):
            guard path.restIsEmpty, let v = newValue.doubleValue, Self.setField(of: &p, path.head, v) else { return nil }
            return .point(p)
        case .size(var s):
            guard path.restIsEmpty, let v = newValue.doubleValue, Self.setField(of: &s, path.head, v) else { return nil }
            return .size(s)
        case .rect(var r):
            // The rest goes to the point or size as a path of its own (empty: the whole field, which must be one).
            switch path.head {
            case .origin:
                if path.restIsEmpty {
                    guard case .point(let p) = newValue else { return nil }
                    r.origin = p
                } else {
                    guard path.restRestIsEmpty, let v = newValue.doubleValue, Self.setField(of: &r.origin, path.restHead, v) else { return nil }
                }
            case .size:
                if path.restIsEmpty {
                    guard case .size(let s) = newValue else { return nil }
                    r.size = s
                } else {
                    guard path.restRestIsEmpty, let v = newValue.doubleValue, Self.setField(of: &r.size, path.restHead, v) else { return nil }
                }
            default: return nil
            }
            return .rect(r)
        case .color(var c):
            guard path.restIsEmpty, let v = newValue.doubleValue else { return nil }
            switch path.head {
            case .red: c.red = v; case .green: c.green = v; case .blue: c.blue = v; case .alpha: c.alpha = v
            default: return nil
            }
            return .color(c)
        case .transform(let m):
            var t = TransformComponents(m)
            switch (path.head, path.restIsEmpty) {
            case (.translation, true):
                switch newValue {
                case .size(let s): t.translation.x = s.width; t.translation.y = s.height
                case .point(let p): t.translation.x = p.x; t.translation.y = p.y
                default: return nil
                }
            case (.translation, false):
                guard let v = newValue.doubleValue, Self.setAxis(&t.translation, path.rest, v) else { return nil }
            case (.rotation, true):
                guard let v = newValue.doubleValue else { return nil }
                t.rotation.z = v
            case (.rotation, false):
                guard let v = newValue.doubleValue, Self.setAxis(&t.rotation, path.rest, v) else { return nil }
            case (.scale, true):
                guard let v = newValue.doubleValue else { return nil }
                t.scale = Vector3(v, v, v)
            case (.scale, false):
                guard let v = newValue.doubleValue, Self.setAxis(&t.scale, path.rest, v) else { return nil }
            default: return nil
            }
            return .transform(t.transform(keepingPerspectiveOf: m))
        default:
            return nil
        }
    }

    private static func field(of p: Point, _ name: ComponentPath.Name) -> Double? {
        switch name { case .x: return p.x; case .y: return p.y; default: return nil }
    }

    private static func field(of s: Size, _ name: ComponentPath.Name) -> Double? {
        switch name { case .width: return s.width; case .height: return s.height; default: return nil }
    }

    private static func setField(of p: inout Point, _ name: ComponentPath.Name, _ v: Double) -> Bool {
        switch name { case .x: p.x = v; case .y: p.y = v; default: return false }
        return true
    }

    private static func setField(of s: inout Size, _ name: ComponentPath.Name, _ v: Double) -> Bool {
        switch name { case .width: s.width = v; case .height: s.height = v; default: return false }
        return true
    }

    private static func axis(_ v: Vector3, _ name: ComponentPath.Name) -> Double? {
        switch name { case .x: return v.x; case .y: return v.y; case .z: return v.z; default: return nil }
    }

    private static func setAxis(_ v: inout Vector3, _ name: ComponentPath.Name, _ value: Double) -> Bool {
        switch name {
        case .x: v.x = value; case .y: v.y = value; case .z: v.z = value
        default: return false
        }
        return true
    }
}
