import StardustCore
import StardustAnimation

/// One kind of particle (`CAEmitterCell`): Core Animation's names and defaults (docs/PARTICLE-MODEL.md §2.1).
///
/// A value with a range is drawn uniformly from `[value − range, value + range]` at the particle's
/// birth (decision P1); speeds are changes per second of the particle's age. Angles are in radians,
/// positive clockwise on a y-down screen; distances in points.
///
/// A cell with ``emitterCells`` makes each of its particles an emitter of those sub-cells while it
/// lives (decision P4). A cell's ``timing`` is evaluated in its parent's time: the layer's local time
/// for a top-level cell, the parent particle's age for a sub-cell; the cell emits only inside its
/// active interval, and a `duration` of 0 means infinite.
///
/// Unlike Core Animation, the layer does not copy its cells: a change to a cell object affects the
/// whole history of the emitter. Use ``EmitterLayer/setEmitterValue(_:forKeyPath:at:)`` to change a
/// property from a given time on.
public final class EmitterCell {
    /// Used in key paths: `emitterCells.NAME.PROPERTY`. Default nil.
    public var name: String?
    /// Whether the cell emits (and draws) at all. Default true.
    public var isEnabled: Bool = true
    /// Particles per second (per parent particle for a sub-cell). Default 0.
    public var birthRate: Double = 0
    /// Mean lifetime in seconds. Default 0.
    public var lifetime: Double = 0
    /// Lifetime range (±) in seconds. Default 0.
    public var lifetimeRange: Double = 0
    /// Tilt of the emission direction out of the layer plane, towards the viewer (+z). Default 0.
    public var emissionLatitude: Double = 0
    /// Emission direction in the layer plane: 0 = +x, π/2 = down the screen. Default 0.
    public var emissionLongitude: Double = 0
    /// Spread of the longitude (±|range|): π covers every direction. Default 0.
    public var emissionRange: Double = 0
    /// Initial speed in points per second. Default 0.
    public var velocity: Double = 0
    /// Initial speed range (±). Default 0.
    public var velocityRange: Double = 0
    /// Constant acceleration along x in points/s². Default 0.
    public var xAcceleration: Double = 0
    /// Constant acceleration along y (down) in points/s² (gravity is positive). Default 0.
    public var yAcceleration: Double = 0
    /// Constant acceleration along z in points/s². Default 0.
    public var zAcceleration: Double = 0
    /// Mean scale of the contents. Default 1.
    public var scale: Double = 1
    /// Scale range (±). Default 0.
    public var scaleRange: Double = 0
    /// Scale change per second (the scale is clamped at 0). Default 0.
    public var scaleSpeed: Double = 0
    /// Mean rotation speed in radians per second. Default 0.
    public var spin: Double = 0
    /// Rotation speed range (±). Default 0.
    public var spinRange: Double = 0
    /// Mean color, multiplied with the contents (components may leave 0…1; clamped when drawn). Default opaque white.
    public var color: Color = .white
    /// Per-channel color ranges (±). Default 0.
    public var redRange: Double = 0
    /// Green range (±) around `color.green`. Default 0.
    public var greenRange: Double = 0
    /// Blue range (±) around `color.blue`. Default 0.
    public var blueRange: Double = 0
    /// Alpha range (±) around `color.alpha`. Default 0.
    public var alphaRange: Double = 0
    /// Per-channel color changes per second. Default 0.
    public var redSpeed: Double = 0
    /// Green change per second. Default 0.
    public var greenSpeed: Double = 0
    /// Blue change per second. Default 0.
    public var blueSpeed: Double = 0
    /// Alpha change per second (negative values fade particles out). Default 0.
    public var alphaSpeed: Double = 0
    /// The particle image; nil draws nothing (the particle can still carry sub-cells). Default nil.
    public var contents: Texture?
    /// The unit sub-rectangle of ``contents`` drawn. Default `[0 0 1 1]`.
    public var contentsRect: Rect = .unit
    /// Pixels per point of ``contents``: the particle is `pixel size ÷ contentsScale` points. Default 1.
    public var contentsScale: Double = 1
    /// Filter used when a particle is drawn smaller than its image. Default linear.
    public var minificationFilter: ImageFilter = .linear
    /// Filter used when a particle is drawn larger than its image. Default linear.
    public var magnificationFilter: ImageFilter = .linear
    /// Set when the contents look the same at any rotation (a round dot), allowing the renderer's
    /// faster unrotated path. Default false.
    public var isRotationInvariant: Bool = false
    /// The cell's media timing in its parent's time (see the type's documentation). `duration` 0 = infinite.
    public var timing = MediaTiming()
    /// Sub-cells emitted by each particle of this cell. Default empty.
    public var emitterCells: [EmitterCell] = []
    /// Behaviour beyond Core Animation (start → finish values, radial and tangential acceleration,
    /// orbiting; see ``CellExtensions``). Default nil: the cell behaves exactly as in Core Animation.
    public var extensions: CellExtensions?

    /// A cell with Core Animation's defaults.
    public init(name: String? = nil) { self.name = name }
}
