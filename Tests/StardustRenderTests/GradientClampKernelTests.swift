import Testing
import StardustCore
@testable import StardustRender

/// The four-lane gradient clamps (`PaintShader.shadeLinear`, `shadeRadial`; on x86-64 SSE2 `minpd` and masks since
/// the fifteenth lottie round, docs/BENCHMARKS.md) against the one-pixel functions, lane by lane, over the values
/// where a clamp could differ: NaN, ±∞, ±0, 1 and its neighbours, values just inside and outside 0…1, and random
/// ones, in every lane position.
@Suite struct GradientClampKernelTests {
    static let special: [Double] = [.nan, -.nan, .infinity, -.infinity, 0, -0.0, 1, 1.0.nextUp, 1.0.nextDown, 0.5,
                                    Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 1e-300, -1e-300,
                                    0.999_999_9, 1.000_000_1, 2, -2, 1e300, -1e300, 0.25, 0.75, -0.5, 1.5,
                                    Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude]

    /// Four lane values: every special value in every lane with random others, then random values.
    static func lanes(_ rng: inout SplitMix64) -> [SIMD4<Double>] {
        var out: [SIMD4<Double>] = []
        func any(_ rng: inout SplitMix64) -> Double {
            Bool.random(using: &rng) ? special.randomElement(using: &rng)! : Double.random(in: -1.5...2.5, using: &rng)
        }
        for v in special {
            for lane in 0..<4 {
                var x = SIMD4(any(&rng), any(&rng), any(&rng), any(&rng))
                x[lane] = v
                out.append(x)
            }
        }
        for _ in 0..<4000 { out.append(SIMD4(any(&rng), any(&rng), any(&rng), any(&rng))) }
        return out
    }

    static func same(_ a: (Int, Int, Int, Int), _ b: [Int]) -> Bool { [a.0, a.1, a.2, a.3] == b }

    @Test("the four-lane linear clamp gives the one-pixel index in every lane")
    func linearLanes() {
        var rng = SplitMix64(seed: 1515)
        for px in Self.lanes(&rng) {
            // t = ax·px + rowA with ax = 1, rowA = 0 is px itself; and a scaled, shifted row.
            for (ax, rowA) in [(1.0, 0.0), (0.37, -0.2), (-1.0, 1.0)] {
                let got = PaintShader.shadeLinear(px, ax, rowA)
                let want = (0..<4).map { PaintShader.linearIndex(px[$0], ax, rowA) }
                #expect(Self.same(got, want), "px \(px) ax \(ax) rowA \(rowA)")
            }
        }
    }

    @Test("the four-lane radial clamp gives the one-pixel index in every lane")
    func radialLanes() {
        var rng = SplitMix64(seed: 1516)
        for px in Self.lanes(&rng) {
            // q = (ax·px + rowA, bx·px + rowB): t = |px| for (1, 0, 0, 0); NaN from ∞ − ∞ for the third.
            for (ax, rowA, bx, rowB) in [(1.0, 0.0, 0.0, 0.0), (0.6, -0.3, 0.8, 0.1), (1.0, -Double.infinity, 0.0, 0.0)] {
                let got = PaintShader.shadeRadial(px, ax, rowA, bx, rowB)
                let want = (0..<4).map { PaintShader.radialIndex(px[$0], ax, rowA, bx, rowB) }
                #expect(Self.same(got, want), "px \(px) q \(ax) \(rowA) \(bx) \(rowB)")
            }
        }
    }
}
