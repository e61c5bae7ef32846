import Foundation

/// Remembers the last few samples of a ``Timeline`` so that every layer bound to one simulation
/// reads one replay per rendered time, not one each.
///
/// A cache of pure results: it changes no answer, only how often the replay runs. Thread-safe.
final class TimelineSampler<State: Sendable>: @unchecked Sendable {
    let timeline: Timeline<State>
    private let lock = NSLock()
    private var recent: [(time: UInt64, sample: (before: State, after: State, fraction: Double))] = []
    private let capacity = 4

    init(_ timeline: Timeline<State>) { self.timeline = timeline }

    /// `timeline.sample(at: time)`, from the cache when the same time was asked lately.
    func sample(at time: Double) -> (before: State, after: State, fraction: Double) {
        let key = time.bitPattern
        lock.lock()
        if let hit = recent.first(where: { $0.time == key }) { lock.unlock(); return hit.sample }
        lock.unlock()
        let s = timeline.sample(at: time)
        lock.lock()
        if recent.count == capacity { recent.removeFirst() }
        recent.append((key, s))
        lock.unlock()
        return s
    }
}
