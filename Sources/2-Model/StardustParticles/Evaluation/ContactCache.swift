import Foundation

/// Each particle's ``ContactWalk`` kept between evaluations, so that a frame resumes the walk where
/// an earlier frame left it instead of re-solving every contact from the birth
/// (docs/PARTICLES-PERFORMANCE.md, "Contact cache"); for cells with integrated fields, each particle's
/// ``FieldCheckpoint`` instead, so that a frame resumes the integration (docs/PARTICLE-MODEL.md §2.11).
///
/// The cache never changes a byte: a walk taken from it stopped at a segment that starts at or before the
/// age evaluated, and resuming it performs the same operations as a walk from the birth
/// (``ContactWalk``); any other walk is restarted from the birth. What it covers:
/// - top-level cells whose motion is closed form (drag, wind) with a collider line, and top-level cells
///   with integrated fields (with or without colliders), births of the rate (bursts and sub-cells are
///   walked or integrated from the birth: their birth indices are not one contiguous range);
/// - compiled emitters that are kept between evaluations (no ``EmitterLayer/animatedValue`` hook): a new
///   compiled emitter (a model change) clears the tables, so a walk always belongs to the birth record it
///   was computed from;
/// - moving colliders' motions that have not changed since the tables were filled (a touch recorded on a
///   physics world changes a body's motion: ``ColliderMotion/generation``);
/// - one evaluation at a time. An evaluation takes the cache with a try-lock and holds it to its end; a
///   second evaluation of the same layer at the same time runs uncached (same bytes, more work).
///
/// Birth `k` of a cell lives in slot `k mod capacity` with its particle id as the tag, so consecutive births
/// use consecutive slots (playback reads the table in order), and the runs of one evaluation, which cover
/// disjoint ranges of `k` narrower than the capacity, never share a slot: worker threads write disjoint
/// entries. The capacity follows the widest range evaluated, up to ``maximumEntries`` (above it the cell is
/// walked uncached: memory stays bounded whatever the particle count).
final class ContactCache: @unchecked Sendable {
    /// One slot: the walk of the particle whose id is `id`.
    struct Entry {
        var id: UInt64
        var used: Bool
        var walk: ContactWalk

        /// The kept walk when it belongs to particle `id` and starts at or before `tau`: the walk
        /// ``ParticleMotion/walk(_:age:slot:_:)`` resumes. Nil otherwise.
        @inline(__always) func walk(of id: UInt64, resumableAt tau: Double) -> ContactWalk? {
            guard used, self.id == id, walk.start <= tau else { return nil }
            return walk
        }

        /// The kept walk when it is resumable at `tau` and passes no contact up to `tau` (it ended, or its
        /// next contact is known and later): then ``ParticleMotion/walk(_:age:slot:_:)`` would resume it,
        /// change nothing and store nothing, so this is its result without the birth record or the call.
        /// Nil otherwise (a NaN contact included).
        @inline(__always) func walk(of id: UInt64, unchangedAt tau: Double) -> ContactWalk? {
            guard holds(id, at: tau) else { return nil }
            return walk
        }

        /// True when ``walk(of:unchangedAt:)`` returns the kept walk: it belongs to particle `id`, starts at or
        /// before `tau`, and passes no contact up to `tau`. Computed without branches (every field read, the
        /// tests combined bitwise), so that the batched kernel can test a batch of slots with independent loads.
        @inline(__always) func holds(_ id: UInt64, at tau: Double) -> Bool {
            let start = walk.start
            let mine = (used ? 1 : 0) & (self.id == id ? 1 : 0) & (start <= tau ? 1 : 0)
            let passes = (walk.phase != .flying ? 1 : 0) | (start + walk.hit > tau ? 1 : 0)
            return mine & passes != 0
        }
    }

    /// The most entries one cell's table may hold (80 bytes each: 4 Mi entries are 320 MiB; a checkpoint is 64).
    static let maximumEntries = 1 << 22

    private let lock = NSLock()
    private var generation = -1
    /// The generations of the emitter's moving colliders the tables were computed against.
    private var motionGenerations: [Int] = []
    private var tables: [Int: Table] = [:]

    /// The storage of one cell: walks for a closed-form cell, checkpoints for an integrated one (the
    /// other pointer holds no slot).
    final class Table: @unchecked Sendable {
        let entries: UnsafeMutablePointer<Entry>
        let checkpoints: UnsafeMutablePointer<FieldCheckpoint>
        let capacity: Int
        /// True when the table holds ``checkpoints`` (a cell with integrated fields).
        let isIntegrated: Bool
        init(capacity: Int, integrated: Bool = false) {
            self.capacity = capacity
            isIntegrated = integrated
            entries = Self.allocateOnLines(integrated ? 0 : capacity)
            checkpoints = Self.allocateOnLines(integrated ? capacity : 0)
            if integrated {
                checkpoints.initialize(repeating: .empty, count: capacity)
            } else {
                entries.initialize(repeating: Entry(id: 0, used: false, walk: ContactWalk(empty: ())), count: capacity)
            }
        }
        deinit {
            if !isIntegrated { entries.deinitialize(count: capacity) }
            UnsafeMutableRawPointer(entries).deallocate()
            UnsafeMutableRawPointer(checkpoints).deallocate()
        }

