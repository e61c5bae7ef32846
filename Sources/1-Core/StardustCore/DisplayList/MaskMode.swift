/// How a mask's pixels become coverage of its host (docs/DRAWING.md, Masks).
///
/// Core Animation masks by alpha only (``alpha``). The other three are an opt-in extension beyond
/// Core Animation for Lottie's track mattes: luminance ("luma") and the inverted variants.
public enum MaskMode: String, Hashable, Sendable, CaseIterable {
    /// Coverage is the mask's alpha (`CALayer.mask`).
    case alpha
    /// Coverage is `1 − alpha` (extension: Lottie's inverted alpha matte).
    case alphaInverted
    /// Coverage is the Rec. 709 luminance of the mask's premultiplied color, i.e. luma × alpha (extension: luma matte).
    case luminance
    /// Coverage is `1 − luminance` (extension: Lottie's inverted luma matte).
    case luminanceInverted
}
