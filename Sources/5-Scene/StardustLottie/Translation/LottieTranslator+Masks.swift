/// Layer masks (`masksProperties`, modes a add, s subtract, i intersect, l lighten, d darken, f difference,
/// n none): not drawn yet — they need the layer model's masks (the `composite` work). The layer is drawn unmasked.
extension LottieTranslator {
    func noteMasks(_ layer: LottieLayer) {
        let used = layer.maskModes.filter { $0 != "n" }
        guard !used.isEmpty else { return }
        let names = ["a": "add", "s": "subtract", "i": "intersect", "l": "lighten", "d": "darken", "f": "difference"]
        warn("\(layer.path).masksProperties", "not drawn yet: masks (\(used.map { names[$0] ?? $0 }.joined(separator: ", ")))")
    }
}
