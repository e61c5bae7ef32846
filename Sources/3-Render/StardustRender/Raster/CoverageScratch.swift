/// The coverage rasterizer's working storage, kept from one call to the next: a band drawer holds one for all the paths
/// it draws, where each call of ``CoverageRasterizer/rasterize(_:rule:columns:rows:coverage:_:)`` allocated and freed its
/// pieces, cell differences, active list and entry points, and each ``PathPainter/draw(_:into:)`` its coverage row
/// (five allocations per path and band; docs/BENCHMARKS.md, "lottie", twenty-second round).
///
/// The same numbers: every buffer is written before it is read in a call, except the cell differences, which every call
/// needs all zero and leaves all zero (each row clears the cells it wrote before its coverage is handed out), so a
/// reused buffer starts as a fresh one would. Grows to the largest call; never shrinks. Not thread-safe: one per worker.
final class CoverageScratch {
    /// The pieces of the current call (``CoverageRasterizer/clip(_:columns:rows:into:)``).
    var segments: [CoverageRasterizer.Segment] = []
    /// Cell differences, `cellCapacity` floats, all zero between calls.
    private(set) var cells: UnsafeMutablePointer<Float>
    /// A row of coverages, `cellCapacity` floats.
    private(set) var coverage: UnsafeMutablePointer<Float>
    private(set) var cellCapacity = 0
    /// The active pieces and the x where each enters the current row, `pieceCapacity` each.
    private(set) var active: UnsafeMutablePointer<Int>
    private(set) var entryX: UnsafeMutablePointer<Double>
    private(set) var pieceCapacity = 0

    init() {
        cells = .allocate(capacity: 0); coverage = .allocate(capacity: 0)
        active = .allocate(capacity: 0); entryX = .allocate(capacity: 0)
    }

    deinit { cells.deallocate(); coverage.deallocate(); active.deallocate(); entryX.deallocate() }

    /// Makes room for `cells` cell differences (zero) and coverages and for `pieces` active pieces.
    func reserve(cells count: Int, pieces: Int) {
        if count > cellCapacity {
            // At least double, so that a band's growing paths reallocate a few times, not once per path.
            let n = max(count, 2 * cellCapacity)
            cells.deallocate(); coverage.deallocate()
            cells = .allocate(capacity: n); cells.initialize(repeating: 0, count: n)
            coverage = .allocate(capacity: n)
            cellCapacity = n
        }
        if pieces > pieceCapacity {
            let n = max(pieces, 2 * pieceCapacity)
            active.deallocate(); entryX.deallocate()
            active = .allocate(capacity: n); entryX = .allocate(capacity: n)
            pieceCapacity = n
        }
    }
}
