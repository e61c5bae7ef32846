import StardustAnimation
import StardustCore
import StardustParticles

extension SceneLoader {
    /// The keys of an emitter layer's `emitterPath` (docs/SCENES.md, "Emitting from a layer").
    static let emitterPathKeys = ["layer", "path", "placement", "fillRule", "speed", "phase"]

    /// Sets the `emitterPath` of every emitter that asked for one, once all layers exist (a layer may
    /// name a layer that comes after it). Errors name the JSON path of the key at fault.
    mutating func resolveEmitterPaths(names: [String: Layer]) throws {
        for (emitter, node) in pendingEmitterPaths {
            let k = try node.object(allowedKeys: Self.emitterPathKeys)
            let placement = try k["placement"].map {
                EmitterPath.Placement(rawValue: try $0.choice(EmitterPath.Placement.allCases.map(\.rawValue)))!
            } ?? .outline
            let fillRule = try k["fillRule"].map { FillRule(rawValue: try $0.choice(["nonZero", "evenOdd"]))! }
            let speed = try k["speed"].map { try $0.number(in: -1e6...1e6) } ?? 0
            let phase = try k["phase"].map { try $0.number(in: 0...1) } ?? 0
            switch (k["layer"], k["path"]) {
            case (let l?, nil):
                let name = try l.string()
                guard let source = names[name] else {
                    throw SceneError(path: l.path, "no layer is named \"\(quoted(name))\"; an emitter path names a layer of this scene")
                }
                do {
                    emitter.emitterPath = try EmitterPath(layer: source, in: emitter, placement: placement, fillRule: fillRule,
                                                          speed: speed, phase: phase)
                } catch {
                    throw SceneError(path: l.path, "cannot emit from the layer \"\(quoted(name))\": \(error)")
                }
            case (nil, let p?):
                let path: Path
                do { path = try Path(svg: try p.string()) } catch let e as SVGPathError { throw SceneError(path: p.path, e.description) }
                do {
                    emitter.emitterPath = try EmitterPath(path: path, fillRule: fillRule ?? .nonZero, placement: placement,
                                                          speed: speed, phase: phase)
                } catch {
                    throw SceneError(path: p.path, "cannot emit from this path: \(error)")
                }
            default:
                throw SceneError(path: node.path, "an emitter path needs exactly one of \"layer\" (a layer's name) or \"path\" (SVG path data)")
            }
        }
        pendingEmitterPaths = []
    }
}
