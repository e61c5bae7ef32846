#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A continuous force or a one-time impulse on items (`UIPushBehavior`): magnitude 1.0 moves a
/// 100 × 100 pt item of density 1 at 100 pt/s² (continuous) or 100 pt/s (instantaneous), as UIKit
/// documents.
open class UIPushBehavior: UIDynamicBehavior {
    /// How the push acts (`UIPushBehavior.Mode`).
    public enum Mode: Int, Sendable {
        /// A steady force while active.
        case continuous
        /// One impulse when added (or made active again).
        case instantaneous
    }

    private var engine: PushBehavior { stardustBehavior as! PushBehavior }
    /// The pushed items.
    public private(set) var items: [UIDynamicItem]
    /// How the push acts.
    public let mode: Mode

    /// A push on `items` (no direction yet: magnitude 0).
    public init(items: [UIDynamicItem], mode: Mode) {
        self.items = items
        self.mode = mode
        super.init(stardustBehavior: PushBehavior(items: stardustDynamicItems(items),
                                                  mode: mode == .continuous ? .continuous : .instantaneous))
    }

    /// Whether the push acts (default true). Making an instantaneous push active again while it
    /// is in an animator pushes again at the clock's current time.
    open var active: Bool {
        get { engine.active }
        set {
            if newValue, mode == .instantaneous, let animator = dynamicAnimator {
                animator.stardustAnimator.addBehavior(engine, at: animator.clock.currentTime)
            } else {
                engine.active = newValue
            }
        }
    }
    /// The force vector; magnitude 1 = UIKit's unit (default (0, 0)).
    open var pushDirection: CGVector {
        get { CGVector(dx: CGFloat(engine.pushDirection.dx), dy: CGFloat(engine.pushDirection.dy)) }
        set { engine.pushDirection = Vector(dx: Double(newValue.dx), dy: Double(newValue.dy)) }
    }
    /// The direction in radians from +x, clockwise on screen (default 0).
    open var angle: CGFloat { get { CGFloat(engine.angle) } set { engine.angle = Double(newValue) } }
    /// The strength in UIKit's push units (default 0).
    open var magnitude: CGFloat { get { CGFloat(engine.magnitude) } set { engine.magnitude = Double(newValue) } }
    /// Sets the direction (radians) and the strength together.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) { engine.setAngle(Double(angle), magnitude: Double(magnitude)) }

    /// Adds an item.
    open func addItem(_ item: UIDynamicItem) { engine.add(item, to: &items) }
    /// Removes an item.
    open func removeItem(_ item: UIDynamicItem) { engine.remove(item, from: &items) }
}
#endif
