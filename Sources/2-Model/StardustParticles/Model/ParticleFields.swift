import StardustCore

/// Forces that act on a cell's particles beyond Core Animation's constant acceleration
/// (docs/PARTICLE-MODEL.md §2.9). Opt-in per cell through ``CellExtensions/fields``.
///
/// Linear drag and wind have a closed form (the particle's state is a function of its age, as in
/// Core Animation); attractors, the vortex and turbulence have none and are integrated at the fixed
/// step ``ParticleFields/integrationStep`` from each particle's birth.
public struct ParticleFields: Hashable, Sendable {
    /// Linear drag coefficient k (1/s): the velocity relaxes towards ``wind`` at rate k,
    /// `dv/dt = a − k·(v − wind)`. 0 = no drag (and then ``wind`` has no effect).
    public var drag = 0.0
    /// The velocity of the air (points/s, layer plane) that drag pulls particles towards.
    public var wind = Point.zero
    /// Points that pull (positive strength) or push (negative) particles.
    public var attractors: [Attractor] = []
    /// A swirl that carries particles around a center.
    public var vortex: Vortex?
    /// Curl-noise turbulence: a divergence-free random force field.
    public var turbulence: Turbulence?

    /// Pulls towards ``position`` with a constant acceleration `strength` (points/s²; negative repels)
    /// within ``radius`` points of it (0 = at any distance). Within 1 pt of the center the pull fades
    /// linearly to 0, so a particle that reaches it does not jitter.
    public struct Attractor: Hashable, Sendable {
        public var position: Point
        public var strength: Double
        public var radius: Double
        public init(position: Point, strength: Double, radius: Double = 0) {
            self.position = position; self.strength = strength; self.radius = radius
        }
    }

    /// A Rankine vortex about ``center``: particles are carried around it at `angularVelocity`
    /// radians per second (positive is clockwise on the y-down screen) within ``coreRadius``, and at
    /// the speed of the core's edge falling as 1/r beyond it (0 = the whole plane turns at one rate).
    /// The carrying velocity adds to the particle's own; it does not change the particle's distance
    /// to the center.
    public struct Vortex: Hashable, Sendable {
        public var center: Point
        public var angularVelocity: Double
        public var coreRadius: Double
        public init(center: Point, angularVelocity: Double, coreRadius: Double = 0) {
            self.center = center; self.angularVelocity = angularVelocity; self.coreRadius = coreRadius
        }
    }

    /// A force `strength` (points/s²) along the curl of a gradient-noise potential whose features are
    /// about ``scale`` points across. The field is fixed in space and depends on ``seed`` only, so it
    /// is the same for every frame and every thread.
    public struct Turbulence: Hashable, Sendable {
        public var strength: Double
        public var scale: Double
        public var seed: UInt32
        public init(strength: Double, scale: Double = 100, seed: UInt32 = 0) {
            self.strength = strength; self.scale = scale; self.seed = seed
        }
    }

    /// The fixed step (seconds) at which fields without a closed form are integrated.
    public static let integrationStep = 1.0 / 120
    /// The most attractors one cell may have (a budget: each costs every particle every step).
    public static let maximumAttractors = 16

    /// No field: until a property is set, particles move as in Core Animation.
    public init() {}

    /// True when drag and wind are all there is (the closed-form path).
    public var isClosedForm: Bool { attractors.isEmpty && vortex == nil && turbulence == nil }
}
