import StardustAnimation
import StardustCore

/// Scene-file keys of dashed strokes and gradient types (docs/SCENES.md; docs/DRAWING.md):
/// `lineDashPattern` and `lineDashPhase` on shape layers, spelled as `CAShapeLayer` spells them, and
/// `gradientType` (`"axial"`, `"radial"`, `"conic"`: `CAGradientLayer.type`, renamed because `type` names the
/// layer's class in a scene file).
extension SceneLoader {
    /// The longest dash pattern accepted (Core Animation sets no limit; hundreds of entries are a mistake).
    static let maxDashPatternCount = 256

    /// Reads `lineDashPattern` (non-negative lengths in points, at least one positive, at most
    /// ``maxDashPatternCount`` of them; `null` or `[]` for solid) and `lineDashPhase`.
    func applyDashes(_ k: [String: JSONNode], to l: ShapeLayer) throws {
        if let n = k["lineDashPattern"], n.value != .null {
            let items = try n.array()
            guard items.count <= Self.maxDashPatternCount else {
                throw SceneError(path: n.path, "a dash pattern of \(items.count) lengths is over the limit of \(Self.maxDashPatternCount)")
            }
            let lengths = try items.map { try $0.number(in: 0...1e6) }
            if !lengths.isEmpty {
                guard lengths.contains(where: { $0 > 0 }) else {
                    throw SceneError(path: n.path, "a dash pattern needs at least one length above 0 (all zeros would draw nothing but dots forever)")
                }
                l.lineDashPattern = lengths
            }
        }
        if let n = k["lineDashPhase"] { l.lineDashPhase = try n.number(in: -1e6...1e6) }
    }

    /// Reads `gradientType` (`CAGradientLayer.type`).
    func applyGradientType(_ k: [String: JSONNode], to l: GradientLayer) throws {
        if let n = k["gradientType"] {
            l.type = GradientLayer.GradientType(rawValue: try n.choice(GradientLayer.GradientType.allCases.map(\.rawValue)))!
        }
    }

    /// An animation value of a list-valued key path (`colors`, `locations`, `lineDashPattern`): a JSON array whose
    /// items read as the kind of the model's items (colors for `colors`, numbers otherwise when the model is empty).
    func animatableList(_ n: JSONNode, like model: [AnimatableValue], keyPath: String) throws -> AnimatableValue {
        let items = try n.array()
        guard items.count <= 1024 else { throw SceneError(path: n.path, "a list of \(items.count) values is over the limit of 1024") }
        let element = model.first ?? (keyPath == "colors" ? .color(.clear) : .number(0))
        return .array(try items.map { try animatableValue($0, like: element, keyPath: keyPath) })
    }

    /// An animation value of `path`: an SVG path string.
    func animatablePath(_ n: JSONNode) throws -> AnimatableValue {
        do { return .path(try Path(svg: try n.string())) } catch let e as SVGPathError { throw SceneError(path: n.path, e.description) }
    }
}
