#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Collisions among items and with boundaries (`UICollisionBehavior`). Items of one collision
/// behavior collide with each other; items of different collision behaviors pass through each
/// other, as in UIKit. Boundaries have friction 1 and elasticity 0 (docs/DYNAMICS.md).
open class UICollisionBehavior: UIDynamicBehavior {
    /// What the items collide with (`UICollisionBehavior.Mode`).
    public struct Mode: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt
        /// A mode from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Items collide with each other.
        public static let items = Mode(rawValue: 1)
        /// Items collide with the boundaries.
        public static let boundaries = Mode(rawValue: 2)
        /// Both (the default).
        public static let everything: Mode = [.items, .boundaries]
    }

    private var engine: CollisionBehavior { stardustBehavior as! CollisionBehavior }
    /// The colliding items.
    public private(set) var items: [UIDynamicItem]

    /// Collisions among `items` (mode `.everything`, no boundaries).
    public init(items: [UIDynamicItem]) {
        self.items = items
        super.init(stardustBehavior: CollisionBehavior(items: stardustDynamicItems(items)))
    }
    /// A collision behavior with no items yet.
    public convenience init() { self.init(items: []) }

    /// What the items collide with (default `.everything`).
    open var collisionMode: Mode {
        get { Mode(rawValue: engine.collisionMode.rawValue) }
        set { engine.collisionMode = CollisionBehavior.Mode(rawValue: newValue.rawValue) }
    }
    /// Whether the reference view's bounds are a boundary (default false).
    open var translatesReferenceBoundsIntoBoundary: Bool {
        get { engine.translatesReferenceBoundsIntoBoundary } set { engine.translatesReferenceBoundsIntoBoundary = newValue }
    }
    /// Adds a boundary segment from `p0` to `p1` (reference view coordinates, points) named `identifier`.
    open func addBoundary(withIdentifier identifier: String, from p0: CGPoint, to p1: CGPoint) {
        engine.addBoundary(withIdentifier: identifier, from: p0.stardust, to: p1.stardust)
    }
    /// Removes the boundary named `identifier`.
    open func removeBoundary(withIdentifier identifier: String) { engine.removeBoundary(withIdentifier: identifier) }
    /// Removes every boundary added by identifier (the reference bounds stay as set).
    open func removeAllBoundaries() { engine.removeAllBoundaries() }
    /// The identifiers of the boundaries added.
    open var boundaryIdentifiers: [String]? { engine.boundaryIdentifiers.isEmpty ? nil : engine.boundaryIdentifiers }

    /// Adds an item.
    open func addItem(_ item: UIDynamicItem) { engine.add(item, to: &items) }
    /// Removes an item.
    open func removeItem(_ item: UIDynamicItem) { engine.remove(item, from: &items) }
}
#endif
