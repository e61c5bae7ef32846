/// Track mattes (`tt` on a layer, `td` on its matte source): not drawn yet — they need the layer model's masks
/// (the `composite` work). Until then the matte source is left out and the matted layer is drawn whole.
/// Hook for the merge: give the matted layer's outer layer a `mask` built from the source layer's translation.
extension LottieTranslator {
    func noteMatte(_ layer: LottieLayer) {
        guard let mode = layer.matteMode, mode != 0 else { return }
        let name = [1: "alpha", 2: "alpha inverted", 3: "luma", 4: "luma inverted"][mode] ?? "mode \(mode)"
        warn(layer.path, "not drawn yet: track matte (\(name))")
    }
}
