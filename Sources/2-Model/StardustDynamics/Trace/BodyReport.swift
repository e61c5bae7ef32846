import StardustCore

/// One body's state at one time, as `stardust trace` prints it under `"bodies"` (docs/DESIGN.md §10.1).
public struct BodyReport: Sendable, Hashable {
    /// The body's name (the scene file's `"name"`, or the photo's layer name on the photo wall).
    public var name: String
    /// The body origin, in the simulation's own units (world units for a scene's `physics`, points
    /// for the photo wall).
    public var position: Point
    /// Radians, positive clockwise on screen.
    public var angle: Double
    /// Units per second.
    public var velocity: Point
    /// Radians per second.
    public var angularVelocity: Double
    /// Whether the body's island is asleep.
    public var isSleeping: Bool

    /// A report of every field.
    public init(name: String, position: Point, angle: Double, velocity: Point, angularVelocity: Double, isSleeping: Bool) {
        self.name = name; self.position = position; self.angle = angle; self.velocity = velocity
        self.angularVelocity = angularVelocity; self.isSleeping = isSleeping
    }
}

/// A named moment of a simulation (a photo grabbed, settled, removed, …): a callback and a line of
/// `stardust trace`.
public struct SimulationEvent: Sendable, Hashable {
    /// Seconds of host time: the end of the fixed step in which the transition took effect.
    public var time: Double
    /// What happened, such as `"grabbed"`.
    public var name: String
    /// What it happened to, such as the photo layer's name.
    public var subject: String

    /// An event `name` of `subject` at `time` seconds.
    public init(time: Double, name: String, subject: String) { self.time = time; self.name = name; self.subject = subject }
}

/// A simulation that `stardust trace` can report: its bodies at a time and the events between two
/// times. Both answers are pure functions of time.
public protocol TraceableSimulation: AnyObject, Sendable {
    /// The bodies that exist at `time` seconds, in a fixed order.
    func bodyReports(at time: Double) -> [BodyReport]
    /// The events with `start < time ≤ end`, in time order.
    func events(after start: Double, through end: Double) -> [SimulationEvent]
    /// The joints that exist at `time` seconds, in a fixed order (default: none).
    func jointReports(at time: Double) -> [TracedJoint]
}
