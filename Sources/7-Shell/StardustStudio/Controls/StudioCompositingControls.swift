import Stardust

/// The studio's controls for a layer's compositing filter, shadow (color, opacity, radius, offset), mask mode
/// (on a layer that has a mask) and replicator copies (docs/DRAWING.md,
/// docs/STUDIO.md): listed in the `scene` message as `compositing`, edited with `setLayer` by key path,
/// checked by the scene loader's own limits (``StudioEditValidation``) and saved to the scene's JSON.
enum StudioCompositingControls {
    /// The filter control's value for "no filter".
    static let noFilter = "none"

    /// The key paths the studio edits this way.
    static let layerKeys = ["compositingFilter", "shadowOpacity", "shadowRadius", "shadowColor", "shadowOffset"]
    /// Shown only on a layer with a mask (Stardust's extension: how the mask's pixels become coverage).
    static let maskKeys = ["maskMode"]
    static let replicatorKeys = ["instanceCount", "instanceDelay"]

    static func describe(_ layer: Layer) -> [JSONValue] {
        var out = layerKeys.compactMap { key in
            value(layer, key).map { v in
                SceneControls.property(key, v, options: key == "compositingFilter" ? [noFilter] + CompositingFilter.allCases.map(\.rawValue) : [],
                                       live: false)
            }
        }
        if layer.mask != nil {
            out += maskKeys.compactMap { key in
                value(layer, key).map { SceneControls.property(key, $0, options: MaskMode.allCases.map(\.rawValue), live: false) }
            }
        }
        if layer is ReplicatorLayer {
            out += replicatorKeys.compactMap { key in value(layer, key).map { SceneControls.property(key, $0, live: false) } }
        }
        return out
    }

    /// The value shown (and saved) for `keyPath`, or `nil` when it is not one of these controls.
    static func value(_ layer: Layer, _ keyPath: String) -> AnimatableValue? {
        switch keyPath {
        case "compositingFilter": return .string(layer.compositingFilter?.rawValue ?? noFilter)
        case "shadowOpacity", "shadowRadius", "shadowColor", "shadowOffset": return layer.value(forKeyPath: keyPath)
        case "maskMode": return layer.mask != nil ? .string(layer.maskMode.rawValue) : nil
        case "instanceCount", "instanceDelay": return (layer as? ReplicatorLayer)?.value(forKeyPath: keyPath)
        default: return nil
        }
    }

    /// Applies an edit; `false` when the key path or the value's kind is not one of these controls.
    static func apply(_ layer: Layer, _ keyPath: String, _ value: AnimatableValue) -> Bool {
        switch (keyPath, value) {
        case ("compositingFilter", .string(let s)):
            if s == noFilter { layer.compositingFilter = nil; return true }
            guard let f = CompositingFilter(filterName: s) else { return false }
            layer.compositingFilter = f
            return true
        case ("shadowOpacity", .number), ("shadowRadius", .number), ("shadowColor", .color), ("shadowOffset", .size):
            layer.setValue(value, forKeyPath: keyPath)
            return true
        case ("maskMode", .string(let s)):
            guard layer.mask != nil, let m = MaskMode(rawValue: s) else { return false }
            layer.maskMode = m
            return true
        case ("instanceCount", .number), ("instanceDelay", .number):
            guard let r = layer as? ReplicatorLayer else { return false }
            r.setValue(value, forKeyPath: keyPath)
            return true
        default:
            return false
        }
    }

    /// The layer type of the validation probe for `keyPath` (replicator keys need a replicator), or `nil`
    /// when the key is not one of these controls.
    static func probeType(_ keyPath: String) -> String? {
        replicatorKeys.contains(keyPath) ? "replicator" : (layerKeys.contains(keyPath) || maskKeys.contains(keyPath) ? "group" : nil)
    }
}
