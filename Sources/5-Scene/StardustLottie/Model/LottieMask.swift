/// One mask of a layer (`masksProperties[i]`): an outline combined with the masks before it by ``mode``.
public struct LottieMask: Sendable, Equatable {
    /// `mode`: "a" add, "s" subtract, "i" intersect, "l" lighten, "d" darken, "f" difference, "n" none.
    public var mode: String
    /// `pt`: the outline, in the layer's space (animated: the mask morphs).
    public var outline: LottieProperty<LottieBezier>
    /// `o`: the mask's opacity in percent.
    public var opacity: LottieProperty<Double>
    /// `x`: the expansion in points (grows the outline when positive, shrinks it when negative).
    public var expansion: LottieProperty<Double>
    /// `inv`: the outline's coverage is inverted before it is combined.
    public var inverted: Bool
    /// The mask's JSON path, for warnings.
    public var path: String
}
