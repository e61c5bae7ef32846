import StardustCore
import StardustParticles

extension SceneLoader {
    /// Cell keys beyond Core Animation (``CellExtensions``; docs/SCENES.md, "Beyond Core Animation").
    static let cellExtensionKeys = [
        "finishColor", "finishRedRange", "finishGreenRange", "finishBlueRange", "finishAlphaRange",
        "finishScale", "finishScaleRange", "rotation", "rotationRange", "finishRotation", "finishRotationRange",
        "radialAcceleration", "radialAccelerationRange", "tangentialAcceleration", "tangentialAccelerationRange", "orbit",
    ]
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
        return x
    }
}
