import StardustCore
import StardustParticles

extension SceneLoader {
    /// Cell keys beyond Core Animation (``CellExtensions``; docs/SCENES.md, "Beyond Core Animation").
    static let cellExtensionKeys = [
        "finishColor", "finishRedRange", "finishGreenRange", "finishBlueRange", "finishAlphaRange",
        "finishScale", "finishScaleRange", "rotation", "rotationRange", "finishRotation", "finishRotationRange",
        "radialAcceleration", "radialAccelerationRange", "tangentialAcceleration", "tangentialAccelerationRange", "orbit",
        "colorOverLife", "secondColorOverLife", "alphaOverLife", "scaleOverLife", "spinOverLife", "speedOverLife",
        "bursts", "maximumAlive", "emissionDuration", "velocityStretch", "trigger", "inheritedVelocity",
        "fields", "collider", "colliders",
        "textureSheet",
    ]
    static let curveKeys = ["interpolation", "stops"]
    static let burstKeys = ["time", "count", "cycles", "interval"]
    static let orbitKeys = ["radius", "radiusRange", "finishRadius", "finishRadiusRange", "angularVelocity", "angularVelocityRange"]

    /// The extension keys of a cell object; nil when it has none (a Core Animation cell).
    func cellExtensions(_ k: [String: JSONNode]) throws -> CellExtensions? {
        guard Self.cellExtensionKeys.contains(where: { k[$0] != nil }) else { return nil }
        var x = CellExtensions()
        func num(_ key: String) throws -> Double? { try k[key].map { try $0.number(in: -1e9...1e9) } }
        func ang(_ key: String) throws -> Double? { try k[key].map { try $0.angle() } }
        if let n = k["finishColor"] { x.finishColor = try n.color() }
        if let v = try num("finishRedRange") { x.finishRedRange = v }
        if let v = try num("finishGreenRange") { x.finishGreenRange = v }
        if let v = try num("finishBlueRange") { x.finishBlueRange = v }
        if let v = try num("finishAlphaRange") { x.finishAlphaRange = v }
        if let v = try num("finishScale") { x.finishScale = v }
        if let v = try num("finishScaleRange") { x.finishScaleRange = v }
        if let v = try ang("rotation") { x.rotation = v }
        if let v = try ang("rotationRange") { x.rotationRange = v }
        if let v = try ang("finishRotation") { x.finishRotation = v }
        if let v = try ang("finishRotationRange") { x.finishRotationRange = v }
        if let v = try num("radialAcceleration") { x.radialAcceleration = v }
        if let v = try num("radialAccelerationRange") { x.radialAccelerationRange = v }
        if let v = try num("tangentialAcceleration") { x.tangentialAcceleration = v }
        if let v = try num("tangentialAccelerationRange") { x.tangentialAccelerationRange = v }
        if let n = k["orbit"] {
            let o = try n.object(allowedKeys: Self.orbitKeys)
            func onum(_ key: String) throws -> Double? { try o[key].map { try $0.number(in: -1e9...1e9) } }
            guard let r = try onum("radius") else { throw SceneError(path: n.path, "an orbit needs a \"radius\" (points)") }
            x.orbit = CellExtensions.Orbit(
                radius: r, radiusRange: try onum("radiusRange") ?? 0,
                finishRadius: try onum("finishRadius"), finishRadiusRange: try onum("finishRadiusRange") ?? 0,
                angularVelocity: try o["angularVelocity"].map { try $0.angle() } ?? 0,
                angularVelocityRange: try o["angularVelocityRange"].map { try $0.angle() } ?? 0)
        }
        if let n = k["colorOverLife"] { x.colorOverLife = try colorRamp(n) }
        if let n = k["secondColorOverLife"] {
            guard x.colorOverLife != nil else {
                throw SceneError(path: n.path, "\"secondColorOverLife\" needs a \"colorOverLife\" to mix with")
            }
            x.secondColorOverLife = try colorRamp(n)
        }
        if let n = k["alphaOverLife"] { x.alphaOverLife = try curve(n) }
        if let n = k["scaleOverLife"] { x.scaleOverLife = try curve(n) }
        if let n = k["spinOverLife"] { x.spinOverLife = try curve(n) }
        if let n = k["speedOverLife"] { x.speedOverLife = try curve(n) }
        if let n = k["bursts"] {
            let list = try n.array()
            guard list.count <= Self.maximumBursts else {
                throw SceneError(path: n.path, "a cell has at most \(Self.maximumBursts) bursts, found \(list.count)")
            }
            x.bursts = try list.map(burst)
        }
        if let n = k["maximumAlive"] { x.maximumAlive = try n.integer(in: 0...5_000_000) }
        if let v = try num("emissionDuration") {
            guard v >= 0 else { throw SceneError(path: k["emissionDuration"]!.path, "expected a duration ≥ 0 seconds, found \(v)") }
            x.emissionDuration = v
        }
        if let n = k["velocityStretch"] { x.velocityStretch = try n.number(in: 0...1e3) }
        if let n = k["trigger"] { x.trigger = SubEmitterTrigger(rawValue: try n.choice(SubEmitterTrigger.allCases.map(\.rawValue)))! }
        if let v = try num("inheritedVelocity") { x.inheritedVelocity = v }
        if let n = k["fields"] { x.fields = try particleFields(n) }
        if let n = k["collider"] { x.collider = try particleCollider(n) }
        if let n = k["colliders"] {
            x.colliders = try particleColliders(n)
            if x.allColliders.count > ParticleCollider.maximumPerCell {
                throw SceneError(path: n.path, "a cell has at most \(ParticleCollider.maximumPerCell) colliders, \"collider\" included")
            }
        }
        if let n = k["textureSheet"] { x.textureSheet = try textureSheet(n) }
        return x
    }

