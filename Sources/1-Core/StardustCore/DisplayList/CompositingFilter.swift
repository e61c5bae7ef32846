/// How a layer's rendered group combines with what lies below it: `CALayer.compositingFilter`
/// with Core Animation's filter names, plus ``additive`` (docs/DRAWING.md, Blend modes).
///
/// The formulas are the W3C *Compositing and Blending Level 1* ones on premultiplied color:
/// `co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)`, `αo = αs + αb·(1 − αs)`, with `B` the mode's
/// blend function of the straight backdrop and source colors. ``normal`` is source-over and
/// ``additive`` is `min(1, src + dst)` per channel, as ``BlendMode/additive``. ``BlendMode`` stays
/// the per-command mode of sprites and paths (particles keep `renderMode`); this is the mode of a group.
public enum CompositingFilter: String, Hashable, Sendable, CaseIterable {
    /// Source-over (no filter: `compositingFilter = nil`).
    case normal = "normalBlendMode"
    case multiply = "multiplyBlendMode"
    case screen = "screenBlendMode"
    case overlay = "overlayBlendMode"
    case darken = "darkenBlendMode"
    case lighten = "lightenBlendMode"
    case colorDodge = "colorDodgeBlendMode"
    case colorBurn = "colorBurnBlendMode"
    case hardLight = "hardLightBlendMode"
    case softLight = "softLightBlendMode"
    case difference = "differenceBlendMode"
    case exclusion = "exclusionBlendMode"
    case hue = "hueBlendMode"
    case saturation = "saturationBlendMode"
    case color = "colorBlendMode"
    case luminosity = "luminosityBlendMode"
    /// Premultiplied sum, clamped: `min(1, src + dst)` (Core Animation's `plusL`; an emitter's additive render mode).
    case additive

    /// The filter named by Core Animation's filter name (`"multiplyBlendMode"`), or `additive`/`plusL`; `nil` otherwise.
    public init?(filterName: String) {
        if filterName == "plusL" { self = .additive; return }
        self.init(rawValue: filterName)
    }
}
