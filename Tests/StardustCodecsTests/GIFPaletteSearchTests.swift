import StardustCore
import StardustTestSupport
import Testing
@testable import StardustCodecs

/// The pruned palette searches (docs/CODECS.md, "Palette search") against the brute-force scans they
/// replace, written out here: the same answer for every query, ties included, so the GIF bytes do not
/// depend on which search ran.
@Suite struct GIFPaletteSearchTests {
    /// Brute force over the centers in index order: squared distance `(dr·dr + dg·dg) + db·db` in Float,
    /// the first center on ties.
    private func bruteNearest(_ c: SIMD3<Float>, _ centers: [SIMD3<Float>]) -> Int32 {
        var best = 0
        var bestD = Float.infinity
        for (j, p) in centers.enumerated() {
            let dr = c.x - p.x, dg = c.y - p.y, db = c.z - p.z
            let d = dr * dr + dg * dg + db * db
            if d < bestD { bestD = d; best = j }
        }
        return Int32(best)
    }

    /// Brute force in index order, as `PaletteMapper` scanned before: nearest, then second nearest.
    private func bruteTwo(_ r: Int, _ g: Int, _ b: Int, _ palette: [SIMD3<UInt8>]) -> (Int, Int, Int, Int) {
        var best = 0, second = 0, bestD = Int.max, secondD = Int.max
        for (i, c) in palette.enumerated() {
            let dr = Int(c.x) - r, dg = Int(c.y) - g, db = Int(c.z) - b
            let d = dr * dr + dg * dg + db * db
            if d < bestD { second = best; secondD = bestD; best = i; bestD = d } else if d < secondD { second = i; secondD = d }
        }
        return (best, bestD, second, secondD)
    }

    /// Palettes with many exact ties: colors on a coarse lattice (and repeated entries), queried at
    /// lattice midpoints, plus spread-out random palettes and a one-entry palette.
    private func palettes(_ rng: inout SplitMix64) -> [[SIMD3<UInt8>]] {
        var out: [[SIMD3<UInt8>]] = [[SIMD3(10, 200, 30)]]
        for size in [2, 7, 8, 9, 64, 255] {
            out.append((0..<size).map { _ in SIMD3(UInt8(8 * Int.random(in: 0...31, using: &rng)), UInt8(8 * Int.random(in: 0...31, using: &rng)),
                                                 UInt8(8 * Int.random(in: 0...31, using: &rng))) })
            out.append((0..<size).map { _ in SIMD3(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...40, using: &rng),
                                                 UInt8.random(in: 100...140, using: &rng)) })
        }
        return out
    }

    @Test func nearestEntriesMatchTheBruteForceScanIncludingTies() {
        var rng = SplitMix64(seed: 7)
        for palette in palettes(&rng) {
            let search = NearestEntries(palette)
            for q in 0..<3000 {
                // Half the queries on the lattice's midpoints (equidistant from several entries).
                let (r, g, b) = q % 2 == 0 ? (4 * Int.random(in: 0...63, using: &rng), 4 * Int.random(in: 0...63, using: &rng), 4 * Int.random(in: 0...63, using: &rng))
                    : (Int.random(in: 0...255, using: &rng), Int.random(in: 0...255, using: &rng), Int.random(in: 0...255, using: &rng))
                let got = search.nearestTwo(r: r, g: g, b: b)
                let want = bruteTwo(r, g, b, palette)
                #expect(got.best == want.0 && got.bestD == want.1 && got.second == want.2 && got.secondD == want.3,
                        "query (\(r), \(g), \(b)) on a \(palette.count)-entry palette")
            }
        }
    }

    @Test func nearestCentersMatchTheBruteForceScanIncludingTies() {
        var rng = SplitMix64(seed: 11)
        for palette in palettes(&rng) {
            // Integer-valued centers give exact ties; fractional ones the k-means case.
            let centers = palette.map { SIMD3<Float>($0) }
            let shifted = palette.map { SIMD3<Float>($0) + SIMD3(Float.random(in: 0..<1, using: &rng), 0.25, 0.5) }
            for set in [centers, shifted] {
                let queries = (0..<3000).map { q in
                    q % 2 == 0 ? SIMD3<Float>(Float(4 * Int.random(in: 0...63, using: &rng)), Float(4 * Int.random(in: 0...63, using: &rng)),
                                              Float(4 * Int.random(in: 0...63, using: &rng)))
                        : SIMD3<Float>(Float.random(in: 0...255, using: &rng), Float.random(in: 0...255, using: &rng), Float.random(in: 0...255, using: &rng))
                }
                let got = queries.withUnsafeBufferPointer { NearestCenters.assign($0, to: set, threads: 2) }
                for (k, c) in queries.enumerated() {
                    #expect(got[k] == bruteNearest(c, set), "query \(c) on \(set.count) centers")
                }
            }
        }
    }

    /// The encoder's thread count does not change a byte (the searches and bands split work only).
    @Test func gifBytesDoNotDependOnTheEncoderThreadCount() throws {
        let frames = (0..<4).map { k in
            TestSupport.image(width: 61, height: 47) { x, y in
                (UInt8((x * 4 + k * 9) & 255), UInt8((y * 5) & 255), UInt8(((x ^ y) * 3 + k) & 255), 255)
            }
        }
        var bytes: [[UInt8]] = []
        for threads in [1, 2, 0] {
            var options = ExportOptions()
            options.threads = threads
            bytes.append(try GIFWriter.encode(frames, fps: 10, options: options))
        }
        #expect(bytes[0] == bytes[1] && bytes[1] == bytes[2])
    }
}
