/// The physical constants of the photo wall (docs/DESIGN.md §7). Lengths in points, times in seconds.
public struct PhotoWallSettings: Sendable, Hashable {
    /// A release closer than this to where the drag began returns the photo to its slot (default 60 pt).
    public var returnDistance = 60.0
    /// Downward acceleration, pt/s² (default 1000: UIKit Dynamics' gravity magnitude 1.0).
    public var gravity = 1000.0
    /// The drag joint's largest force, as a multiple of the photo's weight (default 30): the card
    /// follows the finger with a slight lag and hangs from the point it is held by. The weight is
    /// taken under max(|gravity|, 1000 pt/s²), so that a wall with weak, no or upward gravity still drags.
    public var gripStrength = 30.0
    /// Angular damping of the held card, 1/s (default 2): a finger's grip steadies the swing.
    public var gripAngularDamping = 2.0
    /// Linear and angular damping of every card, 1/s (default 0.2): air.
    public var airDamping = 0.2
    /// Frequency of the springs that pull a returning photo into its slot, Hz (default 2).
    public var returnFrequency = 2.0
    /// Damping ratio of those springs (default 0.7: one small overshoot, then rest).
    public var returnDampingRatio = 0.7
    /// A returning photo has settled when it is within this distance of its slot (default 0.25 pt),
    /// turned less than `settleAngle` (default 0.002 rad) from upright, and slower than
    /// `settleSpeed` (default 2 pt/s).
    public var settleDistance = 0.25
    /// See ``settleDistance``.
    public var settleAngle = 0.002
    /// See ``settleDistance``.
    public var settleSpeed = 2.0
    /// Seconds per simulation step (default 1/120).
    public var timeStep = 1.0 / 120.0

    /// The defaults.
    public init() {}
}
