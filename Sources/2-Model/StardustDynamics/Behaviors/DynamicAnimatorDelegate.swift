/// Learns when the animator comes to rest and when it starts again (UIKit's
/// `UIDynamicAnimatorDelegate`). Delivered by ``DynamicAnimator/deliverEvents(through:)``.
/// Both methods have empty default implementations.
public protocol DynamicAnimatorDelegate: AnyObject {
    /// Every simulated item came to rest at `time` (seconds); nothing moves until a scripted
    /// change (a behavior added or removed) wakes the items.
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator, time: Double)
    /// Items started moving again at `time`.
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator, time: Double)
}

extension DynamicAnimatorDelegate {
    /// Does nothing by default.
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator, time: Double) {}
    /// Does nothing by default.
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator, time: Double) {}
}
