import StardustCore

/// An interruptible, scrubbable, reversible animation of property changes
/// on a ``MediaClock`` (`UIViewPropertyAnimator`).
///
/// Changes made inside animation blocks are captured through
/// ``Transaction``: the model takes the new values when the block runs (on
/// activation for blocks added while inactive, at once for blocks added
/// while active), and the animator puts one animation per changed key path
/// on each host that presents `from → to` at the animator's current value
/// fraction. The clock's ``MediaClock/advance(to:)`` drives the animator:
/// when it passes the end, the animator completes (or pauses, with
/// ``pausesOnCompletion``). Hosts are assumed to run on the clock's time.
///
/// Progress is two numbers: ``fractionComplete`` (time progress, 0…1) and
/// the value fraction the curve gives (may overshoot with springs). A run is
/// a segment from the current pair to the target pair (1, 1), or (0, 0)
/// when reversed, over a duration, eased by the curve. Pausing and starting
/// again resumes the same segment; scrubbing, reversing or
/// ``continueAnimation(withTimingParameters:durationFactor:)`` start a new
/// segment from where the values are, so nothing ever jumps.
///
/// Calls that UIKit calls programmer errors are documented no-ops (or, for
/// ``finishAnimation(at:)``, a thrown ``PropertyAnimatorError``).
public final class PropertyAnimator: ClockEventSource {
    /// The clock that drives the animator.
    public let clock: MediaClock
    /// The duration of a full run in seconds (the settling duration for
    /// springs with their own time scale).
    public private(set) var duration: Double
    /// The delay of the latest ``startAnimation(afterDelay:)``.
    public private(set) var delay: Double = 0
    /// The current timing (changed by ``continueAnimation(withTimingParameters:durationFactor:)``).
    public private(set) var timingParameters: TimingParameters
    /// inactive, active or stopped (see the state table in <doc:PropertyAnimators>).
    public private(set) var state: AnimatingState = .inactive
    /// When true the animator stays active (paused at its end, completions
    /// not run) when it reaches the end, so that it can be reversed. Default false.
    public var pausesOnCompletion = false
    /// Whether scrubbing with ``fractionComplete`` moves the values linearly
    /// (default true) or along the curve.
    public var scrubsLinearly = true

    private struct Segment {
        var startTime: Double, length: Double
        var p0: Double, p1: Double, f0: Double, f1: Double
        var curve: AnimatorCurve
        func u(_ t: Double) -> Double { length > 0 ? min(max((t - startTime) / length, 0), 1) : (t >= startTime ? 1 : 0) }
        func progress(_ t: Double) -> Double { p0 + (p1 - p0) * u(t) }
        func fraction(_ t: Double) -> Double { f0 + (f1 - f0) * curve.value(u(t)) }
        var endTime: Double { startTime + length }
    }

    struct Capture {
        let host: AnimationHost
        let keyPath: String
        let from: AnimatableValue
        var to: AnimatableValue
        let startFraction: Double
        let key: String
    }

