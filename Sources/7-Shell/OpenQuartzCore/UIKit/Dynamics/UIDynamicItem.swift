#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Something dynamic behaviors move (`UIDynamicItem`): a center, bounds and a transform.
///
/// `UIView` conforms; the animator simulates a view through its backing engine layer (the
/// layer's `position`, `bounds` and `transform.rotation.z`) and shows the motion as an animation
/// on that layer — the view's model values are never written (docs/DIFFERENCES.md).
/// Other conforming classes are accepted by the behaviors but not simulated.
public protocol UIDynamicItem: AnyObject {
    /// The item's center in the reference view's coordinates, in points.
    var center: CGPoint { get set }
    /// The item's size (only the size is used), in points.
    var bounds: CGRect { get }
    /// The item's transform (only its rotation is used; default identity).
    var transform: CGAffineTransform { get set }
}

extension UIView: UIDynamicItem {}

/// The engine item a UIKit item stands for: a view's engine layer, `nil` for other items.
func stardustDynamicItem(_ item: UIDynamicItem) -> DynamicItem? {
    (item as? UIView)?.layer.stardustLayer
}

/// The engine items of `items` (items that are not views are left out).
func stardustDynamicItems(_ items: [UIDynamicItem]) -> [DynamicItem] {
    items.compactMap(stardustDynamicItem)
}
#endif
