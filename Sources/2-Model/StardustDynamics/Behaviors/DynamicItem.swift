import StardustAnimation
import StardustCore

/// The shape an item presents to collisions (UIKit's `UIDynamicItemCollisionBoundsType`).
public enum DynamicItemCollisionBoundsType: Sendable, Hashable {
    /// The item's bounds rectangle (UIKit's default).
    case rectangle
    /// The ellipse inscribed in the bounds (a circle when the bounds are square; other ellipses are
    /// approximated by an inscribed octagon).
    case ellipse
    /// A convex outline in the item's own coordinates, relative to its center (UIKit's
    /// `collisionBoundingPath`). Concave outlines use their convex hull; at most 8 hull vertices.
    case path([Point])
}

/// Anything the dynamic animator can move: a center, bounds and a rotation (UIKit's
/// `UIDynamicItem`). ``Layer`` conforms; its center is its `position`.
///
/// The animator reads these values once, when it builds its simulation (at the first sample
/// after a change), and never writes them: it shows the simulated motion on layers through a
/// ``PoseAnimation`` and reports it for other items through ``DynamicAnimator/pose(of:at:)``.
public protocol DynamicItem: AnyObject {
    /// The item's center in the animator's reference coordinates, in points.
    var dynamicCenter: Point { get }
    /// The item's size in points (the origin is ignored).
    var dynamicBounds: Rect { get }
    /// The item's rotation about its center in radians (positive turns clockwise on screen).
    var dynamicRotation: Double { get }
    /// The outline used by collisions (default ``DynamicItemCollisionBoundsType/rectangle``).
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
}

extension DynamicItem {
    /// The default outline: the bounds rectangle.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
}

extension Layer: DynamicItem {
    /// The layer's `position` (its center when the anchor point is the default (0.5, 0.5)).
    public var dynamicCenter: Point { position }
    /// The layer's `bounds`.
    public var dynamicBounds: Rect { bounds }
    /// The model's `transform.rotation.z`, radians.
    public var dynamicRotation: Double { value(forKeyPath: "transform.rotation.z")?.doubleValue ?? 0 }
    /// ``DynamicItemCollisionBoundsType/ellipse`` when the corner radius rounds the whole shorter
    /// side (a round layer, `cornerRadius ≥ min(width, height) / 2 > 0`), else the rectangle.
    public var collisionBoundsType: DynamicItemCollisionBoundsType {
        let side = min(bounds.width, bounds.height)
        return side > 0 && cornerRadius * 2 >= side ? .ellipse : .rectangle
    }
}
