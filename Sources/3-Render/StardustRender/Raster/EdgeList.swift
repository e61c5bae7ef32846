import StardustCore

/// The non-horizontal edges of a set of polygons, in device pixels, ready
/// for ``CoverageRasterizer``.
///
/// Every polyline is treated as closed (filling closes open subpaths, as in
/// Core Graphics). A polyline with a NaN or infinite point is skipped whole,
/// so that a bad point cannot leave an unclosed polygon behind; coordinates
/// are clamped to ±10¹² so that later arithmetic cannot overflow.
/// Building is O(n log n) in the number of edges (they are sorted by top y, ties in the order they were made).
public struct EdgeList: Sendable {
    /// One edge with `y0 < y1`; `direction` is +1 when the original edge ran down the screen, −1 when up.
    @usableFromInline struct Edge: Sendable {
        @usableFromInline var x0: Double, y0: Double, x1: Double, y1: Double
        @usableFromInline var direction: Float
    }

    @usableFromInline private(set) var edges: [Edge] = []
    /// The bounds of every finite point that contributed an edge, or `nil` when there are no edges.
    public private(set) var bounds: Rect?

    /// Whether there is nothing to fill.
    public var isEmpty: Bool { edges.isEmpty }
    /// The number of non-horizontal edges.
    public var count: Int { edges.count }

    /// Collects the edges of `polylines` mapped by `transform`.
    public init(polylines: [Polyline], transform: Transform2D = .identity) {
        let limit = 1e12
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        // Room for every edge (at most one per point) and for the longest polyline's points, taken once: growing
        // the arrays by appends reallocated and copied them about log₂(n) times per path and frame. The edges are
        // written in place and the points through raw buffers, without an append's capacity and uniqueness checks per
        // point, and whether the transform is the identity is asked once, not per point (docs/BENCHMARKS.md,
        // "Twenty-eighth round (frames)"); the arithmetic and its order are those of the appends they replace.
        var points = 0, longest = 0
        for pl in polylines { points &+= pl.points.count; longest = max(longest, pl.points.count) }
        let identity = transform.isIdentity
        edges = withUnsafeTemporaryAllocation(of: Point.self, capacity: longest) { pts in
            [Edge](unsafeUninitializedCapacity: points) { out, made in
                made = 0
                for pl in polylines {
                    let count = pl.points.count
                    guard count >= 2 else { continue }
                    let finite = pl.points.withUnsafeBufferPointer { src -> Bool in
                        for k in 0..<count {
                            let p = src[k]
                            let q = identity ? p : transform.apply(to: p)
                            guard q.x.isFinite, q.y.isFinite else { return false }
                            (pts.baseAddress! + k).initialize(to: Point(min(max(q.x, -limit), limit),
                                                                        min(max(q.y, -limit), limit)))
                        }
                        return true
                    }
                    guard finite else { continue }
                    var prev = pts[count &- 1]
                    for k in 0..<count {
                        let p = pts[k]
                        defer { prev = p }
                        if p.y == prev.y { continue }
                        let down = p.y > prev.y
                        let top = down ? prev : p, bottom = down ? p : prev
                        (out.baseAddress! + made).initialize(to: Edge(x0: top.x, y0: top.y, x1: bottom.x, y1: bottom.y,
                                                                      direction: down ? 1 : -1))
                        made &+= 1
                        minX = min(minX, p.x, prev.x); maxX = max(maxX, p.x, prev.x)
                        minY = min(minY, top.y); maxY = max(maxY, bottom.y)
                    }
                }
            }
        }
        edges = Self.sortedByTop(edges)
        if !edges.isEmpty { bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }
    }

    /// `edges` sorted by top y, edges with the same top y in the order they were made (what a stable sort by top y
    /// gives, and so the order the rasterizer's results were pinned with). The order is total, so any sort that
    /// follows it gives the same list: the top y is turned into an order-preserving integer and the (integer, index)
    /// keys are sorted by the integer alone with a stable sort — insertion for short lists, else a least-significant
    /// byte first radix sort by the integer's top three bytes, skipping those all keys share, finished by an
    /// insertion pass — and the edges
    /// are gathered once (docs/RENDERER.md, "Edge order"). A comparison sort of the keys cost O(n log n) comparisons
    /// of 16-byte keys; this is O(n) per byte that differs.
    static func sortedByTop(_ edges: [Edge]) -> [Edge] {
        guard edges.count > 1 else { return edges }
        var sorted = true
        for i in 1..<edges.count where edges[i].y0 < edges[i - 1].y0 { sorted = false; break }
        if sorted { return edges }
        let n = edges.count
        return edges.withUnsafeBufferPointer { e in
            // Keys and result written in place (no append's checks per edge).
            var keys = [SortKey](unsafeUninitializedCapacity: n) { k, made in
                for i in 0..<n {
                    // + 0 turns −0 into +0, which `<` treats as equal; the edges are finite (non-finite polylines are
                    // skipped).
                    let bits = (e[i].y0 + 0).bitPattern
                    let y = bits >> 63 == 0 ? bits | (1 << 63) : ~bits
                    (k.baseAddress! + i).initialize(to: SortKey(y: y, index: i))
                }
                made = n
            }
            keys.withUnsafeMutableBufferPointer { k in
                if k.count <= 32 { insertionSort(k) } else { radixSort(k) }
            }
            return keys.withUnsafeBufferPointer { k in
                [Edge](unsafeUninitializedCapacity: n) { out, made in
                    for i in 0..<n { (out.baseAddress! + i).initialize(to: e[k[i].index]) }
                    made = n
                }
            }
        }
    }

