import StardustCore

/// Exact-area anti-aliased polygon coverage, one scanline at a time.
///
/// For every pixel the rasterizer computes the area of the pixel square
/// covered by the polygons, weighted by winding direction (the signed-area
/// accumulation technique): each edge piece inside a one-pixel-high row
/// adds, to the cells it crosses, the difference of the signed area lying
/// to its right; a prefix sum along the row turns those differences into
/// the winding-weighted coverage `w`, mapped to `min(|w|, 1)` (non-zero) or
/// to the distance of `|w|` from the nearest even integer (even-odd).
///
/// Rows are independent: the coverage of a row depends only on the edges
/// and the column window, so rasterizing rows `a..<c` in one call or as
/// `a..<b` then `b..<c` gives bit-identical results (edges are visited in
/// one global order). Cost per call: O(E log E) to clip and sort the E
/// edges against the column window, then O(edge pieces per row + covered
/// span) per row. Scratch is allocated once per call, never per row, or kept across calls (``CoverageScratch``).
public enum CoverageRasterizer {
    /// An edge piece clipped to the column window, in window-local x.
    struct Segment {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var direction: Float
        /// A global order (edge index, piece index) that makes row results independent of the row range.
        var key: Int
    }

    /// Rasterizes `edges` over the pixels `columns × rows`.
    ///
    /// For each row that may have non-zero coverage, `body(y, span)` is called
    /// after `coverage[x − columns.lowerBound]` has been written for every
    /// `x` in `span` (a sub-range of `columns`); pixels of the row outside
    /// `span` have zero coverage and their buffer entries are left untouched.
    /// Rows not reported are empty.
    ///
    /// - Parameters:
    ///   - coverage: caller-provided storage for at least `columns.count` floats, reused for every row.
    ///   - edges: the edges to fill, in device pixels.
    ///   - rule: how winding numbers map to coverage (non-zero or even-odd).
    ///   - columns: the column window; edges left of it still count towards the winding, edges right of it are dropped.
    ///   - rows: the device rows to rasterize; any split of a range gives bit-identical rows.
    ///   - body: called with the row `y` and the span of columns whose coverage was written.
    public static func rasterize(_ edges: EdgeList, rule: FillRule, columns: Range<Int>, rows: Range<Int>,
                                 coverage: UnsafeMutablePointer<Float>,
                                 _ body: (_ y: Int, _ span: Range<Int>) throws -> Void) rethrows {
        try rasterize(edges, rule: rule, columns: columns, rows: rows, coverage: coverage, scratch: CoverageScratch(), body)
    }

