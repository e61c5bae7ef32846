/// Builds palettes of at most 256 colors: median cut on a 5-bit-per-channel histogram, refined by
/// two rounds of k-means (Lloyd) over the histogram bins.
///
/// Median cut repeatedly splits the box with the largest squared error at the weighted median of its
/// widest channel; each box's color is the mean of the pixels in it. Cost: O(pixels) to fill the
/// histogram plus O(bins · colors) per k-means round (bins ≤ 32 768), independent of the image size.
struct ColorHistogram {
    /// Per 15-bit bin: pixel count and channel sums (full 8-bit precision).
    var count = [UInt32](repeating: 0, count: 32768)
    var sums = [SIMD4<UInt32>](repeating: .zero, count: 32768)

    @inline(__always) static func bin(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
    }

    /// Adds every `step`-th pixel with alpha ≥ 128 of straight RGBA8 `pixels`. O(count / step).
    mutating func add(_ pixels: UnsafeBufferPointer<UInt8>, step: Int = 1) {
        count.withUnsafeMutableBufferPointer { cnt in
            sums.withUnsafeMutableBufferPointer { sum in
                var i = 0
                let n = pixels.count
                while i + 3 < n {
                    let a = pixels[i + 3]
                    if a >= 128 {
                        let r = pixels[i], g = pixels[i + 1], b = pixels[i + 2]
                        let k = ColorHistogram.bin(r, g, b)
                        cnt[k] &+= 1
                        sum[k] &+= SIMD4(UInt32(r), UInt32(g), UInt32(b), 0)
                    }
                    i += 4 * step
                }
            }
        }
    }
}

enum ColorQuantizer {
    private struct Bin { var color: SIMD3<Float>; var weight: Float }

    /// A palette of at most `maxColors` RGB colors (flattened r, g, b) for the histogram's pixels.
    static func palette(from histogram: ColorHistogram, maxColors: Int) -> [SIMD3<UInt8>] {
        var bins: [Bin] = []
        for k in 0..<32768 where histogram.count[k] > 0 {
            let n = Float(histogram.count[k])
            let s = histogram.sums[k]
            bins.append(Bin(color: SIMD3(Float(s.x), Float(s.y), Float(s.z)) / n, weight: n))
        }
        guard !bins.isEmpty, maxColors > 0 else { return [] }
        if bins.count <= maxColors {
            return bins.map { round($0.color) }
        }
        var centers = medianCut(&bins, maxColors: maxColors)
        // k-means refinement, skipped when it would dominate the cost (very many distinct bins).
        if bins.count * centers.count <= 4_000_000 {
            for _ in 0..<2 { centers = lloyd(bins, centers) }
        }
        return centers.map(round)
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

    /// One k-means round over the weighted bins; empty clusters keep their center. O(bins · centers).
    private static func lloyd(_ bins: [Bin], _ centers: [SIMD3<Float>]) -> [SIMD3<Float>] {
        let n = centers.count
        var cr = centers.map(\.x), cg = centers.map(\.y), cb = centers.map(\.z)
        var sums = [Float](repeating: 0, count: 4 * n)
        cr.withUnsafeMutableBufferPointer { cr in
            cg.withUnsafeMutableBufferPointer { cg in
                cb.withUnsafeMutableBufferPointer { cb in
                    sums.withUnsafeMutableBufferPointer { sums in
                        for b in bins {
                            let r = b.color.x, g = b.color.y, bl = b.color.z
                            var best = 0
                            var bestD = Float.infinity
                            for j in 0..<n {
                                let dr = r - cr[j], dg = g - cg[j], db = bl - cb[j]
                                let dist = dr * dr + dg * dg + db * db
                                if dist < bestD { bestD = dist; best = j }
                            }
                            sums[4 * best] += r * b.weight
                            sums[4 * best + 1] += g * b.weight
                            sums[4 * best + 2] += bl * b.weight
                            sums[4 * best + 3] += b.weight
                        }
                    }
                }
            }
        }
        return (0..<n).map { j in
            let w = sums[4 * j + 3]
            return w > 0 ? SIMD3(sums[4 * j], sums[4 * j + 1], sums[4 * j + 2]) / w : centers[j]
        }
    }
}