        /// The size of a cache line the tables' slots are aligned to.
        static let lineBytes = 64

        /// Uninitialised room for `count` slots starting on a cache line: a 64-byte ``FieldCheckpoint`` then lies on
        /// one line, where the allocator's 16-byte alignment split every slot over two lines (two lines read per
        /// slot and written back per frame in playback: docs/PARTICLES-PERFORMANCE.md).
        static func allocateOnLines<T>(_ count: Int) -> UnsafeMutablePointer<T> {
            UnsafeMutableRawPointer.allocate(byteCount: max(1, count) * MemoryLayout<T>.stride,
                                             alignment: max(lineBytes, MemoryLayout<T>.alignment))
                .bindMemory(to: T.self, capacity: count)
        }

        /// The slots in use (for tests).
        func inUse() -> Int {
            (0..<capacity).reduce(0) { n, i in n + ((isIntegrated ? checkpoints[i].step >= 0 : entries[i].used) ? 1 : 0) }
        }
    }

    /// The tables of one evaluation: per cell, the table or nil. Valid until ``release()``.
    struct Lease: @unchecked Sendable {
        var tables: [Table?]
        @inline(__always) func table(_ cell: Int) -> Table? { tables.isEmpty ? nil : tables[cell] }
    }

    /// Takes the cache for one evaluation of `e` whose plan is `plan`; nil when no cell is cached, the
    /// emitter is not kept between evaluations, or another evaluation holds the cache. Call
    /// ``release()`` after the evaluation when the result is not nil.
    func acquire(_ e: CompiledEmitter, _ plan: BirthPlan) -> Lease? {
        guard e.generation > 0, e.cells.contains(where: \.cachesContacts), lock.try() else { return nil }
        if generation != e.generation { tables = [:]; generation = e.generation }
        // A kept state holds a moving body's past motion: a touch that changed it throws the tables away
        // (docs/PARTICLE-MODEL.md §2.10, "Moving bodies").
        let motions = e.cells.flatMap(\.motionGenerations)
        if motions != motionGenerations { tables = [:]; motionGenerations = motions }
        // The range of birth indices of the rate runs of each cached cell.
        var lo = [Int64](repeating: .max, count: e.cells.count), hi = [Int64](repeating: .min, count: e.cells.count)
        for r in plan.runs where r.burst < 0 && e.cells[Int(r.cell)].cachesContacts {
            let c = Int(r.cell)
            lo[c] = min(lo[c], r.k0); hi[c] = max(hi[c], r.k1)
        }
        var lease = [Table?](repeating: nil, count: e.cells.count)
        for c in e.cells.indices where hi[c] > lo[c] {
            let span = hi[c] - lo[c]
            guard span <= Int64(Self.maximumEntries) else { tables[c] = nil; continue }
            if let t = tables[c], Int64(t.capacity) >= span { lease[c] = t; continue }
            let t = Table(capacity: min(Self.maximumEntries, Int(span) + Int(span) / 4 + 1024),
                          integrated: e.cells[c].motion?.integrator != nil)
            tables[c] = t
            lease[c] = t
        }
        return Lease(tables: lease)
    }

    /// Ends the evaluation that ``acquire(_:_:)`` started.
    func release() { lock.unlock() }

    /// The number of slots holding a walk, over every table (for tests).
    func entriesInUse() -> Int {
        lock.lock(); defer { lock.unlock() }
        return tables.values.reduce(0) { $0 + $1.inUse() }
    }
}

extension ContactWalk {
    /// The walk of an empty slot (never read: its slot's `used` is false).
    init(empty: Void) { px = 0; py = 0; pz = 0; vx = 0; vy = 0; vz = 0; start = .infinity }
}

extension CompiledCell {
    /// True when the cell's births of the rate keep their contact walks (closed-form motion with colliders)
    /// or their integration checkpoints (integrated fields) in a ``ContactCache``.
    var cachesContacts: Bool {
        parent < 0 && motion.map { $0.colliders != nil || $0.integrator != nil } ?? false
    }

    /// The generations of the motions of the cell's moving colliders (``ColliderMotion/generation``).
    var motionGenerations: [Int] { motion?.colliders?.moving.map(\.motion.generation) ?? [] }
}
