#if !canImport(QuartzCore)
import Foundation
import Stardust

/// An animation from one value to another (`CABasicAnimation`). Values are any of the types
/// `setValue(_:forKeyPath:)` takes (numbers, `CGPoint`, `CGRect`, `CATransform3D`, `CGColor`, …).
open class CABasicAnimation: CAPropertyAnimation {
    /// The start value (default `nil`: the value beneath).
    public var fromValue: Any?
    /// The end value (default `nil`: the value beneath).
    public var toValue: Any?
    /// A relative change (default `nil`).
    public var byValue: Any?

    /// The engine animation for the current values.
    open override func makeStardustAnimation() -> Animation {
        let a = BasicAnimation(keyPath: keyPath, from: ValueBridge.animatable(fromValue), to: ValueBridge.animatable(toValue))
        a.byValue = ValueBridge.animatable(byValue)
        return configure(a)
    }
}

/// A damped spring from one value to another (`CASpringAnimation`).
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object on the spring (default 1).
    public var mass: CGFloat = 1
    /// The spring constant (default 100).
    public var stiffness: CGFloat = 100
    /// The friction coefficient (default 10).
    public var damping: CGFloat = 10
    /// The initial velocity, in units of the whole distance per second (default 0).
    public var initialVelocity: CGFloat = 0
    /// Whether damping above critical is honoured (default false: evaluated as critical).
    public var allowsOverdamping = false

    /// A spring with the SwiftUI mapping of a perceptual duration and a bounce (−1…1).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let s = SpringAnimation(perceptualDuration: perceptualDuration, bounce: Double(bounce))
        mass = s.mass; stiffness = s.stiffness; damping = s.damping; allowsOverdamping = s.allowsOverdamping
    }

    /// The time the spring takes to come to rest, from its parameters (seconds).
    public var settlingDuration: CFTimeInterval { (makeStardustAnimation() as! SpringAnimation).settlingDuration }
    /// The perceptual duration of the spring (seconds).
    public var perceptualDuration: CFTimeInterval { (makeStardustAnimation() as! SpringAnimation).perceptualDuration }
    /// The bounce of the spring (−1…1).
    public var bounce: CGFloat { (makeStardustAnimation() as! SpringAnimation).bounce }

    /// The engine animation for the current values.
    open override func makeStardustAnimation() -> Animation {
        let a = SpringAnimation(keyPath: keyPath, from: ValueBridge.animatable(fromValue), to: ValueBridge.animatable(toValue))
        a.byValue = ValueBridge.animatable(byValue)
        a.mass = Double(mass); a.stiffness = Double(stiffness); a.damping = Double(damping)
        a.initialVelocity = Double(initialVelocity); a.allowsOverdamping = allowsOverdamping
        return configure(a)
    }
}
#endif
