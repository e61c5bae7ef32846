/// The nearest and second-nearest palette entries of a color, exactly as a brute-force scan in index
/// order finds them (squared RGB distance in integers; the nearest is the lowest index among the
/// closest entries, the second the lowest index among the closest of the rest), but looking only at
/// entries that can be one of the two (docs/CODECS.md, "Palette search").
///
/// The entries are sorted along the channel where the palette spreads most; a query starts where its
/// own value of that channel falls and widens to both sides, nearer side first, until the gap along
/// that channel alone, squared, exceeds the second-best distance so far: such entries are farther
/// than two entries already found, so they can be neither. Integer arithmetic: the bound is exact.
struct NearestEntries {
    private let axis: Int
    /// Entry indices sorted by (value of the sorting channel, index), and their colors in that order.
    private let order: [Int]
    private let keys: [Int]
    private let colors: [SIMD3<Int32>]

    init(_ palette: [SIMD3<UInt8>]) {
        let lo = palette.reduce(SIMD3<UInt8>(repeating: 255)) { pointwiseMin($0, $1) }
        let hi = palette.reduce(SIMD3<UInt8>(repeating: 0)) { pointwiseMax($0, $1) }
        let spread = SIMD3<Int>(truncatingIfNeeded: hi) &- SIMD3<Int>(truncatingIfNeeded: lo)
        let axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : (spread.y >= spread.z ? 1 : 2)
        self.axis = axis
        order = palette.indices.sorted { (palette[$0][axis], $0) < (palette[$1][axis], $1) }
        keys = order.map { Int(palette[$0][axis]) }
        colors = order.map { SIMD3<Int32>(truncatingIfNeeded: palette[$0]) }
    }

    /// The nearest entry, the second nearest and their squared distances (`Int.max` for a missing
    /// second entry, with index 0, as the brute-force scan leaves it).
    func nearestTwo(r: Int, g: Int, b: Int) -> (best: Int, bestD: Int, second: Int, secondD: Int) {
        var best = 0, second = 0
        var bestD = Int.max, secondD = Int.max
        let n = order.count
        guard n > 0 else { return (best, bestD, second, secondD) }
        let v = axis == 0 ? r : (axis == 1 ? g : b)
        // The first sorted position whose value reaches v.
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] >= v { hi = mid } else { lo = mid + 1 }
        }
        var left = lo - 1, right = lo
        keys.withUnsafeBufferPointer { keys in
            colors.withUnsafeBufferPointer { colors in
                order.withUnsafeBufferPointer { order in
                    while true {
                        let gapLeft = left >= 0 ? v &- keys[left] : Int.max
                        let gapRight = right < n ? keys[right] &- v : Int.max
                        let leftOpen = left >= 0 && (secondD == Int.max || gapLeft &* gapLeft <= secondD)
                        let rightOpen = right < n && (secondD == Int.max || gapRight &* gapRight <= secondD)
                        if !leftOpen && !rightOpen { break }
                        let k: Int
                        if leftOpen && (!rightOpen || gapLeft <= gapRight) { k = left; left &-= 1 } else { k = right; right &+= 1 }
                        let c = colors[k], i = order[k]
                        let dr = Int(c.x) &- r, dg = Int(c.y) &- g, db = Int(c.z) &- b
                        let d = dr &* dr &+ dg &* dg &+ db &* db
                        // (distance, index) pairs compared in that order: the result does not depend on the visiting order.
                        if d < bestD || (d == bestD && i < best) {
                            second = best; secondD = bestD
                            best = i; bestD = d
                        } else if d < secondD || (d == secondD && i < second) {
                            second = i; secondD = d
                        }
                    }
                }
            }
        }
        return (best, bestD, second, secondD)
    }
}
