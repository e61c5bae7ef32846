import StardustAnimation
import StardustCore
import StardustParticles

extension SceneLoader {
    /// CAEmitterCell keys, spelled exactly as Core Animation's properties (`enabled` is the KVC name of `isEnabled`).
    static let cellKeys = [
        "name", "enabled", "birthRate", "lifetime", "lifetimeRange", "emissionLatitude", "emissionLongitude",
        "emissionRange", "velocity", "velocityRange", "xAcceleration", "yAcceleration", "zAcceleration", "scale",
        "scaleRange", "scaleSpeed", "spin", "spinRange", "color", "redRange", "greenRange", "blueRange", "alphaRange",
        "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed", "contents", "contentsRect", "contentsScale",
        "magnificationFilter", "minificationFilter", "beginTime", "duration", "speed", "timeOffset", "repeatCount",
        "repeatDuration", "autoreverses", "fillMode", "emitterCells",
    ]

    mutating func emitterLayer(_ k: [String: JSONNode]) throws -> Layer {
        let e = EmitterLayer()
        if let n = k["emitterPosition"] { e.emitterPosition = try n.point() }
        if let n = k["emitterZPosition"] { e.emitterZPosition = try n.number() }
        if let n = k["emitterSize"] { e.emitterSize = try n.size() }
        if let n = k["emitterDepth"] { e.emitterDepth = try n.number(in: 0...1e6) }
        if let n = k["emitterShape"] { e.emitterShape = EmitterShape(rawValue: try n.choice(EmitterShape.allCases.map(\.rawValue)))! }
        if let n = k["emitterMode"] { e.emitterMode = EmitterMode(rawValue: try n.choice(EmitterMode.allCases.map(\.rawValue)))! }
        if let n = k["renderMode"] { e.renderMode = EmitterRenderMode(rawValue: try n.choice(EmitterRenderMode.allCases.map(\.rawValue)))! }
        if let n = k["preservesDepth"] { e.preservesDepth = try n.bool() }
        if let n = k["birthRate"] { e.birthRate = try n.number(in: 0...1e7) }
        if let n = k["lifetime"] { e.lifetime = try n.number(in: 0...1e6) }
        if let n = k["velocity"] { e.velocity = try n.number() }
        if let n = k["scale"] { e.scale = try n.number() }
        if let n = k["spin"] { e.spin = try n.number() }
        if let n = k["emitterPath"] { pendingEmitterPaths.append((e, n)) }  // resolved once every layer exists
        if let n = k["seed"] { e.seed = UInt32(try n.integer(in: 0...Int(UInt32.max))) }
        if let n = k["emitterCells"] {
            var seen = Set<String>()
            let pending = pendingLayerColliders.count
            e.emitterCells = try n.array().map { try cell($0, depth: 1, siblings: &seen) }
            for i in pending..<pendingLayerColliders.count { pendingLayerColliders[i].emitter = e }
        }
        // Without bounds and position the emitter layer sits at its parent's origin with zero size,
        // so emitter coordinates are the parent's (the scene's, at the top level).
        do { try e.validate() } catch { throw SceneError(path: k["emitterCells"]?.path ?? "emitterCells", "\(error)") }
        return e
    }

