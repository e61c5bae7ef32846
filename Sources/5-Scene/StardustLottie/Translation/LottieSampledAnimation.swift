import StardustAnimation
import StardustCore

/// A value that depends on several Lottie properties at once (a radial gradient's radius from its start and end
/// points, a dash pattern from its entries) cannot be one property's keyframes: it is sampled once per frame over
/// the span of the keyframes it depends on, into a linear keyframe animation (exact at every frame).
enum LottieSampledAnimation {
    /// Most samples in one animation (a longer span is sampled more sparsely).
    static let maxSamples = 600

    /// The keyframe times of the animated properties among `times`, as a frame span, or `nil` when none animates.
    static func span(_ keyframeTimes: [[Double]]) -> ClosedRange<Double>? {
        let all = keyframeTimes.filter { $0.count > 1 }.flatMap { $0 }
        guard let lo = all.min(), let hi = all.max(), hi > lo else { return nil }
        return lo...hi
    }

    /// `value` sampled over `span` (frames) as an animation of `keyPath` that fills both ways.
    static func animation(keyPath: String, span: ClosedRange<Double>, frameRate: Double,
                          _ value: (Double) -> AnimatableValue) -> KeyframeAnimation {
        let length = span.upperBound - span.lowerBound
        let n = Int.clamped(length.rounded(.up) + 1, to: 2...maxSamples)
        var values: [AnimatableValue] = [], times: [Double] = []
        for k in 0..<n {
            let u = Double(k) / Double(n - 1)
            values.append(value(span.lowerBound + u * length)); times.append(u)
        }
        return LottieKeyframes.spanning(keyPath: keyPath, values: values, keyTimes: times, frames: span, frameRate: frameRate)
    }
}

extension LottieAnimated {
    /// The frames of the keyframes (one 0 for a static value).
    var keyframeTimes: [Double] { keyframeList.map(\.time) }
}
