// Filter.swift — which shape pairs may collide.

/// Collision filtering, Box2D/Chipmunk style.
///
/// Two shapes with the same non-zero `groupIndex` always collide when it is
/// positive and never when it is negative (a ragdoll's parts). Otherwise they
/// collide when each one's `categoryBits` intersects the other's `maskBits`.
public struct CollisionFilter: Hashable, Sendable {
    /// The categories this shape is in. Default: category 1.
    public var categoryBits: UInt64 = 1
    /// The categories this shape collides with. Default: all.
    public var maskBits: UInt64 = .max
    /// Same positive group: always collide; same negative: never. Default 0 (no group).
    public var groupIndex: Int32 = 0

    /// A filter in `categoryBits` (default category 1) colliding with `maskBits` (default all), in group `groupIndex` (default 0, none).
    public init(categoryBits: UInt64 = 1, maskBits: UInt64 = .max, groupIndex: Int32 = 0) {
        self.categoryBits = categoryBits; self.maskBits = maskBits; self.groupIndex = groupIndex
    }

    /// Category 1, collides with every category, no group.
    public static let `default` = CollisionFilter()

    /// O(1).
    @inline(__always) public func shouldCollide(with b: CollisionFilter) -> Bool {
        if groupIndex == b.groupIndex && groupIndex != 0 { return groupIndex > 0 }
        return (maskBits & b.categoryBits) != 0 && (categoryBits & b.maskBits) != 0
    }
}

/// A query's filter: which categories the query sees.
public struct QueryFilter: Hashable, Sendable {
    /// The categories the query is in. Default: category 1.
    public var categoryBits: UInt64 = 1
    /// The categories of shapes the query sees. Default: all.
    public var maskBits: UInt64 = .max
    /// A query filter in `categoryBits` (default category 1) that sees `maskBits` (default all).
    public init(categoryBits: UInt64 = 1, maskBits: UInt64 = .max) { self.categoryBits = categoryBits; self.maskBits = maskBits }
    /// Category 1, sees every category.
    public static let `default` = QueryFilter()
    @inline(__always) func accepts(_ f: CollisionFilter) -> Bool {
        (f.categoryBits & maskBits) != 0 && (f.maskBits & categoryBits) != 0
    }
}
