#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Told when an animation starts and stops (`CAAnimationDelegate`).
public protocol CAAnimationDelegate: AnyObject {
    /// The animation was added to a layer.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation stopped: `flag` is true when it reached the end of its active duration.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing by default.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing by default.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The base of every animation (`CAAnimation`): media timing, a timing function, a delegate.
///
/// Animations are descriptions: ``CALayer/add(_:forKey:)`` turns the animation's values at that
/// moment into an engine animation, so changing the object afterwards does not change what was
/// added (as on iOS, where `add` copies).
open class CAAnimation: StardustTimed {
    /// The engine timing (the `CAMediaTiming` properties).
    public var stardustTiming = MediaTiming()
    /// The pacing of each cycle (default `nil`: linear).
    public var timingFunction: CAMediaTimingFunction?
    /// Told when the animation starts and stops; held strongly, as on iOS.
    public var delegate: CAAnimationDelegate?
    /// Whether the animation is removed from its layer when it ends (default true).
    public var isRemovedOnCompletion = true

    /// An animation with Core Animation's defaults.
    public init() {}

    /// The engine animation for these values (subclasses build their own kind).
    open func makeStardustAnimation() -> Animation { Animation(timing: stardustTiming) }

    /// Copies the shared properties onto an engine animation.
    func configure(_ a: Animation) -> Animation {
        a.timing = stardustTiming
        a.timingFunction = timingFunction?.stardust
        a.isRemovedOnCompletion = isRemovedOnCompletion
        return a
    }
}

/// An animation of one key path (`CAPropertyAnimation`).
open class CAPropertyAnimation: CAAnimation {
    /// The animated key path (`position`, `transform.scale`, `emitterCells.flake.birthRate`, …).
    public var keyPath: String?
    /// Whether the value is added to the value beneath (default false).
    public var isAdditive = false
    /// Whether each repeat cycle builds on the last one's end value (default false).
    public var isCumulative = false

    /// An animation of `keyPath`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func configure(_ a: Animation) -> Animation {
        _ = super.configure(a)
        a.keyPath = keyPath
        a.isAdditive = isAdditive
        a.isCumulative = isCumulative
        return a
    }
}
#endif
