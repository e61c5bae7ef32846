// WorldDefinition.swift — world settings, their units and defaults.

/// World-wide settings.
///
/// Length-dependent tolerances (linear slop, speculative distance, AABB
/// margin, sleep speed, push-out speed, restitution threshold) are defined
/// for meter-like units and multiplied by ``lengthUnitsPerMeter`` exactly as
/// Box2D v3's `b2_lengthUnitsPerMeter`: a world in points (where a body of a
/// few hundred points is "a meter or so") sets 100.
public struct WorldDefinition: Sendable, Hashable {
    /// Gravity in units/s². Default (0, 10): down in Stardust's y-down
    /// screen convention (docs/DESIGN.md §2). A points world typically uses 1000.
    public var gravity = Vec2(0, 10)
    /// World units per meter for the tolerances below. Default 1.
    public var lengthUnitsPerMeter = 1.0
    /// The fixed step used by ``World/advance(by:)``, seconds. Default 1/120 (docs/DESIGN.md §1).
    public var timeStep = 1.0 / 120.0
    /// Soft-step sub-steps per step. Default 4 (Box2D v3's default).
    public var subStepCount = 4
    /// Contact stiffness, Hz. Capped at a quarter of the sub-step rate. Default 30.
    public var contactHertz = 30.0
    /// Contact damping ratio. Default 10 (heavily damped, no bounce from softness).
    public var contactDampingRatio = 10.0
    /// Rigid-joint stiffness, Hz (position error correction). Default 60.
    public var jointHertz = 60.0
    /// Rigid-joint damping ratio. Default 2.
    public var jointDampingRatio = 2.0
    /// Fastest speed at which overlap is pushed out, meters/s. Default 3.
    public var contactPushMaxVelocity = 3.0
    /// Closing speeds below this do not bounce, meters/s. Default 1.
    public var restitutionThreshold = 1.0
    /// Speed cap, meters/s. Default 400 (Box2D: 4 m per step at 100 Hz).
    public var maxLinearSpeed = 400.0
    /// Resting islands fall asleep. Default true.
    public var enableSleep = true
    /// Seconds a whole island must stay below the sleep speed. Default 0.5.
    public var timeToSleep = 0.5
    /// Sleep speed threshold, meters/s. Default 0.05.
    public var sleepThreshold = 0.05
    /// Fast bodies are swept against static geometry (and bullets against
    /// everything) so they do not tunnel. Default true.
    public var enableContinuous = true

    /// A definition with `gravity` (units/s², default (0, 10): down on screen) and `lengthUnitsPerMeter` (default 1); the other settings take their defaults.
    public init(gravity: Vec2 = Vec2(0, 10), lengthUnitsPerMeter: Double = 1) {
        self.gravity = gravity
        self.lengthUnitsPerMeter = lengthUnitsPerMeter
    }

    /// Allowed penetration, keeps contacts stable: 0.005 m.
    public var linearSlop: Double { 0.005 * lengthUnitsPerMeter }
    /// Contacts are created and solved this far apart: 4 × linear slop.
    public var speculativeDistance: Double { 4 * linearSlop }
    /// Fat AABB margin: 0.1 m.
    public var aabbMargin: Double { 0.1 * lengthUnitsPerMeter }
}

/// Soft constraint coefficients for one sub-step (Box2D v3's `b2Softness`).
struct Softness: Sendable {
    var biasRate = 0.0
    var massScale = 1.0
    var impulseScale = 0.0

    /// A spring-damper of `hertz` and `zeta`, integrated implicitly with step `h`.
    init(hertz: Double, zeta: Double, h: Double) {
        if hertz == 0 { return }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
    init() {}
}
