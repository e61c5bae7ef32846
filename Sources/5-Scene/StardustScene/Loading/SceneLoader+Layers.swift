import Foundation
import StardustAnimation
import StardustCore
import StardustParticles

extension SceneLoader {
    /// The deepest layer nesting accepted (docs/DESIGN.md §16: nesting limits).
    static let maxDepth = 32

    static let layerTypes = ["emitter", "image", "sprite", "shape", "text", "group", "gradient", "replicator", "lottie"]

    /// Keys every layer accepts (CALayer names, plus media timing).
    static let commonLayerKeys = [
        "type", "name", "position", "bounds", "anchorPoint", "zPosition", "transform", "sublayerTransform", "opacity",
        "hidden", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "masksToBounds", "contents",
        "contentsRect", "contentsGravity", "contentsScale", "minificationFilter", "magnificationFilter", "sublayers",
        "beginTime", "timeOffset", "speed", "enabledWhen",
    ]

    static let typeKeys: [String: [String]] = [
        "emitter": ["emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "emitterShape", "emitterMode",
                    "renderMode", "preservesDepth", "birthRate", "lifetime", "velocity", "scale", "spin", "seed",
                    "emitterCells", "emitterPath"],
        "image": [],
        "group": [],
        "sprite": ["frameCount", "columns", "framesPerSecond", "images", "imageNamed", "sequenceDuration"],
        "shape": ["path", "fillColor", "strokeColor", "lineWidth", "fillRule", "lineCap", "lineJoin", "miterLimit",
                  "strokeStart", "strokeEnd", "lineDashPattern", "lineDashPhase"],
        "text": ["string", "fontSize", "fontFamily", "bold", "foregroundColor", "alignmentMode", "wrapped"],
        "gradient": ["colors", "locations", "startPoint", "endPoint", "gradientType"],
        "replicator": replicatorKeys,
        "lottie": lottieKeys,
    ]

    mutating func layer(_ node: JSONNode, depth: Int, names: inout [String: Layer]) throws -> Layer {
        guard depth <= Self.maxDepth else { throw SceneError(path: node.path, "layers nested deeper than \(Self.maxDepth) levels") }
        guard case .object = node.value else { throw SceneError(path: node.path, "expected a layer object, found \(node.value.kindName)") }
        guard let typeNode = node.child("type") else {
            throw SceneError(path: node.path, "missing \"type\"; expected one of \(Self.layerTypes.joined(separator: ", "))")
        }
        let type = try typeNode.choice(Self.layerTypes)
        let keys = try node.object(allowedKeys: Self.commonLayerKeys + Self.compositingLayerKeys + (Self.typeKeys[type] ?? []))

        let layer: Layer
        switch type {
        case "emitter": layer = try emitterLayer(keys)
        case "shape": layer = try shapeLayer(keys)
        case "text": layer = try textLayer(keys)
        case "gradient": layer = try gradientLayer(keys)
        case "replicator": layer = try replicatorLayer(keys)
        case "lottie": layer = try lottieLayer(keys, path: node.path)
        default: layer = Layer()
        }
        sourcePaths[ObjectIdentifier(layer)] = node.path
        if let n = keys["name"] {
            let name = try n.string()
            guard names[name] == nil else { throw SceneError(path: n.path, "another layer is already named \"\(name)\"") }
            layer.name = name
            names[name] = layer
        }
        try applyCommon(keys, to: layer)
        (layer as? LottieSceneLayer)?.layoutContent()  // the composition fits the bounds the file gave
        try applyCompositing(keys, to: layer, depth: depth, names: &names)
        if let n = keys["enabledWhen"] {
            seasonalGates.append(SeasonalGate(layer: layer, rule: try seasonalRule(n), path: n.path))
        }
        if type == "image" && layer.contents == nil {
            throw SceneError(path: node.path, "an image layer needs \"contents\" (\"builtin:NAME\" or a file path)")
        }
        if type == "sprite" { try applySprite(keys, to: layer, path: node.path) }
        if let subs = keys["sublayers"] {
            for s in try subs.array() { layer.addSublayer(try self.layer(s, depth: depth + 1, names: &names)) }
        }
        try Self.checkReplicatorBudget(layer, path: node.path)
        return layer
    }

