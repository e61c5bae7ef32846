/// A burst: `count` particles born at once, `time` seconds after the cell starts emitting, repeated
/// `cycles` times every `interval` seconds (docs/PARTICLE-MODEL.md §2.7). Opt-in through
/// ``CellExtensions/bursts``.
///
/// A burst's particles are a function of the burst (its index in the cell's list), its cycle and
/// the particle's index in the cycle — their random stream is keyed by those — so a seek at any
/// time finds them in closed form, without replaying earlier cycles.
public struct ParticleBurst: Hashable, Sendable {
    /// Seconds after the start of the cell's emission window (layer time for a top-level cell, the
    /// parent particle's age for a sub-cell) of the first cycle.
    public var time: Double
    /// Particles per cycle (× the layer's `birthRate` for top-level cells, rounded down).
    public var count: Int
    /// Number of cycles (≥ 1); ``forever`` repeats while the cell emits.
    public var cycles: Int
    /// Seconds between cycles (> 0 when `cycles` > 1).
    public var interval: Double

    /// ``cycles`` value meaning "repeat while the cell emits".
    public static let forever = Int.max
    /// The most particles one cycle may hold (a budget of the scene reader and of ``EmitterLayer/validate()``).
    public static let maximumCount = 1_000_000
    /// The shortest interval between cycles, in seconds.
    public static let minimumInterval = 0.001

    /// `count` particles at `time`, repeated `cycles` times every `interval` seconds.
    public init(time: Double = 0, count: Int, cycles: Int = 1, interval: Double = 0) {
        self.time = time; self.count = count; self.cycles = cycles; self.interval = interval
    }
}
