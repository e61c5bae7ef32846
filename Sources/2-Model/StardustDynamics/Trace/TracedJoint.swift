import StardustCore

/// One joint at one time, as `stardust trace` prints it under `"joints"`: its kind, the names of
/// its bodies, its anchors and the force it applied (see ``JointReport``).
public struct TracedJoint: Sendable, Hashable {
    /// The kind as scene files spell it (`"pin"`, `"spring"`, …, `"drag"` for a finger); see ``JointReport/type``.
    public var type: String
    /// Body A's name, or `nil` when the joint is anchored to the world (a drag joint's finger, a
    /// photo's return springs).
    public var bodyA: String?
    /// Body B's name.
    public var bodyB: String
    /// Anchor A in the simulation's own units (world units for a scene's `physics`, points for the photo wall).
    public var anchorA: Point
    /// Anchor B, in the same units.
    public var anchorB: Point
    /// The force on body B averaged over the last step (mass·units/s²), where the engine measures it
    /// (drag and pivot joints); `nil` otherwise.
    public var force: Point?
    /// The torque on body B averaged over the last step (mass·units²/s²), where the engine measures
    /// it (the simple motor); `nil` otherwise.
    public var torque: Double?

    /// A report of every field.
    public init(type: String, bodyA: String?, bodyB: String, anchorA: Point, anchorB: Point, force: Point? = nil, torque: Double? = nil) {
        self.type = type; self.bodyA = bodyA; self.bodyB = bodyB; self.anchorA = anchorA; self.anchorB = anchorB
        self.force = force; self.torque = torque
    }
}

extension TraceableSimulation {
    /// No joints: the default for simulations that have none to show.
    public func jointReports(at time: Double) -> [TracedJoint] { [] }
}

extension World {
    /// The joints of this world (the step before) as traced: anchors interpolated linearly a
    /// `fraction` of the way towards the same joint in `after` (the step after), like body poses;
    /// force and torque those of this step. `name` names a body (`nil`: the joint is left out).
    func tracedJoints(towards after: World, fraction: Double, name: (BodyID) -> String?) -> [TracedJoint] {
        let later = fraction > 0 ? Dictionary(after.jointReports().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }) : [:]
        return jointReports().compactMap { r in
            guard let b = name(r.bodyB) else { return nil }
            var a: String?
            if let bodyA = r.bodyA {
                guard let n = name(bodyA) else { return nil }
                a = n
            }
            var pa = r.anchorA, pb = r.anchorB
            if let l = later[r.id] {
                pa = pa + fraction * (l.anchorA - pa)
                pb = pb + fraction * (l.anchorB - pb)
            }
            return TracedJoint(type: r.type, bodyA: a, bodyB: b, anchorA: Point(pa.x, pa.y), anchorB: Point(pb.x, pb.y),
                               force: r.force.map { Point($0.x, $0.y) }, torque: r.torque)
        }
    }
}