    mutating func applyCommon(_ k: [String: JSONNode], to layer: Layer) throws {
        if let n = k["bounds"] { layer.bounds = try n.rect() }
        if let n = k["position"] { layer.position = try n.point() }
        if let n = k["anchorPoint"] { layer.anchorPoint = try n.point() }
        if let n = k["zPosition"] { layer.zPosition = try n.number() }
        if let n = k["transform"] { layer.transform = try transform(n) }
        if let n = k["sublayerTransform"] { layer.sublayerTransform = try transform(n) }
        if let n = k["opacity"] { layer.opacity = try n.number(in: 0...1) }
        if let n = k["hidden"] { layer.isHidden = try n.bool() }
        if let n = k["backgroundColor"] { layer.backgroundColor = try n.color() }
        if let n = k["cornerRadius"] { layer.cornerRadius = try n.number(in: 0...1e6) }
        if let n = k["borderWidth"] { layer.borderWidth = try n.number(in: 0...1e6) }
        if let n = k["borderColor"] { layer.borderColor = try n.color() }
        if let n = k["masksToBounds"] { layer.masksToBounds = try n.bool() }
        if let n = k["contents"] { layer.contents = try texture(n) }
        if let n = k["contentsRect"] { layer.contentsRect = try n.rect() }
        if let n = k["contentsGravity"] { layer.contentsGravity = ContentsGravity(rawValue: try n.choice(ContentsGravity.allCases.map(\.rawValue)))! }
        if let n = k["contentsScale"] { layer.contentsScale = try n.number(in: 0.01...100) }
        if let n = k["minificationFilter"] { layer.minificationFilter = ImageFilter(rawValue: try n.choice(ImageFilter.allCases.map(\.rawValue)))! }
        if let n = k["magnificationFilter"] { layer.magnificationFilter = ImageFilter(rawValue: try n.choice(ImageFilter.allCases.map(\.rawValue)))! }
        if let n = k["beginTime"] { layer.timing.beginTime = try n.number() }
        if let n = k["timeOffset"] { layer.timing.timeOffset = try n.number() }
        if let n = k["speed"] { layer.timing.speed = try n.number(in: -1000...1000) }
        // A layer without explicit bounds takes its contents' natural size.
        if k["bounds"] == nil, let c = layer.contents {
            layer.bounds = Rect(0, 0, Double(c.width) / layer.contentsScale, Double(c.height) / layer.contentsScale)
        }
    }

    /// A transform: a CSS-style list (`"rotate(30deg) translate(10px, 0) scale(2)"`) or 16 numbers (m11 … m44).
    func transform(_ n: JSONNode) throws -> Transform3D {
        switch n.value {
        case .string(let s):
            do { return try TransformList(parsing: s).transform3D } catch { throw SceneError(path: n.path, "\(error)") }
        case .array:
            let m = try n.numbers(count: 16)
            return Transform3D(rows: stride(from: 0, to: 16, by: 4).map { Array(m[$0..<$0 + 4]) })
        default:
            throw SceneError(path: n.path, "expected a transform list string like \"rotate(30deg) scale(2)\" or 16 numbers")
        }
    }

    mutating func shapeLayer(_ k: [String: JSONNode]) throws -> Layer {
        let l = ShapeLayer()
        if let n = k["path"] {
            do { l.path = try Path(svg: try n.string()) } catch let e as SVGPathError { throw SceneError(path: n.path, e.description) }
        }
        if let n = k["fillColor"] { l.fillColor = n.value == .null ? nil : try n.color() }
        if let n = k["strokeColor"] { l.strokeColor = n.value == .null ? nil : try n.color() }
        if let n = k["lineWidth"] { l.lineWidth = try n.number(in: 0...1e5) }
        if let n = k["fillRule"] { l.fillRule = FillRule(rawValue: try n.choice(["nonZero", "evenOdd"]))! }
        if let n = k["lineCap"] { l.lineCap = StrokeStyle.LineCap(rawValue: try n.choice(["butt", "round", "square"]))! }
        if let n = k["lineJoin"] { l.lineJoin = StrokeStyle.LineJoin(rawValue: try n.choice(["miter", "round", "bevel"]))! }
        if let n = k["miterLimit"] { l.miterLimit = try n.number(in: 0...1e5) }
        if let n = k["strokeStart"] { l.strokeStart = try n.number(in: 0...1) }
        if let n = k["strokeEnd"] { l.strokeEnd = try n.number(in: 0...1) }
        try applyDashes(k, to: l)
        return l
    }

