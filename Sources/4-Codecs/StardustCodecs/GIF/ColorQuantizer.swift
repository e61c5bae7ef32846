import StardustCore

/// Exact color counts: an open-addressed hash of 24-bit colors to weights (pixel-frames).
struct ColorCounts {
    /// `color | 1 << 24`, 0 = empty.
    private var keys = [UInt32](repeating: 0, count: 1 << 12)
    private var weights = [UInt64](repeating: 0, count: 1 << 12)
    private(set) var distinct = 0

    /// Adds `weight` to the 24-bit color `rgb` (r in the low byte).
    mutating func add(_ rgb: UInt32, _ weight: UInt64) {
        let key = (rgb & 0x00FF_FFFF) | 0x0100_0000
        var mask = keys.count - 1
        var s = Int((key &* 0x9E37_79B1) >> 8) & mask
        while true {
            let k = keys[s]
            if k == key { weights[s] &+= weight; return }
            if k == 0 { break }
            s = (s &+ 1) & mask
        }
        keys[s] = key; weights[s] = weight
        distinct += 1
        if distinct * 2 > keys.count {
            let oldKeys = keys, oldWeights = weights
            keys = [UInt32](repeating: 0, count: oldKeys.count * 2)
            weights = [UInt64](repeating: 0, count: oldKeys.count * 2)
            mask = keys.count - 1
            for (k, w) in zip(oldKeys, oldWeights) where k != 0 {
                var t = Int((k &* 0x9E37_79B1) >> 8) & mask
                while keys[t] != 0 { t = (t &+ 1) & mask }
                keys[t] = k; weights[t] = w
            }
        }
    }

    /// Adds every pixel with alpha ≥ 128 of straight RGBA8 words (weight 1 each; runs collapsed).
    mutating func add(_ pixels: UnsafeBufferPointer<UInt32>) {
        var run: UInt32 = 0xFFFF_FFFF
        var n: UInt64 = 0
        for c in pixels where c >= 0x8000_0000 {
            let rgb = c & 0x00FF_FFFF
            if rgb == run { n &+= 1; continue }
            if n > 0 { add(run, n) }
            run = rgb; n = 1
        }
        if n > 0 { add(run, n) }
    }

    /// (color, weight) pairs sorted by color: the order does not depend on insertion history.
    func sortedEntries() -> [(rgb: UInt32, weight: UInt64)] {
        var out: [(rgb: UInt32, weight: UInt64)] = []
        out.reserveCapacity(distinct)
        for (k, w) in zip(keys, weights) where k != 0 { out.append((k & 0x00FF_FFFF, w)) }
        out.sort { $0.rgb < $1.rgb }
        return out
    }
}

enum ColorQuantizer {
    private struct Bin { var color: SIMD3<Float>; var weight: Float }

    /// Bins above this count are merged into 6-bit (then 5-bit) cells first, bounding the k-means cost.
    static let maxBins = 32768
    /// k-means rounds after median cut.
    static let lloydRounds = 3

    /// A palette of at most `maxColors` colors for exactly counted colors: the colors themselves when
    /// they fit, otherwise median cut + k-means weighted by the counts (which minimizes the squared
    /// error summed over all counted pixels). Deterministic: depends only on the counts, not on
    /// `threads` (the most threads for the nearest-center searches; 0 = all cores).
    static func palette(from counts: ColorCounts, maxColors: Int, threads: Int = 0) -> [SIMD3<UInt8>] {
        let entries = counts.sortedEntries()
        guard !entries.isEmpty, maxColors > 0 else { return [] }
        if entries.count <= maxColors {
            return entries.map { SIMD3(UInt8($0.rgb & 0xFF), UInt8(($0.rgb >> 8) & 0xFF), UInt8(($0.rgb >> 16) & 0xFF)) }
        }
        var bins: [Bin] = []
        for shift in [0, 2, 3] {
            // Merge colors into cells of 2^shift levels per channel (exact sums, so means stay exact).
            if shift > 0 && bins.count <= maxBins { break }
            var cells: [UInt32: (SIMD3<Double>, Double)] = [:]
            var order: [UInt32] = []
            for e in entries {
                let r = e.rgb & 0xFF, g = (e.rgb >> 8) & 0xFF, b = (e.rgb >> 16) & 0xFF
                let key = (r >> shift) << 16 | (g >> shift) << 8 | (b >> shift)
                let w = Double(e.weight)
                let c = SIMD3(Double(r), Double(g), Double(b)) * w
                if let old = cells[key] { cells[key] = (old.0 + c, old.1 + w) } else { cells[key] = (c, w); order.append(key) }
            }
            order.sort()
            bins = order.map { k in let v = cells[k]!; return Bin(color: SIMD3<Float>(v.0 / v.1), weight: Float(v.1)) }
        }
        if bins.count <= maxColors { return bins.map { round($0.color) } }
        var centers = medianCut(&bins, maxColors: maxColors)
        let colors = bins.map(\.color)
        // Each round assigns every bin to its nearest center, then moves the centers; the last
        // assignment (to the final centers) decides which colors the centers snap to.
        for _ in 0..<lloydRounds {
            let nearest = colors.withUnsafeBufferPointer { NearestCenters.assign($0, to: centers, threads: threads) }
            centers = lloyd(bins, centers, nearest)
        }
        let nearest = colors.withUnsafeBufferPointer { NearestCenters.assign($0, to: centers, threads: threads) }
        return snapToDominantColors(bins, centers, nearest).map(round)
    }

