import StardustAnimation

/// The history of one emitter property changed with ``EmitterLayer/setEmitterValue(_:forKeyPath:at:)``:
/// a value before the first change, then piecewise-constant steps.
///
/// A particle born at time `t` sees ``value(at:)``: the value of the last step at or before `t`.
struct PropertyTimeline {
    /// The value before the first step (the model value when the first timed change was recorded).
    var initial: AnimatableValue
    /// Changes sorted by time; a later change at the same time replaces the earlier one.
    private(set) var steps: [(time: Double, value: AnimatableValue)] = []

    init(initial: AnimatableValue) { self.initial = initial }

    /// Records `value` from `time` on. O(steps).
    mutating func record(_ value: AnimatableValue, at time: Double) {
        if let i = steps.firstIndex(where: { $0.time == time }) { steps[i].value = value; return }
        let i = steps.firstIndex(where: { $0.time > time }) ?? steps.count
        steps.insert((time, value), at: i)
    }

    /// The value in effect at `time`. O(log steps).
    func value(at time: Double) -> AnimatableValue {
        var lo = 0, hi = steps.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if steps[mid].time <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? initial : steps[lo - 1].value
    }
}
