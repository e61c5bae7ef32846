#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A behavior (`UIDynamicBehavior`): the base of the concrete behaviors, and on its own a
/// composite of child behaviors. Each wraps an engine behavior (``stardustBehavior``) that holds
/// every value.
open class UIDynamicBehavior {
    /// The engine behavior this façade drives.
    public let stardustBehavior: DynamicBehavior
    /// The child behaviors, in order added (default none).
    public private(set) var childBehaviors: [UIDynamicBehavior] = []
    /// The animator this behavior was added to, if any.
    public internal(set) weak var dynamicAnimator: UIDynamicAnimator?

    /// An empty composite behavior.
    public convenience init() { self.init(stardustBehavior: DynamicBehavior()) }
    /// A façade over an engine behavior.
    public init(stardustBehavior: DynamicBehavior) { self.stardustBehavior = stardustBehavior }

    /// Adds `behavior` as a child (it acts while this behavior does).
    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior !== self, !childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.append(behavior)
        stardustBehavior.addChildBehavior(behavior.stardustBehavior)
    }
    /// Removes the child `behavior`.
    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        childBehaviors.removeAll { $0 === behavior }
        stardustBehavior.removeChildBehavior(behavior.stardustBehavior)
    }
}
#endif
