#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Moves an item to a point with a springy settle and turns it upright (`UISnapBehavior`).
/// The spring is 2.5 Hz with damping ratio ``damping`` (docs/DYNAMICS.md).
open class UISnapBehavior: UIDynamicBehavior {
    private var engine: SnapBehavior { stardustBehavior as! SnapBehavior }

    /// Snaps `item` to `point` (reference view coordinates, points). An item that is not a view
    /// is not simulated.
    public init(item: UIDynamicItem, snapTo point: CGPoint) {
        let e = stardustDynamicItem(item) ?? Layer()
        super.init(stardustBehavior: SnapBehavior(item: e, snapTo: point.stardust))
    }

    /// Where the item's center ends, in points.
    open var snapPoint: CGPoint { get { CGPoint(engine.snapPoint) } set { engine.snapPoint = newValue.stardust } }
    /// The amount of oscillation, 0…1 (default 0.5; 1 = no overshoot).
    open var damping: CGFloat { get { CGFloat(engine.damping) } set { engine.damping = Double(newValue) } }
}
#endif
