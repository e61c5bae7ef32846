import StardustCore

/// The resource budget of one command (docs/LIMITS.md): every limit is checked before any frame is
/// evaluated or rendered — the image limit before any image is decoded — so a scene that would
/// exhaust memory or time is refused at once with the JSON path that drives it and the flag that raises it.
public struct SceneLimits: Hashable, Sendable {
    /// Live particles of all emitters together (nested cells included). Flag: `--max-particles`.
    public var maxParticles = 1_000_000
    /// Decoded bytes of every image the scene uses (RGBA, 4 bytes a pixel; each distinct file once). Flag: `--max-image-mb`.
    public var maxImageBytes = 256 << 20
    /// Frames one command renders or traces. Flag: `--max-frames`.
    public var maxFrames = 18_000
    /// Estimated pixels covered by all layers and particles in one frame (each sprite counted at its
    /// largest size, at most the frame's area). Flag: `--max-coverage` (in megapixels).
    public var maxCoveredPixels = 400_000_000
    /// Body-steps of a scene's `physics` up to the end of its duration (bodies × duration ÷ timeStep):
    /// the simulation's time. Fixed (fewer bodies, a shorter duration or a longer step lower it).
    public var maxPhysicsBodySteps = 200_000_000
    /// Pairs of physics bodies whose bounds overlap at the start (an upper estimate, from the bodies' boxes sorted
    /// on each axis): each is a contact the solver keeps. Fixed.
    public var maxPhysicsContactPairs = 1_000_000
    /// Body copies the simulations keep to seek in time (bodies × duration ÷ (timeStep × checkpoint interval),
    /// about 2 KiB each): their memory. Fixed (fewer bodies or a shorter duration lower it).
    public var maxSimulationBodyCopies = 400_000
    /// Rule-steps of a scene's `dynamics` ((behaviors + items) × (steps + schedule changes)): its time. Fixed.
    public var maxDynamicsRuleSteps = 50_000_000
    /// Pixels of one frame (size × scale): fixed by the renderer.
    public var maxFramePixels = ImageLimits.defaultMaxPixels

    public init() {}

    /// `512 MiB`, `1.5 GiB`.
    public static func mebibytes(_ bytes: Int) -> String {
        if bytes >= 1 << 30 {
            let g = Double(bytes) / Double(1 << 30)
            return "\((g * 10).rounded() / 10) GiB"
        }
        return "\((bytes + (1 << 20) - 1) >> 20) MiB"
    }
}
