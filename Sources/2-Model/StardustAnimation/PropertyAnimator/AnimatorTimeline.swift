import StardustCore

/// A property-animator script replayed ahead of time: a ``PropertyAnimator``
/// driven by timed events (start, pause, scrub, reverse, continue, stop,
/// finish) on a private ``MediaClock``, its value fraction sampled on a fixed
/// grid. The result is a pure function of time, so a scene that uses an
/// animator still renders any frame alone (docs/DESIGN.md §1).
///
/// The state machine is the animator's own; this type only records what it shows.
public struct AnimatorTimeline: Sendable {
    /// One scripted call on the animator at a time (seconds).
    public enum Action: Hashable, Sendable {
        /// `startAnimation(afterDelay:)` with the delay in seconds.
        case start(delay: Double)
        /// `pauseAnimation()`.
        case pause
        /// Sets `fractionComplete` (0…1) while paused.
        case scrub(fractionComplete: Double)
        /// Toggles `isReversed`.
        case reverse
        /// `continueAnimation(withTimingParameters:durationFactor:)`; `nil` timing keeps the current curve.
        case `continue`(timing: TimingParameters?, durationFactor: Double)
        /// `stopAnimation(_:)`: `true` ends without finishing (inactive), `false` leaves the animator stopped.
        case stop(withoutFinishing: Bool)
        /// `finishAnimation(at:)` on a stopped animator.
        case finish(at: AnimatingPosition)
    }

    /// The sampling step: 1/240 s.
    public static let step = 1.0 / 240
    /// The most samples one timeline keeps (one hour at 240 Hz).
    public static let maxSamples = 864_000

    /// Value fractions at `k · step`; held after the last one.
    public let fractions: [Double]
    /// Completion positions reported by the animator, with their times.
    public let completions: [(time: Double, position: AnimatingPosition)]

    /// Replays `events` (sorted by time; equal times keep their order) on an animator of
    /// `duration` and `timing`, sampling until every event has happened and the animator has come to rest.
    public init(duration: Double, timing: TimingParameters, pausesOnCompletion: Bool = false, scrubsLinearly: Bool = true,
                events: [(time: Double, action: Action)]) {
        let clock = MediaClock()
        let animator = PropertyAnimator(duration: duration, timingParameters: timing, clock: clock)
        animator.pausesOnCompletion = pausesOnCompletion
        animator.scrubsLinearly = scrubsLinearly
        var done: [(time: Double, position: AnimatingPosition)] = []
        animator.addCompletion { done.append((clock.currentTime, $0)) }
        let sorted = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        let lastEvent = sorted.last?.time ?? 0
        let horizon = max(0, lastEvent) + max(duration, 0) * 4 + 1
        let count = min(Self.maxSamples, Int((horizon / Self.step).rounded(.up)) + 1)
        var samples = [Double](repeating: 0, count: count)
        var next = 0
        // An inactive animator reports no fraction: what the properties show then is where it
        // left them — 1 or 0 after finishing at the end or the start, the current value after
        // `stopAnimation(true)` or finishing at `.current`, and the model (0) before it ever ran.
        var shown = 0.0
        var seenCompletions = 0
        func observe() {
            if animator.state == .inactive {
                if done.count > seenCompletions, let last = done.last {
                    seenCompletions = done.count
                    shown = last.position == .end ? 1 : last.position == .start ? 0 : shown
                }
            } else {
                shown = animator.valueFraction
            }
        }
        for k in 0..<count {
            let t = Double(k) * Self.step
            while next < sorted.count && sorted[next].time <= t {
                clock.advance(to: max(clock.currentTime, sorted[next].time))
                observe()
                Self.apply(sorted[next].action, to: animator)
                observe()
                next += 1
            }
            clock.advance(to: max(clock.currentTime, t))
            observe()
            samples[k] = shown
        }
        fractions = samples
        completions = done
    }

    static func apply(_ action: Action, to a: PropertyAnimator) {
        switch action {
        case .start(let delay): a.startAnimation(afterDelay: delay)
        case .pause: a.pauseAnimation()
        case .scrub(let f): a.fractionComplete = f
        case .reverse: a.isReversed.toggle()
        case .continue(let timing, let factor): a.continueAnimation(withTimingParameters: timing, durationFactor: factor)
        case .stop(let withoutFinishing): a.stopAnimation(withoutFinishing)
        case .finish(let position): try? a.finishAnimation(at: position)
        }
    }

    /// The value fraction at time `t` (linear between samples).
    public func fraction(at t: Double) -> Double {
        guard !fractions.isEmpty else { return 0 }
        guard t > 0 else { return fractions[0] }
        let x = t / Self.step
        let i = Int(x)
        if i >= fractions.count - 1 { return fractions[fractions.count - 1] }
        let u = x - Double(i)
        return fractions[i] + (fractions[i + 1] - fractions[i]) * u
    }
}

/// Shows one property moving from `fromValue` to `toValue` as an ``AnimatorTimeline`` dictates.
public final class AnimatorTimelineAnimation: Animation {
    /// The replayed script whose value fraction drives the property.
    public let timeline: AnimatorTimeline
    /// The property's value at fraction 0.
    public let fromValue: AnimatableValue
    /// The property's value at fraction 1 (springs may overshoot it).
    public let toValue: AnimatableValue

    /// An animation of `keyPath` from `from` to `to` following `timeline`; it stays on its host after the end
    /// (`isRemovedOnCompletion = false`).
    public init(keyPath: String, from: AnimatableValue, to: AnimatableValue, timeline: AnimatorTimeline) {
        self.timeline = timeline; self.fromValue = from; self.toValue = to
        super.init(keyPath: keyPath)
        isRemovedOnCompletion = false
    }

    /// `fromValue` interpolated towards `toValue` at the timeline's value fraction at `parentTime` (seconds).
    public override func value(on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? {
        fromValue.interpolated(to: toValue, fraction: timeline.fraction(at: parentTime))
    }

    /// The timeline covers all time: it never ends on its own.
    public override func endTime() -> Double { .infinity }
}
