#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Where an animator ended (`UIViewAnimatingPosition`).
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end values.
    case end
    /// At the start values.
    case start
    /// Where it was stopped.
    case current

    init(_ p: AnimatingPosition) {
        switch p {
        case .end: self = .end
        case .start: self = .start
        case .current: self = .current
        }
    }
    var stardust: AnimatingPosition {
        switch self {
        case .end: return .end
        case .start: return .start
        case .current: return .current
        }
    }
}

/// An animator's state (`UIViewAnimatingState`).
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started (or finished).
    case inactive
    /// Started (running or paused).
    case active
    /// Stopped without finishing.
    case stopped
}

/// A timing curve for property animators (`UITimingCurveProvider`).
public protocol UITimingCurveProvider {
    /// The engine parameters.
    var stardustParameters: TimingParameters { get }
}

/// A cubic timing curve (`UICubicTimingParameters`).
public final class UICubicTimingParameters: UITimingCurveProvider {
    /// The engine parameters.
    public let stardustParameters: TimingParameters
    /// Ease in and out.
    public init() { stardustParameters = .cubic(CubicTimingParameters()) }
    /// One of UIKit's curves.
    public init(animationCurve curve: UIView.AnimationCurve) {
        stardustParameters = .cubic(CubicTimingParameters(animationCurve: curve.stardust))
    }
    /// A curve with two control points.
    public init(controlPoint1 p1: CGPoint, controlPoint2 p2: CGPoint) {
        stardustParameters = .cubic(CubicTimingParameters(controlPoint1: p1.stardust, controlPoint2: p2.stardust))
    }
}

/// A spring timing curve (`UISpringTimingParameters`).
public final class UISpringTimingParameters: UITimingCurveProvider {
    /// The engine parameters.
    public let stardustParameters: TimingParameters
    /// UIKit's default spring.
    public init() { stardustParameters = .spring(SpringTimingParameters()) }
    /// A spring with a damping ratio, fitted to the animator's duration.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        stardustParameters = .spring(SpringTimingParameters(dampingRatio: Double(ratio), initialVelocity: Double(velocity.dx)))
    }
    /// A physical spring with its own duration.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        stardustParameters = .spring(SpringTimingParameters(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                                                            initialVelocity: Double(velocity.dx)))
    }
}

/// A vector (`CGVector`), used for spring initial velocities.
public struct CGVector: Hashable, Sendable {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat
    /// A vector (dx, dy).
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    /// The zero vector.
    public static let zero = CGVector(dx: 0, dy: 0)
}

/// An interruptible animation of view changes (`UIViewPropertyAnimator`) on the media clock: an
/// engine `PropertyAnimator`, so completions (and animators chained from them) run at the
/// rendered time they would on iOS.
open class UIViewPropertyAnimator {
    /// The engine animator.
    public let stardustAnimator: PropertyAnimator

    /// An animator with UIKit timing parameters.
    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        stardustAnimator = PropertyAnimator(duration: duration, timingParameters: parameters.stardustParameters, clock: StardustClock.current)
    }
    /// An animator with a named curve.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }
    /// An animator with a cubic curve through two control points.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }
    /// An animator with a spring of `ratio` fitted to `duration`.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Makes, configures and starts an animator; the curve comes from `options` (ease in-out by default).
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let a = UIViewPropertyAnimator(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: {
            switch options.curve {
            case .easeIn: return .easeIn
            case .easeOut: return .easeOut
            case .linear: return .linear
            default: return .easeInOut
            }
        }()))
        a.addAnimations(animations)
        if let completion { a.addCompletion(completion) }
        a.startAnimation(afterDelay: delay)
        return a
    }

    /// The duration of a full run in seconds.
    public var duration: TimeInterval { stardustAnimator.duration }
    /// The delay of the last start.
    public var delay: TimeInterval { stardustAnimator.delay }
    /// inactive, active or stopped.
    public var state: UIViewAnimatingState {
        switch stardustAnimator.state {
        case .inactive: return .inactive
        case .active: return .active
        case .stopped: return .stopped
        }
    }
    /// Whether the animator is running.
    public var isRunning: Bool { stardustAnimator.isRunning }
    /// Whether it runs towards the start.
    public var isReversed: Bool { get { stardustAnimator.isReversed } set { stardustAnimator.isReversed = newValue } }
    /// Time progress 0…1 (settable while paused or inactive: scrubbing).
    public var fractionComplete: CGFloat {
        get { CGFloat(stardustAnimator.fractionComplete) } set { stardustAnimator.fractionComplete = Double(newValue) }
    }
    /// Whether the animator stays active at the end (default false).
    public var pausesOnCompletion: Bool {
        get { stardustAnimator.pausesOnCompletion } set { stardustAnimator.pausesOnCompletion = newValue }
    }
    /// Whether scrubbing is linear (default true).
    public var scrubsLinearly: Bool { get { stardustAnimator.scrubsLinearly } set { stardustAnimator.scrubsLinearly = newValue } }
    /// Accepted for source compatibility (no touch handling).
    public var isInterruptible = true
    /// Accepted for source compatibility (no touch handling).
    public var isUserInteractionEnabled = true

    /// Adds an animation block.
    public func addAnimations(_ animation: @escaping () -> Void) { stardustAnimator.addAnimations(animation) }
    /// Adds an animation block starting after `delayFactor` of the duration.
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        stardustAnimator.addAnimations(animation, delayFactor: Double(delayFactor))
    }
    /// Adds a completion (run with the final position).
    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        stardustAnimator.addCompletion { completion(UIViewAnimatingPosition($0)) }
    }
    /// Starts or resumes.
    public func startAnimation() { stardustAnimator.startAnimation() }
    /// Starts after `delay` seconds of media time.
    public func startAnimation(afterDelay delay: TimeInterval) { stardustAnimator.startAnimation(afterDelay: delay) }
    /// Pauses.
    public func pauseAnimation() { stardustAnimator.pauseAnimation() }
    /// Stops; with `withoutFinishing` false the animator waits for ``finishAnimation(at:)``.
    public func stopAnimation(_ withoutFinishing: Bool) { stardustAnimator.stopAnimation(withoutFinishing) }
    /// Finishes a stopped animator at `finalPosition` (misuse is ignored instead of raising).
    public func finishAnimation(at finalPosition: UIViewAnimatingPosition) { try? stardustAnimator.finishAnimation(at: finalPosition.stardust) }
    /// Continues a paused animator with new timing.
    public func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        stardustAnimator.continueAnimation(withTimingParameters: parameters?.stardustParameters, durationFactor: Double(durationFactor))
    }
}
#endif
