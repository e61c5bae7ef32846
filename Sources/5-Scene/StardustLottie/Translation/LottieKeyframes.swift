import StardustAnimation
import StardustCore

/// Lottie keyframes → Core Animation keyframe animations, as lottie-ios 4's Core Animation engine builds them.
///
/// One ``KeyframeAnimation`` per property: `values` are the keyframe values, `keyTimes` their frames normalised
/// to the first…last keyframe span, and `timingFunctions` one cubic Bézier per segment from the keyframe's `o`
/// and the next one's `i` handles. A hold keyframe (`h: 1`) becomes a segment that keeps its value and a
/// zero-length segment that jumps at the next key time (equal key times), so hold and eased segments mix in one
/// animation. The animation starts at the first keyframe's frame (`beginTime`), lasts until the last one, and
/// fills both ways: before the first keyframe the first value shows, after the last the last one does.
/// Spatial tangents (`to`/`ti`) make a `path` animation along cubic Bézier segments.
enum LottieKeyframes {
    /// The animation of `keyPath` through `keyframes` (frames of the owning layer's local time at `frameRate`),
    /// or `nil` when there is nothing to animate (fewer than two keyframes or a zero span).
    static func animation<V>(_ keyframes: [LottieKeyframe<V>], keyPath: String, frameRate: Double,
                             spatial: Bool = false, convert: (V) -> AnimatableValue) -> KeyframeAnimation? {
        guard keyframes.count >= 2, let first = keyframes.first, let last = keyframes.last, last.time > first.time else { return nil }
        let span = last.time - first.time
        var values: [AnimatableValue] = [], times: [Double] = [], functions: [TimingFunction] = []
        values.reserveCapacity(keyframes.count); times.reserveCapacity(keyframes.count); functions.reserveCapacity(keyframes.count - 1)
        var path = Path()
        let usePath = spatial && keyframes.dropLast().contains { k in
            guard let s = k.spatial else { return false }
            return s.out != .zero || s.into != .zero
        }
        func key(_ t: Double) -> Double { min(max((t - first.time) / span, 0), 1) }
        func point(_ v: AnimatableValue) -> Point { if case .point(let p) = v { return p }; return .zero }
        // Each keyframe's value is converted once: a segment's end value is the next keyframe's value (converters
        // are pure; a gradient's converts its stops, docs/BENCHMARKS.md, "lottie", twenty-sixth round (opening)).
        var v = convert(first.value)
        for (n, k) in keyframes.enumerated() {
            values.append(v); times.append(key(k.time))
            if usePath, n == 0 { path.move(to: point(v)) }
            guard n + 1 < keyframes.count else { break }
            let next = keyframes[n + 1]
            let nextValue = convert(next.value)
            defer { v = nextValue }
            if k.hold {
                // Hold: stay on v until the next key time, then jump (a segment of zero duration).
                values.append(v); times.append(key(next.time))
                functions.append(.linear); functions.append(.linear)
                if usePath { path.addLine(to: point(v)); path.addLine(to: point(nextValue)) }
                continue
            }
            functions.append(timingFunction(k.easing))
            if usePath {
                let p0 = point(v), p3 = point(nextValue)
                if let s = k.spatial, s.out != .zero || s.into != .zero {
                    path.addCurve(to: p3, control1: Point(p0.x + s.out.x, p0.y + s.out.y), control2: Point(p3.x + s.into.x, p3.y + s.into.y))
                } else {
                    path.addLine(to: p3)
                }
            }
        }
        let a = spanning(keyPath: keyPath, values: values, keyTimes: times, frames: first.time...last.time, frameRate: frameRate)
        if usePath { a.path = path }
        a.timingFunctions = functions
        return a
    }

    /// A keyframe animation of `keyPath` over the frames `frames` (keyTimes normalised to that span) that begins at
    /// the span's first frame and fills both ways: how every animated Lottie property is played.
    static func spanning(keyPath: String, values: [AnimatableValue], keyTimes: [Double], frames: ClosedRange<Double>,
                         frameRate: Double) -> KeyframeAnimation {
        let a = KeyframeAnimation(keyPath: keyPath, values: values)
        a.keyTimes = keyTimes
        a.timing.beginTime = frames.lowerBound / frameRate
        a.timing.duration = (frames.upperBound - frames.lowerBound) / frameRate
        a.timing.fillMode = .both
        a.isRemovedOnCompletion = false
        return a
    }

    /// The segment's easing: `CAMediaTimingFunction(controlPoints: o.x, o.y, i.x, i.y)`, linear without handles.
    /// The x coordinates are clamped to 0…1 as a timing function requires (y may overshoot).
    static func timingFunction(_ easing: (out: LottiePoint, into: LottiePoint)?) -> TimingFunction {
        guard let e = easing else { return .linear }
        func c(_ x: Double) -> Float { Float(min(max(x, 0), 1)) }
        return TimingFunction(controlPoints: c(e.out.x), Float(e.out.y), c(e.into.x), Float(e.into.y))
    }

    /// The value of a keyframed property at `frame`, computed the way the animation above evaluates
    /// (for what cannot be a layer animation: repeater copies, trim offsets). Linear in value for eased segments
    /// after the timing function; hold segments keep their value.
    static func value(_ p: LottieAnimated<Double>, at frame: Double) -> Double {
        switch p {
        case .fixed(let v): return v
        case .keyframes(let k):
            guard let first = k.first else { return 0 }
            if frame <= first.time || k.count == 1 { return first.value }
            for n in 0..<(k.count - 1) where frame < k[n + 1].time {
                if k[n].hold { return k[n].value }
                let span = k[n + 1].time - k[n].time
                let u = span > 0 ? (frame - k[n].time) / span : 1
                let e = timingFunction(k[n].easing).evaluate(u)
                return k[n].value + (k[n + 1].value - k[n].value) * e
            }
            return k[k.count - 1].value
        }
    }
}
