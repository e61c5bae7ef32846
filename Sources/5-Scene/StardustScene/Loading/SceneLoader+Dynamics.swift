import StardustAnimation
import StardustCore
import StardustDynamics

extension SceneLoader {
    static let dynamicsKeys = ["referenceBounds", "behaviors"]
    static let dynamicsBehaviorTypes = ["gravity", "collision", "snap", "attachment", "push", "itemProperties", "field"]
    static let dynamicsCommonKeys = ["type", "at", "until"]
    static let dynamicsFieldKinds = ["radialGravity", "linearGravity", "velocity", "spring", "vortex", "drag", "noise"]

    /// The `dynamics` key: a UIKit-Dynamics animator over the scene's layers (docs/SCENES.md).
    ///
    /// `{"referenceBounds": [x, y, w, h], "behaviors": [{"type": "gravity", "items": ["card"]}, …]}`;
    /// each behavior may say when it is added (`"at"`, seconds, default 0) and removed (`"until"`).
    /// The animator shows itself on the layers it moves (their `"dynamics"` animation).
    @discardableResult
    func dynamics(_ node: JSONNode, names: [String: Layer], scene: Scene) throws -> DynamicAnimator {
        let k = try node.object(allowedKeys: Self.dynamicsKeys)
        let bounds = try k["referenceBounds"].map { try $0.rect() } ?? Rect(origin: .zero, size: scene.size)
        if let b = k["referenceBounds"], !(bounds.width > 0 && bounds.height > 0 && bounds.width <= 1e6 && bounds.height <= 1e6) {
            throw SceneError(path: b.path, "expected a rectangle [x, y, width, height] with a positive width and height up to 1000000")
        }
        let animator = DynamicAnimator(referenceBounds: bounds, seed: scene.seed)
        var collisions = 0
        for b in try k["behaviors"]?.array() ?? [] {
            guard case .string(let type)? = b.value["type"] else {
                throw SceneError(path: b.path, "a behavior needs \"type\": one of \(Self.dynamicsBehaviorTypes.joined(separator: ", "))")
            }
            guard Self.dynamicsBehaviorTypes.contains(type) else { _ = try b.child("type")!.choice(Self.dynamicsBehaviorTypes); continue }
            let (behavior, keys) = try dynamicBehavior(type, b, names: names)
            if behavior is CollisionBehavior {
                collisions += 1
                if collisions > 31 { throw SceneError(path: b.path, "at most 31 collision behaviors per scene") }
            }
            let at = try keys["at"].map { try $0.number(in: 0...3600) } ?? 0
            animator.addBehavior(behavior, at: at)
            if let u = keys["until"] {
                let until = try u.number(in: 0...3600)
                guard until >= at else { throw SceneError(path: u.path, "\"until\" (\(until)) is before \"at\" (\(at))") }
                animator.removeBehavior(behavior, at: until)
            }
        }
        return animator
    }

