/// What a Lottie trim (`tm`) shows of a path at a frame, in fractions of the path's length (docs/LOTTIE.md,
/// "Trim paths"): start `s` and end `e` (percent, clamped to 0…100) are swapped when the start passes the end;
/// the offset `o` (degrees, a full turn = the whole path) turns the range around the path, so it may wrap past
/// the path's end and show two pieces — the end of the path and its beginning. `CAShapeLayer`'s
/// `strokeStart`/`strokeEnd` express only the ranges that neither swap nor wrap (``isStrokeRange``).
struct LottieTrimRange: Sendable {
    var start: LottieAnimated<Double>
    var end: LottieAnimated<Double>
    var offset: LottieAnimated<Double>

    /// The shown pieces at `frame` (the owning layer's local frame), each `a < b` in 0…1; empty: nothing shown.
    func pieces(at frame: Double) -> [ClosedRange<Double>] {
        Self.pieces(start: LottieKeyframes.value(start, at: frame), end: LottieKeyframes.value(end, at: frame),
                    offset: LottieKeyframes.value(offset, at: frame))
    }

    /// The shown pieces of start `s` and end `e` (percent) turned by `o` degrees.
    static func pieces(start s: Double, end e: Double, offset o: Double) -> [ClosedRange<Double>] {
        var a = min(max(s / 100, 0), 1), b = min(max(e / 100, 0), 1)
        if a > b { swap(&a, &b) }
        if b - a >= 1 { return [0...1] }
        guard b > a else { return [] }
        var turn = (o / 360).truncatingRemainder(dividingBy: 1)
        if turn < 0 { turn += 1 }
        a += turn; b += turn
        if a >= 1 { a -= 1; b -= 1 }
        if b <= 1 { return [a...b] }
        return [a...1, 0...(b - 1)]
    }

    /// Whether `strokeStart = s / 100`, `strokeEnd = e / 100` show the same at every frame: the offset is a whole
    /// number of turns and the start never passes the end (checked every half frame over the keyframes' span, at
    /// most ``maxChecks`` times; the common draw-in and draw-out keep Core Animation's animations, visible in `trace`).
    var isStrokeRange: Bool {
        guard !offset.isAnimated, offset.initial.truncatingRemainder(dividingBy: 360) == 0 else { return false }
        let times = start.keyframeTimes + end.keyframeTimes
        guard let lo = times.min(), let hi = times.max() else { return true }
        let step = max(0.5, (hi - lo) / Double(Self.maxChecks))
        var f = lo
        while f <= hi + step / 2 {
            let at = min(f, hi)
            if LottieKeyframes.value(start, at: at) > LottieKeyframes.value(end, at: at) { return false }
            f += step
        }
        return true
    }

    static let maxChecks = 4096
}
