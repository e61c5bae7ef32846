#if !canImport(QuartzCore)
import Stardust

/// The engine layer between a ``LottieAnimationLayer`` and the composition: it places the composition
/// in the layer's bounds by its `contentsGravity` (which a `LottieAnimationView`'s `contentMode`
/// sets) and gives it the playback's composition time. Both are computed when drawing, from the time being
/// drawn, so changing the frame, the content mode or the clock needs no layout pass (docs/LOTTIE.md,
/// "lottie-ios names").
final class LottieFitLayer: Layer {
    /// The composition's size (`w`, `h`).
    var compositionSize = Size(width: 0, height: 0)
    /// The seconds of the composition's last frame, `(op − ip − 1) / fr`: the end of a play shows it (the
    /// file's layers are hidden at `op` itself).
    var lastFrameTime: Double = 0
    /// The composition's duration, `(op − ip) / fr`.
    var duration: Double = 0
    /// The current play, or nil when stopped at ``stillTime``.
    var playback: LottiePlayback?
    /// The composition time shown while no play is running.
    var stillTime: Double = 0

    /// The composition time drawn at the view's local (media) time `t`.
    func compositionTime(atMediaTime t: Double) -> Double {
        let time = playback?.time(atMediaTime: t) ?? stillTime
        return time >= duration ? lastFrameTime : max(time, 0)
    }

    override func drawSublayers(into list: inout [DrawCommand], localTime: Double, sublayerSpace: Transform3D,
                                context: DrawContext) {
        let host = superlayer
        let area = host?.bounds ?? Rect(x: 0, y: 0, width: compositionSize.width, height: compositionSize.height)
        let gravity = host?.contentsGravity ?? .resize
        let r = gravity.rect(forContentSize: compositionSize, in: area)
        guard compositionSize.width > 0, compositionSize.height > 0, r.width > 0, r.height > 0 else { return }
        let fit = Transform3D(scaleX: r.width / compositionSize.width, y: r.height / compositionSize.height, z: 1)
            .concatenating(Transform3D(translationX: r.minX, y: r.minY, z: 0))
            .concatenating(sublayerSpace)
        super.drawSublayers(into: &list, localTime: compositionTime(atMediaTime: localTime), sublayerSpace: fit, context: context)
    }
}
#endif
