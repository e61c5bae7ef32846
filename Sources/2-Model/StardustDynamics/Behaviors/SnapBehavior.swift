import StardustCore

/// Pulls an item to a point with a damped spring so it settles there, upright (UIKit's
/// `UISnapBehavior`).
///
/// The item's center is pulled to ``snapPoint`` and its rotation back to 0 by springs of
/// 2.5 Hz (our choice; UIKit does not document its stiffness) whose damping ratio is
/// ``damping`` (at least 0.05, so every snap ends). The default 0.5 overshoots slightly, as
/// UIKit's does; 1.0 arrives without oscillation.
public final class SnapBehavior: DynamicBehavior, @unchecked Sendable {
    /// The item snapped.
    public let item: DynamicItem
    /// Where the item's center goes, in reference coordinates.
    public var snapPoint: Point { didSet { changed() } }
    /// The amount of oscillation: the spring's damping ratio, 0…1 (default 0.5; 1 = none).
    public var damping = 0.5 { didSet { changed() } }

    /// Snaps `item` to `point` (UIKit's `init(item:snapTo:)`).
    public init(item: DynamicItem, snapTo point: Point) {
        self.item = item
        self.snapPoint = point
    }

    override var ownItems: [DynamicItem] { [item] }

    override func rules(_ index: (DynamicItem) -> Int, _ context: inout DynamicCompileContext) -> [DynamicRule] {
        [.snap(item: index(item), point: snapPoint.vec2, damping: min(max(damping, 0), 1))]
    }
}