    private var segment: Segment?
    /// (progress, value fraction, u in the segment) while paused.
    private var paused: (p: Double, f: Double, u: Double)?
    /// Set when the paused position no longer lies on `segment` (scrubbed, reversed).
    private var needsNewSegment = false
    private var reversed = false
    private var pendingBlocks: [(block: () -> Void, delayFactor: Double)] = []
    private var captures: [Capture] = []
    private var completions: [(AnimatingPosition) -> Void] = []
    private static let keyPrefix = "PropertyAnimator."
    private lazy var keyID = String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 36)

    /// An animator of `duration` seconds with `timingParameters`, optionally with a first animation block.
    public init(duration: Double, timingParameters: TimingParameters = .cubic(CubicTimingParameters()),
                clock: MediaClock, animations: (() -> Void)? = nil) {
        self.clock = clock
        self.timingParameters = timingParameters
        var d = duration.isFinite && duration > 0 ? duration : 0
        if case .spring(let s) = timingParameters, s.hasIntrinsicDuration {
            let settle = s.physicalCurve.settlingDuration()
            d = settle.isFinite ? settle : d
        }
        self.duration = d
        if let animations { pendingBlocks.append((animations, 0)) }
    }

    /// An animator with one of UIKit's curves.
    public convenience init(duration: Double, curve: CubicTimingParameters.AnimationCurve, clock: MediaClock,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: .cubic(CubicTimingParameters(animationCurve: curve)),
                  clock: clock, animations: animations)
    }

    /// An animator with a spring of damping ratio `dampingRatio` fitted to `duration`.
    public convenience init(duration: Double, dampingRatio: Double, clock: MediaClock, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: .spring(SpringTimingParameters(dampingRatio: dampingRatio)),
                  clock: clock, animations: animations)
    }

    /// Creates, configures and starts an animator
    /// (`runningPropertyAnimator(withDuration:delay:options:animations:completion:)`).
    /// `completion` runs with the end position; starting another animator
    /// from it chains animations (it begins at the instant this one ended).
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: Double, delay: Double = 0,
                                               curve: CubicTimingParameters.AnimationCurve = .easeInOut,
                                               clock: MediaClock, animations: @escaping () -> Void,
                                               completion: ((AnimatingPosition) -> Void)? = nil) -> PropertyAnimator {
        let a = PropertyAnimator(duration: duration, curve: curve, clock: clock, animations: animations)
        if let completion { a.addCompletion(completion) }
        a.startAnimation(afterDelay: delay)
        return a
    }

    // MARK: State

    /// Whether the animator is active and moving (started and not paused).
    public var isRunning: Bool { state == .active && paused == nil && segment != nil }

    /// Time progress from 0 (start) to 1 (end). Setting it scrubs: allowed
    /// while inactive (which pauses the animator, making it active) or
    /// paused; ignored while running or stopped. Values are clamped to [0, 1].
    public var fractionComplete: Double {
        get { current().p }
        set {
            guard newValue.isFinite else { return }
            if state == .inactive { pauseAnimation() }
            guard state == .active, paused != nil else { return }
            let p = min(max(newValue, 0), 1)
            let f = scrubsLinearly ? p : AnimatorCurve(timingParameters, duration: duration).value(p)
            paused = (p, f, 0)
            needsNewSegment = true
        }
    }

    /// The value fraction (what the properties show, 0 = from, 1 = to) at the clock's current time.
    public var valueFraction: Double { current().f }

    /// Whether the animator runs towards the start. Changing it while
    /// running turns the animation around from where it is; ignored while stopped.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed, state != .stopped else { return }
            if state == .active {
                let c = current()
                if paused != nil { needsNewSegment = true; reversed = newValue; return }
                reversed = newValue
                beginSegment(from: c.p, c.f, length: remainingTime(from: c.p), delay: 0)
            } else {
                reversed = newValue
            }
        }
    }

    // MARK: Animations and completions

    /// Adds an animation block whose changes start after `delayFactor` ×
    /// the duration (as a fraction of the value progress; 0…1). Runs the
    /// block now when active, on activation when inactive; ignored when stopped.
    public func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double = 0) {
        let df = delayFactor.isFinite ? min(max(delayFactor, 0), 1) : 0
        switch state {
        case .inactive: pendingBlocks.append((animations, df))
        case .active:
            // UIKit delays by delayFactor × the remaining duration.
            let p = current().p
            run(animations, startFraction: reversed ? p * (1 - df) : p + df * (1 - p))
        case .stopped: break
        }
    }

    /// Adds a completion; completions run in order, once, with the final position.
    public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Transitions

    /// Starts (inactive) or resumes (paused) the animation; no effect while running or stopped.
    public func startAnimation() { startAnimation(afterDelay: 0) }

    /// Starts the animation after `delay` seconds of clock time (see ``startAnimation()``).
    public func startAnimation(afterDelay delay: Double) {
        let dl = delay.isFinite ? max(delay, 0) : 0
        switch state {
        case .stopped: return
        case .inactive:
            self.delay = dl
            activate()
            let (p, f) = reversed ? (1.0, 1.0) : (0.0, 0.0)
            beginSegment(from: p, f, length: duration, delay: dl)
        case .active:
            guard let pz = paused else { return }
            self.delay = dl
            if !needsNewSegment, var s = segment {
                s.startTime = clock.currentTime + dl - pz.u * s.length
                segment = s; paused = nil
            } else {
                beginSegment(from: pz.p, pz.f, length: remainingTime(from: pz.p), delay: dl)
            }
        }
    }

    /// Pauses a running animation (or activates an inactive one, paused at
    /// its start); no effect while stopped.
    public func pauseAnimation() {
        switch state {
        case .stopped: return
        case .inactive:
            activate()
            let (p, f) = reversed ? (1.0, 1.0) : (0.0, 0.0)
            beginSegment(from: p, f, length: duration, delay: 0)
            paused = (p, f, 0)
        case .active:
            guard paused == nil, let s = segment else { return }
            let t = clock.currentTime
            paused = (s.progress(t), s.fraction(t), s.u(t))
        }
    }

    /// Resumes a paused animator with new timing (`nil` keeps the current
    /// one) over `durationFactor` × ``duration`` seconds (a factor ≤ 0 means
    /// "the remaining time at the original pace"). The values move from
    /// where they are to the end, so nothing jumps. Ignored unless paused.
    public func continueAnimation(withTimingParameters parameters: TimingParameters?, durationFactor: Double) {
        guard state == .active, let pz = paused else { return }
        if let parameters { timingParameters = parameters }
        let length = durationFactor.isFinite && durationFactor > 0 ? durationFactor * duration : remainingTime(from: pz.p)
        beginSegment(from: pz.p, pz.f, length: length, delay: 0)
    }

    /// Stops an active animator where it is: every animated property's model
    /// value becomes its current presentation value and the animations are
    /// removed. `withoutFinishing == true` → inactive, no completions;
    /// `false` → stopped, waiting for ``finishAnimation(at:)``. No effect unless active.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        let now = current()
        Transaction.performWithoutAnimation {
            for c in captures { c.host.setValue(presented(c, progress: now.p, fraction: now.f), forKeyPath: c.keyPath) }
        }
        removeAnimations()
        segment = nil; paused = nil; needsNewSegment = false
        clock.unregister(self)
        if withoutFinishing {
            state = .inactive
            captures = []; completions = []
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator: the properties take their start, end or
    /// current values, the animator becomes inactive and the completions run
    /// with `position`. Throws ``PropertyAnimatorError/notStopped(_:)`` (and
    /// changes nothing) in any other state.
    public func finishAnimation(at position: AnimatingPosition) throws {
        guard state == .stopped else { throw PropertyAnimatorError.notStopped(state) }
        setModels(to: position)
        complete(position)
    }

    // MARK: Internals

    /// (progress, value fraction) at the clock's current time.
    private func current() -> (p: Double, f: Double) {
        if let pz = paused { return (pz.p, pz.f) }
        if let s = segment { let t = clock.currentTime; return (s.progress(t), s.fraction(t)) }
        return reversed ? (1, 1) : (0, 0)
    }

    /// The value fraction at clock time `t` (for the animations on hosts).
    func valueFraction(at t: Double) -> Double {
        if let pz = paused { return pz.f }
        if let s = segment { return s.fraction(t) }
        return current().f
    }

    private func remainingTime(from p: Double) -> Double { (reversed ? p : 1 - p) * duration }

    private func beginSegment(from p: Double, _ f: Double, length: Double, delay: Double) {
        let target: Double = reversed ? 0 : 1
        segment = Segment(startTime: clock.currentTime + delay, length: max(length, 0), p0: p, p1: target, f0: f, f1: target,
                          curve: AnimatorCurve(timingParameters, duration: max(length, 1e-6)))
        paused = nil; needsNewSegment = false
    }

    private func activate() {
        state = .active
        clock.register(self)
        let blocks = pendingBlocks
        pendingBlocks = []
        for b in blocks { run(b.block, startFraction: b.delayFactor) }
    }

    private func run(_ block: () -> Void, startFraction: Double) {
        Transaction.capture({ [unowned self] host, keyPath, old, new in
            if let i = captures.firstIndex(where: { $0.host === host && $0.keyPath == keyPath }) {
                captures[i].to = new
                host.add(PropertyAnimatorAnimation(self, captures[i]), forKey: captures[i].key)
            } else {
                let c = Capture(host: host, keyPath: keyPath, from: old, to: new, startFraction: min(startFraction, 0.999_999),
                                key: Self.keyPrefix + keyID + "." + keyPath)
                captures.append(c)
                host.add(PropertyAnimatorAnimation(self, c), forKey: c.key)
            }
        }, block)
    }

    private func presented(_ c: Capture, progress p: Double, fraction f: Double) -> AnimatableValue {
        c.from.interpolated(to: c.to, fraction: blockFraction(progress: p, fraction: f, start: c.startFraction))
    }

    /// The value fraction of an animation block that starts at time progress `s` (its delay factor):
    /// a block without delay follows the animator's value fraction `f`; a delayed one stays at 0
    /// until the time progress `p` reaches `s`, then runs the animator's curve over the rest of the
    /// time (`UIViewPropertyAnimator.addAnimations(_:delayFactor:)`: the delay is a share of the duration).
    func blockFraction(progress p: Double, fraction f: Double, start s: Double) -> Double {
        guard s > 0 else { return f }
        let local = p <= s ? 0 : min(1, (p - s) / (1 - s))
        return AnimatorCurve(timingParameters, duration: duration * (1 - s)).value(local)
    }

    /// The time progress at clock time `t` (for the animations on hosts).
    func progress(at t: Double) -> Double {
        if let pz = paused { return pz.p }
        if let s = segment { return s.progress(t) }
        return current().p
    }

    private func removeAnimations() {
        for c in captures { c.host.removeAnimation(forKey: c.key) }
    }

    private func setModels(to position: AnimatingPosition) {
        guard position != .current else { return }
        Transaction.performWithoutAnimation {
            for c in captures { c.host.setValue(position == .end ? c.to : c.from, forKeyPath: c.keyPath) }
        }
    }

    /// Becomes inactive and runs the completions once.
    private func complete(_ position: AnimatingPosition) {
        removeAnimations()
        captures = []
        segment = nil; paused = nil; needsNewSegment = false
        state = .inactive
        clock.unregister(self)
        let cs = completions
        completions = []
        for c in cs { c(position) }
    }

    var nextEventTime: Double? { isRunning ? segment?.endTime : nil }

    func fireClockEvent(_ clock: MediaClock) {
        guard isRunning, let s = segment else { return }
        if pausesOnCompletion {
            paused = (s.p1, s.f1, 1)
            return
        }
        let position: AnimatingPosition = reversed ? .start : .end
        setModels(to: position)
        complete(position)
    }
}
