import StardustAnimation
import StardustCore
import StardustLottie
import StardustParticles

/// Writes a built scene as scene JSON (docs/DESIGN.md §10) that ``SceneLoader`` reads back into a scene rendering the same
/// frames: `load(write(scene))` draws byte-identical pixels at every time.
///
/// Written: the scene's name, size, scale, duration, fps, seed and background color; every layer of the kinds a
/// scene file has (`group`/`image`, `emitter` with every cell, nested cells and cell extensions, `shape`, `text`,
/// `gradient`, `lottie` playing a built-in animation) with the values that differ from a fresh layer of its kind; every animation (basic, keyframe,
/// spring, groups) as an `animations` entry naming its layer. Layers that animations name get a name when they
/// have none (`layer3`), and a later layer with an earlier one's name is renamed (`name-2`): names do not change
/// any pixel. Numbers are written in their shortest exact form, so they read back as the same `Double`s.
///
/// Not writable, and refused with a ``SceneJSONWriterError`` naming the layer: pictures drawn in code (scene
/// files name images by file or `builtin:` name; the writer writes builtin images only), Lottie files (likewise:
/// built-in animations only), image sequences, layer
/// kinds with no scene-file type (disintegration, physics), animations other than the four above, layer timing
/// beyond `beginTime`/`timeOffset`/`speed`, simulations (a photo wall, a physics world built in code) and seeds
/// above 2³²−1. Seasonal switches are not written: the scene is written as it renders with every layer on.
public enum SceneJSONWriter {
    /// The scene JSON text of `scene` (pretty-printed, ending with a newline).
    public static func string(_ scene: Scene) throws -> String {
        JSONWriter.string(try document(scene)) + "\n"
    }

    /// The scene JSON document of `scene`.
    public static func document(_ scene: Scene) throws -> JSONValue {
        guard scene.simulations.isEmpty else {
            throw SceneJSONWriterError("the scene has a physics simulation built in code (a photo wall or a world), which scene JSON cannot hold")
        }
        guard scene.seed <= UInt64(UInt32.max) else { throw SceneJSONWriterError("the scene's seed \(scene.seed) is above 4294967295, the most a scene file holds") }
        var w = Writer()
        w.assignNames(scene.root)
        var top: [(key: String, value: JSONValue)] = []
        if !scene.name.isEmpty { top.append(("name", .string(scene.name))) }
        top.append(("size", numbers([scene.size.width, scene.size.height])))
        top.append(("scale", .number(scene.scale)))
        top.append(("duration", .number(scene.duration)))
        top.append(("fps", .number(scene.fps)))
        top.append(("seed", .number(Double(scene.seed))))
        if scene.background != .clear { top.append(("background", color(scene.background))) }
        guard scene.root.animationKeys().isEmpty, scene.root.timing == MediaTiming() else {
            throw SceneJSONWriterError("the root layer has animations or timing, which scene JSON cannot hold")
        }
        top.append(("layers", .array(try scene.root.sublayers.map { try w.layer($0) })))
        if !w.animations.isEmpty { top.append(("animations", .array(w.animations))) }
        return .object(top)
    }

    // MARK: Values

    static func numbers(_ v: [Double]) -> JSONValue { .array(v.map { .number($0) }) }
    static func color(_ c: Color) -> JSONValue { numbers([c.red, c.green, c.blue, c.alpha]) }
    static func transform(_ m: Transform3D) -> JSONValue { numbers(m.rows.flatMap { $0 }) }

    /// The scene format's JSON for an animatable value: a number or boolean as itself, a string as a string,
    /// points and sizes as `[x, y]` / `[width, height]`, rectangles as `[x, y, width, height]`, colors as
    /// `[r, g, b, a]` (0…1), transforms as their 16 matrix entries row by row, paths as SVG path strings, lists
    /// as arrays.
    ///
    /// - Throws: ``SceneJSONWriterError`` naming `place` when a number is not finite (JSON has no form for it).
    public static func value(_ v: AnimatableValue, at place: String) throws -> JSONValue {
        // Numbers must be finite; every other kind has a JSON form.
        switch v {
        case .number(let d):
            guard d.isFinite else { throw SceneJSONWriterError("\(place) is not a finite number") }
            return .number(d)
        case .point(let p): return numbers([p.x, p.y])
        case .size(let s): return numbers([s.width, s.height])
        case .rect(let r): return numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .color(let c): return color(c)
        case .transform(let m): return transform(m)
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .path(let p): return .string(svg(p))
        case .array(let a): return .array(try a.enumerated().map { try value($0.element, at: "\(place)[\($0.offset)]") })
        }
    }

