import StardustAnimation
import StardustCore

/// Trace fields of dashed strokes, shape morphs and gradients (docs/DESIGN.md §10,
/// docs/DRAWING.md). They appear only where the feature is in use, so traces of scenes without
/// it are unchanged: `lineDashPattern` and `lineDashPhase` for a dashed shape layer; `path` (as an SVG string)
/// while a path animation changes it; for a gradient layer `gradientType`, `startPoint`, `endPoint`, `colors`
/// and `locations` when its type is radial or conic or while its colors or locations are animated.
extension SceneTrace {
    static func drawingFields(_ layer: Layer, at time: Double) -> [String] {
        func v(_ k: String) -> AnimatableValue? { layer.presentationValue(forKeyPath: k, at: time) }
        func list(_ value: AnimatableValue?) -> String {
            guard case .array(let items)? = value else { return "[]" }
            return "[" + items.map { item -> String in
                switch item {
                case .number(let n): return num(n)
                case .color(let c): return "[\(num(c.red)),\(num(c.green)),\(num(c.blue)),\(num(c.alpha))]"
                default: return "null"
                }
            }.joined(separator: ",") + "]"
        }
        var fields: [String] = []
        if let shape = layer as? ShapeLayer {
            if shape.lineDashPattern != nil {
                fields.append("\"lineDashPattern\":\(list(v("lineDashPattern")))")
                if case .number(let p)? = v("lineDashPhase") { fields.append("\"lineDashPhase\":\(num(p))") }
            }
            if case .path(let p)? = v("path"), p != (shape.path ?? Path()) {
                fields.append("\"path\":\(quote(SceneJSONWriter.svg(p)))")
            }
        }
        if let g = layer as? GradientLayer {
            let colors = v("colors"), locations = v("locations")
            let animated = colors != g.value(forKeyPath: "colors") || locations != g.value(forKeyPath: "locations")
            if g.type != .axial || animated {
                fields.append("\"gradientType\":\(quote(g.type.rawValue))")
                if case .point(let p)? = v("startPoint") { fields.append("\"startPoint\":[\(num(p.x)),\(num(p.y))]") }
                if case .point(let p)? = v("endPoint") { fields.append("\"endPoint\":[\(num(p.x)),\(num(p.y))]") }
                fields.append("\"colors\":\(list(colors))")
                fields.append("\"locations\":\(list(locations))")
            }
        }
        return fields
    }
}