    mutating func cell(_ node: JSONNode, depth: Int, siblings: inout Set<String>) throws -> EmitterCell {
        guard depth <= 8 else { throw SceneError(path: node.path, "emitter cells nested deeper than 8 levels") }
        let k = try node.object(allowedKeys: Self.cellKeys + Self.cellExtensionKeys)
        let c = EmitterCell()
        sourcePaths[ObjectIdentifier(c)] = node.path
        if let n = k["name"] {
            let name = try n.string()
            guard !name.contains("."), !name.isEmpty else { throw SceneError(path: n.path, "a cell name must be non-empty and contain no '.' (it is used in key paths)") }
            guard siblings.insert(name).inserted else { throw SceneError(path: n.path, "another cell at this level is already named \"\(name)\"") }
            c.name = name
        }
        func num(_ key: String, _ range: ClosedRange<Double> = -1e9...1e9) throws -> Double? { try k[key].map { try $0.number(in: range) } }
        func ang(_ key: String) throws -> Double? { try k[key].map { try $0.angle() } }
        if let n = k["enabled"] { c.isEnabled = try n.bool() }
        if let v = try num("birthRate", 0...1e7) { c.birthRate = v }
        if let v = try num("lifetime", 0...1e6) { c.lifetime = v }
        if let v = try num("lifetimeRange", -1e6...1e6) { c.lifetimeRange = v }
        if let v = try ang("emissionLatitude") { c.emissionLatitude = v }
        if let v = try ang("emissionLongitude") { c.emissionLongitude = v }
        if let v = try ang("emissionRange") { c.emissionRange = v }
        if let v = try num("velocity") { c.velocity = v }
        if let v = try num("velocityRange") { c.velocityRange = v }
        if let v = try num("xAcceleration") { c.xAcceleration = v }
        if let v = try num("yAcceleration") { c.yAcceleration = v }
        if let v = try num("zAcceleration") { c.zAcceleration = v }
        if let v = try num("scale") { c.scale = v }
        if let v = try num("scaleRange") { c.scaleRange = v }
        if let v = try num("scaleSpeed") { c.scaleSpeed = v }
        if let v = try ang("spin") { c.spin = v }
        if let v = try ang("spinRange") { c.spinRange = v }
        if let n = k["color"] { c.color = try n.color() }
        if let v = try num("redRange") { c.redRange = v }
        if let v = try num("greenRange") { c.greenRange = v }
        if let v = try num("blueRange") { c.blueRange = v }
        if let v = try num("alphaRange") { c.alphaRange = v }
        if let v = try num("redSpeed") { c.redSpeed = v }
        if let v = try num("greenSpeed") { c.greenSpeed = v }
        if let v = try num("blueSpeed") { c.blueSpeed = v }
        if let v = try num("alphaSpeed") { c.alphaSpeed = v }
        if let n = k["contents"] {
            let t = try texture(n)
            c.contents = t
            if let ref = try? n.string(), ref.hasPrefix("builtin:") { c.isRotationInvariant = BuiltinImages.isRotationInvariant(named: ref) }
        }
        if let n = k["contentsRect"] { c.contentsRect = try n.rect() }
        if let v = try num("contentsScale", 0.01...100) { c.contentsScale = v }
        if let n = k["minificationFilter"] { c.minificationFilter = ImageFilter(rawValue: try n.choice(ImageFilter.allCases.map(\.rawValue)))! }
        if let n = k["magnificationFilter"] { c.magnificationFilter = ImageFilter(rawValue: try n.choice(ImageFilter.allCases.map(\.rawValue)))! }
        c.timing = try mediaTiming(k, into: c.timing)
        c.extensions = try cellExtensions(k)
        try noteLayerColliders(k, cell: c)
        if depth == 1, let n = k["trigger"] {
            throw SceneError(path: n.path, "a trigger fires on a parent particle's birth or death: put this cell in another cell's \"emitterCells\"")
        }
        if let n = k["emitterCells"] {
            var seen = Set<String>()
            let nodes = try n.array()
            c.emitterCells = try nodes.map { try cell($0, depth: depth + 1, siblings: &seen) }
            // A collision trigger needs contacts to fire at (docs/PARTICLE-MODEL.md §2.10).
            for (node, child) in zip(nodes, c.emitterCells) where child.extensions?.trigger == .collision {
                if !(c.extensions?.reportsContacts ?? false), let t = node.child("trigger") {
                    throw SceneError(path: t.path, "the collision trigger fires where the parent particle meets its colliders: "
                        + "give the parent cell a \"collider\" or \"colliders\" (and no orbit)")
                }
            }
        }
        return c
    }

    /// A repeat count or duration: a number ≥ 0 (any magnitude) or `"infinity"` / `"inf"`.
    static func repeatNumber(_ n: JSONNode) throws -> Double {
        if case .string(let s) = n.value, s == "infinity" || s == "inf" { return .infinity }
        return try n.number(in: 0...Double.greatestFiniteMagnitude)
    }

    /// The CAMediaTiming keys of an object.
    func mediaTiming(_ k: [String: JSONNode], into t0: MediaTiming) throws -> MediaTiming {
        var t = t0
        if let n = k["beginTime"] { t.beginTime = try n.number() }
        if let n = k["duration"] {
            // "settlingDuration" (springs only) is resolved by the animation loader once the spring is known.
            if case .string(let s) = n.value, s == "settlingDuration" {} else { t.duration = try n.number(in: 0...1e9) }
        }
        if let n = k["speed"] { t.speed = try n.number(in: -1000...1000) }
        if let n = k["timeOffset"] { t.timeOffset = try n.number() }
        // Any non-negative count or duration is accepted, including "infinity" and Apple's
        // `Float.greatestFiniteMagnitude` idiom for "forever" (3.4028234663852886e38); seeks stay O(1).
        if let n = k["repeatCount"] { t.repeatCount = try Self.repeatNumber(n) }
        if let n = k["repeatDuration"] { t.repeatDuration = try Self.repeatNumber(n) }
        if let n = k["autoreverses"] { t.autoreverses = try n.bool() }
        if let n = k["fillMode"] { t.fillMode = FillMode(rawValue: try n.choice(FillMode.allCases.map(\.rawValue)))! }
        return t
    }
}
