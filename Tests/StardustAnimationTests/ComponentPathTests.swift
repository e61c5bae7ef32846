import StardustCore
import StardustTestSupport
import Testing
@testable import StardustAnimation

/// ``ComponentPath``, the structure-field path matched once (what a kept plan applies at every frame), against the
/// former string matching of `component(atPath:)` and `setting(componentAtPath:to:)`, kept here as the plain path: the
/// same result, printed in full (every double's shortest round-trip digits), for random paths made of every name the
/// rules know, unknown names, empty pieces and trailing dots, on values of every kind.
@Suite struct ComponentPathTests {
    static let pieces = ["x", "y", "z", "width", "height", "origin", "size", "red", "green", "blue", "alpha", "translation",
                         "rotation", "scale", "w", "", "X", "originx", "rotation.z"]

    static func path(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined(separator: ".")
    }

    static func value(_ rng: inout SplitMix64) -> AnimatableValue {
        let n = { (r: inout SplitMix64) in Double.random(in: -4...4, using: &r) }
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return .number(n(&rng))
        case 1: return .point(Point(n(&rng), n(&rng)))
        case 2: return .size(Size(n(&rng), n(&rng)))
        case 3: return .rect(Rect(n(&rng), n(&rng), n(&rng), n(&rng)))
        case 4: return .color(Color(red: n(&rng), green: n(&rng), blue: n(&rng), alpha: n(&rng)))
        case 5: return .bool(Bool.random(using: &rng))
        default:
            var m = TransformComponents(translation: Vector3(n(&rng), n(&rng), n(&rng)), rotation: Vector3(n(&rng), n(&rng), n(&rng)),
                                        scale: Vector3(n(&rng), n(&rng), n(&rng))).transform()
            if Bool.random(using: &rng) { m.m34 = -1 / 500 }
            return .transform(m)
        }
    }

    @Test("a matched component path reads and writes what the string matching did, bit for bit")
    func matchedPathEqualsStringMatching() {
        var rng = SplitMix64(seed: 77)
        var found = 0
        for round in 0..<20_000 {
            let p = Self.path(&rng)
            let v = Self.value(&rng), nv = Self.value(&rng)
            let path = ComponentPath(p[...])
            let read = v.component(at: path), plainRead = v.plainComponent(atPath: p[...])
            #expect("\(String(describing: read))" == "\(String(describing: plainRead))", "round \(round): \(v) at \(p)")
            #expect("\(String(describing: v.component(atPath: p[...])))" == "\(String(describing: plainRead))")
            // The new value: sometimes a number (what most parts take), sometimes any kind.
            let input = Bool.random(using: &rng) ? AnimatableValue.number(Double.random(in: -4...4, using: &rng)) : nv
            let set = v.setting(componentAt: path, to: input), plainSet = v.plainSetting(componentAtPath: p[...], to: input)
            #expect("\(String(describing: set))" == "\(String(describing: plainSet))", "round \(round): \(v) at \(p) to \(input)")
            #expect("\(String(describing: v.setting(componentAtPath: p[...], to: input)))" == "\(String(describing: plainSet))")
            if plainRead != nil && !p.isEmpty { found += 1 }
        }
        // The random paths reach real fields often enough to compare values, not only nils.
        #expect(found > 500)
    }
}

/// The former string matching (before ``ComponentPath``), the plain path the matched one is compared with.
extension AnimatableValue {
    /// The field at `path` (dot-separated; empty = the value itself), or `nil` when the value has no such field.
    func plainComponent(atPath path: Substring) -> AnimatableValue? {
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
            case "origin": return AnimatableValue.point(r.origin).plainComponent(atPath: rest)
            case "size": return AnimatableValue.size(r.size).plainComponent(atPath: rest)
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
            case ("translation", false): return Self.plainAxis(t.translation, rest).map(AnimatableValue.number)
            case ("rotation", true): return .number(t.rotation.z)
            case ("rotation", false): return Self.plainAxis(t.rotation, rest).map(AnimatableValue.number)
            case ("scale", true): return .number((t.scale.x + t.scale.y + t.scale.z) / 3)
            case ("scale", false): return Self.plainAxis(t.scale, rest).map(AnimatableValue.number)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// This value with the field at `path` replaced by `newValue`, or `nil` when there is no such field or the new value has the wrong type.
    func plainSetting(componentAtPath path: Substring, to newValue: AnimatableValue) -> AnimatableValue? {
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
                guard case .point(let p)? = AnimatableValue.point(r.origin).plainSetting(componentAtPath: rest, to: newValue) else { return nil }
                r.origin = p
            case "size":
                guard case .size(let s)? = AnimatableValue.size(r.size).plainSetting(componentAtPath: rest, to: newValue) else { return nil }
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
                guard let v = newValue.doubleValue, Self.plainSetAxis(&t.translation, rest, v) else { return nil }
            case ("rotation", true):
                guard let v = newValue.doubleValue else { return nil }
                t.rotation.z = v
            case ("rotation", false):
                guard let v = newValue.doubleValue, Self.plainSetAxis(&t.rotation, rest, v) else { return nil }
            case ("scale", true):
                guard let v = newValue.doubleValue else { return nil }
                t.scale = Vector3(v, v, v)
            case ("scale", false):
                guard let v = newValue.doubleValue, Self.plainSetAxis(&t.scale, rest, v) else { return nil }
            default: return nil
            }
            return .transform(t.transform(keepingPerspectiveOf: m))
        default:
            return nil
        }
    }

    private static func plainAxis(_ v: Vector3, _ name: Substring) -> Double? {
        switch String(name) { case "x": return v.x; case "y": return v.y; case "z": return v.z; default: return nil }
    }

    private static func plainSetAxis(_ v: inout Vector3, _ name: Substring, _ value: Double) -> Bool {
        switch String(name) {
        case "x": v.x = value; case "y": v.y = value; case "z": v.z = value
        default: return false
        }
        return true
    }
}