    /// A repeat count or duration: `"infinity"` for ever.
    static func repeatValue(_ d: Double) -> JSONValue { d.isInfinite ? .string("infinity") : .number(d) }

    static func timingFunction(_ f: TimingFunction) -> JSONValue {
        numbers([Double(f.c1x), Double(f.c1y), Double(f.c2x), Double(f.c2y)])
    }

    /// An SVG path string the loader's SVG parser reads back to the same elements.
    static func svg(_ path: Path) -> String {
        func n(_ d: Double) -> String { JSONWriter.number(d) }
        func p(_ q: Point) -> String { "\(n(q.x)) \(n(q.y))" }
        return path.elements.map { e -> String in
            switch e {
            case .move(let a): return "M \(p(a))"
            case .line(let a): return "L \(p(a))"
            case .quadCurve(let a, let c): return "Q \(p(c)) \(p(a))"
            case .curve(let a, let c1, let c2): return "C \(p(c1)) \(p(c2)) \(p(a))"
            case .closeSubpath: return "Z"
            }
        }.joined(separator: " ")
    }

    /// The media timing keys that differ from the defaults.
    static func timing(_ t: MediaTiming, into out: inout [(key: String, value: JSONValue)]) {
        let d = MediaTiming()
        if t.beginTime != d.beginTime { out.append(("beginTime", .number(t.beginTime))) }
        if t.duration != d.duration { out.append(("duration", .number(t.duration))) }
        if t.speed != d.speed { out.append(("speed", .number(t.speed))) }
        if t.timeOffset != d.timeOffset { out.append(("timeOffset", .number(t.timeOffset))) }
        if t.repeatCount != d.repeatCount { out.append(("repeatCount", repeatValue(t.repeatCount))) }
        if t.repeatDuration != d.repeatDuration { out.append(("repeatDuration", repeatValue(t.repeatDuration))) }
        if t.autoreverses != d.autoreverses { out.append(("autoreverses", .bool(t.autoreverses))) }
        if t.fillMode != d.fillMode { out.append(("fillMode", .string(t.fillMode.rawValue))) }
    }

    // MARK: The tree

    struct Writer {
        var names: [ObjectIdentifier: String] = [:]
        var animations: [JSONValue] = []
        var layerCount = 0

        /// Gives every layer a unique name when it needs one (it has a name, or animations that must name it).
        mutating func assignNames(_ root: Layer) {
            var used: Set<String> = []
            var index = 0
            func walk(_ l: Layer) {
                for s in l.sublayers {
                    index += 1
                    var name = s.name
                    if name == nil && !s.animationKeys().isEmpty { name = "layer\(index)" }
                    if var n = name {
                        var k = 2
                        let base = n
                        while used.contains(n) { n = "\(base)-\(k)"; k += 1 }
                        used.insert(n)
                        names[ObjectIdentifier(s)] = n
                    }
                    if !(s is LottieSceneLayer) { walk(s) }  // its tree is made again from the animation
                }
            }
            walk(root)
        }

        func describe(_ l: Layer) -> String { "layer \"\(names[ObjectIdentifier(l)] ?? l.name ?? "unnamed")\"" }

