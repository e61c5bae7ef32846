import StardustCore

/// A force field acting on its items (UIKit's `UIFieldBehavior`).
///
/// Make one with a factory (``radialGravityField(position:)``, ``springField()``,
/// ``vortexField()``, ``dragField()``, ``noiseField(smoothness:animationSpeed:)``,
/// ``linearGravityField(direction:)``, ``velocityField(direction:)``), then add the items it
/// moves with ``addItem(_:)``. Fields act as accelerations (every item at one place moves
/// alike); the laws and units, where UIKit does not document them, are ours
/// (docs/DYNAMICS.md). Every field is scaled by ``strength`` and by the falloff factor
/// (max(d, ``minimumRadius``) / 100 pt)^(−``falloff``), d the distance from ``position``, and
/// acts only on items whose center is inside ``region`` (centered on ``position``).
public final class FieldBehavior: DynamicBehavior, @unchecked Sendable {
    /// The force law.
    public enum Kind: Sendable, Hashable {
        /// Towards ``position`` at strength × 1000 pt/s² (negative strength repels).
        case radialGravity
        /// Along `direction` at strength × |direction| × 1000 pt/s².
        case linearGravity(direction: Vector)
        /// Towards the velocity `direction` (pt/s): a = strength × (direction − v) per second.
        case velocity(direction: Vector)
        /// A spring to ``position``: a = −strength × (2π)² × displacement, so strength s
        /// oscillates at √s Hz.
        case spring
        /// Around ``position``, perpendicular to the radius, at strength × 1000 pt/s²;
        /// positive strength turns counterclockwise on screen.
        case vortex
        /// Against the velocity: a = −strength × v per second (speed decays as e^(−strength·t)).
        case drag
        /// Smooth random acceleration, up to strength × 1000 pt/s² per axis, changing over
        /// space (cells of 10 pt at smoothness 0 up to 210 pt at 1) and time
        /// (`animationSpeed` cells per second). Keyed by the animator's seed.
        case noise(smoothness: Double, animationSpeed: Double)
    }

    /// Where a field acts, centered on its position (UIKit's `UIRegion`).
    public enum Region: Sendable, Hashable {
        /// Everywhere (the default).
        case infinite
        /// Within `radius` points of the position.
        case radius(Double)
        /// Within a rectangle of `size` centered on the position.
        case size(Size)
    }

    /// The force law.
    public let kind: Kind
    /// The items the field moves.
    public private(set) var items: [DynamicItem] = []
    /// The field's origin in reference coordinates (default (0, 0)).
    public var position = Point(x: 0, y: 0) { didSet { changed() } }
    /// Where the field acts (default ``Region/infinite``).
    public var region = Region.infinite { didSet { changed() } }
    /// Scale of the field (default 1).
    public var strength = 1.0 { didSet { changed() } }
    /// Exponent of the decay with distance (default 0: uniform, as UIKit).
    public var falloff = 0.0 { didSet { changed() } }
    /// Distances below this count as this, points (default 0.01: small but not zero, as UIKit).
    public var minimumRadius = 0.01 { didSet { changed() } }

    /// A field of `kind`.
    public init(kind: Kind) { self.kind = kind }

    /// Attraction to `position` (UIKit's `radialGravityField(position:)`).
    public static func radialGravityField(position: Point) -> FieldBehavior {
        let f = FieldBehavior(kind: .radialGravity); f.position = position; return f
    }
    /// Uniform gravity along `direction` (UIKit's `linearGravityField(direction:)`).
    public static func linearGravityField(direction: Vector) -> FieldBehavior { FieldBehavior(kind: .linearGravity(direction: direction)) }
    /// Pulls items towards the velocity `direction` (UIKit's `velocityField(direction:)`).
    public static func velocityField(direction: Vector) -> FieldBehavior { FieldBehavior(kind: .velocity(direction: direction)) }
    /// A spring to the position (UIKit's `springField()`).
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }
    /// A whirl around the position (UIKit's `vortexField()`).
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }
    /// Velocity-proportional drag (UIKit's `dragField()`).
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }
    /// Smooth noise; `smoothness` 0…1, `animationSpeed` noise cells per second (UIKit's
    /// `noiseField(smoothness:animationSpeed:)`).
    public static func noiseField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        FieldBehavior(kind: .noise(smoothness: smoothness, animationSpeed: animationSpeed))
    }

    /// Adds an item the field moves.
    public func addItem(_ item: DynamicItem) { items.append(item); changed() }
    /// Removes an item.
    public func removeItem(_ item: DynamicItem) { items.removeAll { $0 === item }; changed() }

    override var ownItems: [DynamicItem] { items }

    override func rules(_ index: (DynamicItem) -> Int, _ context: inout DynamicCompileContext) -> [DynamicRule] {
        let key = context.nextFieldKey
        context.nextFieldKey += 1
        let ruleKind: FieldRuleKind
        switch kind {
        case .radialGravity: ruleKind = .radialGravity
        case .linearGravity(let d): ruleKind = .linearGravity(direction: Vec2(d.dx, d.dy))
        case .velocity(let d): ruleKind = .velocity(direction: Vec2(d.dx, d.dy))
        case .spring: ruleKind = .spring
        case .vortex: ruleKind = .vortex
        case .drag: ruleKind = .drag
        case .noise(let s, let a): ruleKind = .noise(smoothness: s, animationSpeed: a)
        }
        let ruleRegion: FieldRuleRegion
        switch region {
        case .infinite: ruleRegion = .infinite
        case .radius(let r): ruleRegion = .circle(radius: max(r, 0))
        case .size(let s): ruleRegion = .rectangle(halfWidth: abs(s.width) / 2, halfHeight: abs(s.height) / 2)
        }
        return [.field(items: items.map(index), kind: ruleKind, position: position.vec2, region: ruleRegion,
                       strength: strength, falloff: falloff, minimumRadius: max(minimumRadius, 1e-9), key: key)]
    }
}