    /// The keys of a cell's `textureSheet` (docs/SCENES.md, "Texture sheets").
    static let textureSheetKeys = ["columns", "rows", "frameCount", "startFrame", "startFrameRange", "cyclesPerLife", "speedRange"]

    /// A ``TextureSheet``: `{"columns": 4, "rows": 2, "frameCount": 7, "cyclesPerLife": 2}` or with
    /// `"speedRange": [minimum, maximum]` (points per second) instead of `cyclesPerLife`.
    func textureSheet(_ n: JSONNode) throws -> TextureSheet {
        let o = try n.object(allowedKeys: Self.textureSheetKeys)
        let g = TextureSheet.maximumGridSize
        guard let c = o["columns"], let r = o["rows"] else {
            throw SceneError(path: n.path, "a texture sheet needs \"columns\" and \"rows\" (its grid of frames)")
        }
        var s = TextureSheet(columns: try c.integer(in: 1...g), rows: try r.integer(in: 1...g))
        if let f = o["frameCount"] { s.frameCount = try f.integer(in: 1...(s.columns * s.rows)) }
        if let f = o["startFrame"] { s.startFrame = try f.integer(in: 0...(s.frameCount - 1)) }
        if let f = o["startFrameRange"] { s.startFrameRange = try f.integer(in: 0...s.frameCount) }
        switch (o["cyclesPerLife"], o["speedRange"]) {
        case (let cy?, nil): s.timing = .overLife(cycles: try cy.number(in: 0...1e6))
        case (nil, let sr?):
            let pair = try sr.array()
            guard pair.count == 2 else { throw SceneError(path: sr.path, "expected [minimum, maximum] in points per second") }
            let lo = try pair[0].number(in: 0...1e9), hi = try pair[1].number(in: 0...1e9)
            guard hi > lo else { throw SceneError(path: sr.path, "the maximum speed must be above the minimum, found [\(lo), \(hi)]") }
            s.timing = .bySpeed(minimum: lo, maximum: hi)
        case (nil, nil): break
        case (_?, let sr?): throw SceneError(path: sr.path, "a texture sheet plays over the life (\"cyclesPerLife\") or by speed (\"speedRange\"), not both")
        }
        if let problem = s.problem { throw SceneError(path: n.path, problem) }
        return s
    }

