import Foundation
import StardustAnimation
import StardustCore

/// Text animators (docs/LOTTIE.md, "Text animators"): a document with animators is drawn one layer per character
/// (`character "x" [i]`, at the character's origin on its baseline), each holding that character's text layer or
/// glyph outlines; what ``LottieTextAnimation`` computes becomes the character layer's `transform` and `opacity`
/// and its paints' colours and stroke width — set once when nothing animates, else sampled per frame over the
/// animators' keyframes into keyframe animations, so `stardust trace` shows them.
extension LottieTranslator {
    /// One character's content: its layers, the layer whose fill colour the animators change (a ``TextLayer``'s
    /// `foregroundColor` or a ``ShapeLayer``'s `fillColor`) and its stroke layer.
    struct CharacterContent {
        var layers: [Layer]
        var fill: Layer?
        var stroke: ShapeLayer?
    }

    /// Names, once, what the animators ask for that is not drawn.
    func noteUndrawn(_ animators: [LottieTextAnimator]) {
        for a in animators {
            let s = a.selector
            if s.shape != 1 { warn("\(a.path).s.sh", "not drawn yet: range selector shape \(s.shape) (drawn as a square)") }
            if s.basedOn > 2 { warn("\(a.path).s.b", "not drawn yet: range selectors based on words or lines (drawn based on characters)") }
            if s.randomized { warn("\(a.path).s.rn", "not drawn yet: range selectors in random order (drawn in order)") }
            if !a.otherProperties.isEmpty {
                warn("\(a.path).a", "not drawn yet: text animator properties \(a.otherProperties.joined(separator: ", "))")
            }
        }
    }

    /// The characters of `layout`, one layer each, animated by `animators`. `advance` gives a character's advance
    /// (the middle of it is where scale and rotation turn), `content` its layers drawn from its origin.
    func animatedCharacters(_ d: LottieTextDocument, layout: LottieTextLayout, animators: [LottieTextAnimator],
                            advance: (Character) -> Double, content: (Character) -> CharacterContent) -> [Layer] {
        noteUndrawn(animators)
        let animation = LottieTextAnimation(animators: animators, document: d,
                                            characters: layout.placed.map { ($0.index, $0.character == " ") })
        var cache: [Double: [LottieTextAnimation.State]] = [:]
        func states(_ frame: Double) -> [LottieTextAnimation.State] {
            if let s = cache[frame] { return s }
            let s = animation.states(at: frame)
            cache[frame] = s
            return s
        }
        let placed = layout.placed
        // The tracking the animators add after each character moves the characters after it on the same line.
        func transform(_ k: Int, _ all: [LottieTextAnimation.State]) -> Transform3D {
            var shift = 0.0
            var j = k - 1
            while j >= 0 && placed[j].y == placed[k].y { shift += all[j].tracking; j -= 1 }
            let s = all[k], middle = advance(placed[k].character) / 2
            let t = Transform2D(translationX: -middle, y: 0)
                .concatenating(Transform2D(scaleX: s.scale.x, y: s.scale.y))
                .concatenating(Transform2D(rotationAngle: s.rotation * .pi / 180))
                .concatenating(Transform2D(translationX: middle + s.offset.x + shift, y: s.offset.y))
            return Transform3D(t)
        }
        let uses = (opacity: animators.contains { $0.opacity != nil },
                    transform: animators.contains { $0.position != nil || $0.scale != nil || $0.rotation != nil || $0.tracking != nil },
                    fill: animators.contains { $0.fillColor != nil },
                    stroke: animators.contains { $0.strokeColor != nil },
                    width: animators.contains { $0.strokeWidth != nil })
        let span = LottieSampledAnimation.span(animation.keyframeTimes)
        let still = states(span?.lowerBound ?? 0)
        var result: [Layer] = []
        for (k, p) in placed.enumerated() where p.character != " " {
            let c = content(p.character)
            let layer = Layer()
            layer.name = "character \"\(p.character)\" [\(p.index)]"
            layer.anchorPoint = .zero
            layer.position = Point(p.x, p.y)
            for l in c.layers { layer.addSublayer(l) }
            let fillKey = c.fill is TextLayer ? "foregroundColor" : "fillColor"
            func paint(_ v: [Double]?) -> AnimatableValue { .color(v.map(LottieColor.paint) ?? .clear) }
            if uses.opacity { layer.opacity = min(max(still[k].opacity, 0), 1) }
            if uses.transform { layer.transform = transform(k, still) }
            if uses.fill { c.fill?.setValue(paint(still[k].fill), forKeyPath: fillKey) }
            if uses.stroke { c.stroke?.setValue(paint(still[k].stroke), forKeyPath: "strokeColor") }
            if uses.width { c.stroke?.lineWidth = still[k].strokeWidth }
            if let span {
                func animate(_ target: Layer?, _ key: String, _ value: (Double) -> AnimatableValue) {
                    guard let target else { return }
                    let a = LottieSampledAnimation.animation(keyPath: key, span: span, frameRate: frameRate, value)
                    a.name = "text animators, character \(p.index)"
                    target.add(a, forKey: "lottie.textAnimator.\(key)")
                }
                if uses.opacity { animate(layer, "opacity") { .number(min(max(states($0)[k].opacity, 0), 1)) } }
                if uses.transform { animate(layer, "transform") { .transform(transform(k, states($0))) } }
                if uses.fill { animate(c.fill, fillKey) { paint(states($0)[k].fill) } }
                if uses.stroke { animate(c.stroke, "strokeColor") { paint(states($0)[k].stroke) } }
                if uses.width { animate(c.stroke, "lineWidth") { .number(states($0)[k].strokeWidth) } }
            }
            result.append(layer)
        }
        return result
    }
}
