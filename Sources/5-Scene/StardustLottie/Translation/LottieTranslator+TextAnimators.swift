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

    /// Most character states sampled for one document's animations (characters × samples).
    static let maxTextSamples = 100_000

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
        let placed = layout.placed
        // The tracking the animators add after each character moves the characters after it on the same line.
        typealias Sample = (states: [LottieTextAnimation.State], shifts: [Double])
        func sample(_ frame: Double) -> Sample {
            let states = animation.states(at: frame)
            var shifts = Array(repeating: 0.0, count: states.count), run = 0.0
            for k in states.indices {
                if k > 0 && placed[k].y != placed[k - 1].y { run = 0 }
                shifts[k] = run
                run += states[k].tracking
            }
            return (states, shifts)
        }
        func transform(_ k: Int, _ all: Sample) -> Transform3D {
            let shift = all.shifts[k]
            let s = all.states[k], middle = advance(placed[k].character) / 2
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
        let still = sample(span?.lowerBound ?? 0)
        // Samples once per frame over the span (at most 600), fewer for long texts: at most `maxTextSamples` character
        // states per document, so a long text cannot make the animations' memory grow without bound.
        var samples: [Sample] = []
        if let span {
            let length = span.upperBound - span.lowerBound
            let budget = max(2, Self.maxTextSamples / max(placed.count, 1))
            let n = Int.clamped(length.rounded(.up) + 1, to: 2...min(LottieSampledAnimation.maxSamples, budget))
            for k in 0..<n {
                let f = span.lowerBound + Double(k) / Double(n - 1) * length
                samples.append(sample(f))
            }
        }
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
            let first = still.states[k]
            if uses.opacity { layer.opacity = min(max(first.opacity, 0), 1) }
            if uses.transform { layer.transform = transform(k, still) }
            if uses.fill { c.fill?.setValue(paint(first.fill), forKeyPath: fillKey) }
            if uses.stroke { c.stroke?.setValue(paint(first.stroke), forKeyPath: "strokeColor") }
            if uses.width { c.stroke?.lineWidth = first.strokeWidth }
            if let span {
                let times = samples.indices.map { Double($0) / Double(samples.count - 1) }
                func animate(_ target: Layer?, _ key: String, _ value: (Sample) -> AnimatableValue) {
                    guard let target else { return }
                    let a = LottieKeyframes.spanning(keyPath: key, values: samples.map(value), keyTimes: times,
                                                     frames: span, frameRate: frameRate)
                    a.name = "text animators, character \(p.index)"
                    target.add(a, forKey: "lottie.textAnimator.\(key)")
                }
                if uses.opacity { animate(layer, "opacity") { .number(min(max($0.states[k].opacity, 0), 1)) } }
                if uses.transform { animate(layer, "transform") { .transform(transform(k, $0)) } }
                if uses.fill { animate(c.fill, fillKey) { paint($0.states[k].fill) } }
                if uses.stroke { animate(c.stroke, "strokeColor") { paint($0.states[k].stroke) } }
                if uses.width { animate(c.stroke, "lineWidth") { .number($0.states[k].strokeWidth) } }
            }
            result.append(layer)
        }
        return result
    }
}
