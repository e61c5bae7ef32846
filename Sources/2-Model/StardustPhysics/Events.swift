// Events.swift — what happened during a step, collected in arrays.
//
// The world appends events while it steps and clears them when the next
// `step()` / `advance(by:)` begins, so a caller reads them after stepping.
// Order is the deterministic order of the narrow phase (contact slots).

/// Two shapes started touching (their manifold gained points).
public struct ContactBeginTouchEvent: Sendable, Hashable {
    /// The first shape of the pair.
    public var shapeA: ShapeID
    /// The second shape of the pair.
    public var shapeB: ShapeID
    /// The contact points when the touch began.
    public var manifold: Manifold
}

/// Two shapes stopped touching (or one was destroyed).
public struct ContactEndTouchEvent: Sendable, Hashable {
    /// The first shape of the pair.
    public var shapeA: ShapeID
    /// The second shape of the pair.
    public var shapeB: ShapeID
}

/// After the solve: the impulses applied to a contact whose shapes asked
/// for post-solve events. Impulses are sums over the step's sub-steps
/// (mass × units/s); divide by the step to get a force.
public struct ContactImpulseEvent: Sendable, Hashable {
    /// The first shape of the pair (the normal points from it to ``shapeB``).
    public var shapeA: ShapeID
    /// The second shape of the pair.
    public var shapeB: ShapeID
    /// The contact normal, unit length, from ``shapeA`` to ``shapeB``.
    public var normal: Vec2
    /// The number of contact points (1 or 2).
    public var pointCount: Int
    /// The normal impulse summed over the contact points (mass·units/s).
    public var normalImpulse: Double
    /// The friction impulse summed over the contact points (mass·units/s).
    public var tangentImpulse: Double
    /// The largest normal impulse of any point in any sub-step (mass·units/s): non-zero means the shapes really hit.
    public var maxNormalImpulse: Double
}

/// A shape entered a sensor.
public struct SensorBeginTouchEvent: Sendable, Hashable {
    /// The sensor shape.
    public var sensorShape: ShapeID
    /// The shape that entered the sensor.
    public var visitorShape: ShapeID
}

/// A shape left a sensor.
public struct SensorEndTouchEvent: Sendable, Hashable {
    /// The sensor shape.
    public var sensorShape: ShapeID
    /// The shape that left the sensor (or was destroyed).
    public var visitorShape: ShapeID
}

/// All events of the last step (or of the last `advance(by:)`).
public struct WorldEvents: Sendable {
    /// Pairs of shapes that started touching, in narrow-phase order.
    public internal(set) var contactBegin: [ContactBeginTouchEvent] = []
    /// Pairs of shapes that stopped touching, in narrow-phase order.
    public internal(set) var contactEnd: [ContactEndTouchEvent] = []
    /// Impulses of the contacts whose shapes enable post-solve events.
    public internal(set) var contactImpulses: [ContactImpulseEvent] = []
    /// Shapes that entered a sensor.
    public internal(set) var sensorBegin: [SensorBeginTouchEvent] = []
    /// Shapes that left a sensor.
    public internal(set) var sensorEnd: [SensorEndTouchEvent] = []

    mutating func removeAll() {
        contactBegin.removeAll(keepingCapacity: true)
        contactEnd.removeAll(keepingCapacity: true)
        contactImpulses.removeAll(keepingCapacity: true)
        sensorBegin.removeAll(keepingCapacity: true)
        sensorEnd.removeAll(keepingCapacity: true)
    }
}

/// Called for each touching contact whose shapes enabled pre-solve events,
/// before the solve; return false to disable the contact for this step.
/// Arguments: shape A, shape B, the manifold (normal from A to B).
public typealias PreSolveCallback = @Sendable (ShapeID, ShapeID, Manifold) -> Bool