        mutating func layer(_ l: Layer) throws -> JSONValue {
            layerCount += 1
            let here = describe(l)
            var f: [(key: String, value: JSONValue)] = []
            let fresh: Layer
            switch l {
            case is EmitterLayer where type(of: l) == EmitterLayer.self: f.append(("type", .string("emitter"))); fresh = EmitterLayer()
            case is ShapeLayer where type(of: l) == ShapeLayer.self: f.append(("type", .string("shape"))); fresh = ShapeLayer()
            case is TextLayer where type(of: l) == TextLayer.self: f.append(("type", .string("text"))); fresh = TextLayer()
            case is GradientLayer where type(of: l) == GradientLayer.self: f.append(("type", .string("gradient"))); fresh = GradientLayer()
            case is ReplicatorLayer where type(of: l) == ReplicatorLayer.self: f.append(("type", .string("replicator"))); fresh = ReplicatorLayer()
            case let x as LottieSceneLayer:
                // Like pictures, a Lottie animation is written by its built-in name: the JSON has no folder for files.
                guard BuiltinLottie.name(ofSource: x.source) != nil else {
                    throw SceneJSONWriterError("\(here) plays the Lottie file \"\(x.source)\"; scene JSON written here names built-in animations only (builtin:NAME)")
                }
                f.append(("type", .string("lottie"))); fresh = Layer()
            default:
                guard type(of: l) == Layer.self else {
                    throw SceneJSONWriterError("\(here) is a \(type(of: l)), a kind of layer scene JSON has no type for")
                }
                f.append(("type", .string(l.contents == nil ? "group" : "image")))
                fresh = Layer()
            }
            if let n = names[ObjectIdentifier(l)] { f.append(("name", .string(n))) }
            guard l.animatedContents == nil else { throw SceneJSONWriterError("\(here) plays an image sequence, which scene JSON names by files") }
            // Bounds always: without them the loader sizes a layer by its contents.
            f.append(("bounds", numbers([l.bounds.origin.x, l.bounds.origin.y, l.bounds.size.width, l.bounds.size.height])))
            if l.position != fresh.position { f.append(("position", numbers([l.position.x, l.position.y]))) }
            if l.anchorPoint != fresh.anchorPoint { f.append(("anchorPoint", numbers([l.anchorPoint.x, l.anchorPoint.y]))) }
            guard l.anchorPointZ == fresh.anchorPointZ else { throw SceneJSONWriterError("\(here) has an anchorPointZ, which scene JSON cannot hold") }
            if l.zPosition != fresh.zPosition { f.append(("zPosition", .number(l.zPosition))) }
            if l.transform != fresh.transform { f.append(("transform", SceneJSONWriter.transform(l.transform))) }
            if l.sublayerTransform != fresh.sublayerTransform { f.append(("sublayerTransform", SceneJSONWriter.transform(l.sublayerTransform))) }
            if l.opacity != fresh.opacity { f.append(("opacity", .number(l.opacity))) }
            if l.isHidden != fresh.isHidden { f.append(("hidden", .bool(l.isHidden))) }
            if l.backgroundColor != fresh.backgroundColor {
                guard let c = l.backgroundColor else { throw SceneJSONWriterError("\(here) has no background color where its kind has one") }
                f.append(("backgroundColor", color(c)))
            }
            if l.cornerRadius != fresh.cornerRadius { f.append(("cornerRadius", .number(l.cornerRadius))) }
            if l.borderWidth != fresh.borderWidth { f.append(("borderWidth", .number(l.borderWidth))) }
            if l.borderColor != fresh.borderColor { f.append(("borderColor", color(l.borderColor))) }
            if l.masksToBounds != fresh.masksToBounds { f.append(("masksToBounds", .bool(l.masksToBounds))) }
            if let t = l.contents { f.append(("contents", .string(try builtinName(t, at: here)))) }
            if l.contentsRect != fresh.contentsRect { f.append(("contentsRect", try value(.rect(l.contentsRect), at: here))) }
            if l.contentsGravity != fresh.contentsGravity { f.append(("contentsGravity", .string(l.contentsGravity.rawValue))) }
            if l.contentsScale != fresh.contentsScale { f.append(("contentsScale", .number(l.contentsScale))) }
            if l.minificationFilter != fresh.minificationFilter { f.append(("minificationFilter", .string(l.minificationFilter.rawValue))) }
            if l.magnificationFilter != fresh.magnificationFilter { f.append(("magnificationFilter", .string(l.magnificationFilter.rawValue))) }
            var t = l.timing
            if t.beginTime != 0 { f.append(("beginTime", .number(t.beginTime))) }
            if t.timeOffset != 0 { f.append(("timeOffset", .number(t.timeOffset))) }
            if t.speed != 1 { f.append(("speed", .number(t.speed))) }
            t.beginTime = 0; t.timeOffset = 0; t.speed = 1
            guard t == MediaTiming() else {
                throw SceneJSONWriterError("\(here) has timing beyond beginTime, timeOffset and speed, which a scene file's layers do not hold")
            }
            try compositing(l, fresh: fresh, into: &f, at: here)
            switch l {
            case let e as EmitterLayer: try emitter(e, fresh: EmitterLayer(), into: &f, at: here)
            case let s as ShapeLayer: try shape(s, fresh: ShapeLayer(), into: &f, at: here)
            case let x as TextLayer: text(x, fresh: TextLayer(), into: &f)
            case let g as GradientLayer: gradient(g, fresh: GradientLayer(), into: &f)
            case let x as LottieSceneLayer: lottie(x, into: &f)
            default: break
            }
            for key in l.animationKeys() {
                guard let a = l.animation(forKey: key) else { continue }
                var entry = try animation(a, at: "\(here), animation \"\(key)\"")
                guard case .object(var m) = entry else { continue }
                m.insert(("layer", .string(names[ObjectIdentifier(l)]!)), at: 0)
                entry = .object(m)
                animations.append(entry)
            }
            // A lottie layer's sublayers are its playback and the translated animation, made again when it loads.
            if !l.sublayers.isEmpty, !(l is LottieSceneLayer) { f.append(("sublayers", .array(try l.sublayers.map { try layer($0) }))) }
            return .object(f)
        }

