import Foundation
import StardustCore

/// A uniform acceleration on its items (UIKit's `UIGravityBehavior`).
///
/// Units are UIKit's: a ``magnitude`` of 1.0 is 1000 points/s², whatever the item's size or
/// density. The default pulls down (``angle`` π/2, y down) with magnitude 1.0.
public final class GravityBehavior: DynamicBehavior, @unchecked Sendable {
    /// The items pulled (UIKit's `items`).
    public private(set) var items: [DynamicItem]
    /// The acceleration as a vector in units of 1000 pt/s² (UIKit's `gravityDirection`,
    /// default (0, 1): down). Its length is ``magnitude``, its direction ``angle``.
    public var gravityDirection = Vector(dx: 0, dy: 1) { didSet { changed() } }

    /// Gravity pulling `items` down at 1000 pt/s².
    public init(items: [DynamicItem] = []) { self.items = items }

    /// The direction in radians from +x, positive towards +y (down on screen); default π/2.
    public var angle: Double {
        get { atan2(gravityDirection.dy, gravityDirection.dx) }
        set { let m = magnitude; gravityDirection = Vector(dx: m * cos(newValue), dy: m * sin(newValue)) }
    }

    /// The strength in units of 1000 pt/s² (default 1.0).
    public var magnitude: Double {
        get { (gravityDirection.dx * gravityDirection.dx + gravityDirection.dy * gravityDirection.dy).squareRoot() }
        set { let a = angle; gravityDirection = Vector(dx: newValue * cos(a), dy: newValue * sin(a)) }
    }

    /// Sets ``angle`` (radians) and ``magnitude`` (units of 1000 pt/s²) together.
    public func setAngle(_ angle: Double, magnitude: Double) {
        gravityDirection = Vector(dx: magnitude * cos(angle), dy: magnitude * sin(angle))
    }

    /// Adds an item.
    public func addItem(_ item: DynamicItem) { items.append(item); changed() }
    /// Removes an item.
    public func removeItem(_ item: DynamicItem) { items.removeAll { $0 === item }; changed() }

    override var ownItems: [DynamicItem] { items }

    override func rules(_ index: (DynamicItem) -> Int, _ context: inout DynamicCompileContext) -> [DynamicRule] {
        [.gravity(items: items.map(index),
                  acceleration: gravityAccelerationPerMagnitude * Vec2(gravityDirection.dx, gravityDirection.dy))]
    }
}
