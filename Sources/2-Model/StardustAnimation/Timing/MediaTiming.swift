import StardustCore

/// What an object shows outside its active interval (`CAMediaTimingFillMode`).
public enum FillMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// `removed` (the default: no effect outside the active interval), `forwards` (holds the end value after it),
    /// `backwards` (shows the start value before it), `both` — `kCAFillModeRemoved` … `kCAFillModeBoth`.
    case removed, forwards, backwards, both
}

/// Core Animation's `CAMediaTiming` properties and the one implementation of
/// the parent-time → local-time mapping (docs/PARTICLE-MODEL.md §3.1), shared by
/// layers, animations, emitter layers and emitter cells.
///
/// The mapping:
/// ```
/// t      = (parentTime − beginTime) × speed + timeOffset     (active local time)
/// cycle  = d × (autoreverses ? 2 : 1)
/// active = repeatDuration > 0 ? repeatDuration : repeatCount > 0 ? cycle × repeatCount : cycle
/// t < 0: fills with basic time 0 when fillMode is backwards/both, else no effect
/// t ≥ active: fills with the basic time at `active` when fillMode is forwards/both
/// (phase `.before`/`.after` follow parent time, so they swap when speed < 0)
/// basic  = t mod cycle, mirrored in the second half of an autoreversing cycle
/// ```
/// where `d` is the resolved duration (see ``resolvedDuration(default:)``).
public struct MediaTiming: Hashable, Sendable, Codable {
    /// The parent time at which the object begins (seconds).
    public var beginTime: Double = 0
    /// The basic duration of one cycle. Zero means "the default": 0.25 s for
    /// an animation, infinite for a layer or an emitter cell.
    public var duration: Double = 0
    /// How fast local time runs relative to parent time (negative plays backwards, 0 pauses).
    public var speed: Double = 1
    /// An additional offset into active local time (with speed 0: the frozen time).
    public var timeOffset: Double = 0
    /// Number of cycles; fractional values end part-way; `.infinity` repeats forever; 0 means once.
    public var repeatCount: Double = 0
    /// Total active time; overrides `repeatCount` when positive.
    public var repeatDuration: Double = 0
    /// Whether each cycle plays forwards and then backwards.
    public var autoreverses: Bool = false
    /// What the object shows outside its active interval.
    public var fillMode: FillMode = .removed

    /// Timing with Core Animation's defaults for every parameter not given.
    public init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed) {
        self.beginTime = beginTime; self.duration = duration; self.speed = speed; self.timeOffset = timeOffset
        self.repeatCount = repeatCount; self.repeatDuration = repeatDuration; self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// The default duration of an animation whose `duration` is not positive
    /// (`CATransaction.animationDuration`'s default).
    public static let defaultAnimationDuration = 0.25

    /// `duration` when positive, else `defaultValue`.
    @inlinable public func resolvedDuration(default defaultValue: Double) -> Double {
        duration > 0 ? duration : defaultValue
    }

    /// Active local time: `(parentTime − beginTime) × speed + timeOffset`.
    @inlinable public func activeLocalTime(_ parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + timeOffset
    }

    /// The length of one cycle, doubled by `autoreverses`.
    @inlinable public func cycleDuration(_ d: Double) -> Double { autoreverses ? 2 * d : d }

    /// The active duration for a resolved basic duration `d` (may be infinite).
    @inlinable public func activeDuration(_ d: Double) -> Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount.isInfinite ? .infinity : cycleDuration(d) * repeatCount }
        return cycleDuration(d)
    }

    /// Where a local time lies relative to the active interval.
    public enum Phase: Hashable, Sendable {
        /// The parent time lies before ``MediaTiming/beginTime`` (after `timeOffset`).
        case before
        /// The parent time lies within the active duration.
        case active
        /// The parent time lies at or after the end of the active duration.
        case after
    }

    /// The result of mapping a parent time.
    public struct Local: Hashable, Sendable {
        /// Basic local time in `0 … d`: what a timing function and interpolation see (as `time / d`).
        public var time: Double
        /// The basic duration it was computed with.
        public var duration: Double
        /// The index of the repeat cycle (0 for the first), counting an autoreverse pair as one cycle.
        public var iteration: Int
        /// Where the time lies relative to the active interval (in parent-time order).
        public var phase: Phase
        /// Progress `time / duration` in 0…1 (0 when the duration is infinite).
        public var progress: Double { duration.isFinite && duration > 0 ? time / duration : 0 }
    }

    /// Maps a parent time to basic local time with basic duration `d`, or
    /// returns `nil` when the object has no effect at that time (outside its
    /// active interval and not filled).
    public func local(at parentTime: Double, duration d: Double) -> Local? {
        let t = activeLocalTime(parentTime)
        guard !t.isNaN, !d.isNaN else { return nil }
        let active = activeDuration(d)
        // With a negative speed local time runs against parent time, so the
        // phase names (which follow parent time) swap; fill modes stay in
        // local-time terms (backwards fills t < 0, forwards fills t ≥ active).
        let reversed = speed < 0
        if t < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            return Local(time: 0, duration: d, iteration: 0, phase: reversed ? .after : .before)
        }
        if t >= active {
            guard fillMode == .forwards || fillMode == .both, active.isFinite else { return nil }
            var l = basic(active, d: d, atEnd: true)
            l.phase = reversed ? .before : .after
            return l
        }
        return basic(t, d: d, atEnd: false)
    }

    /// Folds an active time into one cycle.
    func basic(_ t: Double, d: Double, atEnd: Bool) -> Local {
        guard d.isFinite, d > 0 else { return Local(time: d.isFinite ? 0 : t, duration: d, iteration: 0, phase: .active) }
        let cycle = cycleDuration(d)
        let q = (t / cycle).rounded(.down)
        // Huge cycle counts (tiny durations, long times) saturate instead of trapping.
        var iteration = q < 9e18 ? Int(q) : Int.max
        var u = q < 9e15 ? t - q * cycle : t.truncatingRemainder(dividingBy: cycle)
        if atEnd && u <= 1e-12 * cycle && t > 0 {
            // The end of the active interval lands exactly on a cycle boundary:
            // show the end of the previous cycle, not the start of the next.
            iteration -= 1
            u = autoreverses ? 0 : d
        }
        if autoreverses && u > d { u = 2 * d - u }
        return Local(time: min(max(u, 0), d), duration: d, iteration: max(iteration, 0), phase: .active)
    }

    /// Whether an object with basic duration `d` (infinite for emitter
    /// cells) is inside its active interval at `parentTime`.
    @inlinable public func isActive(at parentTime: Double, duration d: Double) -> Bool {
        let t = activeLocalTime(parentTime)
        return t >= 0 && t < activeDuration(d)
    }
}
