/// Something a ``MediaClock`` wakes at a given media time (timers, property animators).
protocol ClockEventSource: AnyObject {
    /// The next media time at which the source wants ``fireClockEvent(_:)``, or `nil` for none.
    var nextEventTime: Double? { get }
    /// Called with the clock's current time set to the event time.
    func fireClockEvent(_ clock: MediaClock)
}

/// The media clock of a scene: the current media time in seconds, advanced
/// explicitly by the driver (a renderer, an exporter, a test). Nothing reads
/// the wall clock, so everything driven by the clock is deterministic in
/// rendered time.
///
/// ``advance(to:)`` fires every timer and property-animator event due up to
/// the new time in chronological order (ties in registration order), with
/// ``currentTime`` set to each event's own time while its callback runs, so
/// work started from a callback (a chained animation) begins at that instant.
public final class MediaClock {
    /// The current media time in seconds.
    public private(set) var currentTime: Double
    var sources: [ClockEventSource] = []
    private var isAdvancing = false
    private var pendingTarget: Double?

    /// A clock starting at `time` (default 0).
    public init(time: Double = 0) { self.currentTime = time.isFinite ? time : 0 }

    /// Moves the clock to `time`, firing due events in order.
    ///
    /// Moving backwards sets the time without firing anything (events are
    /// never replayed). A call made from inside an event callback is deferred
    /// until the current advance has fired everything up to its own target.
    /// Non-finite times are ignored. Complexity: O(events × sources).
    public func advance(to time: Double) {
        guard time.isFinite else { return }
        if isAdvancing { pendingTarget = max(pendingTarget ?? time, time); return }
        isAdvancing = true
        defer { isAdvancing = false }
        var target = time
        if target < currentTime { currentTime = target; return }
        while true {
            while let (index, when) = nextDue(upTo: target) {
                currentTime = max(currentTime, when)
                sources[index].fireClockEvent(self)
            }
            currentTime = target
            if let p = pendingTarget, p > target { target = p; pendingTarget = nil; continue }
            pendingTarget = nil
            return
        }
    }

    /// Advances the clock by `interval` seconds (see ``advance(to:)``).
    public func advance(by interval: Double) { advance(to: currentTime + interval) }

    private func nextDue(upTo target: Double) -> (Int, Double)? {
        var best: (Int, Double)?
        for (i, s) in sources.enumerated() {
            guard let t = s.nextEventTime, t <= target else { continue }
            if best == nil || t < best!.1 { best = (i, t) }
        }
        return best
    }

    func register(_ source: ClockEventSource) {
        if !sources.contains(where: { $0 === source }) { sources.append(source) }
    }

    func unregister(_ source: ClockEventSource) {
        sources.removeAll { $0 === source }
    }
}
