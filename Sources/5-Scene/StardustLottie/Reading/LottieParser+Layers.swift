/// Layers and transforms.
extension LottieParser {
    func layers(_ j: LottieJSON) throws -> [LottieLayer] {
        let nodes = try j.elements()
        layerCount += nodes.count
        guard layerCount <= limits.maxLayers else { throw j.fail("more than \(limits.maxLayers) layers in the file") }
        return try nodes.map(layer)
    }

    func layer(_ j: LottieJSON) throws -> LottieLayer {
        guard j.isObject else { throw j.fail("expected a layer object, found \(j.kind)") }
        let ty = try j["ty"]?.integer() ?? -1
        let kind: LottieLayer.Kind
        switch ty {
        case 0:
            guard let ref = j["refId"] else { throw j.fail("a precomp layer needs \"refId\"") }
            kind = .precomp(refId: try idString(ref), width: try j["w"].map(checkedSide) ?? 0, height: try j["h"].map(checkedSide) ?? 0,
                            timeRemap: try j["tm"].map { try scalar($0, default: 0) })
        case 1:
            kind = .solid(color: try j.string("sc") ?? "#000000", width: try j["sw"].map(checkedSide) ?? 0,
                          height: try j["sh"].map(checkedSide) ?? 0)
        case 2:
            guard let ref = j["refId"] else { throw j.fail("an image layer needs \"refId\"") }
            kind = .image(refId: try idString(ref))
        case 3: kind = .null
        case 4:
            let (items, paths) = try shapeItems(j["shapes"], depth: 0)
            kind = .shape(items, itemPaths: paths)
        case 5: kind = .text(try text(j["t"]))
        default: kind = .other(ty)
        }
        let ip = try frame(j, "ip", default: 0), op = try frame(j, "op", default: limits.maxFrame)
        let sr = try j.number("sr", default: 1)
        guard sr != 0 else { throw LottieError(path: "\(j.path).sr", "the time stretch must not be 0") }
        let masks = try self.masks(j["masksProperties"])
        let effects = try self.effects(j["ef"])
        return LottieLayer(kind: kind, name: try j.string("nm"), index: try j["ind"].map { try $0.integer() },
                           parent: try j["parent"].map { try $0.integer() },
                           transform: try transform(j["ks"]), autoOrient: try j.flag("ao"),
                           inPoint: ip, outPoint: op, startTime: try j["st"].map(checkedFrame) ?? 0, stretch: sr,
                           hidden: try j.flag("hd"), matteMode: try j["tt"].map { try $0.integer() },
                           isMatteSource: try j.flag("td"), masks: masks, matteParent: try j["tp"].map { try $0.integer() },
                           blendMode: try j.integer("bm", default: 0),
                           effects: effects, is3D: try j.flag("ddd"), path: j.path)
    }

    /// `masksProperties`: at most ``LottieLimits/maxMasks`` masks.
    func masks(_ j: LottieJSON?) throws -> [LottieMask] {
        guard let j else { return [] }
        let nodes = try j.elements()
        guard nodes.count <= limits.maxMasks else { throw j.fail("more than \(limits.maxMasks) masks on one layer") }
        return try nodes.map { m in
            guard m.isObject else { throw m.fail("expected a mask object, found \(m.kind)") }
            let outline = try m["pt"].map(bezierProperty) ?? .constant(LottieBezier(closed: true, vertices: [], inTangents: [], outTangents: []))
            return LottieMask(mode: try m.string("mode") ?? "a", outline: outline, opacity: try scalar(m["o"], default: 100),
                              expansion: try scalar(m["x"], default: 0), inverted: try m.flag("inv"), path: m.path)
        }
    }

    /// `ef`: at most ``LottieLimits/maxEffects`` effects of at most as many values each.
    func effects(_ j: LottieJSON?) throws -> [LottieEffect] {
        guard let j else { return [] }
        let nodes = try j.elements()
        guard nodes.count <= limits.maxEffects else { throw j.fail("more than \(limits.maxEffects) effects on one layer") }
        return try nodes.map { e in
            guard e.isObject else { throw e.fail("expected an effect object, found \(e.kind)") }
            var values: [LottieProperty<[Double]>] = []
            if let list = e["ef"] {
                let items = try list.elements()
                guard items.count <= limits.maxEffects else { throw list.fail("more than \(limits.maxEffects) values in one effect") }
                for item in items {
                    // Values are numbers or number lists; anything else (a layer reference, a nested group) is kept empty.
                    if let v = item["v"], (try? vector(v, default: [])) != nil { values.append(try vector(v, default: [])) } else { values.append(.constant([])) }
                }
            }
            return LottieEffect(type: try e["ty"]?.integer() ?? -1, values: values,
                                enabled: (try? e.number("en", default: 1)) != 0, path: e.path)
        }
    }

    func transform(_ j: LottieJSON?) throws -> LottieTransform {
        var t = LottieTransform()
        guard let j else { return t }
        t.anchor = try vector(j["a"], default: [0, 0])
        if let p = j["p"] {
            if try p.flag("s") {
                t.position = .split(x: try scalar(p["x"], default: 0), y: try scalar(p["y"], default: 0))
            } else {
                t.position = .combined(try vector(p, default: [0, 0]))
            }
        }
        t.scale = try vector(j["s"], default: [100, 100])
        t.rotation = try scalar(j["r"] ?? j["rz"], default: 0)
        t.rotationX = try scalar(j["rx"], default: 0)
        t.rotationY = try scalar(j["ry"], default: 0)
        t.skew = try scalar(j["sk"], default: 0)
        t.skewAxis = try scalar(j["sa"], default: 0)
        t.opacity = try scalar(j["o"], default: 100)
        return t
    }

    func text(_ j: LottieJSON?) throws -> LottieText {
        var documents: [LottieTextDocument] = []
        for k in try j?["d"]?["k"]?.elements() ?? [] {
            guard let d = k["s"] else { continue }
            func color(_ key: LottieJSONName) throws -> [Double]? { try d[key]?.numbers() }
            func pair(_ key: LottieJSONName) throws -> [Double]? { try d[key].map { try $0.numbers() }.flatMap { $0.count >= 2 ? $0 : nil } }
            documents.append(LottieTextDocument(
                time: try k.number("t", default: 0), text: try d.string("t") ?? "", fontName: try d.string("f") ?? "",
                fontSize: try d.number("s", default: 12), fillColor: try color("fc"), strokeColor: try color("sc"),
                strokeWidth: try d.number("sw", default: 0), strokeOverFill: try d.flag("of"),
                justification: try d.integer("j", default: 0), tracking: try d.number("tr", default: 0),
                lineHeight: try d.number("lh", default: 0), baselineShift: try d.number("ls", default: 0),
                boxSize: try pair("sz"), boxPosition: try pair("ps"), allCaps: try d.number("ca", default: 0) == 1))
        }
        documents.sort { $0.time < $1.time }
        return LottieText(documents: documents, animators: try textAnimators(j?["a"]))
    }

    /// `chars`: glyph shapes (each `data.shapes`, a shape item list).
    func glyphs(_ j: LottieJSON?) throws -> [LottieGlyph] {
        var result: [LottieGlyph] = []
        for c in try j?.elements() ?? [] {
            let (items, _) = try shapeItems(c["data"]?["shapes"], depth: 1)
            result.append(LottieGlyph(character: try c.string("ch") ?? "", family: try c.string("fFamily") ?? "",
                                      style: try c.string("style") ?? "", width: try c.number("w", default: 0), shapes: items))
        }
        return result
    }
}
