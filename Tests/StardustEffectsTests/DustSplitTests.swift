import Foundation
import StardustCore
import StardustEffects
import StardustTestSupport
import Testing

/// The dust split against its law (docs/DESIGN.md §8), computed independently of the implementation.
@Suite struct DustSplitTests {
    /// P(⌊N(U + c)/3⌋ = k) for U uniform on [0, 1): the length of [3k/N − c, 3(k+1)/N − c) ∩ [0, 1).
    static func law(_ k: Int, c: Double, n: Int) -> Double {
        let lo = max(0, 3 * Double(k) / Double(n) - c), hi = min(1, 3 * Double(k + 1) / Double(n) - c)
        return max(0, hi - lo)
    }

    /// A chi-square bound far in the tail (about 5 standard deviations above the mean).
    static func critical(dof: Int) -> Double { Double(dof) + 5 * (2 * Double(dof)).squareRoot() + 5 }

    @Test(arguments: [(8, 32), (8, 256), (8, 5), (1, 32)] as [(Int, Int)], [0, 17, 40, 63])
    func columnHistogramFollowsTheLaw(setup: (Int, Int), column x: Int) {
        let (seed, n) = (UInt64(setup.0), setup.1)
        let w = 64, h = 20_000
        let a = DustSplit.split(width: w, height: h, layerCount: n, seed: seed)
        let c = 2 * Double(x) / Double(w)
        for draw in 0..<2 {
            var counts = [Int](repeating: 0, count: n)
            for y in 0..<h { counts[Int(a.draws[2 * (y * w + x) + draw])] += 1 }
            let expected = (0..<n).map { Self.law($0, c: c, n: n) * Double(h) }
            // No index outside the law's support.
            for k in 0..<n where expected[k] == 0 { #expect(counts[k] == 0, "layer \(k) has no probability at x = \(x)") }
            let bins = expected.filter { $0 > 0 }.count
            let x2 = Statistics.chiSquare(observed: counts, expected: expected)
            #expect(x2 < Self.critical(dof: max(1, bins - 1)), "x=\(x) N=\(n) draw \(draw): χ² = \(x2) over \(bins) bins")
        }
    }

    @Test(arguments: [3, 32])
    func theTwoDrawsAreIndependent(n: Int) {
        let w = 16, h = 40_000, x = 7
        let a = DustSplit.split(width: w, height: h, layerCount: n, seed: 99)
        let c = 2 * Double(x) / Double(w)
        var joint = [Int](repeating: 0, count: n * n)
        for y in 0..<h {
            let i = 2 * (y * w + x)
            joint[Int(a.draws[i]) * n + Int(a.draws[i + 1])] += 1
        }
        var expected = [Double](repeating: 0, count: n * n)
        for i in 0..<n { for j in 0..<n { expected[i * n + j] = Self.law(i, c: c, n: n) * Self.law(j, c: c, n: n) * Double(h) } }
        let bins = expected.filter { $0 > 0 }.count
        let x2 = Statistics.chiSquare(observed: joint, expected: expected)
        #expect(x2 < Self.critical(dof: max(1, bins - 1)), "joint χ² = \(x2) over \(bins) cells")
        // And the raw uniforms: a 16×16 grid of (r0, r1) pairs.
        var grid = [Int](repeating: 0, count: 256)
        for i in 0..<100_000 {
            let (r0, r1) = DustSplit.draws(seed: 5, index: i)
            grid[Int(r0 * 16) * 16 + Int(r1 * 16)] += 1
        }
        let g2 = Statistics.chiSquare(observed: grid, expected: [Double](repeating: 100_000 / 256, count: 256))
        #expect(g2 < Self.critical(dof: 255))
    }

    @Test func memoryDoesNotGrowWithTheLayerCount() {
        let a32 = DustSplit.split(width: 300, height: 200, layerCount: 32, seed: 1)
        let a256 = DustSplit.split(width: 300, height: 200, layerCount: 256, seed: 1)
        #expect(a32.byteCount == 2 * 300 * 200)
        #expect(a256.byteCount == a32.byteCount)
        #expect(a256.draws.max()! <= 255 && a256.draws.max()! >= 200)
    }

    @Test func theSplitIsDeterministicForAnyThreadCount() {
        let one = DustSplit.split(width: 333, height: 251, layerCount: 32, seed: 7, threads: 1)
        let many = DustSplit.split(width: 333, height: 251, layerCount: 32, seed: 7, threads: 4)
        #expect(one.draws == many.draws)
        let other = DustSplit.split(width: 333, height: 251, layerCount: 32, seed: 8)
        #expect(one.draws != other.draws)
    }

    @Test(arguments: [1, 5, 32, 256])
    func layersStayInTheirColumns(n: Int) {
        let w = 97, h = 50
        let a = DustSplit.split(width: w, height: h, layerCount: n, seed: 3)
        for y in 0..<h {
            for x in 0..<w {
                for d in 0..<2 {
                    let k = Int(a.draws[2 * (y * w + x) + d])
                    #expect(DustSplit.columns(ofLayer: k, width: w, layerCount: n).contains(x))
                }
            }
        }
    }
}
