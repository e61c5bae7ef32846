/// The recorded pointer events of one simulation, in time order, and the fixed step at which each
/// takes effect.
///
/// Events are applied at the start of step *s* = ⌈time / timeStep⌉ (the first step beginning at or
/// after the event's time), in the order they were recorded when several fall in one step; the
/// last `moved` of a step therefore wins. A value type: a simulation captures a copy, so adding
/// events later never changes a replay already running.
public struct PointerTrack: Sendable, Hashable {
    /// The events, sorted by time (stable: equal times keep their recording order).
    public private(set) var events: [PointerEvent] = []

    /// An empty track.
    public init() {}

    /// A track of `events` (sorted by time, keeping the order of equal times).
    public init(_ events: [PointerEvent]) {
        for e in events { append(e) }
    }

    /// Inserts `event` after every event at or before its time.
    public mutating func append(_ event: PointerEvent) {
        var i = events.count
        while i > 0 && events[i - 1].time > event.time { i -= 1 }
        events.insert(event, at: i)
    }

    /// The step at whose start an event at `time` takes effect, for steps of `timeStep` seconds.
    public static func step(of time: Double, timeStep: Double) -> Int {
        guard time.isFinite, time > 0 else { return 0 }
        // A time that is a whole number of steps up to rounding takes effect at that step.
        return Int((time / timeStep - 1e-9).rounded(.up))
    }

    /// The index range of the events that take effect at the start of `step`.
    /// - Complexity: O(log n).
    public func range(forStep step: Int, timeStep: Double) -> Range<Int> {
        func firstIndex(atOrAfterStep s: Int) -> Int {
            var lo = 0, hi = events.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if Self.step(of: events[mid].time, timeStep: timeStep) < s { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return firstIndex(atOrAfterStep: step) ..< firstIndex(atOrAfterStep: step + 1)
    }
}
