import StardustCore

/// Every live particle of an emitter at one time, as a structure of arrays.
///
/// A snapshot is reusable storage: ``EmitterLayer/evaluate(at:sceneSeed:into:threads:)`` overwrites it and
/// grows its capacity only when needed, so evaluating frame after frame allocates nothing. The
/// buffers returned by its properties are valid until the next evaluation into the same snapshot.
///
/// Order: cell by cell in ``EmitterLayer/allCells`` order; within a cell, by parent particle, then
/// by birth (emission order). Colors are unclamped (clamped when drawn); positions and velocities
/// are in layer coordinates.
public final class ParticleSnapshot {
    /// The number of live particles.
    public internal(set) var count = 0
    /// The simulation (layer local) time the snapshot was evaluated at.
    public internal(set) var time: Double = 0
    /// True when the particle budget (``EmitterLayer/maximumParticleCount``) cut the evaluation short.
    public internal(set) var isTruncated = false

    private(set) var capacity = 0
    /// Float columns, in ``FloatColumn`` order.
    var floats: [UnsafeMutablePointer<Float>] = []
    var birth: UnsafeMutablePointer<Double>?
    var cells: UnsafeMutablePointer<Int32>?
    var ids: UnsafeMutablePointer<UInt64>?

    enum FloatColumn: Int, CaseIterable {
        case x, y, z, vx, vy, vz, scale, rotation, red, green, blue, alpha, age, lifetime
    }

    /// An empty snapshot.
    public init() {}

    deinit { release() }

    /// One block holding every column (see ``reserve(_:)``).
    private var block: UnsafeMutableRawPointer?

    private func release() {
        block?.deallocate()
        block = nil
        floats = []
        birth = nil; cells = nil; ids = nil
        capacity = 0
    }

    /// Makes room for `n` particles (contents are not kept when it grows).
    ///
    /// The 17 columns live in one block; large columns each start 320 bytes (5 cache lines) further
    /// into a 4 KiB page than the previous one. Separately allocated large columns would all start at the
    /// same page offset, so that the evaluation's 17 parallel write streams compete for the same L1
    /// set and evict each other's lines on every store (several times slower writes).
    func reserve(_ n: Int) {
        guard n > capacity else { return }
        release()
        let cap = max(n, 1024)
        let page = 4096, skew = 320
        let k = FloatColumn.allCases.count
        // Byte offsets: each column starts after the previous one's pages, plus `skew`.
        let sizes = Array(repeating: cap * 4, count: k) + [cap * 8, cap * 4, cap * 8]
        var offsets: [Int] = [], at = 0
        for size in sizes {
            offsets.append(at)
            // Small snapshots (a few thousand particles) stay packed: the page alignment only pays
            // for long write streams, and padding every column to whole pages would push a
            // fresh small snapshot past malloc's mmap threshold (a seek then pays page faults).
            at += size >= 64 << 10 ? (size + page - 1) / page * page + skew : (size + 63) / 64 * 64
        }
        let raw = UnsafeMutableRawPointer.allocate(byteCount: at, alignment: page)
        block = raw
        floats = (0..<k).map { raw.advanced(by: offsets[$0]).bindMemory(to: Float.self, capacity: cap) }
        birth = raw.advanced(by: offsets[k]).bindMemory(to: Double.self, capacity: cap)
        cells = raw.advanced(by: offsets[k + 1]).bindMemory(to: Int32.self, capacity: cap)
        ids = raw.advanced(by: offsets[k + 2]).bindMemory(to: UInt64.self, capacity: cap)
        capacity = cap
    }

    @inline(__always) func column(_ c: FloatColumn) -> UnsafeBufferPointer<Float> {
        capacity == 0 ? UnsafeBufferPointer(start: nil, count: 0) : UnsafeBufferPointer(start: floats[c.rawValue], count: count)
    }

