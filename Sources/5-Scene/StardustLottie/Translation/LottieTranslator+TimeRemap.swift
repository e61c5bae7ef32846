import StardustAnimation
import StardustCore

/// Time remapping (`tm` on a precomp layer): the precomp's time in seconds as a keyframed function of the
/// containing composition's frame. A layer's time is an affine map of its parent's in the layer model
/// (`beginTime`, `speed`, `timeOffset`), so the precomp's clip layer is a ``LottieTimeRemapLayer`` that hands its
/// sublayers the remapped time; start time and stretch are then not applied again (as lottie-web, rlottie and
/// ThorVG play it).
extension LottieTranslator {
    func timeRemapLayer(_ tm: LottieProperty<Double>, at path: String) -> Layer {
        if let x = tm.expression { warnExpression(x, at: path) }
        let layer = LottieTimeRemapLayer()
        layer.remap = tm.value
        layer.frameRate = frameRate
        return layer
    }
}

/// A layer whose sublayers run on a remapped time: `remap` evaluated at the layer's local frame, in seconds.
final class LottieTimeRemapLayer: Layer {
    var remap: LottieAnimated<Double> = .fixed(0)
    var frameRate: Double = 30

    /// A time remap layer with the defaults (``Layer/blankCopy()``).
    override func blankCopy() -> Layer? { LottieTimeRemapLayer() }

    override func copyValues(to copy: Layer) {
        super.copyValues(to: copy)
        guard let c = copy as? LottieTimeRemapLayer else { return }
        c.remap = remap
        c.frameRate = frameRate
    }

    override func drawSublayers(into list: inout [DrawCommand], localTime: Double, sublayerSpace: Transform3D, context: DrawContext) {
        let t = LottieKeyframes.value(remap, at: localTime * frameRate)
        super.drawSublayers(into: &list, localTime: t.isFinite ? t : 0, sublayerSpace: sublayerSpace, context: context)
    }
}