    private func dynamicBehavior(_ type: String, _ node: JSONNode, names: [String: Layer]) throws -> (DynamicBehavior, [String: JSONNode]) {
        func layer(_ n: JSONNode) throws -> Layer {
            let name = try n.string()
            guard let l = names[name] else { throw SceneError(path: n.path, "no layer named \"\(quoted(name))\"") }
            return l
        }
        func items(_ k: [String: JSONNode]) throws -> [Layer] {
            guard let n = k["items"] else { throw SceneError(path: node.path, "a \(type) behavior needs \"items\": [layer names]") }
            return try n.array().map(layer)
        }
        func vector(_ n: JSONNode) throws -> Vector { let p = try n.point(); return Vector(dx: p.x, dy: p.y) }
        func number(_ k: [String: JSONNode], _ key: String, _ range: ClosedRange<Double>) throws -> Double? {
            try k[key].map { try $0.number(in: range) }
        }
        switch type {
        case "gravity":
            let k = try node.object(allowedKeys: Self.dynamicsCommonKeys + ["items", "magnitude", "angle", "direction"])
            let g = GravityBehavior(items: try items(k))
            if let d = k["direction"] {
                if k["magnitude"] != nil || k["angle"] != nil { throw SceneError(path: d.path, "give \"direction\" or \"magnitude\"/\"angle\", not both") }
                g.gravityDirection = try vector(d)
            } else {
                g.setAngle(try k["angle"]?.angle() ?? Double.pi / 2, magnitude: try number(k, "magnitude", -1000...1000) ?? 1)
            }
            return (g, k)
        case "collision":
            let k = try node.object(allowedKeys: Self.dynamicsCommonKeys + ["items", "mode", "translatesReferenceBoundsIntoBoundary",
                                                                            "referenceBoundsInsets", "boundaries"])
            let c = CollisionBehavior(items: try items(k))
            if let m = k["mode"] {
                switch try m.choice(["everything", "items", "boundaries"]) {
                case "items": c.collisionMode = .items
                case "boundaries": c.collisionMode = .boundaries
                default: c.collisionMode = .everything
                }
            }
            if let insets = k["referenceBoundsInsets"] {
                let v = try insets.numbers(count: 4)
                c.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3]))
            }
            if let t = k["translatesReferenceBoundsIntoBoundary"] { c.translatesReferenceBoundsIntoBoundary = try t.bool() }
            for bn in try k["boundaries"]?.array() ?? [] {
                let bk = try bn.object(allowedKeys: ["identifier", "from", "to", "path"])
                guard let idNode = bk["identifier"] else { throw SceneError(path: bn.path, "a boundary needs \"identifier\"") }
                let id = try idNode.string()
                if let p = bk["path"] {
                    if bk["from"] != nil || bk["to"] != nil { throw SceneError(path: p.path, "give \"path\" or \"from\"/\"to\", not both") }
                    let points = try p.array().map { try $0.point() }
                    guard points.count >= 2, points.count <= 1000 else { throw SceneError(path: p.path, "expected 2…1000 points [x, y]") }
                    c.addBoundary(withIdentifier: id, forPath: points)
                } else {
                    guard let from = bk["from"], let to = bk["to"] else {
                        throw SceneError(path: bn.path, "a boundary needs \"from\" and \"to\" points, or a \"path\"")
                    }
                    c.addBoundary(withIdentifier: id, from: try from.point(), to: try to.point())
                }
            }
            return (c, k)
        case "snap":
            let k = try node.object(allowedKeys: Self.dynamicsCommonKeys + ["item", "point", "damping"])
            guard let i = k["item"], let p = k["point"] else { throw SceneError(path: node.path, "a snap needs \"item\" and \"point\"") }
            let s = SnapBehavior(item: try layer(i), snapTo: try p.point())
            if let d = try number(k, "damping", 0...1) { s.damping = d }
            return (s, k)
        case "attachment":
            let k = try node.object(allowedKeys: Self.dynamicsCommonKeys + ["item", "offset", "anchor", "to", "toOffset", "kind",
                                                                            "length", "frequency", "damping"])
            guard let i = k["item"] else { throw SceneError(path: node.path, "an attachment needs \"item\"") }
            let a = try layer(i)
            let offset = try k["offset"]?.point() ?? .zero
            let kind = try k["kind"]?.choice(["distance", "pin", "limit"]) ?? "distance"
            let behavior: AttachmentBehavior
            if let to = k["to"] {
                if k["anchor"] != nil && kind != "pin" { throw SceneError(path: to.path, "give \"to\" (an item) or \"anchor\" (a point), not both") }
                let b = try layer(to)
                if b === a { throw SceneError(path: to.path, "an item cannot be attached to itself") }
                let toOffset = try k["toOffset"]?.point() ?? .zero
                switch kind {
                case "pin":
                    guard let anchor = k["anchor"] else { throw SceneError(path: node.path, "a pin attachment needs \"anchor\": the shared point") }
                    behavior = .pinAttachment(with: a, attachedTo: b, attachmentAnchor: try anchor.point())
                case "limit":
                    behavior = .limitAttachment(with: a, offsetFromCenter: offset, attachedTo: b, offsetFromCenter: toOffset)
                default:
                    behavior = AttachmentBehavior(item: a, offsetFromCenter: offset, attachedTo: b, offsetFromCenter: toOffset)
                }
            } else {
                guard let anchor = k["anchor"] else { throw SceneError(path: node.path, "an attachment needs \"anchor\" (a point) or \"to\" (a layer)") }
                if kind != "distance" { throw SceneError(path: k["kind"]!.path, "a \(kind) attachment joins two items: give \"to\"") }
                behavior = AttachmentBehavior(item: a, offsetFromCenter: offset, attachedToAnchor: try anchor.point())
            }
            if let l = try number(k, "length", 0...1e6) { behavior.length = l }
            if let f = try number(k, "frequency", 0...1000) { behavior.frequency = f }
            if let d = try number(k, "damping", 0...1) { behavior.damping = d }
            return (behavior, k)
        case "push":
            let k = try node.object(allowedKeys: Self.dynamicsCommonKeys + ["items", "mode", "magnitude", "angle", "direction", "offset"])
            let list = try items(k)
            let mode = try k["mode"]?.choice(["instantaneous", "continuous"]) ?? "instantaneous"
            let p = PushBehavior(items: list, mode: mode == "continuous" ? .continuous : .instantaneous)
            if let d = k["direction"] {
                if k["magnitude"] != nil || k["angle"] != nil { throw SceneError(path: d.path, "give \"direction\" or \"magnitude\"/\"angle\", not both") }
                p.pushDirection = try vector(d)
            } else {
                p.setAngle(try k["angle"]?.angle() ?? 0, magnitude: try number(k, "magnitude", -1e6...1e6) ?? 0)
            }
            if let o = k["offset"] {
                let offset = try o.point()
                for l in list { p.setTargetOffsetFromCenter(offset, for: l) }
            }
            return (p, k)
        case "itemProperties":
            let k = try node.object(allowedKeys: Self.dynamicsCommonKeys + ["items", "elasticity", "friction", "density", "resistance",
                                                                            "angularResistance", "allowsRotation", "anchored",
                                                                            "linearVelocity", "angularVelocity"])
            let list = try items(k)
            let p = DynamicItemBehavior(items: list)
            if let v = try number(k, "elasticity", 0...1) { p.elasticity = v }
            if let v = try number(k, "friction", 0...1e3) { p.friction = v }
            if let v = try number(k, "density", 1e-6...1e6) { p.density = v }
            if let v = try number(k, "resistance", 0...1e6) { p.resistance = v }
            if let v = try number(k, "angularResistance", 0...1e6) { p.angularResistance = v }
            if let v = k["allowsRotation"] { p.allowsRotation = try v.bool() }
            if let v = k["anchored"] { p.isAnchored = try v.bool() }
            if let v = k["linearVelocity"] { let velocity = try v.point(); for l in list { p.addLinearVelocity(velocity, for: l) } }
            if let v = try number(k, "angularVelocity", -1e4...1e4) { for l in list { p.addAngularVelocity(v, for: l) } }
            return (p, k)
        default:
            let k = try node.object(allowedKeys: Self.dynamicsCommonKeys + ["items", "field", "position", "region", "strength", "falloff",
                                                                            "minimumRadius", "direction", "smoothness", "animationSpeed"])
            guard let f = k["field"] else { throw SceneError(path: node.path, "a field needs \"field\": one of \(Self.dynamicsFieldKinds.joined(separator: ", "))") }
            let kindName = try f.choice(Self.dynamicsFieldKinds)
            let direction = try k["direction"].map(vector)
            if (kindName == "linearGravity" || kindName == "velocity") && direction == nil {
                throw SceneError(path: node.path, "a \(kindName) field needs \"direction\": [dx, dy]")
            }
            let kind: FieldBehavior.Kind
            switch kindName {
            case "radialGravity": kind = .radialGravity
            case "linearGravity": kind = .linearGravity(direction: direction!)
            case "velocity": kind = .velocity(direction: direction!)
            case "spring": kind = .spring
            case "vortex": kind = .vortex
            case "drag": kind = .drag
            default:
                kind = .noise(smoothness: try number(k, "smoothness", 0...1) ?? 0.5,
                              animationSpeed: try number(k, "animationSpeed", 0...1000) ?? 1)
            }
            let field = FieldBehavior(kind: kind)
            for l in try items(k) { field.addItem(l) }
            if let p = k["position"] { field.position = try p.point() }
            if let v = try number(k, "strength", -1e6...1e6) { field.strength = v }
            if let v = try number(k, "falloff", -10...10) { field.falloff = v }
            if let v = try number(k, "minimumRadius", 0...1e6) { field.minimumRadius = v }
            if let r = k["region"] {
                let rk = try r.object(allowedKeys: ["radius", "size"])
                if let radius = rk["radius"] { field.region = .radius(try radius.number(in: 0...1e6)) }
                else if let size = rk["size"] { field.region = .size(try size.size()) }
                else { throw SceneError(path: r.path, "a region needs \"radius\" or \"size\"") }
            }
            return (field, k)
        }
    }
}