    /// Position x, y, z in layer coordinates.
    public var x: UnsafeBufferPointer<Float> { column(.x) }
    /// The y coordinate of each particle in layer coordinates (points, down).
    public var y: UnsafeBufferPointer<Float> { column(.y) }
    /// The z coordinate of each particle in layer coordinates (points, towards the viewer).
    public var z: UnsafeBufferPointer<Float> { column(.z) }
    /// Current velocity (initial velocity plus acceleration × age).
    public var velocityX: UnsafeBufferPointer<Float> { column(.vx) }
    /// The y component of each particle's current velocity, points per second.
    public var velocityY: UnsafeBufferPointer<Float> { column(.vy) }
    /// The z component of each particle's current velocity, points per second.
    public var velocityZ: UnsafeBufferPointer<Float> { column(.vz) }
    /// Current scale (≥ 0, the layer and inherited factors included).
    public var scale: UnsafeBufferPointer<Float> { column(.scale) }
    /// Current rotation in radians (spin × age).
    public var rotation: UnsafeBufferPointer<Float> { column(.rotation) }
    /// Current color, unclamped.
    public var red: UnsafeBufferPointer<Float> { column(.red) }
    /// The green component of each particle's current color, unclamped.
    public var green: UnsafeBufferPointer<Float> { column(.green) }
    /// The blue component of each particle's current color, unclamped.
    public var blue: UnsafeBufferPointer<Float> { column(.blue) }
    /// The alpha component of each particle's current color, unclamped.
    public var alpha: UnsafeBufferPointer<Float> { column(.alpha) }
    /// Age in seconds (time − birth time).
    public var age: UnsafeBufferPointer<Float> { column(.age) }
    /// The particle's lifetime in seconds (it is alive while age < lifetime).
    public var lifetime: UnsafeBufferPointer<Float> { column(.lifetime) }
    /// Birth time in layer local time.
    public var birthTime: UnsafeBufferPointer<Double> { UnsafeBufferPointer(start: birth, count: count) }
    /// Index of the particle's cell in ``EmitterLayer/allCells``.
    public var cellIndex: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(start: cells, count: count) }
    /// A stable identifier: the same particle has the same id at every time it is alive.
    public var particleID: UnsafeBufferPointer<UInt64> { UnsafeBufferPointer(start: ids, count: count) }

    /// One particle as a value (convenient, not for hot loops).
    public subscript(i: Int) -> Particle {
        precondition(i >= 0 && i < count, "particle index \(i) out of 0..<\(count)")
        let f = floats.map { $0[i] }
        return Particle(position: SIMD3(f[0], f[1], f[2]), velocity: SIMD3(f[3], f[4], f[5]), scale: f[6],
                        rotation: f[7], color: SIMD4(f[8], f[9], f[10], f[11]), age: f[12], lifetime: f[13],
                        birthTime: birth![i], cellIndex: Int(cells![i]), id: ids![i])
    }

    /// Whether two snapshots hold exactly the same particles (bitwise), in the same order.
    public func isIdentical(to o: ParticleSnapshot) -> Bool {
        guard count == o.count, isTruncated == o.isTruncated else { return false }
        if count == 0 { return true }
        for c in FloatColumn.allCases {
            let a = column(c), b = o.column(c)
            for i in 0..<count where a[i].bitPattern != b[i].bitPattern { return false }
        }
        for i in 0..<count where birth![i].bitPattern != o.birth![i].bitPattern || cells![i] != o.cells![i] || ids![i] != o.ids![i] {
            return false
        }
        return true
    }
}

/// One live particle, as read from a ``ParticleSnapshot``.
public struct Particle: Hashable, Sendable {
    /// The position (x, y, z) in layer coordinates, points.
    public var position: SIMD3<Float>
    /// The current velocity (x, y, z), points per second.
    public var velocity: SIMD3<Float>
    /// The current scale (≥ 0), layer and inherited factors included.
    public var scale: Float
    /// The current rotation in radians (spin × age), clockwise on screen.
    public var rotation: Float
    /// Unclamped color (r, g, b, a).
    public var color: SIMD4<Float>
    /// The age in seconds: the evaluated time minus ``birthTime``.
    public var age: Float
    /// The lifetime in seconds; the particle is alive while `age < lifetime`.
    public var lifetime: Float
    /// The birth time in the emitter layer's local time, seconds.
    public var birthTime: Double
    /// The index of the particle's cell in `EmitterLayer.allCells` (depth-first pre-order).
    public var cellIndex: Int
    /// The stable particle id: independent of the seed and of the evaluated time.
    public var id: UInt64
}
