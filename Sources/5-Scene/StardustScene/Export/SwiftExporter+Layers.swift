import StardustAnimation
import StardustCore
import StardustEffects
import StardustParticles

extension SwiftExportWriter {
    /// Writes the statements that make `layer` and its subtree; returns its variable, or `nil` when the
    /// layer has no Core Animation equivalent.
    mutating func writeLayer(_ layer: Layer) -> String? {
        if let l = layer as? LottieSceneLayer { return writeLottie(l) }
        let className: String
        let fresh: Layer
        var dustContents: String?
        switch layer {
        case let d as DustLayer:
            // A dust layer is an image layer showing its share of the picture's pixels (not drawn as specks:
            // docs/DIFFERENCES.md Q24).
            guard let images = dustImages(for: d) else {
                omit("layer \(layer.name.map { "\"\($0)\"" } ?? "(unnamed)"), a dust layer whose split is not reproducible")
                return nil
            }
            className = "CALayer"; fresh = Layer(); dustContents = "\(images)[\(d.layerIndex)]"
        case is EmitterLayer: className = "CAEmitterLayer"; fresh = EmitterLayer()
        case is ShapeLayer: className = "CAShapeLayer"; fresh = ShapeLayer()
        case is GradientLayer: className = "CAGradientLayer"; fresh = GradientLayer()
        case is TextLayer: className = "CATextLayer"; fresh = TextLayer()
        case is ReplicatorLayer: className = "CAReplicatorLayer"; fresh = ReplicatorLayer()
        default:
            guard type(of: layer) == Layer.self else {
                omit("layer \(layer.name.map { "\"\($0)\"" } ?? "(unnamed)"), a \(type(of: layer)), which has no Core Animation equivalent")
                return nil
            }
            className = "CALayer"; fresh = Layer()
        }
        if let seq = layer.animatedContents {
            // Name an image sequence's frames NAME0, NAME1, … before anything else takes one of them.
            for (i, t) in seq.frames.enumerated() { _ = imageName(t, hint: "\(layer.name ?? "frame")\(i)") }
        }
        let v = variable(layer.name, fallback: ["CAEmitterLayer": "emitter", "CAShapeLayer": "shape", "CAGradientLayer": "gradient",
                                               "CATextLayer": "text", "CAReplicatorLayer": "replicator"][className] ?? "layer")
        line("let \(v) = \(className)()")
        if let n = layer.name { line("\(v).name = \(SwiftSourceText.stringLiteral(n))") }
        writeCommon(layer, fresh: fresh, v)
        writeCompositing(layer, fresh: fresh, v)
        if let dustContents { line("\(v).contents = \(dustContents)") }
        switch layer {
        case let e as EmitterLayer: writeEmitter(e, v)
        case let s as ShapeLayer: writeShape(s, fresh: fresh as! ShapeLayer, v)
        case let g as GradientLayer: writeGradient(g, fresh: fresh as! GradientLayer, v)
        case let t as TextLayer: writeText(t, fresh: fresh as! TextLayer, v)
        case let r as ReplicatorLayer: writeReplicator(r, fresh: fresh as! ReplicatorLayer, v)
        default: break
        }
        if !layer.animationKeys().isEmpty || layer.animatedContents != nil { pendingAnimations.append((v, layer)) }
        for sub in layer.sublayers {
            if let s = writeLayer(sub) { line("\(v).addSublayer(\(s))") }
        }
        return v
    }

    mutating func writeCommon(_ l: Layer, fresh f: Layer, _ v: String) {
        if l.bounds != f.bounds { line("\(v).bounds = \(SwiftLiteral.rect(l.bounds))") }
        if l.position != f.position { line("\(v).position = \(SwiftLiteral.point(l.position))") }
        if l.anchorPoint != f.anchorPoint { line("\(v).anchorPoint = \(SwiftLiteral.point(l.anchorPoint))") }
        if l.anchorPointZ != f.anchorPointZ { line("\(v).anchorPointZ = \(SwiftLiteral.number(l.anchorPointZ))") }
        if l.zPosition != f.zPosition { line("\(v).zPosition = \(SwiftLiteral.number(l.zPosition))") }
        if l.transform != f.transform { line("\(v).transform = \(SwiftLiteral.transform(l.transform))") }
        if l.sublayerTransform != f.sublayerTransform { line("\(v).sublayerTransform = \(SwiftLiteral.transform(l.sublayerTransform))") }
        if l.opacity != f.opacity { line("\(v).opacity = \(SwiftLiteral.number(l.opacity))") }
        if l.isHidden != f.isHidden { line("\(v).isHidden = \(l.isHidden)") }
        if let c = l.backgroundColor { line("\(v).backgroundColor = \(SwiftLiteral.color(c))") }
        if l.cornerRadius != f.cornerRadius { line("\(v).cornerRadius = \(SwiftLiteral.number(l.cornerRadius))") }
        if l.borderWidth != f.borderWidth { line("\(v).borderWidth = \(SwiftLiteral.number(l.borderWidth))") }
        if l.borderColor != f.borderColor { line("\(v).borderColor = \(SwiftLiteral.color(l.borderColor))") }
        if l.masksToBounds { line("\(v).masksToBounds = true") }
        if let t = l.contents { line("\(v).contents = UIImage(named: \(SwiftSourceText.stringLiteral(imageName(t, hint: l.name ?? v))))?.cgImage") }
        if l.contentsRect != f.contentsRect { line("\(v).contentsRect = \(SwiftLiteral.rect(l.contentsRect))") }
        if l.contentsGravity != f.contentsGravity {
            // Core Animation's top and bottom are y-up names: the constant that shows at the top on iOS is `.bottom`.
            let flipped = ["top": "bottom", "bottom": "top", "topLeft": "bottomLeft", "topRight": "bottomRight",
                           "bottomLeft": "topLeft", "bottomRight": "topRight"][l.contentsGravity.rawValue] ?? l.contentsGravity.rawValue
            line("\(v).contentsGravity = .\(flipped)")
        }
        if l.contentsScale != f.contentsScale { line("\(v).contentsScale = \(SwiftLiteral.number(l.contentsScale))") }
        if l.minificationFilter != f.minificationFilter { line("\(v).minificationFilter = .\(l.minificationFilter.rawValue)") }
        if l.magnificationFilter != f.magnificationFilter { line("\(v).magnificationFilter = .\(l.magnificationFilter.rawValue)") }
        writeTiming(l.timing, v, isLayer: true)
    }

    mutating func writeTiming(_ t: MediaTiming, _ v: String, isLayer: Bool) {
        let d = MediaTiming()
        if t.beginTime != d.beginTime { line("\(v).beginTime = \(SwiftLiteral.number(t.beginTime))") }
        if t.duration != d.duration { line("\(v).duration = \(SwiftLiteral.number(t.duration))") }
        if t.speed != d.speed { line("\(v).speed = \(SwiftLiteral.number(t.speed))") }
        if t.timeOffset != d.timeOffset { line("\(v).timeOffset = \(SwiftLiteral.number(t.timeOffset))") }
        if t.repeatCount != d.repeatCount { line("\(v).repeatCount = \(SwiftLiteral.number(t.repeatCount))") }
        if t.repeatDuration != d.repeatDuration { line("\(v).repeatDuration = \(SwiftLiteral.number(t.repeatDuration))") }
        if t.autoreverses { line("\(v).autoreverses = true") }
        if t.fillMode != d.fillMode { line("\(v).fillMode = .\(t.fillMode.rawValue)") }
    }

    mutating func writeShape(_ s: ShapeLayer, fresh f: ShapeLayer, _ v: String) {
        if let p = s.path { line("\(v).path = \(writePath(p, hint: v + "Path"))") }
        if s.fillColor != f.fillColor { line("\(v).fillColor = \(s.fillColor.map(SwiftLiteral.color) ?? "nil")") }
        if s.fillRule != f.fillRule { line("\(v).fillRule = .\(s.fillRule.rawValue)") }
        if let c = s.strokeColor { line("\(v).strokeColor = \(SwiftLiteral.color(c))") }
        if s.lineWidth != f.lineWidth { line("\(v).lineWidth = \(SwiftLiteral.number(s.lineWidth))") }
        if s.lineCap != f.lineCap { line("\(v).lineCap = .\(s.lineCap.rawValue)") }
        if s.lineJoin != f.lineJoin { line("\(v).lineJoin = .\(s.lineJoin.rawValue)") }
        if s.miterLimit != f.miterLimit { line("\(v).miterLimit = \(SwiftLiteral.number(s.miterLimit))") }
        if s.strokeStart != f.strokeStart { line("\(v).strokeStart = \(SwiftLiteral.number(s.strokeStart))") }
        if s.strokeEnd != f.strokeEnd { line("\(v).strokeEnd = \(SwiftLiteral.number(s.strokeEnd))") }
        if let d = s.lineDashPattern { line("\(v).lineDashPattern = [\(d.map { SwiftLiteral.number($0) }.joined(separator: ", "))]") }
        if s.lineDashPhase != f.lineDashPhase { line("\(v).lineDashPhase = \(SwiftLiteral.number(s.lineDashPhase))") }
    }

    /// Writes a `CGMutablePath` built element by element; returns its variable.
    mutating func writePath(_ p: Path, hint: String) -> String {
        let v = variable(hint, fallback: "path")
        line("let \(v) = CGMutablePath()")
        for call in SwiftLiteral.pathCalls(p, on: v) { line(call) }
        return v
    }

    mutating func writeGradient(_ g: GradientLayer, fresh f: GradientLayer, _ v: String) {
        if !g.colors.isEmpty { line("\(v).colors = [\(g.colors.map(SwiftLiteral.color).joined(separator: ", "))]") }
        if let l = g.locations { line("\(v).locations = [\(l.map { SwiftLiteral.number($0) }.joined(separator: ", "))]") }
        if g.startPoint != f.startPoint { line("\(v).startPoint = \(SwiftLiteral.point(g.startPoint))") }
        if g.endPoint != f.endPoint { line("\(v).endPoint = \(SwiftLiteral.point(g.endPoint))") }
        if g.type != f.type { line("\(v).type = .\(g.type.rawValue)") }
    }

    mutating func writeText(_ t: TextLayer, fresh f: TextLayer, _ v: String) {
        if !t.string.isEmpty { line("\(v).string = \(SwiftSourceText.stringLiteral(t.string))") }
        if t.fontSize != f.fontSize { line("\(v).fontSize = \(SwiftLiteral.number(t.fontSize))") }
        if let family = t.fontFamily {
            line("\(v).font = \(SwiftSourceText.stringLiteral(family + (t.isBold ? "-Bold" : ""))) as NSString")
        } else if t.isBold {
            line("\(v).font = UIFont.boldSystemFont(ofSize: \(SwiftLiteral.number(t.fontSize)))")
        }
        if t.foregroundColor != f.foregroundColor { line("\(v).foregroundColor = \(SwiftLiteral.color(t.foregroundColor))") }
        if t.alignmentMode != f.alignmentMode { line("\(v).alignmentMode = .\(t.alignmentMode.rawValue)") }
        if t.isWrapped { line("\(v).isWrapped = true") }
    }
}
