import StardustAnimation
import StardustCore
import StardustDynamics
import StardustParticles

extension SwiftExportWriter {
    /// Writes the animations of `layer` (added after the whole tree exists, so that a `beginTime` of 0
    /// means the scene's start), and an image sequence as a discrete keyframe animation of `contents`.
    mutating func writeAnimations(of layer: Layer, variable v: String) {
        if let seq = layer.animatedContents {
            line()
            let names = seq.frames.enumerated().map { imageName($0.element, hint: "\(layer.name ?? v)\($0.offset)") }
            let a = variable(v + "Frames", fallback: "frames")
            line("// The image sequence (each frame shown for \(SwiftLiteral.number(seq.duration)) / \(seq.frames.count) s, looping).")
            line("let \(a) = CAKeyframeAnimation(keyPath: \"contents\")")
            line("\(a).values = [\(names.map(SwiftSourceText.stringLiteral).joined(separator: ", "))].compactMap { UIImage(named: $0)?.cgImage }")
            line("\(a).calculationMode = .discrete")
            line("\(a).duration = \(SwiftLiteral.number(seq.duration))")
            line("\(a).repeatCount = .infinity")
            line("\(v).add(\(a), forKey: \"contents\")")
        }
        for key in layer.animationKeys() {
            guard let anim = layer.animation(forKey: key) else { continue }
            if let pose = anim as? PoseAnimation {
                writeBakedPose(pose, of: layer, variable: v)
                continue
            }
            line()
            if let a = writeAnimation(anim, hint: v + " " + key) {
                line("\(v).add(\(a), forKey: \(SwiftSourceText.stringLiteral(key)))")
            }
        }
    }

    /// Writes one animation; returns its variable, or `nil` when it has no Core Animation equivalent.
    mutating func writeAnimation(_ anim: Animation, hint: String) -> String? {
        let className: String
        switch anim {
        case is SpringAnimation: className = "CASpringAnimation"
        case is BasicAnimation: className = "CABasicAnimation"
        case is KeyframeAnimation: className = "CAKeyframeAnimation"
        case is AnimationGroup: className = "CAAnimationGroup"
        default:
            omit("an animation of \(anim.keyPath.map { "\"\($0)\"" } ?? "a layer"), a \(type(of: anim)), which has no Core Animation equivalent")
            return nil
        }
        var children: [String] = []
        if let g = anim as? AnimationGroup {
            children = g.animations.compactMap { writeAnimation($0, hint: hint + "Part") }
        }
        var pathVariable: String?
        if let k = anim as? KeyframeAnimation, let p = k.path { pathVariable = writePath(p, hint: hint + "Path") }
        let v = variable(hint, fallback: "animation")
        if let kp = anim.keyPath {
            line("let \(v) = \(className)(keyPath: \(SwiftSourceText.stringLiteral(kp)))")
        } else {
            line("let \(v) = \(className)()")
        }
        let isAngle = anim.keyPath.map { $0.contains("rotation") || $0.hasSuffix("emissionLongitude") || $0.hasSuffix("emissionRange") } ?? false
        if let b = anim as? BasicAnimation {
            if let from = b.fromValue { line("\(v).fromValue = \(value(from, angle: isAngle))") }
            if let to = b.toValue { line("\(v).toValue = \(value(to, angle: isAngle))") }
            if let by = b.byValue { line("\(v).byValue = \(value(by, angle: isAngle))") }
        }
        if let s = anim as? SpringAnimation {
            let f = SpringAnimation()
            if s.mass != f.mass { line("\(v).mass = \(SwiftLiteral.number(s.mass))") }
            if s.stiffness != f.stiffness { line("\(v).stiffness = \(SwiftLiteral.number(s.stiffness))") }
            if s.damping != f.damping { line("\(v).damping = \(SwiftLiteral.number(s.damping))") }
            if s.initialVelocity != f.initialVelocity { line("\(v).initialVelocity = \(SwiftLiteral.number(s.initialVelocity))") }
            if s.allowsOverdamping { line("\(v).allowsOverdamping = true") }
        }
        if let k = anim as? KeyframeAnimation {
            if let values = k.values { line("\(v).values = [\(values.map { value($0, angle: isAngle) }.joined(separator: ", "))]") }
            if let p = pathVariable { line("\(v).path = \(p)") }
            if let kt = k.keyTimes { line("\(v).keyTimes = [\(kt.map { SwiftLiteral.number($0) }.joined(separator: ", "))]") }
            if let tf = k.timingFunctions { line("\(v).timingFunctions = [\(tf.map(timingFunction).joined(separator: ", "))]") }
            if k.calculationMode != .linear { line("\(v).calculationMode = .\(k.calculationMode.rawValue)") }
            if let r = k.rotationMode { line("\(v).rotationMode = .\(r == .auto ? "rotateAuto" : "rotateAutoReverse")") }
            for (name, list) in [("tensionValues", k.tensionValues), ("continuityValues", k.continuityValues), ("biasValues", k.biasValues)] {
                if let list { line("\(v).\(name) = [\(list.map { SwiftLiteral.number($0) }.joined(separator: ", "))]") }
            }
        }
        if !children.isEmpty { line("\(v).animations = [\(children.joined(separator: ", "))]") }
        writeTiming(anim.timing, v, isLayer: false)
        if let tf = anim.timingFunction { line("\(v).timingFunction = \(timingFunction(tf))") }
        if !anim.isRemovedOnCompletion { line("\(v).isRemovedOnCompletion = false") }
        if anim.isAdditive { line("\(v).isAdditive = true") }
        if anim.isCumulative { line("\(v).isCumulative = true") }
        return v
    }

    /// A value for `fromValue`, `toValue`, `values`: numbers, `CGPoint`, `CGSize`, `CGRect`, `CGColor`, `CATransform3D`.
    func value(_ v: AnimatableValue, angle: Bool) -> String {
        switch v {
        // `Any` values need a typed π (`CGFloat.pi / 6`), as on iOS.
        case .number(let n): return SwiftLiteral.number(n, angle: angle).replacingOccurrences(of: ".pi", with: "CGFloat.pi")
        case .point(let p): return SwiftLiteral.point(p)
        case .size(let s): return SwiftLiteral.size(s)
        case .rect(let r): return SwiftLiteral.rect(r)
        case .color(let c): return SwiftLiteral.color(c)
        case .transform(let t): return SwiftLiteral.transform(t)
        case .bool(let b): return "\(b)"
        case .string(let s): return SwiftSourceText.stringLiteral(s)
        case .path(let p): return SwiftLiteral.cgPath(p)
        case .array(let a): return "[" + a.map { value($0, angle: angle) }.joined(separator: ", ") + "]"
        }
    }

    /// `CAMediaTimingFunction(name: .easeInEaseOut)` for the named curves, else its control points.
    func timingFunction(_ f: TimingFunction) -> String {
        for name in TimingFunction.Name.allCases where TimingFunction(name: name) == f {
            return "CAMediaTimingFunction(name: .\(name.rawValue))"
        }
        return "CAMediaTimingFunction(controlPoints: \(f.c1x), \(f.c1y), \(f.c2x), \(f.c2y))"
    }
}
