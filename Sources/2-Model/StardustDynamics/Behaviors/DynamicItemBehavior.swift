import StardustCore

/// Physical properties of its items (UIKit's `UIDynamicItemBehavior`), with UIKit's defaults.
///
/// When an item is in several item behaviors, the one added last (by time, then by order of
/// adding) sets all of its properties. Velocities added with ``addLinearVelocity(_:for:)`` and
/// ``addAngularVelocity(_:for:)`` are added once, when the behavior is added to the animator.
public final class DynamicItemBehavior: DynamicBehavior, @unchecked Sendable {
    /// The items described.
    public private(set) var items: [DynamicItem]
    /// Bounciness, 0…1 (default 0): 1 rebounds at the speed it hit with. A contact uses the larger
    /// elasticity of its two sides.
    public var elasticity = 0.0 { didSet { changed() } }
    /// Friction coefficient ≥ 0 (default 0). Between two items the contact uses √(μa·μb);
    /// boundaries have friction 1, so against a boundary it is √μ.
    public var friction = 0.0 { didSet { changed() } }
    /// Mass per pt² (default 1): an item's mass is density × the area of its collision outline.
    public var density = 1.0 { didSet { changed() } }
    /// Linear velocity damping per second ≥ 0 (default 0): with no other force the speed decays
    /// as e^(−resistance·t).
    public var resistance = 0.0 { didSet { changed() } }
    /// Angular velocity damping per second ≥ 0 (default 0), like ``resistance``.
    public var angularResistance = 0.0 { didSet { changed() } }
    /// Whether the items turn (default true); false keeps their rotation fixed.
    public var allowsRotation = true { didSet { changed() } }
    /// Whether the items are anchored (default false): an anchored item never moves but others
    /// collide with it.
    public var isAnchored = false { didSet { changed() } }
    private var linearVelocities: [(DynamicItem, Point)] = []
    private var angularVelocities: [(DynamicItem, Double)] = []

    /// Properties for `items` (UIKit's `init(items:)`).
    public init(items: [DynamicItem] = []) { self.items = items }

    /// Adds an item.
    public func addItem(_ item: DynamicItem) { items.append(item); changed() }
    /// Removes an item.
    public func removeItem(_ item: DynamicItem) { items.removeAll { $0 === item }; changed() }

    /// Adds `velocity` (pt/s) to `item` when this behavior is added to the animator.
    public func addLinearVelocity(_ velocity: Point, for item: DynamicItem) {
        linearVelocities.append((item, velocity)); changed()
    }

    /// Adds `velocity` (rad/s, positive clockwise on screen) to `item` when this behavior is added.
    public func addAngularVelocity(_ velocity: Double, for item: DynamicItem) {
        angularVelocities.append((item, velocity)); changed()
    }

    override var ownItems: [DynamicItem] { items + linearVelocities.map(\.0) + angularVelocities.map(\.0) }

    override func rules(_ index: (DynamicItem) -> Int, _ context: inout DynamicCompileContext) -> [DynamicRule] {
        let p = DynamicItemProperties(elasticity: max(elasticity, 0), friction: max(friction, 0), density: max(density, 1e-9),
                                      resistance: max(resistance, 0), angularResistance: max(angularResistance, 0),
                                      allowsRotation: allowsRotation, isAnchored: isAnchored)
        return [.itemProperties(items: items.map(index), properties: p,
                                linearVelocities: linearVelocities.map { (index($0.0), $0.1.vec2) },
                                angularVelocities: angularVelocities.map { (index($0.0), $0.1) })]
    }
}