    /// Sorts `keys` by `y`, stably.
    static func insertionSort(_ keys: UnsafeMutableBufferPointer<SortKey>) {
        for i in 1..<keys.count {
            let key = keys[i]
            var j = i
            while j > 0 && keys[j - 1].y > key.y { keys[j] = keys[j - 1]; j -= 1 }
            keys[j] = key
        }
    }

    /// Sorts `keys` by `y`, stably, in two steps: a least-significant byte first radix sort by the key's top three
    /// bytes (the sign, the exponent and the top twelve bits of the Double's mantissa: 1/16 of a pixel at 256–512 px),
    /// one counting pass for each of those bytes that differ among the keys, then an insertion pass by the whole key.
    /// The first step is stable and leaves out of order only keys that share their top three bytes, so the second
    /// (stable too) has little to move and the result is the stable order by `y`. Before, every byte of the Double
    /// took a pass (about eight for fractional coordinates, each clearing its count table) although the low ones
    /// only split keys the top bytes already order (docs/BENCHMARKS.md, "Twenty-eighth round (frames)"). Keys crowded
    /// in one top would make the insertion pass quadratic: past four moves per key it stops and the list, still in the
    /// stable order among equal keys, is sorted by every byte that differs instead.
    static func radixSort(_ keys: UnsafeMutableBufferPointer<SortKey>) {
        let n = keys.count
        let first = keys[0].y
        var differ: UInt64 = 0
        for key in keys { differ |= key.y ^ first }
        let spare = UnsafeMutableBufferPointer<SortKey>.allocate(capacity: n)
        defer { spare.deallocate() }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { counts in
            var from = keys, to = spare
            for byte in 5..<8 {
                let shift = UInt64(byte &* 8)
                if (differ >> shift) & 0xFF == 0 { continue } // every key has this byte
                sortPass(from, into: to, shift: shift, counts: counts)
                swap(&from, &to)
            }
            if from.baseAddress != keys.baseAddress { _ = keys.update(fromContentsOf: from) }
        }
        // The insertion pass by the whole key, bounded: a few moves per key are the keys sharing their top bytes.
        var budget = 4 &* n
        for i in 1..<n {
            let key = keys[i]
            var j = i
            while j > 0 && keys[j &- 1].y > key.y {
                keys[j] = keys[j &- 1]; j &-= 1; budget &-= 1
            }
            keys[j] = key
            if budget < 0 { radixSortEveryByte(keys, differ: differ, spare: spare); return }
        }
    }

    /// Sorts `keys` by `y`, stably: one counting pass for each byte of `y` set in `differ`, lowest first. The plain
    /// form of ``radixSort(_:)``, for keys crowded in one top; `spare` holds at least as many keys.
    static func radixSortEveryByte(_ keys: UnsafeMutableBufferPointer<SortKey>, differ: UInt64,
                                   spare: UnsafeMutableBufferPointer<SortKey>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { counts in
            var from = keys, to = UnsafeMutableBufferPointer(rebasing: spare[0..<keys.count])
            for byte in 0..<8 {
                let shift = UInt64(byte &* 8)
                if (differ >> shift) & 0xFF == 0 { continue }
                sortPass(from, into: to, shift: shift, counts: counts)
                swap(&from, &to)
            }
            if from.baseAddress != keys.baseAddress { _ = keys.update(fromContentsOf: from) }
        }
    }

    /// One stable counting pass: `from`'s keys into `to` by the byte of `y` at `shift`.
    @inline(__always)
    private static func sortPass(_ from: UnsafeMutableBufferPointer<SortKey>,
                                 into to: UnsafeMutableBufferPointer<SortKey>, shift: UInt64,
                                 counts: UnsafeMutableBufferPointer<UInt32>) {
        counts.initialize(repeating: 0)
        for key in from { counts[Int((key.y >> shift) & 0xFF)] &+= 1 }
        var sum: UInt32 = 0
        for d in 0..<256 { let c = counts[d]; counts[d] = sum; sum &+= c }
        for key in from {
            let d = Int((key.y >> shift) & 0xFF)
            to[Int(counts[d])] = key
            counts[d] &+= 1
        }
    }

    /// A top y as an integer in the same order as the Double, and the edge's position.
    struct SortKey { var y: UInt64; var index: Int }
}
