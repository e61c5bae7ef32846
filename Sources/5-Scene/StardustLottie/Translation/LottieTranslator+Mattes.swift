import StardustAnimation
import StardustCore

/// Track mattes (`tt` on a layer; its matte source is the layer above it with `td: 1`, or the layer whose `ind` is
/// the layer's `tp`): the matted layer is wrapped in an untransformed container whose `mask` is the source layer's
/// own translation, with `maskMode` alpha, alpha inverted, luminance or luminance inverted (the layer model's
/// extension beyond Core Animation for Lottie, docs/DRAWING.md "Masks"). The mask is drawn in the container's space
/// — the composition's — at the composition's time, so the source keeps its transform, parents and in/out points.
/// The source itself is not drawn.
extension LottieTranslator {
    static let matteNames = [1: "alpha", 2: "alpha inverted", 3: "luma", 4: "luma inverted"]

    /// The mask mode of a track matte mode (`tt`), or `nil` for none or an unknown mode.
    static func maskMode(matte mode: Int?) -> MaskMode? {
        switch mode {
        case 1: return .alpha
        case 2: return .alphaInverted
        case 3: return .luminance
        case 4: return .luminanceInverted
        default: return nil
        }
    }

    /// The matte source of the layer at `n` in `list`: the layer named by `tp`, else the layer just above it
    /// when that one is marked `td`.
    func matteSource(of n: Int, in list: [LottieLayer], byIndex: LottieLayerLookup) -> LottieLayer? {
        let layer = list[n]
        if let tp = layer.matteParent { return byIndex[tp] }
        guard n > 0, list[n - 1].isMatteSource else { return nil }
        return list[n - 1]
    }

    /// `content` (the matted layer's translation) inside a container masked by the source's translation.
    func matted(_ content: Layer, layer: LottieLayer, source: LottieLayer?, byIndex: LottieLayerLookup, depth: Int) -> Layer {
        guard let mode = Self.maskMode(matte: layer.matteMode) else {
            if let m = layer.matteMode, m != 0 { warn("\(layer.path).tt", "not drawn: track matte mode \(m)") }
            return content
        }
        guard let source else {
            warn("\(layer.path).tt", "track matte (\(Self.matteNames[layer.matteMode ?? 0] ?? "")) without a matte layer; drawn unmatted")
            return content
        }
        let container = Layer()
        container.name = "matte \(Self.matteNames[layer.matteMode ?? 0] ?? "") \(layer.path)"
        container.anchorPoint = .zero
        container.addSublayer(content)
        let mask = translate(source, parents: parentChain(of: source, in: byIndex), depth: depth)
        let holder = Layer()
        holder.name = "matte source \(source.path)"
        holder.anchorPoint = .zero
        holder.addSublayer(mask)
        container.mask = holder
        container.maskMode = mode
        return container
    }
}
