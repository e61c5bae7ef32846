/// The pixels of every layer of a ``LayerAssignment``, listed row by row and layer by layer, so that
/// drawing layer `k` visits only its own pixels instead of testing every pixel of its columns.
///
/// Row `y` owns `2·width` slots of ``columns`` (UInt16 column numbers). Within the row the columns
/// are grouped by layer, and ascending within each group: layer `k`'s pixels of row `y` are
/// `columns[2·width·y + starts[y·(N+1) + k] ..< 2·width·y + starts[y·(N+1) + k + 1]]`.
/// A pixel whose two draws are equal is listed once in that layer.
///
/// Memory: 4 bytes per pixel plus 2·(N + 1) bytes per row — about 4.1 bytes per pixel for N = 32
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
        guard slots > 0 else { self.columns = columns; self.starts = starts; return }
        let rowsPerChunk = max(1, (1 << 15) / max(1, w))
        let chunks = (h + rowsPerChunk - 1) / rowsPerChunk
        assignment.draws.withUnsafeBufferPointer { drawsBuffer in
            columns.withUnsafeMutableBufferPointer { columnsBuffer in
                starts.withUnsafeMutableBufferPointer { startsBuffer in
                    let draws = IndexPointers(draws: drawsBuffer.baseAddress!, columns: columnsBuffer.baseAddress!,
                                              starts: startsBuffer.baseAddress!)
                    parallelFor(chunks, threads: threads) { c in
                        // One scratch counter array per chunk (not per row or pixel).
                        var next = [Int](repeating: 0, count: stride)
                        next.withUnsafeMutableBufferPointer { nb in
                            let next = nb.baseAddress!
                            for y in (c * rowsPerChunk)..<min(h, (c + 1) * rowsPerChunk) {
                                draws.indexRow(y, width: w, layerCount: n, next: next)
                            }
                        }
                    }
                }
            }
        }
        self.columns = columns
        self.starts = starts
    }

    /// The extra bytes the index holds.
    public var byteCount: Int { 2 * columns.count + 2 * starts.count }

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
