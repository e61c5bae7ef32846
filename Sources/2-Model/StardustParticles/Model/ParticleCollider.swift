import StardustCore

/// A line particles collide with (docs/PARTICLE-MODEL.md §2.10). Opt-in per cell through
/// ``CellExtensions/collider``.
///
/// Each particle collides from the side it was born on (a particle born on the line, from the side
/// it moves to), so one collider serves as a floor, a ceiling or a wall. A collider is the segment
/// from ``from`` to ``to``, or the whole line through them when ``isInfinite``.
public struct ParticleCollider: Hashable, Sendable {
    /// What a particle does when it reaches the line.
    public enum Response: String, Hashable, Sendable, CaseIterable {
        /// Rebounds: the normal velocity is reversed and multiplied by ``ParticleCollider/restitution``,
        /// the tangential velocity multiplied by `1 − friction`.
        case bounce
        /// Stays where it hit the line, at rest, for the rest of its life.
        case stick
        /// Disappears.
        case die
    }

    public var from: Point
    public var to: Point
    public var isInfinite: Bool
    public var response: Response
    /// The fraction of the normal speed kept by a bounce (0…1).
    public var restitution: Double
    /// The fraction of the tangential speed lost by a bounce (0…1).
    public var friction: Double

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

    /// A bounce whose rebound normal speed is below this (points/s) leaves the particle at rest on the line.
    public static let restingSpeed = 1.0
    /// After this many bounces a particle rests on the line (restitution < 1 bounces ever more often).
    public static let maximumBounces = 32
}
