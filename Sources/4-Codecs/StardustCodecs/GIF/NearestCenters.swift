import StardustCore

/// The nearest of a set of k-means centers to a color, exactly as a brute-force scan finds it (squared
/// RGB distance `(dr·dr + dg·dg) + db·db` in `Float`, the lowest center index on ties), but looking at
/// only the centers that can win (docs/CODECS.md, "Palette search").
///
/// The centers are sorted along the channel where they spread most and stored eight to a block. A
/// query starts at the block where its own value of that channel falls and widens to the left and
/// right block by block, nearest edge first, until the gap along that channel alone, squared, exceeds
/// the best distance found so far: every center beyond it is farther along that channel than the best
/// one is in total, so it can neither win nor tie. (Rounding is monotone, so the computed distance of
/// a center is never below the computed square of its gap: the bound holds for the `Float` values,
/// not only for exact ones.) On a palette of 255 centers a query visits a few blocks instead of 32.
struct NearestCenters {
    /// Centers per block (one SIMD register per channel).
    typealias Lanes = SIMD8<Float>
    private let axis: Int
    private var r: [Lanes] = [], g: [Lanes] = [], b: [Lanes] = []
    /// The original index of each lane's center (`Int32.max` for padding, which never wins).
    private var index: [SIMD8<Int32>] = []
    /// The smallest and largest value of the sorting channel in each block (padding excluded).
    private var low: [Float] = [], high: [Float] = []

    init(_ centers: [SIMD3<Float>]) {
        precondition(!centers.isEmpty)
        let lo = centers.reduce(SIMD3<Float>(repeating: .infinity)) { pointwiseMin($0, $1) }
        let hi = centers.reduce(SIMD3<Float>(repeating: -.infinity)) { pointwiseMax($0, $1) }
        let spread = hi - lo
        axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : (spread.y >= spread.z ? 1 : 2)
        let order = centers.indices.sorted { (centers[$0][axis], $0) < (centers[$1][axis], $1) }
        let blocks = (centers.count + 7) / 8
        // Padding lanes lie far away: their distance overflows to +∞ and their index never wins a tie.
        r = [Lanes](repeating: Lanes(repeating: 1e30), count: blocks); g = r; b = r
        index = [SIMD8<Int32>](repeating: SIMD8(repeating: .max), count: blocks)
        low = [Float](repeating: .infinity, count: blocks); high = [Float](repeating: -.infinity, count: blocks)
        for (k, j) in order.enumerated() {
            let q = k / 8, l = k % 8, c = centers[j]
            r[q][l] = c.x; g[q][l] = c.y; b[q][l] = c.z
            index[q][l] = Int32(j)
            low[q] = min(low[q], c[axis]); high[q] = max(high[q], c[axis])
        }
    }

    /// The index of the center nearest to `color` (the lowest index among equally near ones).
    func nearest(_ color: SIMD3<Float>) -> Int32 {
        let blocks = r.count
        let v = color[axis]
        // The first block whose largest value reaches v (the last block when none does).
        var lo = 0, hi = blocks - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if high[mid] >= v { hi = mid } else { lo = mid + 1 }
        }
        let cr = Lanes(repeating: color.x), cg = Lanes(repeating: color.y), cb = Lanes(repeating: color.z)
        var bestD = Lanes(repeating: .infinity)
        var best = SIMD8<Int32>(repeating: .max)
        // Each lane keeps the least (distance, index) pair it has seen, so the visiting order does not matter.
        @inline(__always) func visit(_ q: Int) {
            let dr = cr - r[q], dg = cg - g[q], db = cb - b[q]
            let dist = dr * dr + dg * dg + db * db
            let closer = (dist .< bestD) .| ((dist .== bestD) .& (index[q] .< best))
            bestD.replace(with: dist, where: closer)
            best.replace(with: index[q], where: closer)
        }
        visit(lo)
        var bound = bestD.min()
        var left = lo - 1, right = lo + 1
        while true {
            // Gaps along the sorting channel to the nearest edge of the next block on each side (≥ 0).
            let gapLeft = left >= 0 ? v - high[left] : Float.infinity
            let gapRight = right < blocks ? low[right] - v : Float.infinity
            let leftOpen = left >= 0 && gapLeft * gapLeft <= bound
            let rightOpen = right < blocks && gapRight * gapRight <= bound
            if !leftOpen && !rightOpen { break }
            if leftOpen && (!rightOpen || gapLeft <= gapRight) {
                visit(left); left -= 1
            } else {
                visit(right); right += 1
            }
            bound = bestD.min()
        }
        return best.replacing(with: .max, where: bestD .!= bound).min()
    }

    /// The nearest center of every bin color, in parallel over chunks of bins (each on its own, so the
    /// result does not depend on `threads`; 0 = all cores).
    static func assign(_ colors: UnsafeBufferPointer<SIMD3<Float>>, to centers: [SIMD3<Float>], threads: Int) -> [Int32] {
        let search = NearestCenters(centers)
        var nearest = [Int32](repeating: 0, count: colors.count)
        nearest.withUnsafeMutableBufferPointer { out in
            let chunk = 2048
            parallelFor((colors.count + chunk - 1) / chunk, threads: threads) { c in
                for k in (c * chunk)..<min(colors.count, (c + 1) * chunk) { out[k] = search.nearest(colors[k]) }
            }
        }
        return nearest
    }
}
