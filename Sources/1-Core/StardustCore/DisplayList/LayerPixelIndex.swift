/// The pixels of every layer of a ``LayerAssignment``, listed row by row and layer by layer, so that
/// drawing layer `k` visits only its own pixels instead of testing every pixel of its columns.
///
/// Row `y` owns `2·width` slots of ``columns`` (UInt16 column numbers). Within the row the columns
/// are grouped by layer, and ascending within each group: layer `k`'s pixels of row `y` are
/// `columns[2·width·y + starts[y·(N+1) + k] ..< 2·width·y + starts[y·(N+1) + k + 1]]`.
/// A pixel whose two draws are equal is listed once in that layer.
///
/// Memory: 4 bytes per pixel plus 2·(N + 1) bytes per row and 4 per layer — about 4.1 bytes per pixel for N = 32
/// and 4.5 for N = 256 on a 1024-row picture (the assignment's own 2 bytes per pixel not counted):
/// it does not grow as N images. Only images up to 32,767 pixels wide are indexed (columns are
/// 16-bit); ``init(_:threads:)`` returns `nil` above that, and drawing then masks texel by texel.
///
/// Immutable and shared by reference (compared by identity), like ``LayerAssignment``.
public final class LayerPixelIndex: Hashable, Sendable {
    /// The assignment indexed.
    public let assignment: LayerAssignment
    /// `2·width·height` slots: per row, the columns of layer 0's pixels, then layer 1's, and so on
    /// (ascending within a layer); the row's unused tail slots are 0.
    public let columns: [UInt16]
    /// `height·(N + 1)` offsets within each row's slots: layer `k` of row `y` starts at
    /// `starts[y·(N+1) + k]` and ends where layer `k + 1` starts.
    public let starts: [UInt16]

    /// `2·N` column bounds: layer `k`'s pixels, over all rows, lie in columns `extents[2k] ..< extents[2k + 1]`
    /// (`0 ..< 0` for a layer without pixels). See ``columns(ofLayer:)``.
    private let extents: [UInt16]

    /// The widest picture indexed (pixels): two 16-bit slots per pixel of a row.
    public static let maxWidth = 32_767

    /// Indexes `assignment`, rows split over `threads` workers (0 = every core; the result does not
    /// depend on it). `nil` when the picture is wider than ``maxWidth``.
    ///
    /// Complexity: O(pixels + rows·N), two passes over each row; allocates the two arrays only.
    public init?(_ assignment: LayerAssignment, threads: Int = 1) {
        let w = assignment.width, h = assignment.height, n = assignment.layerCount
        guard w <= Self.maxWidth else { return nil }
        self.assignment = assignment
        let slots = 2 * w * h, stride = n + 1
        var columns = [UInt16](repeating: 0, count: slots)
        var starts = [UInt16](repeating: 0, count: h * stride)
        guard slots > 0 else {
            self.columns = columns; self.starts = starts; extents = [UInt16](repeating: 0, count: 2 * n); return
        }
        let rowsPerChunk = max(1, (1 << 15) / max(1, w))
        let chunks = (h + rowsPerChunk - 1) / rowsPerChunk
        // Per chunk and layer, the lowest first column and the highest last column + 1 of its rows (merged below).
        var chunkExtents = [Int](repeating: 0, count: chunks * 2 * n)
        assignment.draws.withUnsafeBufferPointer { drawsBuffer in
            columns.withUnsafeMutableBufferPointer { columnsBuffer in
                starts.withUnsafeMutableBufferPointer { startsBuffer in
                    chunkExtents.withUnsafeMutableBufferPointer { extentsBuffer in
                        let draws = IndexPointers(draws: drawsBuffer.baseAddress!, columns: columnsBuffer.baseAddress!,
                                                  starts: startsBuffer.baseAddress!, extents: extentsBuffer.baseAddress!)
                        parallelFor(chunks, threads: threads) { c in
                            // One scratch counter array per chunk (not per row or pixel).
                            var next = [Int](repeating: 0, count: stride)
                            next.withUnsafeMutableBufferPointer { nb in
                                let next = nb.baseAddress!
                                let e = draws.extents + c * 2 * n
                                for k in 0..<n { e[2 * k] = Int.max; e[2 * k + 1] = Int.min }
                                for y in (c * rowsPerChunk)..<min(h, (c + 1) * rowsPerChunk) {
                                    draws.indexRow(y, width: w, layerCount: n, next: next)
                                    draws.widenExtents(e, row: y, width: w, layerCount: n)
                                }
                            }
                        }
                    }
                }
            }
        }
        var extents = [UInt16](repeating: 0, count: 2 * n)
        for k in 0..<n {
            var lo = Int.max, hi = Int.min
            for c in 0..<chunks {
                lo = min(lo, chunkExtents[c * 2 * n + 2 * k]); hi = max(hi, chunkExtents[c * 2 * n + 2 * k + 1])
            }
            if lo < hi { extents[2 * k] = UInt16(lo); extents[2 * k + 1] = UInt16(hi) }
        }
        self.columns = columns
        self.starts = starts
        self.extents = extents
    }