        /// A `lottie` layer's own keys: the animation and lottie-ios's playback names.
        func lottie(_ x: LottieSceneLayer, into f: inout [(key: String, value: JSONValue)]) {
            f.append(("source", .string(x.source)))
            if x.loopMode != .playOnce { f.append(("loopMode", .string(x.loopMode.description))) }
            if x.animationSpeed != 1 { f.append(("animationSpeed", .number(x.animationSpeed))) }
            if x.fromProgress != 0 { f.append(("fromProgress", .number(x.fromProgress))) }
            if x.toProgress != 1 { f.append(("toProgress", .number(x.toProgress))) }
        }

        func builtinName(_ t: Texture, at place: String) throws -> String {
            for n in BuiltinImages.names where BuiltinImages.texture(named: n) === t { return "builtin:" + n }
            throw SceneJSONWriterError("\(place) shows a picture drawn in code; scene JSON names pictures by file or builtin name")
        }

        func emitter(_ e: EmitterLayer, fresh: EmitterLayer, into f: inout [(key: String, value: JSONValue)], at here: String) throws {
            for p in LayerProperty.allCases {
                let v = p.value(of: e)
                if v != p.value(of: fresh) { f.append((p.rawValue, try value(v, at: "\(here) \(p.rawValue)"))) }
            }
            if let p = e.emitterPath {
                // Written as the resolved path in the emitter's coordinates: it reads back the same whatever layer it came from.
                var m: [(key: String, value: JSONValue)] = [("path", .string(SceneJSONWriter.svg(p.path))),
                                                            ("placement", .string(p.placement.rawValue)),
                                                            ("fillRule", .string(p.fillRule.rawValue))]
                if p.placement == .tracing { m += [("speed", .number(p.speed)), ("phase", .number(p.phase))] }
                f.append(("emitterPath", .object(m)))
            }
            if !e.emitterCells.isEmpty { f.append(("emitterCells", .array(try e.emitterCells.map { try cell($0, at: here) }))) }
        }

        func cell(_ c: EmitterCell, at parent: String) throws -> JSONValue {
            let here = "\(parent), cell \"\(c.name ?? "unnamed")\""
            let fresh = EmitterCell()
            var f: [(key: String, value: JSONValue)] = []
            if let n = c.name { f.append(("name", .string(n))) }
            for p in CellProperty.allCases {
                let v = p.value(of: c)
                guard v != p.value(of: fresh) else { continue }
                if p == .repeatCount || p == .repeatDuration, case .number(let d) = v {
                    f.append((p.rawValue, repeatValue(d)))
                } else {
                    f.append((p.rawValue, try value(v, at: "\(here) \(p.rawValue)")))
                }
            }
            if let t = c.contents {
                let name = try builtinName(t, at: here)
                guard c.isRotationInvariant == BuiltinImages.isRotationInvariant(named: name) else {
                    throw SceneJSONWriterError("\(here) marks its image rotation-invariant differently from the loader")
                }
                f.append(("contents", .string(name)))
            } else if c.isRotationInvariant {
                throw SceneJSONWriterError("\(here) is rotation-invariant without an image")
            }
            if let x = c.extensions { try extensions(x, into: &f) }
            if !c.emitterCells.isEmpty { f.append(("emitterCells", .array(try c.emitterCells.map { try cell($0, at: here) }))) }
            return .object(f)
        }

