#if !canImport(QuartzCore)
import Foundation
import OpenQuartzCore
import Stardust
import StardustLottie

/// A layer that plays a Lottie animation (lottie-ios's `LottieAnimationLayer`, the `CALayer` under
/// ``LottieAnimationView``), on OpenQuartzCore's `CALayer`.
///
/// Playback runs on the media clock (`StardustClock`, `CACurrentMediaTime()`), never on the wall clock: a play
/// started at media time T shows, at media time t, the frame Core Animation timing gives for t − T, and its
/// completion runs when the clock passes the end (a render moves the clock; so does `StardustClock.advance(to:)`).
/// The animation is fitted into the bounds by `contentsGravity` (default `.resizeAspect`: aspect fit, centred, as
/// lottie-ios lays it out by default). Differences from lottie-ios: docs/LOTTIE.md, "lottie-ios names".
open class LottieAnimationLayer: CALayer {
    /// The engine layer that places and times the composition (a sublayer of ``stardustLayer``).
    let fitLayer = LottieFitLayer()
    /// The composition's layer tree, nil without an animation.
    private var composition: LottieComposition?
    /// The clock the current play reads and the timer that ends it.
    private var clock: MediaClock?
    private var endTimer: ClockTimer?
    private var completion: LottieCompletionBlock?

    /// A layer showing `animation` at its first frame, its bounds the animation's.
    public init(animation: LottieAnimation?) {
        super.init(stardustLayer: Self.makeStardustLayer())
        setUp()
        self.animation = animation
        show(animation)  // observers do not run for a property set in the class's own initializer
        if let animation { bounds = animation.bounds }
    }

    /// A layer with no animation yet.
    public override init() {
        super.init(stardustLayer: Self.makeStardustLayer())
        setUp()
    }

    /// A façade over an engine layer (how a ``LottieAnimationView`` makes its layer).
    public required init(stardustLayer: Layer) {
        super.init(stardustLayer: stardustLayer)
        setUp()
    }

    private func setUp() {
        fitLayer.anchorPoint = Point(x: 0, y: 0)
        fitLayer.position = Point(x: 0, y: 0)
        stardustLayer.addSublayer(fitLayer)
        // lottie-ios fits the animation inside the bounds, keeping its aspect ratio.
        stardustLayer.contentsGravity = .resizeAspect
    }

    /// The animation shown. Setting it stops the current play (its completion gets `false`) and shows the first frame.
    public var animation: LottieAnimation? {
        didSet { show(animation) }
    }

    /// Replaces the shown composition with `animation`'s, at its first frame.
    private func show(_ animation: LottieAnimation?) {
        interrupt()
        composition?.root.removeFromSuperlayer()
        composition = animation?.makeComposition()
        fitLayer.playback = nil
        fitLayer.stillTime = 0
        guard let c = composition else { fitLayer.compositionSize = Size(width: 0, height: 0); return }
        fitLayer.compositionSize = c.size
        fitLayer.bounds = Rect(x: 0, y: 0, width: c.size.width, height: c.size.height)
        fitLayer.duration = c.duration
        fitLayer.lastFrameTime = max(0, c.duration - 1 / c.frameRate)
        fitLayer.addSublayer(c.root)
    }

    /// How `play` repeats when it is not given a loop mode (default `.playOnce`). Changing it during a play
    /// goes on from the current frame with the new mode.
    public var loopMode: LottieLoopMode = .playOnce {
        didSet { if oldValue != loopMode { updateInFlight { $0.loopMode = self.loopMode } } }
    }

    /// The playback speed (default 1; negative plays backwards; 0 holds the frame). Changing it during a play
    /// goes on from the current frame at the new speed.
    public var animationSpeed: CGFloat = 1 {
        didSet { if oldValue != animationSpeed { updateInFlight { $0.speed = Double(self.animationSpeed) } } }
    }

    /// Whether a play is running (false once a finite play has reached its end).
    public var isAnimationPlaying: Bool {
        guard let p = fitLayer.playback, let clock else { return false }
        return !p.hasEnded(atMediaTime: clock.currentTime)
    }

    // MARK: Where it is

    /// Seconds from the first frame shown now. Setting it stops the play (completion `false`) and shows that time.
    public var currentTime: TimeInterval {
        get {
            guard let p = fitLayer.playback, let clock else { return fitLayer.stillTime }
            return p.time(atMediaTime: clock.currentTime)
        }
        set {
            interrupt()
            fitLayer.stillTime = min(max(newValue, 0), composition?.duration ?? 0)
        }
    }

    /// The progress shown now, 0…1. Setting it stops the play (completion `false`) and shows that progress.
    public var currentProgress: AnimationProgressTime {
        get {
            guard let d = composition?.duration, d > 0 else { return 0 }
            return CGFloat(currentTime / d)
        }
        set { currentTime = Double(min(max(newValue, 0), 1)) * (composition?.duration ?? 0) }
    }

    /// The frame shown now, in the file's frame numbers (from `startFrame`). Setting it stops the play.
    public var currentFrame: AnimationFrameTime {
        get {
            guard let c = composition else { return 0 }
            return CGFloat(c.animation.inPoint + currentTime * c.frameRate)
        }
        set {
            guard let c = composition else { return }
            currentTime = (Double(newValue) - c.animation.inPoint) / c.frameRate
        }
    }