    /// ``rasterize(_:rule:columns:rows:coverage:_:)`` with its pieces, cell differences and active list in `scratch`
    /// (reused from call to call by a band drawer; the same results).
    static func rasterize(_ edges: EdgeList, rule: FillRule, columns: Range<Int>, rows: Range<Int>,
                          coverage: UnsafeMutablePointer<Float>, scratch: CoverageScratch,
                          _ body: (_ y: Int, _ span: Range<Int>) throws -> Void) rethrows {
        let width = columns.count
        guard width > 0, !rows.isEmpty, !edges.isEmpty else { return }
        clip(edges, columns: columns, rows: rows, into: &scratch.segments)
        guard !scratch.segments.isEmpty else { return }
        let evenOdd = rule == .evenOdd
        // All zero (CoverageScratch): each row below clears the cells it wrote.
        scratch.reserve(cells: width + 2, pieces: scratch.segments.count)
        let acc = scratch.cells
        let active = scratch.active
        // The x where each active piece enters the current row (before clamping to the window). A piece that goes on
        // below a row enters the next one at that row's bottom, where it left this one: the same expression of the
        // same numbers, so carrying it over halves the divisions per piece and row and changes no result.
        let entryX = scratch.entryX
        let W = Double(width)
        try scratch.segments.withUnsafeBufferPointer { segs in
            var next = 0, activeCount = 0
            var y = max(rows.lowerBound, Int(segs[0].y0.rounded(.down)))
            while y < rows.upperBound {
                let top = Double(y), bottom = top + 1
                while next < segs.count && segs[next].y0 < bottom {
                    let s = segs[next]
                    if s.y1 > top {
                        // Interpolated (not x0 + Δy·slope) so that a razor-thin piece cannot make inf·0.
                        entryX[activeCount] = s.x0 + (s.x1 - s.x0) * entryFraction(s, top: top)
                        active[activeCount] = next; activeCount += 1
                    }
                    next += 1
                }
                if activeCount == 0 {
                    if next >= segs.count { break }
                    y = max(y + 1, Int(segs[next].y0.rounded(.down)))
                    continue
                }
                var minCell = width + 1, maxCell = -1
                var kept = 0
                for k in 0..<activeCount {
                    let s = segs[active[k]]
                    let ya = max(s.y0, top), yb = min(s.y1, bottom)
                    let exitX = s.x0 + (s.x1 - s.x0) * ((yb - s.y0) / (s.y1 - s.y0))
                    if yb > ya {
                        let xa = min(max(entryX[k], 0), W), xb = min(max(exitX, 0), W)
                        let d = (yb - ya) * Double(s.direction)
                        let lo = min(xa, xb), hi = max(xa, xb)
                        // lo, hi ≥ 0 (clamped to the window), where truncation is the floor: no call to `floor`
                        // (x86-64's baseline has no `roundsd`).
                        let i0 = Int(lo), i1 = Int(hi)
                        if i0 == i1 {
                            let c = d * (Double(i0 + 1) - (xa + xb) * 0.5)
                            acc[i0] += Float(c); acc[i0 + 1] += Float(d - c)
                        } else {
                            // H(x): signed area left of x swept by the piece; c_i = H(i+1) − H(i).
                            let k2 = 0.5 * d / (hi - lo), full = 0.5 * d * (hi - lo)
                            var hPrev = 0.0, cPrev = 0.0
                            for i in i0...i1 {
                                let xr = Double(i + 1)
                                let h = xr <= hi ? k2 * (xr - lo) * (xr - lo) : full + d * (xr - hi)
                                let c = h - hPrev
                                acc[i] += Float(c - cPrev)
                                cPrev = c; hPrev = h
                            }
                            acc[i1 + 1] += Float(d - cPrev)
                        }
                        minCell = min(minCell, i0); maxCell = max(maxCell, i1 + 1)
                    }
                    if s.y1 > bottom { active[kept] = active[k]; entryX[kept] = exitX; kept += 1 }
                }
                activeCount = kept
                if maxCell >= 0 {
                    let start = minCell, end = min(maxCell + 1, width)
                    // Eight cells at a time around the same running sum where the AVX2 kernel is chosen (rows of 16
                    // cells or more), else the Swift loop: the same coverages and sum, bit for bit.
                    let wide = end &- start >= CoverageRowKernel.minimumCells
                        ? CoverageRowKernel.accumulate(acc, into: coverage, start, end, evenOdd: evenOdd) : nil
                    let sum = wide ?? (evenOdd ? accumulate(acc, into: coverage, start, end, evenOdd: true)
                                               : accumulate(acc, into: coverage, start, end, evenOdd: false))
                    var x = end
                    while x <= maxCell { acc[x] = 0; x += 1 }
                    let rest = fold(sum, evenOdd: evenOdd)
                    var spanEnd = end
                    if rest > 0 && end < width {
                        for x in end..<width { coverage[x] = rest }
                        spanEnd = width
                    }
                    if start < spanEnd {
                        try body(y, (columns.lowerBound + start)..<(columns.lowerBound + spanEnd))
                    }
                }
                y += 1
                if activeCount == 0 && next >= segs.count { break }
            }
        }
    }

    /// `(max(s.y0, top) − s.y0) / (s.y1 − s.y0)`, the fraction of piece `s` above the row whose top is `top`, without
    /// the division on the row where the piece starts (docs/RENDERER.md, "Paths: edge order and coverage rows";
    /// twenty-third round): there `s.y0 ≥ top`, so the numerator is `s.y0 − s.y0` = +0 (`s.y0` is finite), and
    /// +0 divided by `s.y1 − s.y0` > 0 (a piece has `y1 > y0`; +∞ too) is +0, the quotient's own bits.
    @inline(__always) static func entryFraction(_ s: Segment, top: Double) -> Double {
        s.y0 >= top ? 0 : (top - s.y0) / (s.y1 - s.y0)
    }

