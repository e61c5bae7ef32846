import StardustCore

/// Behaviour beyond Core Animation that effects made with other tools need (Particle Designer,
/// cocos2d, Starling): start → finish color, scale and rotation over each particle's life, radial
/// and tangential acceleration, and orbiting. Opt-in per cell (``EmitterCell/extensions`` is nil by
/// default), so Core Animation scenes render exactly as before.
///
/// Values with a range are drawn uniformly from `[value − range, value + range]` at birth, like the
/// CA ranges; each particle's draws are independent of the CA ones (they come from further
/// attributes of its random stream), so adding an extension does not move the CA values.
///
/// Evaluation: the finish values and orbiting are closed forms of the particle's age; radial and
/// tangential acceleration have none and are integrated from the particle's birth at a fixed step
/// (``integrationStep``), so a seek costs at most `lifetime / integrationStep` steps per particle,
/// whatever the time, and frames are identical for any thread count.
public struct CellExtensions: Hashable, Sendable {
    /// The color each particle reaches at the end of its life; the color goes linearly from the
    /// birth color (``EmitterCell/color`` ± ranges) to this one (± the finish ranges) and the CA color
    /// speeds are not used. nil = CA behaviour.
    public var finishColor: Color?
    /// Ranges of the finish color's components (0…1 units): each particle's finish component is drawn
    /// from `[value − range, value + range]`. Default 0.
    public var finishRedRange = 0.0, finishGreenRange = 0.0, finishBlueRange = 0.0, finishAlphaRange = 0.0
    /// The scale each particle reaches at the end of its life (× the layer's `scale` like ``EmitterCell/scale``);
    /// the scale goes linearly from the birth scale to it and ``EmitterCell/scaleSpeed`` is not used. nil = CA behaviour.
    public var finishScale: Double?
    /// Range of ``finishScale`` per particle (± this, default 0).
    public var finishScaleRange = 0.0
    /// The particle's angle at birth in radians (clockwise), ± ``rotationRange``. CA particles start at 0.
    public var rotation = 0.0
    /// Range of ``rotation`` per particle in radians (± this, default 0).
    public var rotationRange = 0.0
    /// The angle each particle reaches at the end of its life (radians); the angle goes linearly from
    /// the birth angle to it, plus ``EmitterCell/spin`` × age. nil = no change besides spin.
    public var finishRotation: Double?
    /// Range of ``finishRotation`` per particle in radians (± this, default 0).
    public var finishRotationRange = 0.0
    /// Acceleration away from the emitter position the particle was born from (points/s²; negative
    /// pulls towards it), ± range.
    public var radialAcceleration = 0.0, radialAccelerationRange = 0.0
    /// Acceleration perpendicular to the radial direction, clockwise on the y-down screen (points/s²), ± range.
    public var tangentialAcceleration = 0.0, tangentialAccelerationRange = 0.0
    /// Particles circle the emitter position instead of flying (velocity and accelerations unused).
    public var orbit: Orbit?

    /// Circular motion around the emitter position: at age τ a particle is at
    /// `center + r(τ)·(cos θ(τ), sin θ(τ))` with `θ(τ) = θ0 + ω·τ` (θ0 the particle's emission
    /// longitude, ω the angular velocity) and `r` going linearly from ``radius`` to ``finishRadius``.
    public struct Orbit: Hashable, Sendable {
        /// The distance from the emitter position at birth (points), ± the range per particle.
        public var radius: Double, radiusRange: Double
        /// The distance at the end of the particle's life (points), ± the range per particle.
        public var finishRadius: Double, finishRadiusRange: Double
        /// Radians per second, positive clockwise.
        public var angularVelocity: Double, angularVelocityRange: Double

        /// An orbit of `radius` points (± `radiusRange`) that ends at `finishRadius` (default: `radius`),
        /// turning at `angularVelocity` radians per second (± `angularVelocityRange`).
        public init(radius: Double, radiusRange: Double = 0, finishRadius: Double? = nil, finishRadiusRange: Double = 0,
                    angularVelocity: Double = 0, angularVelocityRange: Double = 0) {
            self.radius = radius; self.radiusRange = radiusRange
            self.finishRadius = finishRadius ?? radius; self.finishRadiusRange = finishRadiusRange
            self.angularVelocity = angularVelocity; self.angularVelocityRange = angularVelocityRange
        }
    }

    // Over-life curves (docs/PARTICLE-MODEL.md §2.6): each multiplies the value above at the
    // particle's normalised age f = age / lifetime. nil = no curve.

