import StardustCore

/// A behavior of the dynamic animator (UIKit's `UIDynamicBehavior`): the base of gravity,
/// collision, snap, attachment, push, item properties and fields, and a composite of child
/// behaviors when used on its own.
///
/// Behaviors are configuration: change them before rendering. Any change to a behavior that is
/// in an animator makes the animator rebuild its simulation at the next sample (time stays an
/// input: the state at time t is a function of the configuration and t alone). Changes at a
/// later rendered time are scripted with ``DynamicAnimator/addBehavior(_:at:)`` and
/// ``DynamicAnimator/removeBehavior(_:at:)``. UIKit's per-step `action` block is not offered: a
/// closure run while rendering could not keep frames independent of their order.
public class DynamicBehavior: @unchecked Sendable {
    /// The behaviors this one is composed of (UIKit's `childBehaviors`).
    public private(set) var childBehaviors: [DynamicBehavior] = []
    /// The animator this behavior was added to, if any (UIKit's `dynamicAnimator`).
    public internal(set) weak var dynamicAnimator: DynamicAnimator? {
        didSet { for c in childBehaviors { c.dynamicAnimator = dynamicAnimator } }
    }
    weak var parent: DynamicBehavior?

    /// An empty behavior, to compose child behaviors.
    public init() {}

    /// Adds a child behavior; it acts whenever this behavior is in an animator.
    public func addChildBehavior(_ behavior: DynamicBehavior) {
        guard !childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.append(behavior)
        behavior.parent = self
        behavior.dynamicAnimator = dynamicAnimator
        changed()
    }

    /// Removes a child behavior.
    public func removeChildBehavior(_ behavior: DynamicBehavior) {
        childBehaviors.removeAll { $0 === behavior }
        if behavior.parent === self { behavior.parent = nil; behavior.dynamicAnimator = nil }
        changed()
    }

    /// Tells the animator that the configuration changed.
    func changed() { dynamicAnimator?.invalidate(posing: self) }

    /// The items this behavior itself names (children excluded).
    var ownItems: [DynamicItem] { [] }

    /// This behavior's rules (children excluded), with items as indices given by `index`.
    func rules(_ index: (DynamicItem) -> Int, _ context: inout DynamicCompileContext) -> [DynamicRule] { [] }

    /// This behavior and its descendants, depth first.
    var flattened: [DynamicBehavior] { [self] + childBehaviors.flatMap(\.flattened) }
}

/// Shared numbering while an animator compiles its behaviors.
struct DynamicCompileContext {
    /// The animator's reference bounds.
    var referenceBounds: Rect
    /// Collision behaviors seen so far (each gets two collision-filter bits).
    var nextCollisionSlot = 0
    /// Fields seen so far (each keys its own noise).
    var nextFieldKey: UInt64 = 0
}

extension Point {
    /// This point as an engine vector.
    var vec2: Vec2 { Vec2(x, y) }
}

extension Vec2 {
    /// This vector as a point.
    var point: Point { Point(x: x, y: y) }
}
