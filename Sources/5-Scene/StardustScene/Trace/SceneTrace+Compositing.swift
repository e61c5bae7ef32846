import StardustAnimation
import StardustCore

extension SceneTrace {
    /// The trace fields of masks, filters, shadows and replicators (docs/DRAWING.md), present only when the
    /// layer uses them, so the traces of other layers are unchanged: `compositingFilter`, `mask` (the mask
    /// layer's name, or `true`), `maskMode` (when not alpha), `shadowOpacity`/`shadowRadius`/`shadowOffset`
    /// (when the shadow is visible), `instanceCount`/`instanceDelay` (replicators).
    static func compositingFields(_ layer: Layer, at time: Double) -> [String] {
        func v(_ k: String) -> AnimatableValue? { layer.presentationValue(forKeyPath: k, at: time) }
        var fields: [String] = []
        if let f = layer.compositingFilter, f != .normal { fields.append("\"compositingFilter\":\(quote(f.rawValue))") }
        if let m = layer.mask {
            fields.append("\"mask\":" + (m.name.map(quote) ?? "true"))
            if layer.maskMode != .alpha { fields.append("\"maskMode\":\(quote(layer.maskMode.rawValue))") }
        }
        if case .number(let o)? = v("shadowOpacity"), o > 0 {
            fields.append("\"shadowOpacity\":\(num(o))")
            if case .number(let r)? = v("shadowRadius") { fields.append("\"shadowRadius\":\(num(r))") }
            if case .size(let s)? = v("shadowOffset") { fields.append("\"shadowOffset\":[\(num(s.width)),\(num(s.height))]") }
        }
        if let r = layer as? ReplicatorLayer {
            fields.append("\"instanceCount\":\(r.instanceCount)")
            if case .number(let d)? = v("instanceDelay"), d != 0 { fields.append("\"instanceDelay\":\(num(d))") }
        }
        return fields
    }
}
