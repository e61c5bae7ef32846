#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Learns when an animator comes to rest and starts again (`UIDynamicAnimatorDelegate`).
/// Both methods have empty default implementations (optional in UIKit).
public protocol UIDynamicAnimatorDelegate: AnyObject {
    /// Every simulated item came to rest (called at that rendered media time).
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
    /// Items start moving again (called at that rendered media time).
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    /// Does nothing by default.
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
    /// Does nothing by default.
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
}
#endif
