#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Material and motion properties of items (`UIDynamicItemBehavior`), with UIKit's defaults.
open class UIDynamicItemBehavior: UIDynamicBehavior {
    private var engine: DynamicItemBehavior { stardustBehavior as! DynamicItemBehavior }
    /// The items these properties apply to.
    public private(set) var items: [UIDynamicItem]

    /// Properties for `items`.
    public init(items: [UIDynamicItem]) {
        self.items = items
        super.init(stardustBehavior: DynamicItemBehavior(items: stardustDynamicItems(items)))
    }

    /// Bounciness of collisions, 0…1 (default 0).
    open var elasticity: CGFloat { get { CGFloat(engine.elasticity) } set { engine.elasticity = Double(newValue) } }
    /// Friction when sliding against others (default 0).
    open var friction: CGFloat { get { CGFloat(engine.friction) } set { engine.friction = Double(newValue) } }
    /// Mass per pt² (default 1).
    open var density: CGFloat { get { CGFloat(engine.density) } set { engine.density = Double(newValue) } }
    /// Linear damping per second (default 0).
    open var resistance: CGFloat { get { CGFloat(engine.resistance) } set { engine.resistance = Double(newValue) } }
    /// Angular damping per second (default 0).
    open var angularResistance: CGFloat {
        get { CGFloat(engine.angularResistance) } set { engine.angularResistance = Double(newValue) }
    }
    /// Whether the items may turn (default true).
    open var allowsRotation: Bool { get { engine.allowsRotation } set { engine.allowsRotation = newValue } }
    /// Whether the items stay put while others hit them (default false).
    open var isAnchored: Bool { get { engine.isAnchored } set { engine.isAnchored = newValue } }

    /// Adds `velocity` (pt/s) to `item` when the behavior is added.
    open func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {
        if let e = stardustDynamicItem(item) { engine.addLinearVelocity(velocity.stardust, for: e) }
    }
    /// Adds `velocity` (rad/s) to `item` when the behavior is added.
    open func addAngularVelocity(_ velocity: CGFloat, for item: UIDynamicItem) {
        if let e = stardustDynamicItem(item) { engine.addAngularVelocity(Double(velocity), for: e) }
    }

    /// Adds an item.
    open func addItem(_ item: UIDynamicItem) { engine.add(item, to: &items) }
    /// Removes an item.
    open func removeItem(_ item: UIDynamicItem) { engine.remove(item, from: &items) }
}
#endif
