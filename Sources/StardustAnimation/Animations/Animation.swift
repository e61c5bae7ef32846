import StardustCore

/// The base of every animation (`CAAnimation`): media timing plus the
/// contract a layer uses to compute presentation values.
///
/// Subclasses override ``value(on:at:)``. An animation never changes the
/// model: it maps the value below it (the model value, or the result of the
/// animations added before it) to the presentation value.
open class Animation {
    public var timing: MediaTiming
    /// The animated key path, e.g. `position.x` or `emitterCells.flake.birthRate`; `nil` for groups.
    public var keyPath: String?
    public var isRemovedOnCompletion: Bool = true
    /// Called once when the animation stops: `true` if it reached the end of its active duration, `false` if removed first.
    public var completion: ((Bool) -> Void)?
    private var hasStopped = false

    public init(keyPath: String? = nil, timing: MediaTiming = MediaTiming()) {
        self.keyPath = keyPath; self.timing = timing
    }

    /// The presentation value at `parentTime` (the host layer's local time)
    /// given the value beneath, or `nil` when the animation has no effect then.
    open func value(on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? { nil }

    /// The basic duration used when `timing.duration` is not positive (0.25 s; springs override it).
    open var defaultDuration: Double { MediaTiming.defaultAnimationDuration }

    /// The parent time at which the active duration ends (`.infinity` when it never does or speed is 0).
    open func endTime() -> Double {
        let active = timing.activeDuration(timing.resolvedDuration(default: defaultDuration))
        guard active.isFinite, timing.speed != 0 else { return .infinity }
        // Solve (tp − beginTime)·speed + timeOffset = active (or = 0 when playing backwards).
        let target = timing.speed > 0 ? active : 0
        return timing.beginTime + (target - timing.timeOffset) / timing.speed
    }

    /// Reports that the animation stopped; the completion runs at most once.
    open func didStop(finished: Bool) {
        guard !hasStopped else { return }
        hasStopped = true
        completion?(finished)
    }
}
