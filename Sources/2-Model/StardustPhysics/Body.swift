// Body.swift — body kinds, definitions and the world's per-body storage.
//
// Bodies are stored as parallel arrays of small structs grouped by who reads
// them (Box2D v3's split): `BodySim` is what the narrow phase and the
// finalize pass read (transform, center, mass), `BodyMotion` holds the
// velocities and user forces, `BodyInfo` the cold bookkeeping (shapes list,
// sleep timers, flags). Solver sub-steps work on a compact `BodyState` array
// of awake bodies only.

import CStardustContacts

/// How a body moves.
public enum BodyType: UInt8, Sendable, Hashable {
    /// Never moves; infinite mass. Ground and walls.
    case `static`
    /// Moves with the velocity you set; infinite mass; pushes dynamic bodies.
    case kinematic
    /// Moves under forces, gravity and contacts.
    case dynamic
}

/// Everything needed to create a body. Units: world units, seconds, radians.
public struct BodyDefinition: Sendable, Hashable {
    /// Default `.static` as in Box2D, so that forgetting it makes ground, not a falling body.
    public var type: BodyType = .static
    /// Body origin in world units. Default (0, 0).
    public var position: Vec2 = .zero
    /// Radians, positive from +x towards +y. Default 0.
    public var angle: Double = 0
    /// Velocity of the center of mass, units/s. Default 0.
    public var linearVelocity: Vec2 = .zero
    /// Radians/s. Default 0.
    public var angularVelocity: Double = 0
    /// Velocity decay rate, 1/s: v ← v / (1 + h·damping) per sub-step. Default 0.
    public var linearDamping: Double = 0
    /// Angular velocity decay rate, 1/s. Default 0.
    public var angularDamping: Double = 0
    /// Multiplies world gravity for this body. Default 1.
    public var gravityScale: Double = 1
    /// Whether this body may fall asleep. Default true.
    public var enableSleep = true
    /// Start awake. Default true.
    public var isAwake = true
    /// Keeps the rotation fixed (infinite rotational inertia). Default false.
    public var fixedRotation = false
    /// Continuous collision also against other dynamic bodies. Default false.
    public var isBullet = false
    /// Free for the caller (e.g. an index into a layer list). Default 0.
    public var userData: Int = 0

    /// A definition of a body of `type` (default static) at `position` (world units) and `angle` (radians), moving at `linearVelocity` (units/s) and `angularVelocity` (radians/s).
    public init(type: BodyType = .static, position: Vec2 = .zero, angle: Double = 0,
                linearVelocity: Vec2 = .zero, angularVelocity: Double = 0) {
        self.type = type; self.position = position; self.angle = angle
        self.linearVelocity = linearVelocity; self.angularVelocity = angularVelocity
    }
}

/// Hot body data: transform and mass. 
struct BodySim: Sendable {
    var transform = RigidTransform.identity
    /// World center of mass.
    var center = Vec2.zero
    /// Center at the beginning of the step (continuous collision sweeps from here).
    var center0 = Vec2.zero
    var rotation0 = Rotation.identity
    var localCenter = Vec2.zero
    var invMass = 0.0
    var invInertia = 0.0
    var mass = 0.0
    var inertia = 0.0
    /// Largest distance from the center to any shape surface; bounds how far
    /// a spinning body's surface moves.
    var maxExtent = 0.0
    var minExtent = 0.0
}

/// Velocities, damping and accumulated user forces.
struct BodyMotion: Sendable {
    var linearVelocity = Vec2.zero
    var angularVelocity = 0.0
    var force = Vec2.zero
    var torque = 0.0
    var linearDamping = 0.0
    var angularDamping = 0.0
    var gravityScale = 1.0
}

/// Cold bookkeeping.
struct BodyInfo: Sendable {
    var type = BodyType.static
    var headShape: Int32 = -1
    var shapeCount: Int32 = 0
    var sleepTime = 0.0
    var awake = true
    var enableSleep = true
    var fixedRotation = false
    var isBullet = false
    /// Index of the sleeping island this body belongs to, or -1.
    var sleepingIsland: Int32 = -1
    var userData = 0
}

/// Per awake body, per step: what the sub-steps integrate. `dp` and `dq`
/// are the motion since the step began; contacts and joints measure their
/// current error from them without touching transforms (Box2D v3's solver).
/// Declared in `CStardustContacts` (`SDBodyState`), which the contact kernels
/// read; Swift sees its vectors through the accessors below.
typealias BodyState = SDBodyState

extension SDBodyState {
    /// At rest, infinite mass, no motion (the identity rotation): the state
    /// of static and sleeping bodies and of empty bundle lanes. Not the
    /// imported `init()`, whose rotation would be all zeros.
    static let zero = BodyState(v: .zero, w: 0, invMass: 0, invInertia: 0, dp: .zero, dq: .identity)

    /// A state from its vectors.
    @inline(__always) init(v: Vec2, w: Double, invMass: Double, invInertia: Double, dp: Vec2, dq: Rotation) {
        self.init(vx: v.x, vy: v.y, w: w, invMass: invMass, invInertia: invInertia, dpx: dp.x, dpy: dp.y, qc: dq.c, qs: dq.s)
    }

    /// Linear velocity, units/s.
    var v: Vec2 {
        @inline(__always) get { Vec2(vx, vy) }
        @inline(__always) set { vx = newValue.x; vy = newValue.y }
    }
    /// Translation since the step began.
    var dp: Vec2 {
        @inline(__always) get { Vec2(dpx, dpy) }
        @inline(__always) set { dpx = newValue.x; dpy = newValue.y }
    }
    /// Rotation since the step began.
    var dq: Rotation {
        @inline(__always) get { Rotation(c: qc, s: qs) }
        @inline(__always) set { qc = newValue.c; qs = newValue.s }
    }
}
