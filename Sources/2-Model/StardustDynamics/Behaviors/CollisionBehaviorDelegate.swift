import StardustCore

/// Receives a collision behavior's contact reports (UIKit's `UICollisionBehaviorDelegate`).
///
/// Reports are delivered by ``DynamicAnimator/deliverEvents(through:)`` in the order they
/// happened; `time` is the simulated time of the step in which the contact began or ended.
/// All methods have empty default implementations.
public protocol CollisionBehaviorDelegate: AnyObject {
    /// Two items started touching at `point` (reference coordinates).
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem,
                           with item2: DynamicItem, at point: Point, time: Double)
    /// Two items stopped touching.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem,
                           with item2: DynamicItem, time: Double)
    /// An item started touching a boundary (`nil`: the reference bounds) at `point`.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: String?, at point: Point, time: Double)
    /// An item stopped touching a boundary.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                           withBoundaryIdentifier identifier: String?, time: Double)
}

extension CollisionBehaviorDelegate {
    /// Does nothing by default.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem,
                                  with item2: DynamicItem, at point: Point, time: Double) {}
    /// Does nothing by default.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem,
                                  with item2: DynamicItem, time: Double) {}
    /// Does nothing by default.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: String?, at point: Point, time: Double) {}
    /// Does nothing by default.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem,
                                  withBoundaryIdentifier identifier: String?, time: Double) {}
}
