import Foundation
import StardustCore

/// A path-producing shape item (`rc`, `el`, `sr`, `sh`) as a function of the frame: the outline After Effects
/// draws, as a ``Path`` in the group's coordinates. Static items are built once; animated ones (a resized
/// rectangle, a morphing path) are evaluated per frame by ``LottieMorphingShapeLayer``.
indirect enum LottieGeometry: Sendable {
    case rectangle(position: LottieAnimated<[Double]>, size: LottieAnimated<[Double]>, roundness: LottieAnimated<Double>, reversed: Bool)
    case ellipse(position: LottieAnimated<[Double]>, size: LottieAnimated<[Double]>, reversed: Bool)
    case polystar(LottiePolystar)
    case bezier(LottieAnimated<LottieBezier>, reversed: Bool)
    /// An outline with its straight corners rounded (`rd`, ``LottieRoundCorners``).
    case rounded(LottieGeometry, radius: LottieAnimated<Double>)

    /// Whether the outline changes over time.
    var isAnimated: Bool {
        switch self {
        case .rectangle(let p, let s, let r, _): return p.isAnimated || s.isAnimated || r.isAnimated
        case .ellipse(let p, let s, _): return p.isAnimated || s.isAnimated
        case .polystar(let s):
            return [s.position.value.isAnimated, s.points.value.isAnimated, s.rotation.value.isAnimated, s.outerRadius.value.isAnimated,
                    s.innerRadius.value.isAnimated, s.outerRoundness.value.isAnimated, s.innerRoundness.value.isAnimated].contains(true)
        case .bezier(let b, _): return b.isAnimated
        case .rounded(let g, let r): return g.isAnimated || r.isAnimated
        }
    }

    /// The frames of the keyframes the outline depends on.
    var keyframeTimes: [Double] {
        switch self {
        case .rectangle(let p, let s, let r, _): return p.keyframeTimes + s.keyframeTimes + r.keyframeTimes
        case .ellipse(let p, let s, _): return p.keyframeTimes + s.keyframeTimes
        case .polystar(let s):
            return s.position.value.keyframeTimes + s.points.value.keyframeTimes + s.rotation.value.keyframeTimes
                + s.outerRadius.value.keyframeTimes + s.innerRadius.value.keyframeTimes
        case .bezier(let b, _): return b.keyframeTimes
        case .rounded(let g, let r): return g.keyframeTimes + r.keyframeTimes
        }
    }

    /// The outline at `frame` (the owning layer's local frame).
    func path(at frame: Double) -> Path {
        switch self {
        case .rounded(let g, let r):
            return LottieRoundCorners.rounded(g.path(at: frame), radius: LottieKeyframes.value(r, at: frame))
        case .rectangle(let p, let s, let r, let reversed):
            let c = Self.vector(p, frame), size = Self.vector(s, frame)
            return Self.rectangle(center: Point(c[0], c.count > 1 ? c[1] : 0), size: Size(size[0], size.count > 1 ? size[1] : size[0]),
                                  radius: LottieKeyframes.value(r, at: frame), reversed: reversed)
        case .ellipse(let p, let s, let reversed):
            let c = Self.vector(p, frame), size = Self.vector(s, frame)
            return Self.ellipse(center: Point(c[0], c.count > 1 ? c[1] : 0), size: Size(size[0], size.count > 1 ? size[1] : size[0]), reversed: reversed)
        case .polystar(let s):
            return Self.polystar(s, frame: frame)
        case .bezier(let b, let reversed):
            return Self.path(Self.bezier(b, frame), reversed: reversed)
        }
    }

    // MARK: Values at a frame

    static func vector(_ p: LottieAnimated<[Double]>, _ frame: Double) -> [Double] {
        let v = interpolate(p, frame) { a, b, u in zip(a, b).map { $0 + ($1 - $0) * u } }
        return v.count >= 2 ? v : v + Array(repeating: 0, count: 2 - v.count)
    }

    static func bezier(_ p: LottieAnimated<LottieBezier>, _ frame: Double) -> LottieBezier {
        interpolate(p, frame) { a, b, u in
            // Morphing needs matching vertex counts; otherwise the shape switches at the segment's end.
            guard a.vertices.count == b.vertices.count else { return u < 1 ? a : b }
            func mix(_ x: [LottiePoint], _ y: [LottiePoint]) -> [LottiePoint] {
                zip(x, y).map { LottiePoint($0.x + ($1.x - $0.x) * u, $0.y + ($1.y - $0.y) * u) }
            }
            return LottieBezier(closed: a.closed, vertices: mix(a.vertices, b.vertices), inTangents: mix(a.inTangents, b.inTangents),
                                outTangents: mix(a.outTangents, b.outTangents))
        }
    }

    /// The keyframed value at `frame`: the segment's eased fraction (its timing function), hold segments held.
    static func interpolate<V>(_ p: LottieAnimated<V>, _ frame: Double, _ mix: (V, V, Double) -> V) -> V {
        switch p {
        case .fixed(let v): return v
        case .keyframes(let k):
            if frame <= k[0].time || k.count == 1 { return k[0].value }
            for n in 0..<(k.count - 1) where frame < k[n + 1].time {
                if k[n].hold { return k[n].value }
                let span = k[n + 1].time - k[n].time
                let u = span > 0 ? (frame - k[n].time) / span : 1
                return mix(k[n].value, k[n + 1].value, LottieKeyframes.timingFunction(k[n].easing).evaluate(u))
            }
            return k[k.count - 1].value
        }
    }

    // MARK: Outlines

    /// A bezier shape: each segment from vertex k (plus its out tangent) to vertex k+1 (plus its in tangent).
    static func path(_ b: LottieBezier, reversed: Bool) -> Path {
        var path = Path()
        let n = b.vertices.count
        guard n > 0 else { return path }
        func pt(_ p: LottiePoint) -> Point { Point(p.x, p.y) }
        path.move(to: pt(b.vertices[0]))
        let segments = b.closed ? n : n - 1
        for k in 0..<segments {
            let j = (k + 1) % n
            let p0 = b.vertices[k], p1 = b.vertices[j]
            let c1 = LottiePoint(p0.x + b.outTangents[k].x, p0.y + b.outTangents[k].y)
            let c2 = LottiePoint(p1.x + b.inTangents[j].x, p1.y + b.inTangents[j].y)
            if b.outTangents[k] == .zero && b.inTangents[j] == .zero {
                path.addLine(to: pt(p1))
            } else {
                path.addCurve(to: pt(p1), control1: pt(c1), control2: pt(c2))
            }
        }
        if b.closed { path.closeSubpath() }
        return path
    }

    /// After Effects' rectangle: starts at the top-right corner (after the corner arc) and runs clockwise;
    /// the corner radius is limited to half the shorter side.
    static func rectangle(center c: Point, size s: Size, radius r0: Double, reversed: Bool) -> Path {
        let w = abs(s.width), h = abs(s.height)
        let r = min(max(r0, 0), w / 2, h / 2)
        let rect = Rect(c.x - w / 2, c.y - h / 2, w, h)
        // The direction matters only for trims; the engine's rounded rectangle is used for the outline.
        return r > 0 ? Path(roundedRect: rect, cornerRadius: r) : Path(rect: rect)
    }

    /// After Effects' ellipse: four cubic arcs from the top point, clockwise (right, bottom, left), or
    /// counter-clockwise when reversed — where a trim or a dash pattern starts (lottie-web, ThorVG and lottie-ios
    /// build it so; docs/LOTTIE.md, "Shape rules").
    static func ellipse(center c: Point, size s: Size, reversed: Bool) -> Path {
        let rx = abs(s.width) / 2 * (reversed ? -1 : 1), ry = abs(s.height) / 2
        let k = 0.5519150244935106  // a quarter circle's handle length, in radii
        var path = Path()
        path.move(to: Point(c.x, c.y - ry))
        path.addCurve(to: Point(c.x + rx, c.y), control1: Point(c.x + k * rx, c.y - ry), control2: Point(c.x + rx, c.y - k * ry))
        path.addCurve(to: Point(c.x, c.y + ry), control1: Point(c.x + rx, c.y + k * ry), control2: Point(c.x + k * rx, c.y + ry))
        path.addCurve(to: Point(c.x - rx, c.y), control1: Point(c.x - k * rx, c.y + ry), control2: Point(c.x - rx, c.y + k * ry))
        path.addCurve(to: Point(c.x, c.y - ry), control1: Point(c.x - rx, c.y - k * ry), control2: Point(c.x - k * rx, c.y - ry))
        path.closeSubpath()
        return path
    }

    /// A star (alternating outer and inner vertices) or a polygon (outer vertices only), the first point straight
    /// up from the centre before the rotation; roundness bends each side with tangents along the circle.
    static func polystar(_ s: LottiePolystar, frame: Double) -> Path {
        let c = vector(s.position.value, frame)
        let count = Int.clamped(LottieKeyframes.value(s.points.value, at: frame).rounded(), to: 0...10_000)
        guard count >= 2 else { return Path() }
        let rotation = LottieKeyframes.value(s.rotation.value, at: frame) * .pi / 180
        let outer = LottieKeyframes.value(s.outerRadius.value, at: frame), inner = LottieKeyframes.value(s.innerRadius.value, at: frame)
        let outerRound = LottieKeyframes.value(s.outerRoundness.value, at: frame) / 100
        let innerRound = LottieKeyframes.value(s.innerRoundness.value, at: frame) / 100
        let vertexCount = s.isStar ? count * 2 : count
        let step = 2 * Double.pi / Double(vertexCount)
        var vertices: [LottiePoint] = [], ins: [LottiePoint] = [], outs: [LottiePoint] = []
        for k in 0..<vertexCount {
            let isOuter = !s.isStar || k % 2 == 0
            let radius = isOuter ? outer : inner
            let roundness = isOuter ? outerRound : innerRound
            let angle = rotation - Double.pi / 2 + Double(k) * step
            let x = c[0] + radius * cos(angle), y = c[1] + radius * sin(angle)
            vertices.append(LottiePoint(x, y))
            // The tangent runs along the direction of travel; its length is the roundness times the arc between
            // vertices (stars) or a quarter of it (polygons), as lottie-web builds it.
            let arc = 2 * Double.pi * radius / Double(vertexCount)
            let length = roundness * (s.isStar ? arc : arc / 4)
            let tx = -sin(angle) * length, ty = cos(angle) * length
            ins.append(LottiePoint(-tx, -ty)); outs.append(LottiePoint(tx, ty))
        }
        return path(LottieBezier(closed: true, vertices: vertices, inTangents: ins, outTangents: outs), reversed: s.reversed)
    }
}
