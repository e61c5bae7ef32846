import StardustCore

/// Makes its items collide with each other and with boundaries (UIKit's `UICollisionBehavior`).
///
/// Items of one collision behavior collide with each other (``Mode/items``), with its boundaries
/// (``Mode/boundaries``), or both (``Mode/everything``, the default). Items of different
/// collision behaviors pass through each other. Boundaries are segments: the reference bounds
/// (``translatesReferenceBoundsIntoBoundary``, inset by ``setTranslatesReferenceBoundsIntoBoundary(with:)``),
/// explicit segments and closed outlines, each with an identifier reported to the delegate
/// (`nil` for the reference bounds). At most 31 collision behaviors per animator.
public final class CollisionBehavior: DynamicBehavior, @unchecked Sendable {
    /// What the items collide with (UIKit's `UICollisionBehavior.Mode`).
    public struct Mode: OptionSet, Sendable, Hashable {
        /// The mode's bits: 1 items, 2 boundaries.
        public let rawValue: UInt
        /// Creates a mode from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The items collide with each other.
        public static let items = Mode(rawValue: 1)
        /// The items collide with the boundaries.
        public static let boundaries = Mode(rawValue: 2)
        /// Both (the default).
        public static let everything: Mode = [.items, .boundaries]
    }

    /// The items that collide.
    public private(set) var items: [DynamicItem]
    /// What they collide with (default ``Mode/everything``).
    public var collisionMode = Mode.everything { didSet { changed() } }
    /// Whether the animator's reference bounds are a boundary (default false).
    public var translatesReferenceBoundsIntoBoundary = false { didSet { changed() } }
    /// Insets of the reference-bounds boundary, points (top, left, bottom, right).
    public private(set) var referenceBoundsInsets = EdgeInsets()
    /// Receives contact reports when the animator delivers events (``DynamicAnimator/deliverEvents(through:)``).
    public weak var collisionDelegate: CollisionBehaviorDelegate?
    private var boundaries: [(identifier: String, points: [Point], closed: Bool)] = []

    /// Collisions among `items` (UIKit's `init(items:)`).
    public init(items: [DynamicItem] = []) { self.items = items }

    /// Adds an item.
    public func addItem(_ item: DynamicItem) { items.append(item); changed() }
    /// Removes an item.
    public func removeItem(_ item: DynamicItem) { items.removeAll { $0 === item }; changed() }

    /// Makes the reference bounds, inset by `insets`, a boundary.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
        referenceBoundsInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    /// Adds a segment boundary from `p0` to `p1` (reference coordinates).
    public func addBoundary(withIdentifier identifier: String, from p0: Point, to p1: Point) {
        boundaries.append((identifier, [p0, p1], false)); changed()
    }

    /// Adds a closed outline through `points` as a boundary (UIKit's `addBoundary(withIdentifier:for:)`
    /// with a path: its edges, including the closing one).
    public func addBoundary(withIdentifier identifier: String, forPath points: [Point]) {
        boundaries.append((identifier, points, true)); changed()
    }

    /// Removes the boundary with this identifier.
    public func removeBoundary(withIdentifier identifier: String) {
        boundaries.removeAll { $0.identifier == identifier }; changed()
    }

    /// Removes every explicit boundary (the reference bounds stay if translated).
    public func removeAllBoundaries() { boundaries.removeAll(); changed() }

    /// The identifiers of the explicit boundaries, in the order added.
    public var boundaryIdentifiers: [String] { boundaries.map(\.identifier) }

    override var ownItems: [DynamicItem] { items }

    override func rules(_ index: (DynamicItem) -> Int, _ context: inout DynamicCompileContext) -> [DynamicRule] {
        let slot = context.nextCollisionSlot
        precondition(slot < 31, "at most 31 collision behaviors per animator")
        context.nextCollisionSlot += 1
        var segments: [DynamicBoundary] = []
        if translatesReferenceBoundsIntoBoundary {
            let b = context.referenceBounds.standardized, i = referenceBoundsInsets
            let x0 = b.minX + i.left, x1 = b.maxX - i.right, y0 = b.minY + i.top, y1 = b.maxY - i.bottom
            let c = [Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1)]
            for k in 0..<4 { segments.append(DynamicBoundary(identifier: nil, a: c[k], b: c[(k + 1) % 4])) }
        }
        for b in boundaries where b.points.count >= 2 {
            let n = b.points.count
            for k in 0..<(b.closed && n > 2 ? n : n - 1) {
                let p = b.points[k].vec2, q = b.points[(k + 1) % n].vec2
                if p != q { segments.append(DynamicBoundary(identifier: b.identifier, a: p, b: q)) }
            }
        }
        return [.collision(items: items.map(index), slot: slot, collidesItems: collisionMode.contains(.items),
                           collidesBoundaries: collisionMode.contains(.boundaries), boundaries: segments)]
    }
}