    /// The most bursts one cell may list.
    static let maximumBursts = 64

    /// A burst: `{"time": 0, "count": 100, "cycles": 3, "interval": 0.5}` (`cycles` may be `"infinity"`).
    func burst(_ n: JSONNode) throws -> ParticleBurst {
        let o = try n.object(allowedKeys: Self.burstKeys)
        guard let c = o["count"] else { throw SceneError(path: n.path, "a burst needs a \"count\" (particles per cycle)") }
        var b = ParticleBurst(count: try c.integer(in: 0...ParticleBurst.maximumCount))
        if let t = o["time"] { b.time = try t.number(in: 0...1e9) }
        if let cy = o["cycles"] {
            if case .string(let s) = cy.value, s == "infinity" || s == "inf" {
                b.cycles = ParticleBurst.forever
            } else {
                b.cycles = try cy.integer(in: 1...1_000_000_000)
            }
        }
        if let i = o["interval"] { b.interval = try i.number(in: 0...1e9) }
        if b.cycles > 1, b.interval < ParticleBurst.minimumInterval {
            throw SceneError(path: (o["interval"] ?? n).path,
                             "a burst that repeats needs an \"interval\" of at least \(ParticleBurst.minimumInterval) s between cycles")
        }
        return b
    }

    /// The stops and interpolation of a curve object `{"interpolation": "smooth", "stops": [[t, v], …]}`,
    /// or a bare list of stops (linear). Errors name the stop at fault.
    func curveStops(_ n: JSONNode) throws -> (stops: [(time: Double, node: JSONNode)], CurveInterpolation) {
        var mode = CurveInterpolation.linear
        let stopsNode: JSONNode
        if case .array = n.value {
            stopsNode = n
        } else {
            let o = try n.object(allowedKeys: Self.curveKeys)
            if let m = o["interpolation"] { mode = CurveInterpolation(rawValue: try m.choice(CurveInterpolation.allCases.map(\.rawValue)))! }
            guard let s = o["stops"] else { throw SceneError(path: n.path, "a curve needs \"stops\": [[time, value], …]") }
            stopsNode = s
        }
        let list = try stopsNode.array()
        guard !list.isEmpty else { throw SceneError(path: stopsNode.path, "a curve needs at least one stop") }
        guard list.count <= ParticleCurve.maximumStops else {
            throw SceneError(path: stopsNode.path, "a curve has at most \(ParticleCurve.maximumStops) stops, found \(list.count)")
        }
        var stops: [(time: Double, node: JSONNode)] = []
        for s in list {
            let pair = try s.array()
            guard pair.count == 2 else { throw SceneError(path: s.path, "a stop is [time, value], found \(pair.count) element\(pair.count == 1 ? "" : "s")") }
            let t = try pair[0].number()
            guard t >= 0, t <= 1 else {
                throw SceneError(path: pair[0].path, "a stop's time is a fraction of the particle's life, in 0…1; found \(t)")
            }
            if let prev = stops.last?.time, t < prev {
                throw SceneError(path: pair[0].path, "stop times must not decrease: \(t) comes after \(prev)")
            }
            stops.append((t, pair[1]))
        }
        return (stops, mode)
    }

    /// A ``ParticleCurve`` (values are multipliers, within ±1e6).
    func curve(_ n: JSONNode) throws -> ParticleCurve {
        let (stops, mode) = try curveStops(n)
        let values = try stops.map { try $0.node.number(in: -1e6...1e6) }
        do { return try ParticleCurve(times: stops.map(\.time), values: values, interpolation: mode) } catch {
            throw SceneError(path: n.path, "\(error)")
        }
    }

    /// A ``ColorRamp`` (stops `[time, color]`).
    func colorRamp(_ n: JSONNode) throws -> ColorRamp {
        let (stops, mode) = try curveStops(n)
        let colors = try stops.map { try $0.node.color() }
        do { return try ColorRamp(times: stops.map(\.time), colors: colors, interpolation: mode) } catch {
            throw SceneError(path: n.path, "\(error)")
        }
    }
}
