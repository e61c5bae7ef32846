/// Blend modes (`bm`) and layer effects (`ef`, drop shadow = type 25): not drawn yet — they need the layer
/// model's blend modes and shadows (the `composite` work). The layer is drawn normally, without the effect.
extension LottieTranslator {
    static let blendModeNames = [1: "multiply", 2: "screen", 3: "overlay", 4: "darken", 5: "lighten", 6: "color dodge",
                                 7: "color burn", 8: "hard light", 9: "soft light", 10: "difference", 11: "exclusion",
                                 12: "hue", 13: "saturation", 14: "color", 15: "luminosity", 16: "add", 17: "hard mix"]

    func noteEffects(_ layer: LottieLayer) {
        if layer.blendMode != 0 {
            warn("\(layer.path).bm", "not drawn yet: blend mode \(Self.blendModeNames[layer.blendMode] ?? String(layer.blendMode))")
        }
        for (i, ty) in layer.effectTypes.enumerated() {
            warn("\(layer.path).ef[\(i)]", ty == 25 ? "not drawn yet: drop shadow" : "not drawn: layer effect type \(ty)")
        }
        if layer.is3D { warn("\(layer.path).ddd", "approximated: a 3D layer is drawn flat") }
    }

    /// Everything a layer carries that is read but not drawn, each named once with its path.
    func noteUndrawn(_ layer: LottieLayer, next: LottieLayer?) {
        noteMatte(layer)
        noteMasks(layer)
        noteEffects(layer)
    }
}