    func textLayer(_ k: [String: JSONNode]) throws -> Layer {
        let l = TextLayer()
        if let n = k["string"] { l.string = try n.string() }
        if let n = k["fontSize"] { l.fontSize = try n.number(in: 0.5...2000) }
        if let n = k["fontFamily"] { l.fontFamily = try n.string() }
        if let n = k["bold"] { l.isBold = try n.bool() }
        if let n = k["foregroundColor"] { l.foregroundColor = try n.color() }
        if let n = k["alignmentMode"] { l.alignmentMode = TextLayer.AlignmentMode(rawValue: try n.choice(TextLayer.AlignmentMode.allCases.map(\.rawValue)))! }
        if let n = k["wrapped"] { l.isWrapped = try n.bool() }
        return l
    }

    func gradientLayer(_ k: [String: JSONNode]) throws -> Layer {
        let l = GradientLayer()
        if let n = k["colors"] { l.colors = try n.array().map { try $0.color() } }
        if let n = k["locations"] {
            let locs = try n.array().map { try $0.number(in: 0...1) }
            guard locs.count == l.colors.count else { throw SceneError(path: n.path, "expected one location per color (\(l.colors.count))") }
            l.locations = locs
        }
        if let n = k["startPoint"] { l.startPoint = try n.point() }
        if let n = k["endPoint"] { l.endPoint = try n.point() }
        try applyGradientType(k, to: l)
        return l
    }

    /// A sprite layer plays a horizontal/grid sprite sheet through `contentsRect` (a discrete keyframe
    /// animation, as Core Animation code does it) or an image sequence.
    mutating func applySprite(_ k: [String: JSONNode], to layer: Layer, path: String) throws {
        if let images = k["images"] {
            let textures = try images.array().map { try texture($0) }
            guard !textures.isEmpty else { throw SceneError(path: images.path, "expected at least one image") }
            let duration = try k["sequenceDuration"].map { try $0.number(in: 0.001...3600) } ?? Double(textures.count) / 10
            layer.animatedContents = try AnimatedImage(frames: textures, duration: duration)
            if k["bounds"] == nil { layer.bounds = Rect(0, 0, Double(textures[0].width) / layer.contentsScale, Double(textures[0].height) / layer.contentsScale) }
            return
        }
        if let named = k["imageNamed"] {
            let base = try named.string()
            let duration = try k["sequenceDuration"].map { try $0.number(in: 0.001...3600) } ?? 1
            var loader = self
            defer { imageBytes = loader.imageBytes; inputFiles = loader.inputFiles; textureCache = loader.textureCache }
            do {
                layer.animatedContents = try AnimatedImage.named(base, duration: duration) { name in
                    let node = JSONNode(.string(name), path: named.path)
                    return try? loader.texture(node)
                }
            } catch {
                throw SceneError(path: named.path, "no images \(base)0, \(base)1, … found next to the scene (\(error))")
            }
            if k["bounds"] == nil, let f = layer.animatedContents?.frames.first {
                layer.bounds = Rect(0, 0, Double(f.width) / layer.contentsScale, Double(f.height) / layer.contentsScale)
            }
            return
        }
        guard let countNode = k["frameCount"] else {
            throw SceneError(path: path, "a sprite layer needs \"frameCount\" (a sprite sheet in \"contents\"), \"images\" or \"imageNamed\"")
        }
        guard let sheet = layer.contents else { throw SceneError(path: path, "a sprite sheet layer needs \"contents\"") }
        let count = try countNode.integer(in: 1...4096)
        let columns = try k["columns"].map { try $0.integer(in: 1...4096) } ?? count
        let rows = (count + columns - 1) / columns
        let fps = try k["framesPerSecond"].map { try $0.number(in: 0.01...1000) } ?? 24
        let fw = 1.0 / Double(columns), fh = 1.0 / Double(rows)
        layer.contentsRect = Rect(0, 0, fw, fh)
        if k["bounds"] == nil {
            layer.bounds = Rect(0, 0, Double(sheet.width) * fw / layer.contentsScale, Double(sheet.height) * fh / layer.contentsScale)
        }
        let values: [AnimatableValue] = (0..<count).map { i in .rect(Rect(Double(i % columns) * fw, Double(i / columns) * fh, fw, fh)) }
        let anim = KeyframeAnimation(keyPath: "contentsRect", values: values)
        anim.calculationMode = .discrete
        anim.timing.duration = Double(count) / fps
        anim.timing.repeatCount = .infinity
        layer.add(anim, forKey: "spriteSheet")
    }
}
