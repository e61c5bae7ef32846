#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Ties an item to an anchor point or to another item (`UIAttachmentBehavior`): rigid at the
/// default ``frequency`` 0, a damped spring otherwise (docs/DYNAMICS.md).
open class UIAttachmentBehavior: UIDynamicBehavior {
    private var engine: AttachmentBehavior { stardustBehavior as! AttachmentBehavior }
    /// The attached items (one for an anchor attachment, two for an item attachment).
    public let items: [UIDynamicItem]

    /// Attaches `item`'s center to `point` (reference view coordinates); ``length`` is the distance now.
    public init(item: UIDynamicItem, attachedToAnchor point: CGPoint) {
        items = [item]
        super.init(stardustBehavior: AttachmentBehavior(item: stardustDynamicItem(item) ?? Layer(), attachedToAnchor: point.stardust))
    }
    /// Attaches the centers of `item1` and `item2`; ``length`` is their distance now.
    public init(item item1: UIDynamicItem, attachedTo item2: UIDynamicItem) {
        items = [item1, item2]
        super.init(stardustBehavior: AttachmentBehavior(item: stardustDynamicItem(item1) ?? Layer(),
                                                        attachedTo: stardustDynamicItem(item2) ?? Layer()))
    }

    /// The anchor point, in points (for an item attachment, the engine's value).
    open var anchorPoint: CGPoint { get { CGPoint(engine.anchorPoint) } set { engine.anchorPoint = newValue.stardust } }
    /// The rest distance in points (default: the distance when created).
    open var length: CGFloat { get { CGFloat(engine.length) } set { engine.length = Double(newValue) } }
    /// The spring frequency in Hz (default 0: rigid).
    open var frequency: CGFloat { get { CGFloat(engine.frequency) } set { engine.frequency = Double(newValue) } }
    /// The spring's damping ratio (default 0; 1 = no overshoot).
    open var damping: CGFloat { get { CGFloat(engine.damping) } set { engine.damping = Double(newValue) } }
}
#endif
