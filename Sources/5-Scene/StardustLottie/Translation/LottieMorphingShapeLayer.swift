import StardustAnimation
import StardustCore

/// A shape layer whose path follows animated Lottie outlines (a resized rectangle, a morphing `sh`).
///
/// Interim, until the layer model animates `path` itself (the `stroke` work: path morphing, docs/LOTTIE.md
/// "Decisions"): at draw time the outlines are evaluated at the layer's local frame and drawn through
/// ``ShapeLayer``'s own fill and stroke (trims, caps and joins included), so nothing else draws them.
/// Not thread-safe while drawing (the sampler keeps the last frame's path), like any layer tree.
final class LottieMorphingShapeLayer: ShapeLayer {
    /// The outlines, combined into one path per frame (shared with the other layers drawing them).
    var sampler = LottieOutlineSampler([])
    /// Frames per second of the animation (local seconds → frames).
    var frameRate: Double = 30

    /// A morphing shape layer with the defaults (``Layer/blankCopy()``).
    override func blankCopy() -> Layer? { LottieMorphingShapeLayer() }

    /// The sampler is shared, as it already is between the layers drawing the same outlines.
    override func copyValues(to copy: Layer) {
        super.copyValues(to: copy)
        guard let c = copy as? LottieMorphingShapeLayer else { return }
        c.sampler = sampler
        c.frameRate = frameRate
    }

    override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {
        let frame = time * frameRate
        drawContents(into: &list, time: time, transform: transform, path: sampler.path(at: frame))
    }
}
