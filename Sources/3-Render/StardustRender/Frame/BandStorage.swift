import Foundation

/// A band drawer's working storage kept from band to band and frame to frame: the buffers of groups, masked clips and
/// composite groups, and the path rasterizer's ``CoverageScratch`` (docs/RENDERER.md, "Band storage kept across
/// frames"; docs/BENCHMARKS.md, "lottie", twenty-seventh round).
///
/// Each band allocated these and freed them when it was done. A composite group's buffers of a 512-px frame's band
/// are 128 KiB each, where glibc's allocator maps fresh pages and returns them to the system on free (or trims the
/// heap's top), so every band of every frame paid page faults and the kernel's zeroing of those pages before its own
/// clearing: 17 % of a masked Lottie file's samples (`issue_1762`) were in the kernel, and 81 % of its page faults were
/// taken in that clearing.
///
/// The same bytes: every buffer is written before it is read, as a freshly allocated one had to be (its contents were
/// whatever the allocator handed out): a composite's buffers are cleared over their whole region when taken, a
/// group's buffer over its rectangle, a masked clip's copy over its region, and the scratch starts as a fresh one
/// would (``CoverageScratch``).
///
/// Bounded: a storage keeps at most ``keptBytes`` of buffers after a band (the largest free ones go first), and the
/// pool at most ``keptStorages`` storages (one per worker that ran at once). Not thread-safe itself: one band at a
/// time holds it, taken from and given back to the pool under a lock. (Its arrays are read and written several times per
/// composite group: without dynamic exclusivity checks, which one band at a time, or the lock, makes moot.)
final class BandStorage {
    /// The most bytes of buffers a storage keeps between bands (a 512-px frame's composite needs 128 KiB per buffer
    /// and band; a 1170-px wide band of 64 rows 293 KiB).
    static let keptBytes = 8 << 20
    /// The most storages the pool keeps.
    static let keptStorages = 8

    /// A buffer and its capacity in bytes.
    private struct Buffer {
        var pointer: UnsafeMutablePointer<UInt8>
        var capacity: Int
        init(_ capacity: Int) { pointer = .allocate(capacity: capacity); self.capacity = capacity }
    }

    /// The path rasterizer's storage.
    let scratch = CoverageScratch()
    /// Band-sized buffers of groups and masked clips, by nesting depth.
    @exclusivity(unchecked) private var bandBuffers: [Buffer] = []
    /// Composite buffers not in use.
    @exclusivity(unchecked) private var freeRegions: [Buffer] = []
    /// Composite buffers in use (a stack: composite groups nest).
    @exclusivity(unchecked) private var usedRegions: [Buffer] = []

    deinit {
        for b in bandBuffers { b.pointer.deallocate() }
        for b in freeRegions { b.pointer.deallocate() }
        for b in usedRegions { b.pointer.deallocate() }
    }

    /// The band-sized buffer of nesting depth `depth` (at most the number of such buffers so far), with room for
    /// `count` bytes; its contents are unspecified.
    func bandBuffer(depth: Int, count: Int) -> UnsafeMutablePointer<UInt8> {
        if depth == bandBuffers.count { bandBuffers.append(Buffer(count)) }
        if bandBuffers[depth].capacity < count {
            bandBuffers[depth].pointer.deallocate()
            bandBuffers[depth] = Buffer(count)
        }
        return bandBuffers[depth].pointer
    }

    /// A composite buffer of `count` bytes, all 0, pushed on the stack of those in use: the smallest free one with
    /// room for it, else a new one in place of the largest free one (so that free buffers too small for what is
    /// drawn do not pile up).
    func pushRegion(count: Int) -> UnsafeMutablePointer<UInt8> {
        var best = -1, largest = -1
        for (i, b) in freeRegions.enumerated() {
            if b.capacity >= count && (best < 0 || b.capacity < freeRegions[best].capacity) { best = i }
            if largest < 0 || b.capacity > freeRegions[largest].capacity { largest = i }
        }
        if best < 0 && largest >= 0 { freeRegions.remove(at: largest).pointer.deallocate() }
        let b = best >= 0 ? freeRegions.remove(at: best) : Buffer(count)
        b.pointer.initialize(repeating: 0, count: count)
        usedRegions.append(b)
        return b.pointer
    }

    /// Gives the last composite buffer taken back.
    func popRegion() {
        if let b = usedRegions.popLast() { freeRegions.append(b) }
    }

    /// The bytes of the buffers this storage holds.
    var keptByteCount: Int {
        bandBuffers.reduce(0) { $0 + $1.capacity } + freeRegions.reduce(0) { $0 + $1.capacity }
            + usedRegions.reduce(0) { $0 + $1.capacity }
    }

    /// Ends a band: buffers still in use (groups that did not close) are free again, and what exceeds ``keptBytes``
    /// is freed, the largest free composite buffers first, then the deepest band-sized ones.
    func finishBand() {
        freeRegions += usedRegions
        usedRegions.removeAll()
        var total = keptByteCount
        guard total > Self.keptBytes else { return }
        freeRegions.sort { $0.capacity < $1.capacity }
        while total > Self.keptBytes, let b = freeRegions.popLast() { b.pointer.deallocate(); total -= b.capacity }
        while total > Self.keptBytes, let b = bandBuffers.popLast() { b.pointer.deallocate(); total -= b.capacity }
    }

    private static let lock = NSLock()
    @exclusivity(unchecked) nonisolated(unsafe) private static var pool: [BandStorage] = []

    /// The number of storages kept now.
    static var keptCount: Int { lock.lock(); defer { lock.unlock() }; return pool.count }

    /// Whether storages are kept (tests turn it off to draw with new storage for every band, as before).
    @exclusivity(unchecked) nonisolated(unsafe) private static var keeps = true

    /// Turns keeping storages on or off (off empties the pool).
    static func setKeeping(_ on: Bool) {
        lock.lock(); defer { lock.unlock() }
        keeps = on
        if !on { pool.removeAll() }
    }

    /// A storage for one band: a kept one, else a new one.
    static func take() -> BandStorage {
        lock.lock()
        let kept = pool.popLast()
        lock.unlock()
        return kept ?? BandStorage()
    }

    /// Ends the band that held `storage` and keeps it for the next one (unless the pool is full or keeping is off).
    static func give(_ storage: BandStorage) {
        storage.finishBand()
        lock.lock(); defer { lock.unlock() }
        if keeps && pool.count < keptStorages { pool.append(storage) }
    }
}
