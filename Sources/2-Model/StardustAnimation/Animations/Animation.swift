import StardustCore

/// The base of every animation (`CAAnimation` / `CAPropertyAnimation`):
/// media timing plus the contract a layer uses to compute presentation values.
///
/// Subclasses override ``value(on:at:)``. An animation never changes the
/// model: it maps the value below it (the model value, or the result of the
/// animations added before it) to the presentation value.
///
/// Time is an input: `parentTime` is the host's local time. An animation
/// whose `beginTime` is 0 begins at host time 0 (Stardust does not stamp the
/// current time on `add`; implicit animations and property animators set
/// `beginTime` from their ``MediaClock`` themselves).
open class Animation {
    /// The animation's media timing (a zero duration means ``defaultDuration``).
    public var timing: MediaTiming
    /// The animated key path, e.g. `position.x` or `emitterCells.flake.birthRate`; `nil` for groups.
    public var keyPath: String?
    /// Whether the host removes the animation when its active duration ends (default true).
    /// Evaluation honours it as a function of time: after ``endTime()`` a removed-on-completion
    /// animation has no effect (the model value shows again) whatever its fill mode.
    public var isRemovedOnCompletion: Bool = true
    /// Called once when the animation stops: `true` if it reached the end of its active duration, `false` if removed first.
    public var completion: ((Bool) -> Void)?
    /// An optional name for lookups and debugging (not used by the engine).
    public var name: String?
    /// Eases the progress of each cycle (`nil` = linear). Applied to the
    /// basic local time's progress, also in the mirrored half of an
    /// autoreversing cycle (the curve is never flipped).
    public var timingFunction: TimingFunction?
    /// Adds the animated value to the value beneath instead of replacing it
    /// (numbers add, transforms concatenate: the animation's transform first).
    public var isAdditive: Bool = false
    /// Adds the end value of the animation once per completed repeat cycle.
    public var isCumulative: Bool = false
    private var hasStopped = false

    /// An animation of `keyPath` with `timing`.
    public init(keyPath: String? = nil, timing: MediaTiming = MediaTiming()) {
        self.keyPath = keyPath; self.timing = timing
    }

    /// A copy for ``Layer/copySubtree()``: a new animation of this class with the same values (and state), or
    /// `nil` when this class does not copy itself exactly. Each class that copies itself answers for its own class
    /// only, so that a subclass that does not override this is not copied as its superclass.
    open func copyForLayerCopy() -> Animation? { nil }

    /// Sets `copy`'s ``Animation`` values (and whether it reported stopping) to this animation's.
    public final func copyAnimationValues(to copy: Animation) {
        copy.timing = timing
        copy.keyPath = keyPath
        copy.isRemovedOnCompletion = isRemovedOnCompletion
        copy.completion = completion
        copy.name = name
        copy.timingFunction = timingFunction
        copy.isAdditive = isAdditive
        copy.isCumulative = isCumulative
        copy.hasStopped = hasStopped
    }

    /// The presentation value at `parentTime` (the host layer's local time)
    /// given the value beneath, or `nil` when the animation has no effect then.
    open func value(on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? { nil }

    /// The presentation value for `keyPath` at `parentTime` given the value
    /// beneath, or `nil` when this animation does not affect `keyPath` then.
    /// Hosts call this for every animation; groups override it to answer for their children.
    open func value(forKeyPath keyPath: String, on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? {
        keyPath == self.keyPath ? value(on: base, at: parentTime) : nil
    }

    /// The key paths this animation affects (its ``keyPath``; a group's children's).
    open var animatedKeyPaths: [String] { keyPath.map { [$0] } ?? [] }

    /// The basic duration used when `timing.duration` is not positive (0.25 s; springs override it).
    open var defaultDuration: Double { MediaTiming.defaultAnimationDuration }

    /// The resolved basic duration of one cycle.
    public var resolvedDuration: Double { timing.resolvedDuration(default: defaultDuration) }

    /// The parent time at which the active duration ends (`.infinity` when it never does or speed is 0).
    open func endTime() -> Double {
        let active = timing.activeDuration(resolvedDuration)
        guard active.isFinite, timing.speed != 0 else { return .infinity }
        // Solve (tp − beginTime)·speed + timeOffset = active (or = 0 when playing backwards).
        let target = timing.speed > 0 ? active : 0
        return timing.beginTime + (target - timing.timeOffset) / timing.speed
    }

    /// Whether the animation has been removed by `parentTime` because it completed
    /// (``isRemovedOnCompletion`` and `parentTime` ≥ ``endTime()``).
    public func isRemoved(at parentTime: Double) -> Bool {
        isRemovedOnCompletion && parentTime >= endTime()
    }

    /// Reports that the animation stopped; the completion runs at most once.
    open func didStop(finished: Bool) {
        guard !hasStopped else { return }
        hasStopped = true
        completion?(finished)
    }

    /// The basic local time at `parentTime`, or `nil` when the animation has no effect then.
    public func local(at parentTime: Double) -> MediaTiming.Local? {
        timing.local(at: parentTime, duration: resolvedDuration)
    }

    /// The eased progress of a local time: ``timingFunction`` applied to `time / duration`.
    public func easedProgress(_ local: MediaTiming.Local) -> Double {
        let p = local.progress
        return timingFunction?.evaluate(p) ?? p
    }

    /// The value a cycle ends on, which ``isCumulative`` adds once per completed cycle:
    /// `to`, or `from` when the timing autoreverses (an autoreversed cycle ends where it started).
    public func cumulativeStep(from: AnimatableValue, to: AnimatableValue) -> AnimatableValue {
        timing.autoreverses ? from : to
    }

    /// Applies ``isCumulative`` (adds the cycle's end value once per
    /// completed cycle: `iteration × cycleEnd + value`, as the header's "the
    /// value at the end of the previous repeat cycle plus the value of the
    /// current repeat cycle") and then ``isAdditive`` (adds the value beneath).
    public func compose(_ value: AnimatableValue, base: AnimatableValue, cycleEnd: AnimatableValue,
                        iteration: Int) -> AnimatableValue {
        var v = value
        if isCumulative && iteration > 0 { v = v.accumulating(cycleEnd, count: iteration) }
        if isAdditive { v = base.adding(v) }
        return v
    }
}
