import StardustCore

/// A line, rectangle, circle or convex polygon particles collide with (docs/PARTICLE-MODEL.md §2.10). Opt-in per cell
/// through ``CellExtensions/collider`` and ``CellExtensions/colliders``.
///
/// A line collider (``shape`` ``Shape/line``) is the segment from ``from`` to ``to``, or the whole line
/// through them when ``isInfinite``; each particle collides with it from the side it was born on (a
/// particle born on the line, from the side it moves to), so one line serves as a floor, a ceiling or a
/// wall. A rectangle, a circle or a polygon is solid: particles bounce off its outside, or, when ``isContainer``,
/// off its inside (a box or a bowl that keeps them in).
public struct ParticleCollider: Hashable, Sendable {
    /// The geometry of a collider.
    public enum Shape: Hashable, Sendable {
        /// The segment (or line) from ``ParticleCollider/from`` to ``ParticleCollider/to``.
        case line
        /// An axis-aligned rectangle (its four edges; a size must be positive).
        case rectangle(Rect)
        /// A circle of `radius` points about `center`.
        case circle(center: Point, radius: Double)
        /// A convex polygon through its vertices in order (either direction), its edges met from outside:
        /// the rectangle's generalisation, and the form a physics body's polygons take (3…
        /// ``ParticleCollider/maximumPolygonVertices`` vertices, a positive area).
        case polygon([Point])
    }

    /// What a particle does when it reaches the collider.
    public enum Response: String, Hashable, Sendable, CaseIterable {
        /// Rebounds: the normal velocity is reversed and multiplied by ``ParticleCollider/restitution``,
        /// the tangential velocity multiplied by `1 − friction`.
        case bounce
        /// Stays where it hit the collider, at rest, for the rest of its life.
        case stick
        /// Disappears.
        case die
    }

    /// A line's first point (a rectangle's origin corner, a circle's center: set by ``rectangle(_:isContainer:response:restitution:friction:)``
    /// and ``circle(center:radius:isContainer:response:restitution:friction:)``, read only by lines).
    public var from: Point
    /// A line's second point (a rectangle's opposite corner, a circle's center).
    public var to: Point
    /// For a line: the whole line through ``from`` and ``to`` instead of the segment between them.
    public var isInfinite: Bool
    /// What a particle does at a contact: bounce, stick or die.
    public var response: Response
    /// The fraction of the normal speed kept by a bounce (0…1).
    public var restitution: Double
    /// The fraction of the tangential speed lost by a bounce (0…1).
    public var friction: Double
    /// The geometry: ``Shape/line`` (``from``, ``to``, ``isInfinite``), a rectangle or a circle.
    public var shape: Shape = .line
    /// For a rectangle or a circle: particles are kept inside it (its edges face inwards) instead of
    /// outside. Ignored by lines.
    public var isContainer = false
    /// How the collider moves (nil: it stays where it is). With a motion, the geometry is in the collider's
    /// own frame, placed in the emitter's coordinates by the motion's pose at each time — a moving physics
    /// body's shapes (docs/PARTICLE-MODEL.md §2.10, "Moving bodies"). A Stardust extension: a cell with a
    /// moving collider is integrated at a fixed step (§2.11), like one with attractors.
    public var motion: ColliderMotion? = nil

    /// A collider along the segment (or line) from `from` to `to`.
    public init(from: Point, to: Point, isInfinite: Bool = false, response: Response = .bounce,
                restitution: Double = 0.5, friction: Double = 0) {
        self.from = from; self.to = to; self.isInfinite = isInfinite; self.response = response
        self.restitution = restitution; self.friction = friction
    }

    /// A horizontal floor (an infinite line) at `y`.
    public static func floor(y: Double, response: Response = .bounce, restitution: Double = 0.5,
                             friction: Double = 0) -> ParticleCollider {
        ParticleCollider(from: Point(0, y), to: Point(1, y), isInfinite: true, response: response,
                         restitution: restitution, friction: friction)
    }

    /// A rectangle's edges: particles outside bounce off it, or particles inside stay in it when `isContainer`.
    public static func rectangle(_ r: Rect, isContainer: Bool = false, response: Response = .bounce,
                                 restitution: Double = 0.5, friction: Double = 0) -> ParticleCollider {
        var c = ParticleCollider(from: r.origin, to: Point(r.origin.x + r.size.width, r.origin.y + r.size.height),
                                 response: response, restitution: restitution, friction: friction)
        c.shape = .rectangle(r); c.isContainer = isContainer
        return c
    }

    /// A circle: particles outside bounce off it, or particles inside stay in it when `isContainer`.
    public static func circle(center: Point, radius: Double, isContainer: Bool = false, response: Response = .bounce,
                              restitution: Double = 0.5, friction: Double = 0) -> ParticleCollider {
        var c = ParticleCollider(from: center, to: center, response: response, restitution: restitution, friction: friction)
        c.shape = .circle(center: center, radius: radius); c.isContainer = isContainer
        return c
    }

    /// A convex polygon: particles outside bounce off its edges, or particles inside stay in it when `isContainer`.
    public static func polygon(_ vertices: [Point], isContainer: Bool = false, response: Response = .bounce,
                               restitution: Double = 0.5, friction: Double = 0) -> ParticleCollider {
        let first = vertices.first ?? Point(0, 0)
        var c = ParticleCollider(from: first, to: first, response: response, restitution: restitution, friction: friction)
        c.shape = .polygon(vertices); c.isContainer = isContainer
        return c
    }

    /// True when `vertices` (in order, either direction) make a convex polygon with a positive area:
    /// every turn at a vertex goes the same way and none is straight.
    public static func isConvex(_ vertices: [Point]) -> Bool {
        guard vertices.count >= 3 else { return false }
        var sign = 0.0
        for i in vertices.indices {
            let a = vertices[i], b = vertices[(i + 1) % vertices.count], c = vertices[(i + 2) % vertices.count]
            let turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if !(turn != 0) || (sign != 0 && (turn > 0) != (sign > 0)) { return false }
            sign = turn
        }
        return true
    }

    /// The most vertices of a polygon collider.
    public static let maximumPolygonVertices = 16

    /// The most colliders one cell may have (``CellExtensions/collider`` and ``CellExtensions/colliders`` together).
    public static let maximumPerCell = 16

    /// A bounce whose rebound normal speed is below this (points/s) leaves the particle at rest on the line.
    public static let restingSpeed = 1.0
    /// After this many bounces a particle rests on the line (restitution < 1 bounces ever more often).
    public static let maximumBounces = 32
}
