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
        // Room for every edge (at most one per point) and for the longest polyline's points, reserved once: growing
        // the arrays by appends reallocated and copied them about log₂(n) times per path and frame.
        var points = 0, longest = 0
        for pl in polylines { points &+= pl.points.count; longest = max(longest, pl.points.count) }
        edges.reserveCapacity(points)
        var pts: [Point] = []
        pts.reserveCapacity(longest)
        for pl in polylines {
            guard pl.points.count >= 2 else { continue }
            pts.removeAll(keepingCapacity: true)
            var finite = true
            for p in pl.points {
                let q = transform.isIdentity ? p : transform.apply(to: p)
                guard q.x.isFinite, q.y.isFinite else { finite = false; break }
                pts.append(Point(min(max(q.x, -limit), limit), min(max(q.y, -limit), limit)))
            }
            guard finite else { continue }
            var prev = pts[pts.count - 1]
            for p in pts {
                defer { prev = p }
                if p.y == prev.y { continue }
                let down = p.y > prev.y
                let top = down ? prev : p, bottom = down ? p : prev
                edges.append(Edge(x0: top.x, y0: top.y, x1: bottom.x, y1: bottom.y, direction: down ? 1 : -1))
                minX = min(minX, p.x, prev.x); maxX = max(maxX, p.x, prev.x)
                minY = min(minY, top.y); maxY = max(maxY, bottom.y)
            }
        }
        edges = Self.sortedByTop(edges)
        if !edges.isEmpty { bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }
    }

    /// `edges` sorted by top y, edges with the same top y in the order they were made (what a stable sort by top y
    /// gives, and so the order the rasterizer's results were pinned with). The order is total, so any sort that
    /// follows it gives the same list: the top y is turned into an order-preserving integer and the (integer, index)
    /// keys are sorted by the integer alone with a stable sort — insertion for short lists, else a least-significant
    /// byte first radix sort, skipping the bytes all keys share (the high bytes of nearby coordinates) — and the edges
    /// are gathered once (docs/RENDERER.md, "Edge order"). A comparison sort of the keys cost O(n log n) comparisons
    /// of 16-byte keys; this is O(n) per byte that differs.
    static func sortedByTop(_ edges: [Edge]) -> [Edge] {
        guard edges.count > 1 else { return edges }
        var sorted = true
        for i in 1..<edges.count where edges[i].y0 < edges[i - 1].y0 { sorted = false; break }
        if sorted { return edges }
        var keys = [SortKey]()
        keys.reserveCapacity(edges.count)
        for (i, e) in edges.enumerated() {
            // + 0 turns −0 into +0, which `<` treats as equal; the edges are finite (non-finite polylines are skipped).
            let bits = (e.y0 + 0).bitPattern
            keys.append(SortKey(y: bits >> 63 == 0 ? bits | (1 << 63) : ~bits, index: i))
        }
        keys.withUnsafeMutableBufferPointer { k in
            if k.count <= 32 { insertionSort(k) } else { radixSort(k) }
        }
        return keys.map { edges[$0.index] }
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

    /// Sorts `keys` by `y`, stably: one counting pass per byte of `y`, lowest first.
    static func radixSort(_ keys: UnsafeMutableBufferPointer<SortKey>) {
        let n = keys.count
        // 32-bit counts (an edge list never holds 2³² edges): half the table to clear per sort, which was a
        // visible share of a Lottie frame's instructions (docs/BENCHMARKS.md, "Sixth round").
        let counts = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 8 * 256)
        let spare = UnsafeMutableBufferPointer<SortKey>.allocate(capacity: n)
        defer { counts.deallocate(); spare.deallocate() }
        counts.initialize(repeating: 0)
        for key in keys {
            var y = key.y
            for byte in 0..<8 { counts[byte &* 256 &+ Int(y & 0xFF)] &+= 1; y >>= 8 }
        }
        var from = keys, to = spare
        for byte in 0..<8 {
            let shift = UInt64(byte &* 8), base = byte &* 256
            if Int(counts[base &+ Int((from[0].y >> shift) & 0xFF)]) == n { continue } // every key has this byte
            var sum: UInt32 = 0
            for d in base..<(base &+ 256) { let c = counts[d]; counts[d] = sum; sum &+= c }
            for key in from {
                let d = base &+ Int((key.y >> shift) & 0xFF)
                to[Int(counts[d])] = key
                counts[d] &+= 1
            }
            swap(&from, &to)
        }
        if from.baseAddress != keys.baseAddress { _ = keys.update(fromContentsOf: from) }
    }

    /// A top y as an integer in the same order as the Double, and the edge's position.
    struct SortKey { var y: UInt64; var index: Int }
}
