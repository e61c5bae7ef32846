// Events.swift — what happened during a step, collected in arrays.
//
// The world appends events while it steps and clears them when the next
// `step()` / `advance(by:)` begins, so a caller reads them after stepping.
// Order is the deterministic order of the narrow phase (contact slots).

/// Two shapes started touching (their manifold gained points).
public struct ContactBeginTouchEvent: Sendable, Hashable {
    public var shapeA: ShapeID
    public var shapeB: ShapeID
    public var manifold: Manifold
}

/// Two shapes stopped touching (or one was destroyed).
public struct ContactEndTouchEvent: Sendable, Hashable {
    public var shapeA: ShapeID
    public var shapeB: ShapeID
}

/// After the solve: the impulses applied to a contact whose shapes asked
/// for post-solve events. Impulses are sums over the step's sub-steps
/// (mass × units/s); divide by the step to get a force.
public struct ContactImpulseEvent: Sendable, Hashable {
    public var shapeA: ShapeID
    public var shapeB: ShapeID
    public var normal: Vec2
    public var pointCount: Int
    public var normalImpulse: Double
    public var tangentImpulse: Double
    public var maxNormalImpulse: Double
}

/// A shape entered a sensor.
public struct SensorBeginTouchEvent: Sendable, Hashable {
    public var sensorShape: ShapeID
    public var visitorShape: ShapeID
}

/// A shape left a sensor.
public struct SensorEndTouchEvent: Sendable, Hashable {
    public var sensorShape: ShapeID
    public var visitorShape: ShapeID
}

/// All events of the last step (or of the last `advance(by:)`).
public struct WorldEvents: Sendable {
    public internal(set) var contactBegin: [ContactBeginTouchEvent] = []
    public internal(set) var contactEnd: [ContactEndTouchEvent] = []
    public internal(set) var contactImpulses: [ContactImpulseEvent] = []
    public internal(set) var sensorBegin: [SensorBeginTouchEvent] = []
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
