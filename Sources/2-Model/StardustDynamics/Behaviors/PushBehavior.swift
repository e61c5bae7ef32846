import Foundation
import StardustCore

/// A force or an impulse on its items (UIKit's `UIPushBehavior`).
///
/// UIKit's unit: a ``magnitude`` of 1.0 on a 100 × 100 pt item of density 1 gives 100 pt/s²
/// (``Mode/continuous``) or 100 pt/s at once (``Mode/instantaneous``). Mass is density × area,
/// so a 50 × 50 pt item gets four times as much. An instantaneous push acts once each time it is
/// added to the animator (``DynamicAnimator/addBehavior(_:at:)``: a push at t = 1 s is the push
/// added at 1). A continuous push acts while it is in the animator and ``active``.
public final class PushBehavior: DynamicBehavior, @unchecked Sendable {
    /// How the push acts.
    public enum Mode: Sendable, Hashable {
        /// A steady force while the behavior is in the animator.
        case continuous
        /// One impulse when the behavior is added.
        case instantaneous
    }

    /// The items pushed.
    public private(set) var items: [DynamicItem]
    /// Continuous or instantaneous.
    public let mode: Mode
    /// Whether the push acts (default true). An inactive push does nothing.
    public var active = true { didSet { changed() } }
    /// The push as a vector in UIKit's push units (default zero: no push).
    public var pushDirection = Vector.zero { didSet { changed() } }
    private var offsets: [ObjectIdentifier: Point] = [:]

    /// A push of `mode` on `items` (UIKit's `init(items:mode:)`).
    public init(items: [DynamicItem], mode: Mode) { self.items = items; self.mode = mode }

    /// The direction in radians from +x, positive towards +y (down on screen).
    public var angle: Double {
        get { atan2(pushDirection.dy, pushDirection.dx) }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The strength in UIKit's push units (default 0).
    public var magnitude: Double {
        get { (pushDirection.dx * pushDirection.dx + pushDirection.dy * pushDirection.dy).squareRoot() }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Sets ``angle`` and ``magnitude`` together.
    public func setAngle(_ angle: Double, magnitude: Double) {
        pushDirection = Vector(dx: magnitude * cos(angle), dy: magnitude * sin(angle))
    }

    /// Where on `item` the push acts, in points from its center in the item's own (rotating)
    /// coordinates (default zero: the center, no spin).
    public func targetOffsetFromCenter(for item: DynamicItem) -> Point { offsets[ObjectIdentifier(item)] ?? .zero }

    /// Makes the push act at `offset` from `item`'s center (an off-center push spins the item).
    public func setTargetOffsetFromCenter(_ offset: Point, for item: DynamicItem) {
        offsets[ObjectIdentifier(item)] = offset; changed()
    }

    /// Adds an item.
    public func addItem(_ item: DynamicItem) { items.append(item); changed() }
    /// Removes an item.
    public func removeItem(_ item: DynamicItem) { items.removeAll { $0 === item }; changed() }

    override var ownItems: [DynamicItem] { items }

    override func rules(_ index: (DynamicItem) -> Int, _ context: inout DynamicCompileContext) -> [DynamicRule] {
        guard active else { return [] }
        return [.push(items: items.map(index), offsets: items.map { targetOffsetFromCenter(for: $0).vec2 },
                      instantaneous: mode == .instantaneous, vector: Vec2(pushDirection.dx, pushDirection.dy))]
    }
}