    /// Moves each center onto the heaviest color of its cluster (`nearest`: each bin's nearest center)
    /// when that color holds at least half of the cluster's weight, so flat colors (UI fills, text, a
    /// white box) are reproduced exactly. O(bins); the sums stay in bin order.
    private static func snapToDominantColors(_ bins: [Bin], _ centers: [SIMD3<Float>], _ nearest: [Int32]) -> [SIMD3<Float>] {
        let n = centers.count
        var total = [Float](repeating: 0, count: n)
        var heaviest = [Int](repeating: -1, count: n)
        for (k, b) in bins.enumerated() {
            let best = Int(nearest[k])
            total[best] += b.weight
            if heaviest[best] < 0 || bins[heaviest[best]].weight < b.weight { heaviest[best] = k }
        }
        return (0..<n).map { j in
            let h = heaviest[j]
            return h >= 0 && bins[h].weight * 2 >= total[j] ? bins[h].color : centers[j]
        }
    }

    private static func round(_ c: SIMD3<Float>) -> SIMD3<UInt8> {
        let r = (c.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))).rounded(.toNearestOrEven)
        return SIMD3(UInt8(r.x), UInt8(r.y), UInt8(r.z))
    }

    private struct Box { var range: Range<Int>; var error: Float; var mean: SIMD3<Float> }

    private static func makeBox(_ bins: [Bin], _ range: Range<Int>) -> Box {
        var w: Float = 0
        var s = SIMD3<Float>.zero
        var s2 = SIMD3<Float>.zero
        for i in range { let b = bins[i]; w += b.weight; s += b.color * b.weight; s2 += b.color * b.color * b.weight }
        let mean = s / max(w, 1)
        let err = (s2 - s * mean).sum()
        return Box(range: range, error: range.count > 1 ? err : -1, mean: mean)
    }

    private static func medianCut(_ bins: inout [Bin], maxColors: Int) -> [SIMD3<Float>] {
        var boxes = [makeBox(bins, 0..<bins.count)]
        while boxes.count < maxColors {
            guard let pick = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }), boxes[pick].error > 0 else { break }
            let range = boxes[pick].range
            var lo = SIMD3<Float>(repeating: 255), hi = SIMD3<Float>(repeating: 0)
            var total: Float = 0
            for i in range { lo = pointwiseMin(lo, bins[i].color); hi = pointwiseMax(hi, bins[i].color); total += bins[i].weight }
            let extent = hi - lo
            let axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2)
            bins[range].sort { $0.color[axis] < $1.color[axis] }
            var acc: Float = 0
            var cut = range.lowerBound + 1
            for i in range {
                acc += bins[i].weight
                if acc >= total / 2 { cut = i + 1; break }
            }
            cut = min(max(cut, range.lowerBound + 1), range.upperBound - 1)
            boxes[pick] = makeBox(bins, range.lowerBound..<cut)
            boxes.append(makeBox(bins, cut..<range.upperBound))
        }
        return boxes.map(\.mean)
    }

    /// One k-means update over the weighted bins, given each bin's nearest center (``NearestCenters``,
    /// found in parallel); empty clusters keep their center. The sums run in bin order on one thread, so
    /// the result does not depend on the thread count. O(bins).
    private static func lloyd(_ bins: [Bin], _ centers: [SIMD3<Float>], _ nearest: [Int32]) -> [SIMD3<Float>] {
        let n = centers.count
        var sums = [Float](repeating: 0, count: 4 * n)
        sums.withUnsafeMutableBufferPointer { sums in
            for (k, b) in bins.enumerated() {
                let best = Int(nearest[k])
                let r = b.color.x, g = b.color.y, bl = b.color.z
                sums[4 * best] += r * b.weight
                sums[4 * best + 1] += g * b.weight
                sums[4 * best + 2] += bl * b.weight
                sums[4 * best + 3] += b.weight
            }
        }
        return (0..<n).map { j in
            let w = sums[4 * j + 3]
            return w > 0 ? SIMD3(sums[4 * j], sums[4 * j + 1], sums[4 * j + 2]) / w : centers[j]
        }
    }
}
