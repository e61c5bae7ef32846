// PairGrid.swift — a uniform grid over the moving tree's leaves for pair finding.
//
// The moving tree's query walk answers "which leaves overlap this fat box",
// in the order the walk meets them (depth first, child2 first); that order
// decides the order in which contacts are made, hence the solver's order and
// every bit of the simulation. The tree is built by incremental insertion, so
// a query pops ~30–90 nodes for ~4 leaves. When many proxies moved in one
// step, it is cheaper to list the tree's leaves once in walk order (their
// rank), file each under the grid cell of its lower corner, and answer each
// query from the cells where an overlapping box's lower corner can lie: the
// overlapping leaves (the same test as the walk's `AABB.overlaps`) sorted by
// rank are the walk's result, in the walk's order. Rebuilt from scratch for
// each such step; never part of the state.

struct PairGrid: Sendable {
    /// One leaf, filed under the cell of its box's lower corner.
    struct Entry: Sendable {
        /// The box as (lower.x, lower.y, −upper.x, −upper.y): it overlaps a
        /// box stored as (upper.x, upper.y, −lower.x, −lower.y) iff every
        /// lane is ≤ (the four tests of `AABB.overlaps`, exactly, in one compare).
        var bounds: SIMD4<Double>
        var rank: Int32
    }

    /// Where the cells are: origin, 1 / cell size, the grid's size in cells,
    /// and how far below a query box an overlapping box's lower corner can lie.
    struct Frame: Sendable {
        var originX = 0.0, originY = 0.0, inverseCell = 1.0
        var columns = 1, rows = 1
        /// At least the largest leaf's width and height, padded past rounding.
        var reachX = 0.0, reachY = 0.0

        /// The cell column (row) of a coordinate, clamped to the grid: it
        /// never decreases as the coordinate grows (floor of a non-decreasing
        /// expression, then a clamp).
        @inline(__always) func column(_ x: Double) -> Int { Int(min(max(((x - originX) * inverseCell).rounded(.down), 0), Double(columns - 1))) }
        @inline(__always) func row(_ y: Double) -> Int { Int(min(max(((y - originY) * inverseCell).rounded(.down), 0), Double(rows - 1))) }
    }

    /// The tree's leaves in walk order: user data (shape) and box by rank.
    var leafData: [Int32] = []
    var leafBoxes: [AABB] = []
    /// Each leaf's cell, by rank (build scratch).
    var leafCell: [Int32] = []
    /// Entries of cell `c` are `entries[cellStart[c]..<cellStart[c + 1]]`, by
    /// rank; cells run along rows, so a row's run of cells is one range.
    var cellStart: [Int32] = []
    var entries: [Entry] = []
    var frame = Frame()