    /// Coverage of `columns × rows` as a row-major array (`rows.count × columns.count`), zeros where empty.
    /// A convenience for tests and small images: O(pixels) memory.
    public static func coverage(_ edges: EdgeList, rule: FillRule, columns: Range<Int>, rows: Range<Int>) -> [Float] {
        let w = columns.count
        var out = [Float](repeating: 0, count: max(0, w * rows.count))
        guard w > 0, !rows.isEmpty else { return out }
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: w)
        defer { buffer.deallocate() }
        out.withUnsafeMutableBufferPointer { o in
            rasterize(edges, rule: rule, columns: columns, rows: rows, coverage: buffer) { y, span in
                let rowBase = (y - rows.lowerBound) * w - columns.lowerBound
                for x in span { o[rowBase + x] = buffer[x - columns.lowerBound] }
            }
        }
        return out
    }

    /// The prefix sum of the row's cell differences `acc[start..<end]` into `coverage` (folded by the fill rule),
    /// clearing `acc`; returns the sum at `end`. Four cells at a time where their differences are all zero (the inside
    /// and the gaps of a shape, where the coverage stays what it was): the same numbers as one cell at a time, since
    /// adding zero leaves the sum as it is (at most the sign of a zero changes, which the fold's `abs` removes).
    @inline(__always) static func accumulate(_ acc: UnsafeMutablePointer<Float>, into coverage: UnsafeMutablePointer<Float>,
                                             _ start: Int, _ end: Int, evenOdd: Bool) -> Float {
        var sum: Float = 0
        var x = start
        while x < end {
            if x &+ 4 <= end, laneBits(UnsafeRawPointer(acc + x).loadUnaligned(as: SIMD4<Float>.self) .== 0) == 15 {
                // A run of such blocks: the folded sum is the same for all of them, computed once per run.
                let folded = SIMD4(repeating: fold(sum, evenOdd: evenOdd))
                repeat {
                    UnsafeMutableRawPointer(coverage + x).storeBytes(of: folded, as: SIMD4<Float>.self)
                    UnsafeMutableRawPointer(acc + x).storeBytes(of: SIMD4<Float>(), as: SIMD4<Float>.self)
                    x &+= 4
                } while x &+ 4 <= end && laneBits(UnsafeRawPointer(acc + x).loadUnaligned(as: SIMD4<Float>.self) .== 0) == 15
                continue
            }
            let stop = min(x &+ 4, end)
            while x < stop { sum += acc[x]; acc[x] = 0; coverage[x] = fold(sum, evenOdd: evenOdd); x &+= 1 }
        }
        return sum
    }

    /// Maps winding-weighted coverage to 0…1 under the fill rule.
    @inline(__always) static func fold(_ w: Float, evenOdd: Bool) -> Float {
        let a = abs(w)
        if !evenOdd { return min(a, 1) }
        let m = a - 2 * (a * 0.5).rounded(.down)
        return m > 1 ? 2 - m : m
    }

    /// Clips every edge that meets `rows` to the column window: pieces left
    /// of it become vertical edges on its left side (they still change the
    /// winding), pieces right of it are dropped. The result is sorted by top y
    /// with ties broken by the global key.
    static func clip(_ list: EdgeList, columns: Range<Int>, rows: Range<Int>) -> [Segment] {
        var out: [Segment] = []
        clip(list, columns: columns, rows: rows, into: &out)
        return out
    }

    /// ``clip(_:columns:rows:)`` into `out`, replacing what it held and keeping its storage.
    static func clip(_ list: EdgeList, columns: Range<Int>, rows: Range<Int>, into out: inout [Segment]) {
        let left = Double(columns.lowerBound), W = Double(columns.count)
        let rowTop = Double(rows.lowerBound), rowBottom = Double(rows.upperBound)
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(list.edges.count + 8)
        for (index, e) in list.edges.enumerated() {
            // The list's edges are sorted by top y: from the first that starts at or below the rows on, none meets
            // them, so the scan stops there (a path drawn in every band of a frame was scanned whole by each band).
            if e.y0 >= rowBottom { break }
            if e.y1 <= rowTop { continue }
            let ax = e.x0 - left, bx = e.x1 - left
            if ax >= W && bx >= W { continue }
            let h = e.y1 - e.y0
            func xAt(_ y: Double) -> Double { ax + (bx - ax) * ((y - e.y0) / h) }
            func yAt(_ x: Double) -> Double { e.y0 + h * ((x - ax) / (bx - ax)) }
            // Cut where the edge crosses x = 0 and x = W (at most two cuts, in y order).
            var cut1 = e.y1, cut2 = e.y1, cuts = 0
            if (ax < 0) != (bx < 0) { cut1 = min(max(yAt(0), e.y0), e.y1); cuts = 1 }
            if (ax < W) != (bx < W) {
                let c = min(max(yAt(W), e.y0), e.y1)
                if cuts == 0 { cut1 = c } else { cut2 = max(cut1, c); cut1 = min(cut1, c) }
                cuts += 1
            }
            var ya = e.y0
            for p in 0...cuts {
                let yb = p == cuts ? e.y1 : (p == 0 ? cut1 : cut2)
                defer { ya = yb }
                guard yb > ya else { continue }
                var xa = p == 0 ? ax : xAt(ya), xb = p == cuts ? bx : xAt(yb)
                let mid = (xa + xb) * 0.5
                if mid >= W { continue }
                if mid <= 0 { xa = 0; xb = 0 } else { xa = min(max(xa, 0), W); xb = min(max(xb, 0), W) }
                out.append(Segment(x0: xa, y0: ya, x1: xb, y1: yb,
                                   direction: e.direction, key: index &* 4 &+ p))
            }
        }
        // The list's edges come sorted by top y, so the pieces are already in order unless an edge was cut at a side
        // of the window: checking is linear, sorting is not (docs/RENDERER.md, "Edge order").
        let before: (Segment, Segment) -> Bool = { $0.y0 < $1.y0 || ($0.y0 == $1.y0 && $0.key < $1.key) }
        if out.count > 1 {
            var sorted = true
            for i in 1..<out.count where before(out[i], out[i - 1]) { sorted = false; break }
            if !sorted { out.sort(by: before) }
        }
    }
}
