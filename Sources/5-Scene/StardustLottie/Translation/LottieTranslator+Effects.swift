import Foundation
import StardustAnimation
import StardustCore

/// Blend modes (`bm`) become the layer's `compositingFilter` (the W3C blend modes Core Animation names); the drop
/// shadow effect (`ef` type 25) becomes the layer's shadow. Other effects are named in a warning.
extension LottieTranslator {
    static let blendModeNames = [1: "multiply", 2: "screen", 3: "overlay", 4: "darken", 5: "lighten", 6: "color dodge",
                                 7: "color burn", 8: "hard light", 9: "soft light", 10: "difference", 11: "exclusion",
                                 12: "hue", 13: "saturation", 14: "color", 15: "luminosity", 16: "add", 17: "hard mix"]

    /// The compositing filter of a Lottie blend mode, `nil` for normal and the modes without one (hard mix).
    static func compositingFilter(blendMode bm: Int) -> CompositingFilter? {
        let filters: [Int: CompositingFilter] = [1: .multiply, 2: .screen, 3: .overlay, 4: .darken, 5: .lighten, 6: .colorDodge,
                                                 7: .colorBurn, 8: .hardLight, 9: .softLight, 10: .difference, 11: .exclusion,
                                                 12: .hue, 13: .saturation, 14: .color, 15: .luminosity, 16: .additive]
        return filters[bm]
    }

    /// The blend mode and the drop shadow of `layer` on its transform layer (`outer`: the layer composited onto
    /// what lies below).
    func applyEffects(_ layer: LottieLayer, to outer: Layer) {
        if layer.blendMode != 0 {
            if let f = Self.compositingFilter(blendMode: layer.blendMode) {
                outer.compositingFilter = f
            } else {
                warn("\(layer.path).bm", "not drawn: blend mode \(Self.blendModeNames[layer.blendMode] ?? String(layer.blendMode)) (drawn normally)")
            }
        }
        for e in layer.effects where e.enabled {
            if e.type == 25 { applyDropShadow(e, to: outer) } else { warn(e.path, "not drawn: layer effect type \(e.type)") }
        }
    }

    /// After Effects' drop shadow: colour (value 0), opacity 0…255 (1), direction in degrees clockwise from up (2),
    /// distance (3) and softness (4) → `shadowColor`, `shadowOpacity`, `shadowOffset` and `shadowRadius`
    /// (`shadowRadius`, our blur's σ, = softness / 4: lottie-web's mapping, the Bodymovin exporter's own player; After
    /// Effects publishes no formula, and lottie-ios's softness / 5 is for Core Animation's radius, a wider blur than a σ
    /// of the same value; docs/LOTTIE.md). When any value is keyframed, the four
    /// properties are sampled per frame over the keyframes' span (``LottieSampledAnimation``), since the offset depends
    /// on two values at once.
    func applyDropShadow(_ e: LottieEffect, to layer: Layer) {
        let defaults: [[Double]] = [[0, 0, 0, 1], [128], [135], [5], [0]]
        func value(_ i: Int, at frame: Double) -> [Double] {
            guard i < e.values.count else { return defaults[i] }
            let v = LottieGeometry.interpolate(e.values[i].value, frame) { a, b, u in zip(a, b).map { $0 + ($1 - $0) * u } }
            return v.isEmpty ? defaults[i] : v
        }
        func shadow(at frame: Double) -> (color: Color, opacity: Double, offset: Size, radius: Double) {
            let color = value(0, at: frame), opacity = value(1, at: frame)[0] / 255
            let angle = value(2, at: frame)[0] * .pi / 180, distance = value(3, at: frame)[0], softness = value(4, at: frame)[0]
            return (LottieColor.color(Array(color.prefix(3))), min(max(opacity, 0), 1),
                    Size(distance * sin(angle), -distance * cos(angle)), max(softness, 0) / 4)
        }
        let used = e.values.prefix(defaults.count)
        let first = shadow(at: used.map { $0.value.keyframeTimes[0] }.min() ?? 0)
        layer.shadowColor = first.color
        layer.shadowOpacity = first.opacity
        layer.shadowOffset = first.offset
        layer.shadowRadius = first.radius
        guard let span = LottieSampledAnimation.span(used.map(\.value.keyframeTimes)) else { return }
        let tracks: [(String, (Double) -> AnimatableValue)] = [
            ("shadowColor", { .color(shadow(at: $0).color) }), ("shadowOpacity", { .number(shadow(at: $0).opacity) }),
            ("shadowOffset", { .size(shadow(at: $0).offset) }), ("shadowRadius", { .number(shadow(at: $0).radius) }),
        ]
        for (keyPath, sample) in tracks {
            let a = LottieSampledAnimation.animation(keyPath: keyPath, span: span, frameRate: frameRate, sample)
            a.name = e.path
            layer.add(a, forKey: "lottie.\(keyPath)")
        }
    }

    /// Everything a layer carries that is read but not drawn, each named once with its path.
    func noteUndrawn(_ layer: LottieLayer, next: LottieLayer?) {
        if layer.is3D { warn("\(layer.path).ddd", "approximated: a 3D layer is drawn flat") }
    }
}
