import Stardust

/// The controls the page builds, read from the scene itself: every layer (kind, name, opacity, hidden),
/// for emitter layers every emitter property and every cell (nested cells too) with every property, and
/// every animation with its timing. Sent as the `scene` message.
enum SceneControls {
    /// The `scene` message for `scene`.
    static func describe(_ scene: Scene, document: StudioDocument.Info) -> JSONValue {
        var layers: [JSONValue] = []
        // Cell extensions are edited in the source's JSON: only a scene read from JSON has one.
        let editable = document.sourceJSON == nil ? [:] : scene.sourcePaths
        // The layers an emitter path may name (docs/SCENES.md, "Emitting from a layer"), each name once.
        var named = Set<String>()
        let layerNames = scene.allLayers.compactMap(\.name).filter { named.insert($0).inserted }
        let bodyNames = StudioColliderControls.bodyNames(in: document.sourceJSON)
        func walk(_ layer: Layer, path: [Int], depth: Int) {
            var info = describe(layer, path: LayerPath(path), depth: depth, sourcePaths: editable, json: document.sourceJSON,
                                layerNames: layerNames, bodyNames: bodyNames)
            if layer is EmitterLayer, let json = document.sourceJSON, let jsonPath = editable[ObjectIdentifier(layer)],
               case .object(let fields) = info, let parts = try? SceneJSONSave.parse(jsonPath) {
                info = .object(fields + [("emitterPath", StudioEmitterPathControls.describe(
                    json: SceneJSONSave.value(at: parts[...], in: json), jsonPath: jsonPath, ownName: layer.name, layerNames: layerNames))])
            }
            layers.append(info)
            for (i, s) in layer.sublayers.enumerated() where layers.count < 4096 && !StudioSnap.isStudioLayer(s) {
                walk(s, path: path + [i], depth: depth + 1)
            }
        }
        walk(scene.root, path: [], depth: 0)
        return .object([
            ("type", .string("scene")),
            ("name", .string(scene.name)),
            ("source", .string(document.source)),
            ("size", .array([.number(scene.size.width), .number(scene.size.height)])),
            ("scale", .number(scene.scale)),
            ("pixelSize", .array([.number(Double(scene.pixelWidth)), .number(Double(scene.pixelHeight))])),
            ("duration", .number(scene.duration)),
            ("fps", .number(scene.fps)),
            ("canSaveJSON", .bool(document.canSaveJSON)),
            ("exports", .array(document.exports.map { .string($0) })),
            ("presets", .array(Presets.all.map { .string($0.name) })),
            ("layers", .array(layers)),
            ("physics", StudioPhysicsControls.describe(scene, json: document.sourceJSON)),
        ])
    }

