import StardustAnimation
import StardustCore
import StardustParticles

extension SceneLoader {
    static let animationTypes = ["basic", "keyframe", "spring", "group", "animator"]
    static let animationCommonKeys = [
        "layer", "keyPath", "type", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
        "autoreverses", "fillMode", "removedOnCompletion", "timingFunction", "additive", "cumulative",
    ]
    static let animationTypeKeys: [String: [String]] = [
        "basic": ["fromValue", "toValue", "byValue"],
        "spring": ["fromValue", "toValue", "byValue", "mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping",
                   "perceptualDuration", "bounce"],
        "keyframe": ["values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode", "tensionValues",
                     "continuityValues", "biasValues"],
        "group": ["animations"],
    ]

    /// The layer an animation targets and the animation itself.
    mutating func animationEntry(_ node: JSONNode, names: [String: Layer]) throws -> (Layer, Animation) {
        guard let layerNode = node.child("layer") else { throw SceneError(path: node.path, "missing \"layer\": the name of the animated layer") }
        let name = try layerNode.string()
        guard let layer = names[name] else {
            let close = Suggestions.close(to: name, in: Array(names.keys))
            let hint = close.isEmpty ? "" : "; did you mean \(close.map { "\"\($0)\"" }.joined(separator: ", "))?"
            throw SceneError(path: layerNode.path, "no layer named \"\(name)\"\(hint)")
        }
        return (layer, try animation(node, layer: layer, inGroup: false))
    }

    mutating func animation(_ node: JSONNode, layer: Layer, inGroup: Bool) throws -> Animation {
        guard case .object = node.value else { throw SceneError(path: node.path, "expected an animation object, found \(node.value.kindName)") }
        let type = try node.child("type").map { try $0.choice(Self.animationTypes) } ?? "basic"
        var allowed = Self.animationCommonKeys + (Self.animationTypeKeys[type] ?? [])
        if inGroup { allowed.removeAll { $0 == "layer" } }
        let k = try node.object(allowedKeys: allowed)

        let anim: Animation
        if type == "group" {
            let children = try (k["animations"]?.array() ?? []).map { try animation($0, layer: layer, inGroup: true) }
            anim = AnimationGroup(animations: children)
        } else {
            guard let kpNode = k["keyPath"] else { throw SceneError(path: node.path, "missing \"keyPath\" (e.g. \"position.x\", \"opacity\", \"emitterCells.flake.birthRate\")") }
            let keyPath = try kpNode.string()
            guard let model = layer.value(forKeyPath: keyPath) else {
                throw SceneError(path: kpNode.path, "\"\(keyPath)\" is not an animatable key path of layer \"\(layer.name ?? "")\"")
            }
            func value(_ key: String) throws -> AnimatableValue? { try k[key].map { try animatableValue($0, like: model, keyPath: keyPath) } }
            switch type {
            case "keyframe":
                let kf = KeyframeAnimation(keyPath: keyPath)
                if let n = k["values"] { kf.values = try n.array().map { try animatableValue($0, like: model, keyPath: keyPath) } }
                if let n = k["path"] {
                    do { kf.path = try Path(svg: try n.string()) } catch let e as SVGPathError { throw SceneError(path: n.path, e.description) }
                }
                if kf.values == nil && kf.path == nil { throw SceneError(path: node.path, "a keyframe animation needs \"values\" or \"path\"") }
                if let n = k["values"], kf.values?.isEmpty ?? true { throw SceneError(path: n.path, "expected at least one keyframe value") }
                if let n = k["path"] {
                    guard case .point = model else {
                        throw SceneError(path: n.path, "a path animates a point-valued key path such as \"position\", not \"\(keyPath)\"")
                    }
                }
                if let n = k["calculationMode"] { kf.calculationMode = CalculationMode(rawValue: try n.choice(CalculationMode.allCases.map(\.rawValue)))! }
                let segments = max(1, (kf.values?.count ?? 2) - 1)
                if let n = k["keyTimes"] {
                    let times = try n.array().map { try $0.number(in: 0...1) }
                    if let count = kf.values?.count, kf.path == nil {
                        let expected = kf.calculationMode == .discrete ? [count, count + 1] : [count]
                        guard expected.contains(times.count) else {
                            throw SceneError(path: n.path, "expected \(expected.map(String.init).joined(separator: " or ")) key times (one per value\(kf.calculationMode == .discrete ? ", or one more in discrete mode" : "")), found \(times.count)")
                        }
                    }
                    guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                        throw SceneError(path: n.path, "key times must not decrease")
                    }
                    kf.keyTimes = times
                }
                if let n = k["timingFunctions"] {
                    let fns = try n.array().map { try timingFunction($0) }
                    if kf.path == nil, fns.count > segments {
                        throw SceneError(path: n.path, "expected at most \(segments) timing functions (one per segment), found \(fns.count)")
                    }
                    kf.timingFunctions = fns
                }
                if let n = k["rotationMode"] { kf.rotationMode = RotationMode(rawValue: try n.choice(RotationMode.allCases.map(\.rawValue)))! }
                if let n = k["tensionValues"] { kf.tensionValues = try n.array().map { try $0.number(in: -1...1) } }
                if let n = k["continuityValues"] { kf.continuityValues = try n.array().map { try $0.number(in: -1...1) } }
                if let n = k["biasValues"] { kf.biasValues = try n.array().map { try $0.number(in: -1...1) } }
                anim = kf
            case "spring":
                let s: SpringAnimation
                if k["perceptualDuration"] != nil || k["bounce"] != nil {
                    // iOS 17's duration-and-bounce form (SwiftUI's mapping to mass 1, stiffness, damping).
                    s = SpringAnimation(perceptualDuration: try k["perceptualDuration"].map { try $0.number(in: 0.01...60) } ?? 0.5,
                                        bounce: try k["bounce"].map { try $0.number(in: -1...1) } ?? 0, keyPath: keyPath)
                    for key in ["mass", "stiffness", "damping"] where k[key] != nil {
                        throw SceneError(path: k[key]!.path, "give either perceptualDuration/bounce or mass/stiffness/damping, not both")
                    }
                } else {
                    s = SpringAnimation(keyPath: keyPath)
                }
                s.fromValue = try value("fromValue"); s.toValue = try value("toValue"); s.byValue = try value("byValue")
                if let n = k["mass"] { s.mass = try n.number(in: 1e-6...1e6) }
                if let n = k["stiffness"] { s.stiffness = try n.number(in: 1e-6...1e9) }
                if let n = k["damping"] { s.damping = try n.number(in: 0...1e9) }
                if let n = k["initialVelocity"] { s.initialVelocity = try n.number() }
                if let n = k["allowsOverdamping"] { s.allowsOverdamping = try n.bool() }
                anim = s
            default:
                let b = BasicAnimation(keyPath: keyPath)
                b.fromValue = try value("fromValue"); b.toValue = try value("toValue"); b.byValue = try value("byValue")
                anim = b
            }
        }
        anim.timing = try mediaTiming(k, into: anim.timing)
        if let n = k["duration"], case .string(let d) = n.value {
            // iOS code writes `anim.duration = anim.settlingDuration`; scene files write "duration": "settlingDuration".
            guard d == "settlingDuration", let s = anim as? SpringAnimation else {
                throw SceneError(path: n.path, "expected a number of seconds (\"settlingDuration\" only for springs)")
            }
            s.timing.duration = s.settlingDuration
        }
        if let n = k["removedOnCompletion"] { anim.isRemovedOnCompletion = try n.bool() }
        if let n = k["timingFunction"] { anim.timingFunction = try timingFunction(n) }
        if let n = k["additive"] { anim.isAdditive = try n.bool() }
        if let n = k["cumulative"] { anim.isCumulative = try n.bool() }
        return anim
    }

    /// A named curve (`"easeInEaseOut"`) or four control-point numbers.
    func timingFunction(_ n: JSONNode) throws -> TimingFunction {
        if case .array = n.value {
            let v = try n.numbers(count: 4)
            return TimingFunction(controlPoints: Float(v[0]), Float(v[1]), Float(v[2]), Float(v[3]))
        }
        return TimingFunction(name: TimingFunction.Name(rawValue: try n.choice(TimingFunction.Name.allCases.map(\.rawValue)))!)
    }

    /// Reads a JSON value as the same kind of value the key path holds.
    func animatableValue(_ n: JSONNode, like model: AnimatableValue, keyPath: String) throws -> AnimatableValue {
        switch model {
        case .number:
            if keyPath.contains("rotation") || keyPath.hasSuffix("emissionLongitude") || keyPath.hasSuffix("emissionLatitude")
                || keyPath.hasSuffix("emissionRange") || keyPath.hasSuffix("spin") || keyPath.hasSuffix("spinRange") {
                return .number(try n.angle())
            }
            return .number(try n.number())
        case .point: return .point(try n.point())
        // shadowOffset is a CGSize that holds an offset (Core Animation's default is (0, −3)); other sizes are not negative.
        case .size: return .size(keyPath == "shadowOffset" ? try n.offset() : try n.size())
        case .rect: return .rect(try n.rect())
        case .color: return .color(try n.color())
        case .transform: return .transform(try transform(n))
        case .bool: return .bool(try n.bool())
        case .string: return .string(try n.string())
        case .path: return try animatablePath(n)
        case .array(let items): return try animatableList(n, like: items, keyPath: keyPath)
        }
    }
}
