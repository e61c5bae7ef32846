#if !canImport(QuartzCore)
import Stardust

/// One `play` of a ``LottieAnimationLayer`` as a pure function of media time: Core Animation timing
/// (`MediaTiming`: begin time, speed, repeat count, autoreverse, fill both) over the played range of the
/// composition, as lottie-ios plays it with one `CAAnimation` on its root layer.
///
/// Times are composition seconds (0 at the in point `ip`). Drawing reads ``time(atMediaTime:)`` of the time being
/// drawn, so a frame depends only on the media time, whatever moved the clock and whenever callbacks ran.
struct LottiePlayback {
    /// The played range: `from` → `to` (composition seconds; `from > to` plays backwards).
    var from: Double
    var to: Double
    /// Where in the range the play starts (a resumed play starts where it was paused).
    var start: Double
    /// `animationSpeed` (negative plays the range the other way).
    var speed: Double
    var loopMode: LottieLoopMode
    /// The media time `play` was called at.
    var beginTime: Double

    var low: Double { min(from, to) }
    var high: Double { max(from, to) }
    var span: Double { high - low }
    var rate: Double { abs(speed) }
    /// Whether composition time increases in the first cycle (lottie-ios's `playingForward`).
    var forward: Bool { (speed > 0 && from < to) || (speed < 0 && to < from) }
    /// Whether nothing moves: an empty range or a zero speed.
    var isStill: Bool { !(span > 0) || !(rate > 0) || !rate.isFinite }

    /// The timing of the cycle-local time u ∈ 0…span: begun early by the start's offset into the range.
    var timing: MediaTiming {
        let offset = forward ? start - low : high - start
        return MediaTiming(beginTime: beginTime - offset / rate, duration: span, speed: rate,
                           repeatCount: loopMode.repeatCount, autoreverses: loopMode.autoreverses, fillMode: .both)
    }

    /// The composition time shown at media time `t`.
    func time(atMediaTime t: Double) -> Double {
        if isStill { return start }
        guard let local = timing.local(at: t, duration: span) else { return start }
        return forward ? low + local.time : high - local.time
    }

    /// Whether the play has ended by media time `t` (never for `.loop` and `.autoReverse`; at once when still
    /// with an empty range).
    func hasEnded(atMediaTime t: Double) -> Bool {
        if !(span > 0) { return true }
        if isStill { return false }
        return timing.local(at: t, duration: span)?.phase == .after
    }

    /// The media time the play ends at, or nil when it never does.
    var endTime: Double? {
        if !(span > 0) { return beginTime }
        if isStill { return nil }
        let t = timing
        let active = t.activeDuration(span)
        return active.isFinite ? t.beginTime + active / rate : nil
    }
}
#endif
