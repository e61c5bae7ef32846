import Foundation
import StardustAnimation
import StardustCore

/// Gradient fills and strokes (`gf`, `gs`): a ``GradientLayer`` (axial or radial) whose `mask` is a white shape
/// layer painting the outlines the way the solid paint would (fill rule; or stroke width, caps, joins, dashes,
/// trim). The gradient layer's bounds are the outlines' control-point box grown by its own size on every side,
/// so the pad beyond the end stops covers everything the mask lets through.
///
/// Lottie's stops are `p` colour stops `[offset, r, g, b]` followed by alpha stops `[offset, a]`, each list with
/// its own offsets: the layer's stops are the union of both offsets, each with the colour and the alpha
/// interpolated from its list. A radial gradient is a circle centred on the start point through the end point;
/// the highlight (a focal point off the centre) is not drawn (warned when used).
extension LottieTranslator {
    /// The merged stops of a Lottie gradient value.
    static func gradientStops(_ v: [Double], colorCount: Int) -> (colors: [Color], locations: [Double]) {
        let n = max(0, min(colorCount, v.count / 4))
        var colorStops: [(Double, [Double])] = []
        for k in 0..<n { colorStops.append((v[4 * k], [v[4 * k + 1], v[4 * k + 2], v[4 * k + 3]])) }
        var alphaStops: [(Double, Double)] = []
        var k = 4 * n
        while k + 1 < v.count { alphaStops.append((v[k], v[k + 1])); k += 2 }
        guard !colorStops.isEmpty else { return ([], []) }
        var locations = Set(colorStops.map(\.0))
        for a in alphaStops { locations.insert(a.0) }
        let sorted = locations.sorted()
        func lerp(_ stops: [(Double, [Double])], _ x: Double) -> [Double] {
            if x <= stops[0].0 { return stops[0].1 }
            for i in 1..<stops.count where x <= stops[i].0 {
                let (x0, a) = stops[i - 1], (x1, b) = stops[i]
                let u = x1 > x0 ? (x - x0) / (x1 - x0) : 1
                return zip(a, b).map { $0 + ($1 - $0) * u }
            }
            return stops[stops.count - 1].1
        }
        let alphas = alphaStops.map { ($0.0, [$0.1]) }
        let colors = sorted.map { x -> Color in
            let c = lerp(colorStops, x)
            let a = alphas.isEmpty ? 1 : lerp(alphas, x)[0]
            return LottieColor.color([c[0], c[1], c[2], a])
        }
        return (colors, sorted)
    }

    /// The gradient layer painting `g` through `mask` (a white shape layer in the same space); `margin` is how far
    /// the painted area may reach beyond the outlines (half a stroke's width).
    func gradientLayer(_ g: LottieGradient, mask: Layer, outlines: [LottieGeometry], path: String, margin: Double) -> Layer {
        let layer = GradientLayer()
        layer.name = "\(g.isRadial ? "radial" : "linear") gradient \(path)"
        layer.type = g.isRadial ? .radial : .axial
        // Bounds: every outline at every keyframe, and the gradient's points, grown by the box's size.
        var box: Rect? = nil
        func add(_ r: Rect) { box = box.map { $0.union(r) } ?? r }
        var frames: Set<Double> = [0]
        for o in outlines where o.isAnimated { for t in o.keyframeTimes { frames.insert(t) } }
        for f in frames.sorted().prefix(64) {
            for o in outlines { let p = o.path(at: f); if !p.isEmpty { add(p.controlPointBounds) } }
        }
        for p in [g.start, g.end] {
            for k in p.value.keyframeList.prefix(64) where k.value.count >= 2 { add(Rect(k.value[0], k.value[1], 0, 0)) }
        }
        var b = box ?? Rect(0, 0, 1, 1)
        let grow = max(b.width, b.height, 1) + margin
        b = Rect(b.minX - grow, b.minY - grow, b.width + 2 * grow, b.height + 2 * grow)
        layer.anchorPoint = .zero
        layer.bounds = b
        layer.position = Point(b.minX, b.minY)
        func unit(_ v: [Double]) -> Point {
            Point(((v.first ?? 0) - b.minX) / b.width, ((v.count > 1 ? v[1] : 0) - b.minY) / b.height)
        }
        // Stops.
        let stops = Self.gradientStops(g.stops.value.initial, colorCount: g.colorStopCount)
        layer.colors = stops.colors
        layer.locations = stops.locations
        if case .keyframes(let k) = g.stops.value {
            if let a = LottieKeyframes.animation(k, keyPath: "colors", frameRate: frameRate, convert: {
                .array(Self.gradientStops($0, colorCount: g.colorStopCount).colors.map { .color($0) })
            }) { a.name = g.stops.path; layer.add(a, forKey: "lottie.colors") }
            if let a = LottieKeyframes.animation(k, keyPath: "locations", frameRate: frameRate, convert: {
                .array(Self.gradientStops($0, colorCount: g.colorStopCount).locations.map { .number($0) })
            }) { a.name = g.stops.path; layer.add(a, forKey: "lottie.locations") }
        }
        if let x = g.stops.expression { warnExpression(x, at: g.stops.path) }
        // Geometry.
        apply(g.start, to: layer, keyPath: "startPoint") { .point(unit($0)) }
        if g.isRadial {
            func radialEnd(_ frame: Double) -> Point {
                let s = LottieGeometry.vector(g.start.value, frame), e = LottieGeometry.vector(g.end.value, frame)
                let r = hypot(e[0] - s[0], e[1] - s[1])
                let c = unit(s)
                return Point(c.x + r / b.width, c.y + r / b.height)
            }
            layer.endPoint = radialEnd(0)
            if let span = LottieSampledAnimation.span([g.start.value.keyframeTimes, g.end.value.keyframeTimes]) {
                let a = LottieSampledAnimation.animation(keyPath: "endPoint", span: span, frameRate: frameRate) { .point(radialEnd($0)) }
                a.name = g.end.path
                layer.add(a, forKey: "lottie.endPoint")
            } else {
                layer.endPoint = radialEnd(g.start.value.keyframeTimes[0])
            }
            if g.highlightLength.value.isAnimated || g.highlightLength.value.initial != 0 {
                warn(g.highlightLength.path, "approximated: a radial gradient's highlight is drawn centred")
            }
        } else {
            apply(g.end, to: layer, keyPath: "endPoint") { .point(unit($0)) }
        }
        apply(g.opacity, to: layer, keyPath: "opacity") { .number(min(max($0 / 100, 0), 1)) }
        layer.mask = mask
        return layer
    }
}