    /// Lists `tree`'s leaves in walk order and files them. Returns false (and
    /// the caller walks the tree instead) when a box is not finite or one box
    /// is so much larger than the rest that the grid would not help.
    mutating func build(_ tree: DynamicTree, stack: inout [Int32]) -> Bool {
        tree.collectLeaves(data: &leafData, boxes: &leafBoxes, stack: &stack)
        let n = leafData.count
        if n == 0 { return false }
        // Bounds, mean and largest size.
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        var largest = SIMD2<Double>(repeating: 0)
        var sizeSum = 0.0
        var finite = true
        leafBoxes.withUnsafeBufferPointer { bp in
            for r in 0..<n {
                let b = bp[r]
                let l = SIMD2(b.lower.x, b.lower.y), u = SIMD2(b.upper.x, b.upper.y)
                if !(l.x.isFinite && l.y.isFinite && u.x.isFinite && u.y.isFinite) { finite = false; break }
                lo = pointwiseMin(lo, l); hi = pointwiseMax(hi, u)
                let size = u - l
                largest = pointwiseMax(largest, size)
                sizeSum += max(size.x, size.y)
            }
        }
        if !finite { return false }
        let mean = sizeSum / Double(n)
        // A query scans the cells within `reach` below its box: one outsized leaf would make every scan long.
        if max(largest.x, largest.y) > 4 * mean + 1e-9 { return false }
        var cell = max(mean, 1e-9)
        let extentX = hi.x - lo.x, extentY = hi.y - lo.y
        // Finite boxes can still span more than `Double` holds.
        if !(extentX.isFinite && extentY.isFinite && mean.isFinite) { return false }
        // At most ~2 cells per leaf: a far outlier makes the cells coarser.
        let limit = Double(max(2 * n, 64))
        while (extentX / cell + 1) * (extentY / cell + 1) > limit { cell *= 2 }
        // The reach is padded far beyond the rounding of the subtractions that use it (relative 1e-16).
        let scale = max(abs(lo.x), abs(lo.y), abs(hi.x), abs(hi.y), 1)
        var f = Frame(originX: lo.x, originY: lo.y, inverseCell: 1 / cell)
        f.columns = Int(extentX * f.inverseCell) + 1
        f.rows = Int(extentY * f.inverseCell) + 1
        f.reachX = largest.x * (1 + 1e-9) + 1e-9 * scale
        f.reachY = largest.y * (1 + 1e-9) + 1e-9 * scale
        frame = f
        let cellCount = f.columns * f.rows
        World.resize(&cellStart, to: cellCount + 1, with: 0)
        World.resize(&leafCell, to: n, with: 0)
        World.resize(&entries, to: n, with: Entry(bounds: SIMD4(), rank: 0))
        // Counting sort by cell; ranks ascend within a cell.
        cellStart.withUnsafeMutableBufferPointer { cp in
        leafCell.withUnsafeMutableBufferPointer { lc in
        leafBoxes.withUnsafeBufferPointer { bp in
        entries.withUnsafeMutableBufferPointer { ep in
            let start = cp.baseAddress!
            start.initialize(repeating: 0, count: cellCount + 1)
            for r in 0..<n {
                let c = f.row(bp[r].lower.y) * f.columns + f.column(bp[r].lower.x)
                lc[r] = Int32(c)
                start[c + 1] += 1
            }
            for c in 0..<cellCount { start[c + 1] += start[c] }
            // `start[c]` runs ahead as cell c fills, then is put back.
            for r in 0..<n {
                let c = Int(lc[r])
                let b = bp[r]
                ep[Int(start[c])] = Entry(bounds: SIMD4(b.lower.x, b.lower.y, -b.upper.x, -b.upper.y), rank: Int32(r))
                start[c] += 1
            }
            var previous: Int32 = 0
            for c in 0..<cellCount {
                let end = start[c]
                start[c] = previous
                previous = end
            }
        }
        }
        }
        }
        return true
    }

    /// Writes to `ranks` the rank of every leaf whose box overlaps `box`
    /// (`AABB.overlaps`, as the tree's walk tests a leaf), in ascending rank:
    /// the walk's order; returns how many. `ranks` has room for every leaf.
    /// `box` must be finite.
    func query(_ box: AABB, into ranks: UnsafeMutablePointer<Int32>) -> Int {
        let f = frame
        // An overlapping leaf's lower corner lies in [box.lower − reach, box.upper].
        let x0 = f.column(box.lower.x - f.reachX), x1 = f.column(box.upper.x)
        let y0 = f.row(box.lower.y - f.reachY), y1 = f.row(box.upper.y)
        let q = SIMD4(box.upper.x, box.upper.y, -box.lower.x, -box.lower.y)
        var count = 0
        cellStart.withUnsafeBufferPointer { cp in
        entries.withUnsafeBufferPointer { ep in
            for y in y0...y1 {
                let rowBase = y * f.columns
                for k in Int(cp[rowBase + x0])..<Int(cp[rowBase + x1 + 1]) {
                    let e = ep.baseAddress! + k
                    if any(e.pointee.bounds .> q) { continue }
                    ranks[count] = e.pointee.rank
                    count += 1
                }
            }
        }
        }
        // Insertion sort: a query finds a handful of leaves.
        var i = 1
        while i < count {
            let r = ranks[i]
            var j = i
            while j > 0 && ranks[j - 1] > r { ranks[j] = ranks[j - 1]; j -= 1 }
            ranks[j] = r
            i += 1
        }
        return count
    }
}
