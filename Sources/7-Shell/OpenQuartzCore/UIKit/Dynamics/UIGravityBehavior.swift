#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Gravity on items (`UIGravityBehavior`): magnitude 1.0 accelerates every item at 1000 pt/s²,
/// whatever its size or density, as UIKit documents. Default direction (0, 1): down the screen.
open class UIGravityBehavior: UIDynamicBehavior {
    private var engine: GravityBehavior { stardustBehavior as! GravityBehavior }
    /// The items gravity acts on.
    public private(set) var items: [UIDynamicItem]

    /// Gravity on `items` (default direction (0, 1), magnitude 1).
    public init(items: [UIDynamicItem]) {
        self.items = items
        super.init(stardustBehavior: GravityBehavior(items: stardustDynamicItems(items)))
    }
    /// Gravity on no items yet.
    public convenience init() { self.init(items: []) }

    /// The acceleration vector in units of 1000 pt/s² (default (0, 1)).
    open var gravityDirection: CGVector {
        get { CGVector(dx: CGFloat(engine.gravityDirection.dx), dy: CGFloat(engine.gravityDirection.dy)) }
        set { engine.gravityDirection = Vector(dx: Double(newValue.dx), dy: Double(newValue.dy)) }
    }
    /// The direction in radians from +x, clockwise on screen (default π/2: down).
    open var angle: CGFloat { get { CGFloat(engine.angle) } set { engine.angle = Double(newValue) } }
    /// The strength; 1.0 = 1000 pt/s² (default 1).
    open var magnitude: CGFloat { get { CGFloat(engine.magnitude) } set { engine.magnitude = Double(newValue) } }
    /// Sets the direction (radians) and the strength together.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) { engine.setAngle(Double(angle), magnitude: Double(magnitude)) }

    /// Adds an item.
    open func addItem(_ item: UIDynamicItem) { engine.add(item, to: &items) }
    /// Removes an item.
    open func removeItem(_ item: UIDynamicItem) { engine.remove(item, from: &items) }
}
#endif
