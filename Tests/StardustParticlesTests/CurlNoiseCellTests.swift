import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The integrator keeps each particle's last turbulence cell (``CurlNoise/Cell``) and reads the
/// lattice gradients from it while the particle stays in the cell. The field must not notice: along
/// random walks — crossing cell edges, landing on integer coordinates and on −0, far out and beyond
/// the 32-bit lattice clamp — the kept-cell curl equals a fresh evaluation bit for bit, and the floor
/// it uses equals `rounded(.down)` bit for bit.
@Suite struct CurlNoiseCellTests {
    @Test("a kept cell gives the curl of a fresh evaluation, bit for bit, along random walks")
    func keptCellMatchesFreshEvaluation() {
        var g = SplitMix64(seed: 0xC0_FFEE)
        var crossings = 0
        for walk in 0..<200 {
            let far = walk % 10 == 0 ? 1e10 : 1.0
            var x = Double.random(in: -50..<50, using: &g) * far, y = Double.random(in: -50..<50, using: &g) * far
            let seed = g.next()
            var cell = CurlNoise.Cell()
            for _ in 0..<300 {
                let step = Double.random(in: 0..<1, using: &g) < 0.05 ? 3.0 : 0.08
                x += Double.random(in: -step..<step, using: &g)
                y += Double.random(in: -step..<step, using: &g)
                if Double.random(in: 0..<1, using: &g) < 0.05 { x = x.rounded() }  // on a lattice line
                if Double.random(in: 0..<1, using: &g) < 0.02 { y = -0.0 }
                let before = (cell.ix, cell.iy)
                let kept = CurlNoise.curl(x, y, seed: seed, cell: &cell)
                let fresh = CurlNoise.curl(x, y, seed: seed)
                if before != (cell.ix, cell.iy) { crossings += 1 }
                guard kept.x.bitPattern == fresh.x.bitPattern, kept.y.bitPattern == fresh.y.bitPattern else {
                    Issue.record("walk \(walk) at (\(x), \(y)): kept cell \(kept), fresh \(fresh)")
                    return
                }
            }
        }
        #expect(crossings > 2_000, "the walks must cross many cell edges")
    }

    @Test("the integrator's floor is rounded(.down), bit for bit")
    func floorMatchesRoundedDown() {
        var g = SplitMix64(seed: 7)
        var values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 4_503_599_627_370_495.5, -4_503_599_627_370_495.5,
                                4_503_599_627_370_496, -4_503_599_627_370_497, 1e300, -1e300, .infinity, -.infinity,
                                .nan, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, Double(Int64.max), Double(Int64.min)]
        for _ in 0..<20_000 {
            let e = Double.random(in: -5..<20, using: &g)
            let v = Double.random(in: -1..<1, using: &g) * pow(10, e)
            values.append(v)
            values.append(v.rounded())
        }
        for v in values {
            let a = CurlNoise.floor(v), b = v.rounded(.down)
            #expect(a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN), "floor(\(v)): \(a) ≠ \(b)")
        }
    }
}
