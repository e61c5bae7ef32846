/// Shape items (`shapes` of a shape layer, `it` of a group).
extension LottieParser {
    /// The items of a list, with the group's `tr` left in (callers that build groups take it out), and each
    /// item's JSON path.
    func shapeItems(_ j: LottieJSON?, depth: Int) throws -> ([LottieShapeItem], [String]) {
        let list = try shapeItemList(j, depth: depth)
        return (list.items, list.paths)
    }

    /// ``shapeItems(_:depth:)`` with the JSON node of each item, so that a group finds its `tr` among the nodes
    /// already read rather than listing and filtering its `it` elements twice more.
    func shapeItemList(_ j: LottieJSON?, depth: Int) throws -> (items: [LottieShapeItem], paths: [String], nodes: [LottieJSON]) {
        guard let j else { return ([], [], []) }
        guard depth < limits.maxDepth else { throw j.fail("shape groups nested deeper than \(limits.maxDepth) levels") }
        var items: [LottieShapeItem] = [], paths: [String] = [], nodes: [LottieJSON] = []
        for node in try j.elements() {
            guard node.isObject else { throw node.fail("expected a shape item object, found \(node.kind)") }
            // Hidden items (`hd: true`) are not drawn by any player.
            if try node.flag("hd") { continue }
            items.append(try shapeItem(node, depth: depth))
            paths.append(node.path)
            nodes.append(node)
        }
        return (items, paths, nodes)
    }

    func shapeItem(_ j: LottieJSON, depth: Int) throws -> LottieShapeItem {
        let ty = try j.string("ty") ?? ""
        // `d` is the path direction on outlines (3 = reversed) and the dash list on strokes.
        var reversed: Bool { (try? j.number("d", default: 1)) == 3 }
        switch ty {
        case "gr":
            var (items, paths, nodes) = try shapeItemList(j["it"], depth: depth + 1)
            var transform = LottieTransform()
            // The group's transform is its `tr` item (the last one by convention; taken wherever it is, among the
            // items that are not hidden).
            if let i = nodes.firstIndex(where: { $0["ty"]?.stringValue == "tr" }) {
                transform = try self.transform(nodes[i])
                items.remove(at: i); paths.remove(at: i)
            }
            return .group(LottieShapeGroup(name: try j.string("nm"), items: items, itemPaths: paths, transform: transform))
        case "tr":
            // A stray transform outside a group's item list: kept out of the drawing.
            return .unsupported(type: "tr")
        case "rc":
            return .rectangle(position: try vector(j["p"], default: [0, 0]), size: try vector(j["s"], default: [0, 0]),
                              roundness: try scalar(j["r"], default: 0), reversed: reversed)
        case "el":
            return .ellipse(position: try vector(j["p"], default: [0, 0]), size: try vector(j["s"], default: [0, 0]), reversed: reversed)
        case "sr":
            return .polystar(LottiePolystar(
                isStar: try j.number("sy", default: 1) == 1, position: try vector(j["p"], default: [0, 0]),
                points: try scalar(j["pt"], default: 5), rotation: try scalar(j["r"], default: 0),
                outerRadius: try scalar(j["or"], default: 0), outerRoundness: try scalar(j["os"], default: 0),
                innerRadius: try scalar(j["ir"], default: 0), innerRoundness: try scalar(j["is"], default: 0), reversed: reversed))
        case "sh":
            guard let ks = j["ks"] else { throw j.fail("a path needs \"ks\"") }
            return .path(try bezierProperty(ks), reversed: reversed)
        case "fl":
            return .fill(color: try vector(j["c"], default: [0, 0, 0, 1]), opacity: try scalar(j["o"], default: 100),
                         evenOdd: try j.number("r", default: 1) == 2)
        case "st":
            return .stroke(try stroke(j))
        case "gf":
            return .gradientFill(try gradient(j))
        case "gs":
            return .gradientStroke(try gradient(j), try stroke(j))
        case "tm":
            return .trim(start: try scalar(j["s"], default: 0), end: try scalar(j["e"], default: 100),
                         offset: try scalar(j["o"], default: 0), individually: try j.number("m", default: 1) == 2)
        case "rp":
            let tr = j["tr"]
            return .repeater(LottieRepeater(
                copies: try scalar(j["c"], default: 1), offset: try scalar(j["o"], default: 0),
                composite: try j.integer("m", default: 1), transform: try transform(tr),
                startOpacity: try scalar(tr?["so"], default: 100), endOpacity: try scalar(tr?["eo"], default: 100)))
        case "rd":
            return .roundCorners(radius: try scalar(j["r"], default: 0))
        case "mm":
            return .merge(mode: try j.integer("mm", default: 1))
        default:
            return .unsupported(type: ty)
        }
    }

    func stroke(_ j: LottieJSON) throws -> LottieStroke {
        LottieStroke(color: try vector(j["c"], default: [0, 0, 0, 1]), opacity: try scalar(j["o"], default: 100),
                     width: try scalar(j["w"], default: 1), cap: try j.integer("lc", default: 2),
                     join: try j.integer("lj", default: 2), miterLimit: try j.number("ml", default: 4),
                     dashes: try dashes(j["d"]))
    }

    /// A stroke's dash list: at most ``LottieLimits/maxDashes`` entries.
    func dashes(_ j: LottieJSON?) throws -> [LottieDash] {
        guard let j, j.isArray else { return [] }
        let nodes = try j.elements()
        guard nodes.count <= limits.maxDashes else { throw j.fail("more than \(limits.maxDashes) dash entries in one stroke") }
        return try nodes.compactMap { d in
            guard let kind = LottieDash.Kind(rawValue: try d.string("n") ?? "d") else { return nil }
            return LottieDash(kind: kind, length: try scalar(d["v"], default: 0))
        }
    }

    func gradient(_ j: LottieJSON) throws -> LottieGradient {
        let g = j["g"]
        return LottieGradient(isRadial: try j.number("t", default: 1) == 2, colorStopCount: try g?.integer("p", default: 0) ?? 0,
                              stops: try vector(g?["k"], default: []), start: try vector(j["s"], default: [0, 0]),
                              end: try vector(j["e"], default: [0, 0]), opacity: try scalar(j["o"], default: 100),
                              evenOdd: try j.number("r", default: 1) == 2,
                              highlightLength: try scalar(j["h"], default: 0), highlightAngle: try scalar(j["a"], default: 0))
    }
}
