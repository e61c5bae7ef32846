#if !canImport(QuartzCore)
import Foundation
import Stardust

extension UIView {
    /// UIKit's animation options: the curve (and flags accepted for source compatibility).
    public struct AnimationOptions: OptionSet, Sendable {
        /// The option bits.
        public let rawValue: UInt
        /// Options from bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Accepted, no effect (no touch handling).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Accepted; animations always start from the current presentation.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Not supported (docs/DIFFERENCES.md).
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Not supported (docs/DIFFERENCES.md).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Ease in and out (the default curve).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Linear.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        var curve: CubicTimingParameters.AnimationCurve {
            switch (rawValue >> 16) & 3 {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInOut
            }
        }
    }

    /// UIKit's named animation curves.
    public enum AnimationCurve: Int, Sendable {
        /// Slow at both ends (the default).
        case easeInOut
        /// Slow at the start.
        case easeIn
        /// Slow at the end.
        case easeOut
        /// Constant speed.
        case linear

        var stardust: CubicTimingParameters.AnimationCurve {
            switch self {
            case .easeInOut: return .easeInOut
            case .easeIn: return .easeIn
            case .easeOut: return .easeOut
            case .linear: return .linear
            }
        }
    }

    /// Animates the view changes made in `animations` over `duration` seconds after `delay`, on the
    /// media clock; `completion` runs with `true` at the rendered time the animation ends.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        PropertyAnimator.runningPropertyAnimator(withDuration: duration, delay: delay, curve: options.curve,
                                                 clock: StardustClock.current, animations: animations,
                                                 completion: completion.map { c in { position in c(position == .end) } })
    }
    /// Animates without delay (see ``animate(withDuration:delay:options:animations:completion:)``).
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }
    /// Animates with a spring of `dampingRatio` fitted to `duration`.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                              initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let a = PropertyAnimator(duration: duration,
                                 timingParameters: .spring(SpringTimingParameters(dampingRatio: Double(dampingRatio), initialVelocity: Double(velocity))),
                                 clock: StardustClock.current, animations: animations)
        if let completion { a.addCompletion { completion($0 == .end) } }
        a.startAnimation(afterDelay: delay)
    }
    /// Runs `actionsWithoutAnimation` with animation turned off.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        Transaction.performWithoutAnimation(actionsWithoutAnimation)
    }
}
#endif