        func extensions(_ x: CellExtensions, into f: inout [(key: String, value: JSONValue)]) throws {
            // A moving collider is a physics body's (read from its name with the world, which scene JSON written
            // here cannot hold) or a motion built in code: its shapes alone would be a collider that stays.
            if let m = x.allColliders.lazy.compactMap(\.motion).first {
                throw SceneJSONWriterError("a cell has a collider that moves with \"\(m.name)\", which scene JSON written here cannot hold")
            }
            // Every key, even at its default: a cell with extensions must read back with extensions.
            if let c = x.finishColor { f.append(("finishColor", color(c))) }
            f.append(("finishRedRange", .number(x.finishRedRange)))
            f.append(("finishGreenRange", .number(x.finishGreenRange)))
            f.append(("finishBlueRange", .number(x.finishBlueRange)))
            f.append(("finishAlphaRange", .number(x.finishAlphaRange)))
            if let s = x.finishScale { f.append(("finishScale", .number(s))) }
            f.append(("finishScaleRange", .number(x.finishScaleRange)))
            f.append(("rotation", .number(x.rotation)))
            f.append(("rotationRange", .number(x.rotationRange)))
            if let r = x.finishRotation { f.append(("finishRotation", .number(r))) }
            f.append(("finishRotationRange", .number(x.finishRotationRange)))
            f.append(("radialAcceleration", .number(x.radialAcceleration)))
            f.append(("radialAccelerationRange", .number(x.radialAccelerationRange)))
            f.append(("tangentialAcceleration", .number(x.tangentialAcceleration)))
            f.append(("tangentialAccelerationRange", .number(x.tangentialAccelerationRange)))
            if let o = x.orbit {
                var m: [(key: String, value: JSONValue)] = [("radius", .number(o.radius)), ("radiusRange", .number(o.radiusRange))]
                m.append(("finishRadius", .number(o.finishRadius)))
                m.append(("finishRadiusRange", .number(o.finishRadiusRange)))
                m.append(("angularVelocity", .number(o.angularVelocity)))
                m.append(("angularVelocityRange", .number(o.angularVelocityRange)))
                f.append(("orbit", .object(m)))
            }
            func stops(_ times: [Double], _ values: [JSONValue], _ mode: CurveInterpolation) -> JSONValue {
                .object([("interpolation", .string(mode.rawValue)),
                         ("stops", .array(zip(times, values).map { .array([.number($0), $1]) }))])
            }
            func curve(_ c: ParticleCurve) -> JSONValue { stops(c.times, c.values.map { .number($0) }, c.interpolation) }
            func ramp(_ r: ColorRamp) -> JSONValue { stops(r.times, r.colors.map(color), r.interpolation) }
            if let r = x.colorOverLife { f.append(("colorOverLife", ramp(r))) }
            if let r = x.secondColorOverLife { f.append(("secondColorOverLife", ramp(r))) }
            if let c = x.alphaOverLife { f.append(("alphaOverLife", curve(c))) }
            if let c = x.scaleOverLife { f.append(("scaleOverLife", curve(c))) }
            if let c = x.spinOverLife { f.append(("spinOverLife", curve(c))) }
            if let c = x.speedOverLife { f.append(("speedOverLife", curve(c))) }
            if !x.bursts.isEmpty {
                f.append(("bursts", .array(x.bursts.map { b in
                    .object([("time", .number(b.time)), ("count", .number(Double(b.count))),
                             ("cycles", b.cycles == ParticleBurst.forever ? .string("infinity") : .number(Double(b.cycles))),
                             ("interval", .number(b.interval))])
                })))
            }
            if let n = x.maximumAlive { f.append(("maximumAlive", .number(Double(n)))) }
            if let d = x.emissionDuration { f.append(("emissionDuration", .number(d))) }
            if x.velocityStretch != 0 { f.append(("velocityStretch", .number(x.velocityStretch))) }
            if let t = x.trigger { f.append(("trigger", .string(t.rawValue))) }
            if x.inheritedVelocity != 0 { f.append(("inheritedVelocity", .number(x.inheritedVelocity))) }
            func pt(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
            if let fl = x.fields {
                var m: [(key: String, value: JSONValue)] = [("drag", .number(fl.drag)), ("wind", pt(fl.wind))]
                if !fl.attractors.isEmpty {
                    m.append(("attractors", .array(fl.attractors.map {
                        .object([("position", pt($0.position)), ("strength", .number($0.strength)), ("radius", .number($0.radius))])
                    })))
                }
                if let v = fl.vortex {
                    m.append(("vortex", .object([("center", pt(v.center)), ("angularVelocity", .number(v.angularVelocity)),
                                                 ("coreRadius", .number(v.coreRadius))])))
                }
                if let t = fl.turbulence {
                    m.append(("turbulence", .object([("strength", .number(t.strength)), ("scale", .number(t.scale)),
                                                     ("seed", .number(Double(t.seed)))])))
                }
                f.append(("fields", .object(m)))
            }
            if let s = x.textureSheet {
                var m: [(key: String, value: JSONValue)] = [("columns", .number(Double(s.columns))), ("rows", .number(Double(s.rows))),
                                                            ("frameCount", .number(Double(s.frameCount))),
                                                            ("startFrame", .number(Double(s.startFrame))),
                                                            ("startFrameRange", .number(Double(s.startFrameRange)))]
                switch s.timing {
                case .overLife(let cycles): m.append(("cyclesPerLife", .number(cycles)))
                case .bySpeed(let lo, let hi): m.append(("speedRange", .array([.number(lo), .number(hi)])))
                }
                f.append(("textureSheet", .object(m)))
            }
            func collider(_ c: ParticleCollider) -> JSONValue {
                var m: [(key: String, value: JSONValue)]
                switch c.shape {
                case .line: m = [("from", pt(c.from)), ("to", pt(c.to)), ("infinite", .bool(c.isInfinite))]
                case .rectangle(let r):
                    m = [("rectangle", .array([.number(r.origin.x), .number(r.origin.y), .number(r.size.width), .number(r.size.height)])),
                         ("inside", .bool(c.isContainer))]
                case .circle(let center, let radius):
                    m = [("circle", pt(center)), ("radius", .number(radius)), ("inside", .bool(c.isContainer))]
                case .polygon(let vertices):
                    m = [("polygon", .array(vertices.map(pt))), ("inside", .bool(c.isContainer))]
                }
                m += [("response", .string(c.response.rawValue)), ("restitution", .number(c.restitution)), ("friction", .number(c.friction))]
                return .object(m)
            }
            if let c = x.collider { f.append(("collider", collider(c))) }
            if !x.colliders.isEmpty { f.append(("colliders", .array(x.colliders.map(collider)))) }
        }

        func shape(_ s: ShapeLayer, fresh: ShapeLayer, into f: inout [(key: String, value: JSONValue)], at here: String) throws {
            if let p = s.path { f.append(("path", .string(svg(p)))) }
            if s.fillColor != fresh.fillColor { f.append(("fillColor", s.fillColor.map(color) ?? .null)) }
            if s.strokeColor != fresh.strokeColor { f.append(("strokeColor", s.strokeColor.map(color) ?? .null)) }
            if s.lineWidth != fresh.lineWidth { f.append(("lineWidth", .number(s.lineWidth))) }
            if s.fillRule != fresh.fillRule { f.append(("fillRule", .string(s.fillRule.rawValue))) }
            if s.lineCap != fresh.lineCap { f.append(("lineCap", .string(s.lineCap.rawValue))) }
            if s.lineJoin != fresh.lineJoin { f.append(("lineJoin", .string(s.lineJoin.rawValue))) }
            if s.miterLimit != fresh.miterLimit { f.append(("miterLimit", .number(s.miterLimit))) }
            if s.strokeStart != fresh.strokeStart { f.append(("strokeStart", .number(s.strokeStart))) }
            if s.strokeEnd != fresh.strokeEnd { f.append(("strokeEnd", .number(s.strokeEnd))) }
            if let d = s.lineDashPattern { f.append(("lineDashPattern", numbers(d))) }
            if s.lineDashPhase != fresh.lineDashPhase { f.append(("lineDashPhase", try value(.number(s.lineDashPhase), at: here + ".lineDashPhase"))) }
        }

        func text(_ t: TextLayer, fresh: TextLayer, into f: inout [(key: String, value: JSONValue)]) {
            if t.string != fresh.string { f.append(("string", .string(t.string))) }
            if t.fontSize != fresh.fontSize { f.append(("fontSize", .number(t.fontSize))) }
            if let family = t.fontFamily { f.append(("fontFamily", .string(family))) }
            if t.isBold != fresh.isBold { f.append(("bold", .bool(t.isBold))) }
            if t.foregroundColor != fresh.foregroundColor { f.append(("foregroundColor", color(t.foregroundColor))) }
            if t.alignmentMode != fresh.alignmentMode { f.append(("alignmentMode", .string(t.alignmentMode.rawValue))) }
            if t.isWrapped != fresh.isWrapped { f.append(("wrapped", .bool(t.isWrapped))) }
        }

        func gradient(_ g: GradientLayer, fresh: GradientLayer, into f: inout [(key: String, value: JSONValue)]) {
            if !g.colors.isEmpty { f.append(("colors", .array(g.colors.map(color)))) }
            if let l = g.locations { f.append(("locations", numbers(l))) }
            if g.startPoint != fresh.startPoint { f.append(("startPoint", numbers([g.startPoint.x, g.startPoint.y]))) }
            if g.endPoint != fresh.endPoint { f.append(("endPoint", numbers([g.endPoint.x, g.endPoint.y]))) }
            if g.type != fresh.type { f.append(("gradientType", .string(g.type.rawValue))) }
        }

        func animation(_ a: Animation, at here: String) throws -> JSONValue {
            var f: [(key: String, value: JSONValue)] = []
            switch a {
            case let g as AnimationGroup where type(of: a) == AnimationGroup.self:
                f.append(("type", .string("group")))
                f.append(("animations", .array(try g.animations.map { try animation($0, at: here) })))
            case let s as SpringAnimation where type(of: a) == SpringAnimation.self:
                f.append(("type", .string("spring")))
                f.append(("keyPath", .string(s.keyPath ?? "")))
                if let v = s.fromValue { f.append(("fromValue", try value(v, at: here))) }
                if let v = s.toValue { f.append(("toValue", try value(v, at: here))) }
                if let v = s.byValue { f.append(("byValue", try value(v, at: here))) }
                f.append(("mass", .number(s.mass)))
                f.append(("stiffness", .number(s.stiffness)))
                f.append(("damping", .number(s.damping)))
                if s.initialVelocity != 0 { f.append(("initialVelocity", .number(s.initialVelocity))) }
                if s.allowsOverdamping { f.append(("allowsOverdamping", .bool(true))) }
            case let b as BasicAnimation where type(of: a) == BasicAnimation.self:
                f.append(("type", .string("basic")))
                f.append(("keyPath", .string(b.keyPath ?? "")))
                if let v = b.fromValue { f.append(("fromValue", try value(v, at: here))) }
                if let v = b.toValue { f.append(("toValue", try value(v, at: here))) }
                if let v = b.byValue { f.append(("byValue", try value(v, at: here))) }
            case let k as KeyframeAnimation where type(of: a) == KeyframeAnimation.self:
                f.append(("type", .string("keyframe")))
                f.append(("keyPath", .string(k.keyPath ?? "")))
                if let v = k.values { f.append(("values", .array(try v.map { try value($0, at: here) }))) }
                if let p = k.path { f.append(("path", .string(svg(p)))) }
                if let t = k.keyTimes { f.append(("keyTimes", numbers(t))) }
                if let t = k.timingFunctions { f.append(("timingFunctions", .array(t.map(timingFunction)))) }
                if k.calculationMode != .linear { f.append(("calculationMode", .string(k.calculationMode.rawValue))) }
                if let r = k.rotationMode { f.append(("rotationMode", .string(r.rawValue))) }
                if let v = k.tensionValues { f.append(("tensionValues", numbers(v))) }
                if let v = k.continuityValues { f.append(("continuityValues", numbers(v))) }
                if let v = k.biasValues { f.append(("biasValues", numbers(v))) }
            default:
                throw SceneJSONWriterError("\(here) is a \(type(of: a)), which scene JSON cannot hold")
            }
            timing(a.timing, into: &f)
            if !a.isRemovedOnCompletion { f.append(("removedOnCompletion", .bool(false))) }
            if let t = a.timingFunction { f.append(("timingFunction", timingFunction(t))) }
            if a.isAdditive { f.append(("additive", .bool(true))) }
            if a.isCumulative { f.append(("cumulative", .bool(true))) }
            return .object(f)
        }
    }
}

/// Why a scene cannot be written as scene JSON: one sentence naming the layer or animation.
public struct SceneJSONWriterError: Error, CustomStringConvertible, Sendable {
    /// The reason.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
