/// A timer on a ``MediaClock`` with Foundation's `Timer.scheduledTimer`
/// semantics, firing deterministically in rendered (media) time.
///
/// A timer scheduled at clock time T with interval i first fires at T + i;
/// a repeating timer then fires at T + 2i, T + 3i, … — once per interval
/// passed, in order, even when the clock jumps several intervals in one
/// ``MediaClock/advance(to:)``. The clock keeps the timer alive until it is
/// invalidated (or, for a one-shot timer, has fired).
///
/// Named `ClockTimer` so that it does not clash with Foundation's `Timer`.
public final class ClockTimer: ClockEventSource {
    /// The interval between firings (at least 0.0001 s, as Foundation).
    public let timeInterval: Double
    /// Whether the timer fires every interval (else once).
    public let repeats: Bool
    /// The media time of the next firing.
    public private(set) var fireDate: Double
    /// Whether the timer will still fire.
    public private(set) var isValid = true
    /// How many times the clock has fired the timer.
    public private(set) var fireCount = 0
    private let start: Double
    private let block: (ClockTimer) -> Void
    private weak var clock: MediaClock?

    /// Creates a timer on `clock` and schedules it: its first firing is at
    /// `clock.currentTime + interval`. Intervals ≤ 0 (or not finite) become
    /// 0.0001 s, as Foundation does.
    public static func scheduledTimer(withTimeInterval interval: Double, repeats: Bool, clock: MediaClock,
                                      block: @escaping (ClockTimer) -> Void) -> ClockTimer {
        let t = ClockTimer(interval: interval, repeats: repeats, start: clock.currentTime, block: block)
        t.clock = clock
        clock.register(t)
        return t
    }

    private init(interval: Double, repeats: Bool, start: Double, block: @escaping (ClockTimer) -> Void) {
        let i = interval.isFinite && interval > 0 ? max(interval, 0.0001) : 0.0001
        self.timeInterval = i; self.repeats = repeats; self.block = block
        self.start = start
        self.fireDate = start + i
    }

    /// Stops the timer; it never fires again. Safe to call more than once, also from its own block.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        clock?.unregister(self)
    }

    /// Fires the timer now (its block runs) without changing a repeating
    /// timer's schedule; a non-repeating timer is invalidated. No effect once invalid.
    public func fire() {
        guard isValid else { return }
        block(self)
        if !repeats { invalidate() }
    }

    var nextEventTime: Double? { isValid ? fireDate : nil }

    func fireClockEvent(_ clock: MediaClock) {
        guard isValid else { return }
        fireCount += 1
        // Computed from the start, so no rounding error accumulates over many firings.
        if repeats { fireDate = start + Double(fireCount + 1) * timeInterval } else { isValid = false; clock.unregister(self) }
        block(self)
    }
}