    /// The progress drawn now (lottie-ios reads it from the presentation layer): ``currentProgress``.
    public var realtimeAnimationProgress: AnimationProgressTime { currentProgress }
    /// The frame drawn now: ``currentFrame``.
    public var realtimeAnimationFrame: AnimationFrameTime { currentFrame }

    // MARK: Playing

    /// Plays the whole animation with ``loopMode``, from where it stands (from the start when it stands at the end).
    public func play(completion: LottieCompletionBlock? = nil) {
        guard let c = composition else { return }
        let now = currentTime
        start(from: 0, to: c.duration, at: now, loopMode: loopMode, completion: completion)
    }

    /// Plays from `fromProgress` (nil: the current progress) to `toProgress` with `loopMode` (nil: the view's
    /// ``loopMode``; a given mode becomes the view's, as in lottie-ios).
    public func play(fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        guard let c = composition else { return }
        let from = Double(min(max(fromProgress ?? currentProgress, 0), 1)) * c.duration
        let to = Double(min(max(toProgress, 0), 1)) * c.duration
        play(fromTime: from, toTime: to, loopMode: loopMode, completion: completion)
    }

    /// Plays from frame `fromFrame` (nil: the current frame) to `toFrame`, in the file's frame numbers.
    public func play(fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        guard let c = composition else { return }
        let seconds = { (f: CGFloat) in min(max((Double(f) - c.animation.inPoint) / c.frameRate, 0), c.duration) }
        play(fromTime: fromFrame.map(seconds) ?? currentTime, toTime: seconds(toFrame), loopMode: loopMode, completion: completion)
    }

    /// Plays from the marker `fromMarker` (nil: the current frame) to the marker `toMarker`; does nothing when a
    /// marker is missing. `playEndMarkerFrame` false stops one frame before the end marker.
    public func play(fromMarker: String? = nil, toMarker: String, playEndMarkerFrame: Bool = true,
                     loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        guard let animation, let end = animation.frameTime(forMarker: toMarker) else { return }
        var from: AnimationFrameTime?
        if let fromMarker {
            guard let f = animation.frameTime(forMarker: fromMarker) else { return }
            from = f
        }
        play(fromFrame: from, toFrame: playEndMarkerFrame ? end : end - 1, loopMode: loopMode, completion: completion)
    }

    /// Stops at the current frame; the completion gets `false`.
    public func pause() {
        let now = currentTime
        interrupt()
        fitLayer.stillTime = now
    }

    /// Stops and shows the first frame; the completion gets `false`.
    public func stop() {
        interrupt()
        fitLayer.stillTime = 0
    }

    // MARK: Private

    private func play(fromTime from: Double, toTime to: Double, loopMode: LottieLoopMode?, completion: LottieCompletionBlock?) {
        if let loopMode { self.loopMode = loopMode }
        start(from: from, to: to, at: nil, loopMode: self.loopMode, completion: completion)
    }

    /// Starts a play of `from`…`to` at composition time `position` (clamped into the range; at the range's end in
    /// the direction of play, or nil, the play starts at its beginning, as lottie-ios resumes), replacing the
    /// current one. With a negative speed the play runs from `to` back to `from`.
    private func start(from: Double, to: Double, at position: Double?, loopMode: LottieLoopMode,
                       completion: LottieCompletionBlock?) {
        interrupt()
        let clock = StardustClock.current
        var p = LottiePlayback(from: from, to: to, start: from, speed: Double(animationSpeed), loopMode: loopMode,
                               beginTime: clock.currentTime)
        let beginning = p.forward ? p.low : p.high, ending = p.forward ? p.high : p.low
        var startAt = position.map { min(max($0, p.low), p.high) } ?? beginning
        if startAt == ending { startAt = beginning }
        p.start = startAt
        self.clock = clock
        self.completion = completion
        fitLayer.playback = p
        scheduleEnd(p, on: clock)
    }

    /// Replays the current play from the frame shown now with a changed setting (lottie-ios's in-flight update).
    private func updateInFlight(_ change: (inout LottiePlayback) -> Void) {
        guard var p = fitLayer.playback, let clock, !p.hasEnded(atMediaTime: clock.currentTime) else { return }
        endTimer?.invalidate()
        let now = p.time(atMediaTime: clock.currentTime)
        change(&p)
        p.start = now == (p.forward ? p.high : p.low) ? (p.forward ? p.low : p.high) : now
        p.beginTime = clock.currentTime
        fitLayer.playback = p
        scheduleEnd(p, on: clock)
    }

    /// A clock timer at the play's end: it leaves the last frame showing and calls the completion with `true`.
    private func scheduleEnd(_ p: LottiePlayback, on clock: MediaClock) {
        guard let end = p.endTime else { return }
        endTimer = ClockTimer.scheduledTimer(withTimeInterval: end - clock.currentTime, repeats: false, clock: clock) { [weak self] _ in
            guard let self else { return }
            let last = p.time(atMediaTime: end)
            self.fitLayer.playback = nil
            self.fitLayer.stillTime = last
            self.endTimer = nil
            let done = self.completion
            self.completion = nil
            done?(true)
        }
    }

    /// Ends the current play where it stands, calling its completion with `false`.
    private func interrupt() {
        if let p = fitLayer.playback, let clock { fitLayer.stillTime = p.time(atMediaTime: clock.currentTime) }
        fitLayer.playback = nil
        endTimer?.invalidate()
        endTimer = nil
        let done = completion
        completion = nil
        done?(false)
    }
}
#endif
