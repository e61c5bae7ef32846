import StardustAnimation
import StardustCore

/// A fill cut by trim paths (Lottie trims fills as well as strokes; `CAShapeLayer` trims only its stroke): at
/// draw time the path — or the animated outlines, evaluated at the layer's frame — is cut to the presented
/// `strokeStart…strokeEnd` and the cut (open) subpaths are filled, each closed by a straight line as a fill
/// closes any open subpath. Drawn through ``ShapeLayer``'s own fill, so nothing else draws it.
final class LottieTrimmedFillLayer: ShapeLayer {
    /// The animated outlines (empty: the layer's `path` is used).
    var outlines: [LottieGeometry] = []
    /// Frames per second of the animation (local seconds → frames).
    var frameRate: Double = 30

    override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {
        var whole = path ?? Path()
        if !outlines.isEmpty {
            whole = Path()
            for o in outlines { whole.addPath(o.path(at: time * frameRate)) }
        }
        var s0 = strokeStart, s1 = strokeEnd
        if hasAnimations {
            s0 = presentationValue(forKeyPath: "strokeStart", at: time)?.doubleValue ?? s0
            s1 = presentationValue(forKeyPath: "strokeEnd", at: time)?.doubleValue ?? s1
        }
        let shown = s0 <= 0 && s1 >= 1 ? whole : whole.trimmed(from: s0, to: s1, tolerance: 0.1 / max(transform.maxScale, 1e-6))
        let saved = path
        path = shown.isEmpty ? nil : shown
        super.drawContents(into: &list, time: time, transform: transform)
        path = saved
    }
}

extension LottieTranslator {
    /// `fill` itself without a trim; with one, a ``LottieTrimmedFillLayer`` that takes over its paint.
    func trimmedFill(_ fill: ShapeLayer, trim: Trim?, outlines: [LottieGeometry]) -> ShapeLayer? {
        guard let trim else { return fill }
        let t = LottieTrimmedFillLayer()
        t.name = "trimmed " + (fill.name ?? "fill")
        t.anchorPoint = .zero
        t.path = fill.path
        t.fillRule = fill.fillRule
        t.fillColor = fill.fillColor
        t.opacity = fill.opacity
        t.frameRate = frameRate
        if outlines.contains(where: { $0.isAnimated }) { t.outlines = outlines }
        for key in fill.animationKeys() { if let a = fill.animation(forKey: key) { t.add(a, forKey: key) } }
        applyTrim(trim, to: t)
        return t
    }
}
