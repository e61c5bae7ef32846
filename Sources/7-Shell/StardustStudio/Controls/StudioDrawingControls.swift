import Stardust

/// The studio's controls for dashed strokes and gradient types (docs/STUDIO.md, docs/DRAWING.md):
/// a shape layer's `lineDashPattern` (one field per length) and `lineDashPhase`; a gradient layer's `gradientType`
/// (`axial`, `radial`, `conic`), `startPoint` and `endPoint`. They travel as `setLayer` edits, are checked by the
/// scene loader like every edit (a probe layer of the same kind) and are saved under the scene-file keys.
enum StudioDrawingControls {
    /// The editable drawing keys of `layer` with their current values (empty for other layers).
    static func values(of layer: Layer) -> [(key: String, value: AnimatableValue, options: [String])] {
        switch layer {
        case let s as ShapeLayer:
            var out: [(key: String, value: AnimatableValue, options: [String])] = []
            if let d = s.lineDashPattern { out.append(("lineDashPattern", .array(d.map { .number($0) }), [])) }
            out.append(("lineDashPhase", .number(s.lineDashPhase), []))
            return out
        case let g as GradientLayer:
            return [("gradientType", .string(g.type.rawValue), GradientLayer.GradientType.allCases.map(\.rawValue)),
                    ("startPoint", .point(g.startPoint), []), ("endPoint", .point(g.endPoint), [])]
        default:
            return []
        }
    }

    /// The current value of a drawing key of `layer`, or nil when `keyPath` is not one of its drawing keys.
    static func value(_ keyPath: String, of layer: Layer) -> AnimatableValue? {
        values(of: layer).first { $0.key == keyPath }?.value
    }

    /// Sets a drawing key; false when `keyPath` is not a drawing key of `layer` or the value is of the wrong kind.
    static func apply(_ keyPath: String, _ value: AnimatableValue, to layer: Layer) -> Bool {
        switch (layer, keyPath, value) {
        case (let s as ShapeLayer, "lineDashPhase", .number(let v)): s.lineDashPhase = v
        case (let s as ShapeLayer, "lineDashPattern", .array(let a)):
            var lengths: [Double] = []
            for v in a { guard case .number(let n) = v else { return false }; lengths.append(n) }
            s.lineDashPattern = lengths.isEmpty ? nil : lengths
        case (let g as GradientLayer, "gradientType", .string(let t)):
            guard let type = GradientLayer.GradientType(rawValue: t) else { return false }
            g.type = type
        case (let g as GradientLayer, "startPoint", .point(let p)): g.startPoint = p
        case (let g as GradientLayer, "endPoint", .point(let p)): g.endPoint = p
        default: return false
        }
        return true
    }

    /// The one-layer probe the scene loader checks a drawing edit with, or nil for other keys.
    static func probe(_ keyPath: String, _ value: AnimatableValue) -> JSONValue? {
        let type: String
        switch keyPath {
        case "lineDashPattern", "lineDashPhase": type = "shape"
        case "gradientType", "startPoint", "endPoint": type = "gradient"
        default: return nil
        }
        return .object([("type", .string(type)), (keyPath, StudioValueCoding.json(value))])
    }
}
