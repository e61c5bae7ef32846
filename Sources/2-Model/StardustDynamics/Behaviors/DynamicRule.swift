import StardustCore

// DynamicRule.swift — the frozen, value-type form of the behaviors.
//
// The animator compiles its behavior classes into these rules once per configuration, so the
// simulation that samples them (on any thread, in any order) reads only immutable values.

/// One item as the simulation sees it: where it starts and its collision outline.
struct DynamicItemSpec: Sendable {
    var center: Vec2
    var rotation: Double
    var geometry: ShapeGeometry
}

/// Per-item physical properties (``DynamicItemBehavior``'s values, UIKit's defaults).
struct DynamicItemProperties: Sendable, Hashable {
    var elasticity = 0.0
    var friction = 0.0
    var density = 1.0
    var resistance = 0.0
    var angularResistance = 0.0
    var allowsRotation = true
    var isAnchored = false
}

/// A collision boundary: a segment with an identifier (nil for the reference bounds).
struct DynamicBoundary: Sendable {
    var identifier: String?
    var a: Vec2
    var b: Vec2
}

/// What an attachment holds its item to.
enum AttachmentRuleKind: Sendable {
    /// Distance kept between the two anchors: rigid (`frequency` 0) or a spring.
    case distance(length: Double, frequency: Double, damping: Double)
    /// A rope: the distance may shrink but never exceed `length`.
    case limit(length: Double)
    /// The two items turn about one shared world point.
    case pin(anchor: Vec2)
}

/// A field's force law.
enum FieldRuleKind: Sendable {
    case radialGravity
    case linearGravity(direction: Vec2)
    case velocity(direction: Vec2)
    case spring
    case vortex
    case drag
    case noise(smoothness: Double, animationSpeed: Double)
}

/// A field's region relative to its position.
enum FieldRuleRegion: Sendable {
    case infinite
    case circle(radius: Double)
    case rectangle(halfWidth: Double, halfHeight: Double)

    func contains(_ d: Vec2) -> Bool {
        switch self {
        case .infinite: return true
        case .circle(let r): return d.lengthSquared <= r * r
        case .rectangle(let hw, let hh): return abs(d.x) <= hw && abs(d.y) <= hh
        }
    }
}

/// A behavior as the simulation applies it. Item references are indices into the program's items.
enum DynamicRule: Sendable {
    case gravity(items: [Int], acceleration: Vec2)
    case collision(items: [Int], slot: Int, collidesItems: Bool, collidesBoundaries: Bool, boundaries: [DynamicBoundary])
    case snap(item: Int, point: Vec2, damping: Double)
    case attachment(itemA: Int, offsetA: Vec2, itemB: Int?, offsetB: Vec2, anchor: Vec2, kind: AttachmentRuleKind)
    case push(items: [Int], offsets: [Vec2], instantaneous: Bool, vector: Vec2)
    case itemProperties(items: [Int], properties: DynamicItemProperties, linearVelocities: [(Int, Vec2)],
                        angularVelocities: [(Int, Double)])
    case field(items: [Int], kind: FieldRuleKind, position: Vec2, region: FieldRuleRegion, strength: Double,
               falloff: Double, minimumRadius: Double, key: UInt64)

    /// The items this rule simulates.
    var items: [Int] {
        switch self {
        case .gravity(let items, _), .collision(let items, _, _, _, _), .push(let items, _, _, _),
             .itemProperties(let items, _, _, _), .field(let items, _, _, _, _, _, _, _):
            return items
        case .snap(let item, _, _): return [item]
        case .attachment(let a, _, let b, _, _, _): return b.map { [a, $0] } ?? [a]
        }
    }
}

/// A rule with the steps it is active in: `start ..< end` (end `Int.max` while never removed).
struct ScheduledRule: Sendable {
    var rule: DynamicRule
    var start: Int
    var end: Int
    /// The behavior's ordinal in the animator (for events that name it).
    var owner: Int
}
