import Foundation

/// How a collider moves: the pose of its own frame in the emitter's coordinates over the emitter's
/// local time, known for every time (docs/PARTICLE-MODEL.md §2.10, "Moving bodies"). A Stardust
/// extension; what a scene's `{"body": …}` collider of a dynamic or kinematic physics body carries.
///
/// The motion is a sampled track: poses at a fixed interval (a physics world's step), linear between
/// two samples (the angle along the shorter way), as a physics body is shown on its layer. The samples
/// come from `samples` in chunks of ``chunkLength`` steps, kept (at most ``cachedChunks`` at once) so
/// that a particle integrated across a chunk reads it once; a sample is a function of its step
/// index alone, so a frame gives the same bytes whichever chunks were asked for before.
///
/// A pose `(x, y, θ)` places a point `q` of the collider's frame at `(x + q.x·cos θ − q.y·sin θ,
/// y + q.x·sin θ + q.y·cos θ)`.
///
/// Compared by identity: two motions are equal only when they are the same object.
public final class ColliderMotion: Hashable, @unchecked Sendable {
    /// A pose: the frame's origin (x, y) in the emitter's coordinates and its angle θ in radians.
    public typealias Pose = SIMD3<Double>

    /// What moves (a physics body's name): how scene files, traces and the studio name the collider.
    public let name: String
    /// Seconds between two samples.
    public let sampleInterval: Double
    /// The samples' time of an emitter's local time `t` is `t × timeScale + timeShift` (the emitter's
    /// timing undone, for a body that lives in the scene's time).
    public let timeScale: Double, timeShift: Double
    /// Steps per chunk of samples.
    public static let chunkLength = 120
    /// The most chunks kept at once (the oldest asked for is dropped first).
    public static let cachedChunks = 64

    private let samples: @Sendable (Range<Int>) -> [Pose]
    private let lock = NSLock()
    private var chunks: [Int: ContiguousArray<Pose>] = [:]
    private var order: [Int] = []
    private var version = 0

    /// A motion named `name` whose pose after `n` sample intervals is `samples(n..<n+1)[0]`; `samples(range)` returns one
    /// pose per step of `range` (never negative), and must be a function of the step alone.
    public init(name: String = "", sampleInterval: Double, timeScale: Double = 1, timeShift: Double = 0,
                samples: @escaping @Sendable (_ steps: Range<Int>) -> [Pose]) {
        precondition(sampleInterval > 0 && sampleInterval.isFinite, "sampleInterval must be positive")
        self.name = name
        self.sampleInterval = sampleInterval
        self.timeScale = timeScale
        self.timeShift = timeShift
        self.samples = samples
    }

    /// Forgets every sample (after what produces them changed, such as a touch recorded on the world).
    public func invalidate() {
        lock.lock(); chunks.removeAll(); order.removeAll(); version += 1; lock.unlock()
    }

    /// How many times the samples were forgotten: what particle states kept between frames were computed
    /// against (a table kept with another generation is thrown away).
    public var generation: Int { lock.lock(); defer { lock.unlock() }; return version }

    /// The latest sample index a pose is read at: later times hold the pose there (about 23 days at 120 Hz).
    static let lastSample = 1 << 28

    /// The pose at the emitter's local time `t`: between the samples around it, linearly.
    ///
    /// - Complexity: O(1) once the chunk holding `t` is kept; otherwise one call of `samples` for
    ///   ``chunkLength`` + 1 steps.
    public func pose(at t: Double) -> Pose {
        let s = min(Double(Self.lastSample), max(0, (t * timeScale + timeShift) / sampleInterval))
        let i = s.isFinite ? Int(s.rounded(.down)) : 0
        let f = s.isFinite ? s - Double(i) : 0
        let n = Self.chunkLength
        let chunk = self.chunk(i / n), j = i % n
        let a = chunk[j], b = chunk[j + 1]
        return Self.interpolate(a, b, f)
    }

    /// The velocity of the frame's point `q` (in the frame) at local time `t`, in points per local second:
    /// how the point moves between the samples around `t`.
    public func velocity(of q: SIMD3<Double>, at t: Double) -> SIMD3<Double> {
        let s = min(Double(Self.lastSample), max(0, (t * timeScale + timeShift) / sampleInterval))
        let i = s.isFinite ? Int(s.rounded(.down)) : 0
        let chunk = self.chunk(i / Self.chunkLength), j = i % Self.chunkLength
        let d = Self.place(q, chunk[j + 1]) - Self.place(q, chunk[j])
        return d * (timeScale / sampleInterval)
    }

    /// `a` and `b` mixed by `f`, the angle along the shorter way.
    @inline(__always) static func interpolate(_ a: Pose, _ b: Pose, _ f: Double) -> Pose {
        let turn = remainder(b.z - a.z, 2 * Double.pi)
        return Pose(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + turn * f)
    }

    /// Where the frame's point `q` is with the frame at pose `p`.
    @inline(__always) static func place(_ q: SIMD3<Double>, _ p: Pose) -> SIMD3<Double> {
        let c = cos(p.z), s = sin(p.z)
        return SIMD3(p.x + q.x * c - q.y * s, p.y + q.x * s + q.y * c, q.z)
    }

    /// The point of the frame at pose `p` found at `w`.
    @inline(__always) static func local(_ w: SIMD3<Double>, _ p: Pose) -> SIMD3<Double> {
        let c = cos(p.z), s = sin(p.z), dx = w.x - p.x, dy = w.y - p.y
        return SIMD3(dx * c + dy * s, -dx * s + dy * c, w.z)
    }

    /// Chunk `k`: the samples of steps `k·n … k·n + n` (n + 1 of them, so that the interval after each of its
    /// first n samples lies within it).
    private func chunk(_ k: Int) -> ContiguousArray<Pose> {
        lock.lock()
        if let kept = chunks[k] { lock.unlock(); return kept }
        lock.unlock()
        let lo = k * Self.chunkLength
        var made = ContiguousArray(samples(lo ..< lo + Self.chunkLength + 1))
        // A chunk short of samples holds its last pose (a body that no longer changes).
        while made.count < Self.chunkLength + 1 { made.append(made.last ?? .zero) }
        lock.lock()
        if chunks[k] == nil {
            chunks[k] = made
            order.append(k)
            if order.count > Self.cachedChunks { chunks[order.removeFirst()] = nil }
        }
        lock.unlock()
        return made
    }

    public static func == (a: ColliderMotion, b: ColliderMotion) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
