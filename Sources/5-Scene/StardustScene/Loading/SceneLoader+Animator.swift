import StardustAnimation
import StardustCore

extension SceneLoader {
    static let animatorKeys = ["type", "duration", "curve", "timingFunction", "dampingRatio", "initialVelocity", "mass",
                               "stiffness", "damping", "pausesOnCompletion", "scrubsLinearly", "changes", "events"]
    static let animatorActions = ["start", "pause", "scrub", "reverse", "continue", "stop", "finish"]

    /// A `UIViewPropertyAnimator` timeline: property changes driven by scripted animator calls
    /// (`{"type": "animator", "duration": 1, "changes": [...], "events": [{"t": 0, "action": "start"}, ...]}`).
    /// The animator is replayed once at load (``AnimatorTimeline``), so frames stay independent.
    func animatorEntries(_ node: JSONNode, names: [String: Layer]) throws -> [(Layer, Animation)] {
        let k = try node.object(allowedKeys: Self.animatorKeys)
        let duration = try k["duration"].map { try $0.number(in: 0.001...3600) } ?? 0.25
        let timing = try timingParameters(k)
        var events: [(time: Double, action: AnimatorTimeline.Action)] = []
        for e in try k["events"]?.array() ?? [] {
            let ek = try e.object(allowedKeys: ["t", "action", "delay", "fraction", "durationFactor", "withoutFinishing", "at",
                                                "curve", "timingFunction", "dampingRatio", "initialVelocity"])
            guard let tNode = ek["t"] else { throw SceneError(path: e.path, "missing \"t\": the time of the call in seconds") }
            guard let aNode = ek["action"] else { throw SceneError(path: e.path, "missing \"action\": one of \(Self.animatorActions.joined(separator: ", "))") }
            let action: AnimatorTimeline.Action
            switch try aNode.choice(Self.animatorActions) {
            case "start": action = .start(delay: try ek["delay"].map { try $0.number(in: 0...3600) } ?? 0)
            case "pause": action = .pause
            case "scrub":
                guard let f = ek["fraction"] else { throw SceneError(path: e.path, "a scrub needs \"fraction\" (0…1)") }
                action = .scrub(fractionComplete: try f.number(in: 0...1))
            case "reverse": action = .reverse
            case "continue":
                let hasTiming = ek["curve"] != nil || ek["timingFunction"] != nil || ek["dampingRatio"] != nil
                action = .continue(timing: hasTiming ? try timingParameters(ek) : nil,
                                   durationFactor: try ek["durationFactor"].map { try $0.number(in: 0...100) } ?? 1)
            case "stop": action = .stop(withoutFinishing: try ek["withoutFinishing"]?.bool() ?? true)
            default:
                let at = try ek["at"].map { try $0.choice(["start", "end", "current"]) } ?? "end"
                action = .finish(at: AnimatingPosition(rawValue: at)!)
            }
            events.append((try tNode.number(in: 0...3600), action))
        }
        let timeline = AnimatorTimeline(duration: duration, timing: timing,
                                        pausesOnCompletion: try k["pausesOnCompletion"]?.bool() ?? false,
                                        scrubsLinearly: try k["scrubsLinearly"]?.bool() ?? true, events: events)
        guard let changes = k["changes"] else { throw SceneError(path: node.path, "an animator needs \"changes\": [{\"layer\", \"keyPath\", \"toValue\"}]") }
        return try changes.array().map { c in
            let ck = try c.object(allowedKeys: ["layer", "keyPath", "fromValue", "toValue"])
            guard let ln = ck["layer"], let kn = ck["keyPath"], let tn = ck["toValue"] else {
                throw SceneError(path: c.path, "a change needs \"layer\", \"keyPath\" and \"toValue\"")
            }
            let name = try ln.string()
            guard let layer = names[name] else { throw SceneError(path: ln.path, "no layer named \"\(name)\"") }
            let keyPath = try kn.string()
            guard let model = layer.value(forKeyPath: keyPath) else {
                throw SceneError(path: kn.path, "\"\(keyPath)\" is not an animatable key path of layer \"\(name)\"")
            }
            let from = try ck["fromValue"].map { try animatableValue($0, like: model, keyPath: keyPath) } ?? model
            let to = try animatableValue(tn, like: model, keyPath: keyPath)
            return (layer, AnimatorTimelineAnimation(keyPath: keyPath, from: from, to: to, timeline: timeline))
        }
    }

    /// Cubic (`curve` or `timingFunction`) or spring (`dampingRatio`, or `mass`/`stiffness`/`damping`) parameters.
    func timingParameters(_ k: [String: JSONNode]) throws -> TimingParameters {
        let v0 = try k["initialVelocity"].map { try $0.number() } ?? 0
        if let r = k["dampingRatio"] {
            return .spring(SpringTimingParameters(dampingRatio: try r.number(in: 0.001...100), initialVelocity: v0))
        }
        if let m = k["mass"], let s = k["stiffness"], let d = k["damping"] {
            return .spring(SpringTimingParameters(mass: try m.number(in: 1e-6...1e6), stiffness: try s.number(in: 1e-6...1e9),
                                                  damping: try d.number(in: 0...1e9), initialVelocity: v0))
        }
        if let tf = k["timingFunction"] { return .cubic(CubicTimingParameters(timingFunction: try timingFunction(tf))) }
        if let c = k["curve"] {
            let curve = try c.choice(CubicTimingParameters.AnimationCurve.allCases.map(\.rawValue))
            return .cubic(CubicTimingParameters(animationCurve: CubicTimingParameters.AnimationCurve(rawValue: curve)!))
        }
        return .cubic(CubicTimingParameters())
    }
}
