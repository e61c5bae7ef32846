import StardustAnimation
import StardustCore

/// Dashed strokes: the dash and gap entries of `d` become `lineDashPattern` (in order), the offset entry
/// `lineDashPhase` (keyframed as it is). When a dash or gap length is animated the pattern is sampled per frame
/// (``LottieSampledAnimation``); `lineDashPattern` interpolates element by element.
extension LottieTranslator {
    func applyDashes(_ dashes: [LottieDash], to shape: ShapeLayer) {
        let lengths = dashes.filter { $0.kind != .offset }.map(\.length)
        guard !lengths.isEmpty else { return }
        func pattern(at frame: Double) -> [Double] {
            lengths.map { max(LottieKeyframes.value($0.value, at: frame), 0) }
        }
        for l in lengths { if let x = l.expression { warnExpression(x, at: l.path) } }
        let initial = pattern(at: lengths.map { $0.value.keyframeTimes[0] }.min() ?? 0)
        // A pattern of zeros only draws nothing in Core Animation's rules; Lottie players draw such strokes solid.
        guard initial.contains(where: { $0 > 0 }) || lengths.contains(where: { $0.value.isAnimated }) else { return }
        shape.lineDashPattern = initial
        if let span = LottieSampledAnimation.span(lengths.map(\.value.keyframeTimes)) {
            let a = LottieSampledAnimation.animation(keyPath: "lineDashPattern", span: span, frameRate: frameRate) { f in
                .array(pattern(at: f).map { .number($0) })
            }
            a.name = lengths[0].path
            shape.add(a, forKey: "lottie.lineDashPattern")
        }
        if let offset = dashes.first(where: { $0.kind == .offset }) {
            apply(offset.length, to: shape, keyPath: "lineDashPhase") { .number($0) }
        }
    }
}