    /// The columns holding layer `k`'s pixels over all rows: from its leftmost pixel's column to its rightmost
    /// one's, plus one (`0 ..< 0` when the layer has no pixel). A renderer uses it to skip what cannot be drawn.
    @inlinable public func columns(ofLayer k: Int) -> Range<Int> {
        let e = extentBounds(k)
        return e.0..<e.1
    }

    /// The two bounds of ``columns(ofLayer:)``.
    @usableFromInline func extentBounds(_ k: Int) -> (Int, Int) { (Int(extents[2 * k]), Int(extents[2 * k + 1])) }

    /// The extra bytes the index holds (the column lists, the offsets and 4 bytes per layer of column bounds).
    public var byteCount: Int { 2 * columns.count + 2 * starts.count + 2 * extents.count }

    /// The columns of layer `k`'s pixels in row `y`, ascending (offsets into ``columns``).
    @inlinable public func range(row y: Int, layer k: Int) -> Range<Int> {
        let base = 2 * assignment.width * y, s = y * (assignment.layerCount + 1) + k
        return (base + Int(starts[s]))..<(base + Int(starts[s + 1]))
    }

    public static func == (a: LayerPixelIndex, b: LayerPixelIndex) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// The raw buffers the index's workers share; each writes only its own rows.
private struct IndexPointers: @unchecked Sendable {
    let draws: UnsafePointer<UInt8>
    let columns: UnsafeMutablePointer<UInt16>
    let starts: UnsafeMutablePointer<UInt16>
    /// Per chunk, `2·N` running column bounds (see ``widenExtents(_:row:width:layerCount:)``).
    let extents: UnsafeMutablePointer<Int>

    /// Widens `e` (per layer: lowest first column, highest last column + 1) by row `y`'s runs (already indexed).
    func widenExtents(_ e: UnsafeMutablePointer<Int>, row y: Int, width w: Int, layerCount n: Int) {
        let out = columns + 2 * w * y, s = starts + (n + 1) * y
        for k in 0..<n {
            let lo = Int(s[k]), hi = Int(s[k + 1])
            if lo == hi { continue }
            e[2 * k] = min(e[2 * k], Int(out[lo]))
            e[2 * k + 1] = max(e[2 * k + 1], Int(out[hi - 1]) + 1)
        }
    }

    /// Counts row `y`'s pixels per layer, turns the counts into offsets, then places the columns.
    func indexRow(_ y: Int, width w: Int, layerCount n: Int, next: UnsafeMutablePointer<Int>) {
        let d = draws + 2 * w * y, out = columns + 2 * w * y, s = starts + (n + 1) * y
        for k in 0...n { next[k] = 0 }
        for x in 0..<w {
            let a = Int(d[2 * x]), b = Int(d[2 * x + 1])
            next[a + 1] += 1
            if b != a { next[b + 1] += 1 }
        }
        for k in 0..<n { next[k + 1] += next[k] }
        for k in 0...n { s[k] = UInt16(truncatingIfNeeded: next[k]) }
        for x in 0..<w {
            let a = Int(d[2 * x]), b = Int(d[2 * x + 1])
            out[next[a]] = UInt16(truncatingIfNeeded: x); next[a] += 1
            if b != a { out[next[b]] = UInt16(truncatingIfNeeded: x); next[b] += 1 }
        }
    }
}