    /// `sourcePaths`: the JSON path of each object read from scene JSON (``Scene/sourcePaths``); empty for presets.
    /// `json` is the source's scene JSON (a cell's colliders read their shapes there), `layerNames` the scene's named
    /// layers and `bodyNames` its physics bodies (what a layer or body collider may name).
    static func describe(_ layer: Layer, path: LayerPath, depth: Int, sourcePaths: [ObjectIdentifier: String] = [:],
                         json: JSONValue? = nil, layerNames: [String] = [], bodyNames: [String] = []) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("path", .string(path.description)),
            ("depth", .number(Double(depth))),
            ("name", layer.name.map { .string($0) } ?? .null),
            ("kind", .string(kind(of: layer))),
            ("summary", .string(summary(of: layer))),
            ("opacity", .number(layer.opacity)),
            ("hidden", .bool(layer.isHidden)),
            ("compositing", .array(StudioCompositingControls.describe(layer))),
        ]
        if let emitter = layer as? EmitterLayer {
            fields.append(("emitter", .array(LayerProperty.allCases.map { p in
                property(p.rawValue, p.value(of: emitter), options: options(for: p), live: p.isSampledAtBirth)
            })))
            fields.append(("cells", .array(cells(emitter.emitterCells, prefix: "", indexPath: [], sourcePaths: sourcePaths,
                                                  json: json, layerNames: layerNames.filter { $0 != layer.name }, bodyNames: bodyNames))))
        }
        let drawing = StudioDrawingControls.values(of: layer)
        if !drawing.isEmpty {
            fields.append(("drawing", .array(drawing.map { property($0.key, $0.value, options: $0.options, live: false) })))
        }
        fields.append(("animations", .array(layer.animationKeys().compactMap { key in
            guard let a = layer.animation(forKey: key) else { return nil }
            let t = a.timing
            return .object([
                ("key", .string(key)),
                ("keyPath", a.keyPath.map { .string($0) } ?? .null),
                ("type", .string(String(describing: type(of: a)))),
                ("timing", .array([
                    property("beginTime", .number(t.beginTime), live: false),
                    property("duration", .number(t.duration), live: false),
                    property("speed", .number(t.speed), live: false),
                    property("timeOffset", .number(t.timeOffset), live: false),
                    property("repeatCount", .number(t.repeatCount.isFinite ? t.repeatCount : 1e9), live: false),
                    property("autoreverses", .bool(t.autoreverses), live: false),
                ])),
            ])
        })))
        return .object(fields)
    }

    /// Cells with their key-path prefix (`emitterCells.NAME.`); a cell without a name (or whose name an
    /// earlier sibling already has) cannot be addressed by key path and is listed read-only.
    static func cells(_ list: [EmitterCell], prefix: String?, indexPath: [Int], sourcePaths: [ObjectIdentifier: String] = [:],
                      json: JSONValue? = nil, layerNames: [String] = [], bodyNames: [String] = []) -> [JSONValue] {
        var seen: Set<String> = []
        return list.enumerated().map { i, c in
            var pre: String? = nil
            if let prefix, let name = c.name, !name.contains("."), seen.insert(name).inserted {
                pre = prefix + "emitterCells." + name + "."
            }
            var extra: [(key: String, value: JSONValue)] = []
            let jsonPath = sourcePaths[ObjectIdentifier(c)]
            let cellJSON = jsonPath.flatMap { p in json.flatMap { j in (try? SceneJSONSave.parse(p)).flatMap { SceneJSONSave.value(at: $0[...], in: j) } } }
            if let x = StudioCellExtensionControls.describe(c, jsonPath: jsonPath, isSubCell: !indexPath.isEmpty, cellJSON: cellJSON,
                                                            layerNames: layerNames, bodyNames: bodyNames) { extra.append(("extensions", x)) }
            return .object([
                ("index", .string((indexPath + [i]).map(String.init).joined(separator: "."))),
                ("name", c.name.map { .string($0) } ?? .null),
                ("keyPath", pre.map { .string(String($0.dropLast())) } ?? .null),
                ("properties", .array(CellProperty.allCases.map { p in
                    property(p.rawValue, p.value(of: c), options: options(for: p), live: p.isSampledAtBirth)
                })),
                ("cells", .array(cells(c.emitterCells, prefix: pre, indexPath: indexPath + [i], sourcePaths: sourcePaths, json: json,
                                              layerNames: layerNames, bodyNames: bodyNames))),
            ] + extra)
        }
    }

    static func property(_ key: String, _ value: AnimatableValue, options: [String] = [], live: Bool) -> JSONValue {
        var f: [(key: String, value: JSONValue)] = [
            ("key", .string(key)), ("kind", .string(StudioValueCoding.kind(value))), ("value", StudioValueCoding.json(value)),
            // live: a change applies from the playhead on (a new parameter segment); else to the whole timeline.
            ("live", .bool(live)),
        ]
        if !options.isEmpty { f.append(("options", .array(options.map { .string($0) }))) }
        return .object(f)
    }

    static func options(for p: LayerProperty) -> [String] {
        switch p {
        case .emitterShape: return EmitterShape.allCases.map(\.rawValue)
        case .emitterMode: return EmitterMode.allCases.map(\.rawValue)
        case .renderMode: return EmitterRenderMode.allCases.map(\.rawValue)
        default: return []
        }
    }

    static func options(for p: CellProperty) -> [String] {
        switch p {
        case .fillMode: return FillMode.allCases.map(\.rawValue)
        case .minificationFilter, .magnificationFilter: return ImageFilter.allCases.map(\.rawValue)
        default: return []
        }
    }

    static func kind(of layer: Layer) -> String {
        switch layer {
        case is EmitterLayer: return "emitter"
        case is ShapeLayer: return "shape"
        case is TextLayer: return "text"
        case is GradientLayer: return "gradient"
        case is ReplicatorLayer: return "replicator"
        case is DustLayer, is PixelDustLayer: return "dust"
        default: return layer.contents != nil || layer.animatedContents != nil ? "image" : "layer"
        }
    }

    /// What a layer holds, in a few words, so that a layer without a name can be told apart in the list:
    /// `2 cells: flake, blurryFlake`, `“Happy holidays”`, `3 colors`, `path 12 elements, fill #FFFFFF`,
    /// `64×64 image`, `3 sublayers, #0B1A3A`.
    static func summary(of layer: Layer) -> String {
        func clip(_ s: String, _ n: Int) -> String { s.count > n ? String(s.prefix(n - 1)) + "…" : s }
        var parts: [String] = []
        switch layer {
        case let e as EmitterLayer:
            let names = e.emitterCells.enumerated().map { $1.name ?? "cell \($0)" }
            parts.append("\(names.count) cell\(names.count == 1 ? "" : "s")" + (names.isEmpty ? "" : ": " + clip(names.joined(separator: ", "), 40)))
        case let t as TextLayer:
            parts.append("“" + clip(t.string, 32) + "”")
        case let g as GradientLayer:
            parts.append("\(g.colors.count) color\(g.colors.count == 1 ? "" : "s")")
        case let s as ShapeLayer:
            parts.append(s.path.map { "path \($0.elements.count) elements" } ?? "no path")
            if let f = s.fillColor { parts.append("fill \(f.hexString)") }
            if let c = s.strokeColor { parts.append("stroke \(c.hexString)") }
        default:
            if let c = layer.contents { parts.append("\(c.width)×\(c.height) image") }
            else if layer.animatedContents != nil { parts.append("animated image") }
        }
        if !layer.sublayers.isEmpty { parts.append("\(layer.sublayers.count) sublayer\(layer.sublayers.count == 1 ? "" : "s")") }
        if let b = layer.backgroundColor, parts.isEmpty || !(layer is ShapeLayer) { parts.append(b.hexString) }
        return parts.isEmpty ? "empty" : parts.joined(separator: ", ")
    }
}