    /// Multiplies each particle's color (after ``finishColor`` or the CA speeds).
    public var colorOverLife: ColorRamp?
    /// With ``colorOverLife``: each particle multiplies its color by its own fixed mix of the two
    /// ramps, `a + (b − a)·u` with `u` uniform in [0, 1) drawn at birth ("random between two ramps").
    public var secondColorOverLife: ColorRamp?
    /// Multiplies each particle's alpha (after ``colorOverLife``).
    public var alphaOverLife: ParticleCurve?
    /// Multiplies each particle's scale (after ``finishScale`` or `scaleSpeed`; the product is clamped at 0).
    public var scaleOverLife: ParticleCurve?
    /// Multiplies each particle's spin (angular velocity): the angle is `rotation + spin · lifetime · ∫₀^f curve`.
    public var spinOverLife: ParticleCurve?
    /// Multiplies each particle's emission velocity (not the constant acceleration): the position is
    /// `p0 + v0 · lifetime · ∫₀^f curve + ½·a·age²`. Ignored with ``orbit`` and on the integrated path.
    public var speedOverLife: ParticleCurve?

    // Emission (docs/PARTICLE-MODEL.md §2.7).

    /// Bursts of particles at given times, besides the cell's `birthRate` (which may be 0).
    public var bursts: [ParticleBurst] = []
    /// At most this many particles of the cell alive at once per emitter (the layer, or each parent
    /// particle of a sub-cell): each birth takes the place of the birth `maximumAlive` before it,
    /// which disappears if it is still alive. nil = no cap.
    public var maximumAlive: Int?
    /// The cell stops emitting (rate and bursts) this many seconds after its emission window opens. nil = no limit.
    public var emissionDuration: Double?

    // Sub-emitters (docs/PARTICLE-MODEL.md §2.8).

    /// For a sub-cell: emit at the parent particle's birth or death instead of over its life (see
    /// ``SubEmitterTrigger``). nil = Core Animation's sub-cell. Ignored on top-level cells.
    public var trigger: SubEmitterTrigger?
    /// For a sub-cell: the fraction of the parent particle's velocity (at the trigger, or at the
    /// sub-particle's birth without one) added to each sub-particle's velocity. 0 = Core Animation's
    /// choice (decision P4: not inherited).
    public var inheritedVelocity = 0.0

    // Fields and collisions (docs/PARTICLE-MODEL.md §2.9, §2.10).

    /// Drag, wind, attractors, a vortex and turbulence. nil = Core Animation's motion.
    public var fields: ParticleFields?
    /// A line the particles bounce off, stick to or die on. nil = no collision.
    public var collider: ParticleCollider?

    // Several colliders (docs/PARTICLE-MODEL.md §2.10).

    /// More colliders, after ``collider``: a particle meets the first one in time (a tie goes to the
    /// earlier one), then moves on from that contact. Empty by default.
    public var colliders: [ParticleCollider] = []

    // Drawing.

    /// Seconds of motion each particle is stretched over: drawn along its velocity, its length grows by
    /// `velocityStretch × speed` points (the distance it covers in that time) and its angle is the
    /// direction of motion (spin and rotation are not used while it moves). 0 = not stretched.
    public var velocityStretch = 0.0

    // Texture sheets (docs/PARTICLE-MODEL.md §2.13).

    /// Reads the cell's contents as a grid of frames and shows each particle one frame at a time, over
    /// its life or by its speed. nil = the whole `contentsRect`, as in Core Animation. A sheet with a
    /// ``TextureSheet/problem`` is not applied (the scene loader refuses it with the JSON path).
    public var textureSheet: TextureSheet?

    /// The fixed integration step (seconds) for radial and tangential acceleration.
    public static let integrationStep = 1.0 / 240

    /// No extension in effect: Core Animation behaviour until a property is set.
    public init() {}

    /// True when a cell needs more than its parameters to enumerate its births (bursts, a cap, a duration).
    var changesEmission: Bool { !bursts.isEmpty || maximumAlive != nil || emissionDuration != nil }

    /// True when fields or a collider move the particles (``ParticleMotion``).
    var hasMotion: Bool { orbit == nil && (fields != nil || collider != nil || !colliders.isEmpty) }

    /// ``collider`` followed by ``colliders``: every collider of the cell, in the order ties are broken.
    public var allColliders: [ParticleCollider] { (collider.map { [$0] } ?? []) + colliders }

    /// True when the cell's particles meet colliders, so that a sub-cell can have the
    /// ``SubEmitterTrigger/collision`` trigger: colliders and no orbit (closed-form or integrated fields).
    public var reportsContacts: Bool { orbit == nil && !allColliders.isEmpty }

    /// True when a collider can remove particles (they must be counted through their motion).
    var removesParticles: Bool {
        hasMotion && (collider?.response == .die || colliders.contains { $0.response == .die })
    }

    /// True when radial or tangential acceleration applies (the integrated path).
    public var needsIntegration: Bool {
        orbit == nil && (radialAcceleration != 0 || radialAccelerationRange != 0
            || tangentialAcceleration != 0 || tangentialAccelerationRange != 0)
    }
}
