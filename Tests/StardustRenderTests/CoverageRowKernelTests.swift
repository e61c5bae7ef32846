import Testing
import StardustCore
@testable import StardustRender

/// The twenty-first Lottie round's AVX2 kernel of a coverage row's prefix sum (``CoverageRowKernel``, CStardustSpans
/// CoverageRows.c) against the Swift loop it stands in for (``CoverageRasterizer/accumulate(_:into:_:_:evenOdd:)``),
/// bit for bit: the coverages, the returned sum and the cleared cell differences.
@Suite struct CoverageRowKernelTests {
    /// Cell differences as the rasterizer makes them and beyond: zeros (also −0), the smallest and tiny values,
    /// values that sum to exactly 1 and just past it, large ones, and infinities.
    private static let edgeValues: [Float] = [0, -0.0, .leastNonzeroMagnitude, 1e-30, 1e-7, 0.5, -0.5, 1, -1, 0.99999994, 1.0000001,
                                              2, -2, 3.5, 1e30, -1e30, .infinity, -.infinity]

    /// A row of differences with runs of zeros (of lengths around 4 and 8, so both the kernel's and the loop's blocks
    /// meet every mix), single nonzero cells, dense random stretches and edge values.
    private func differences(_ count: Int, trial: Int, rng: inout SplitMix64) -> [Float] {
        (0..<count).map { i in
            switch (trial + i / 3 + i / 11) % 5 {
            case 0, 1: return 0
            case 2: return i % 7 == 0 ? Float.random(in: -1.5...1.5, using: &rng) : 0
            case 3: return Float.random(in: -1...1, using: &rng)
            default: return trial % 3 == 0 ? Self.edgeValues.randomElement(using: &rng)! : Float.random(in: -0.25...0.25, using: &rng)
            }
        }
    }

    private func same(_ a: Float, _ b: Float) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

    @Test("the AVX2 row gives the coverages, sum and cleared cells of the Swift loop, both fill rules")
    func kernelMatchesSwiftLoop() throws {
        try #require(GradientSpanKernel.cpuHasAVX2, "skipped: this CPU has no AVX2, so there is no kernel to compare")
        var rng = SplitMix64(seed: 2121)
        for count in [1, 2, 7, 8, 9, 15, 16, 17, 23, 24, 31, 33, 64, 100, 257, 515] {
            for trial in 0..<30 {
                let start = trial % 4 == 0 ? 0 : Int.random(in: 0...min(9, count - 1), using: &rng)
                let row = differences(count, trial: trial, rng: &rng)
                let garbage = (0..<count).map { _ in Float.random(in: -9...9, using: &rng) }
                for evenOdd in [false, true] {
                    var accK = row + [0, 0], accS = row + [0, 0], covK = garbage, covS = garbage
                    var sumK: Float?, sumS: Float = 0
                    accK.withUnsafeMutableBufferPointer { a in
                        covK.withUnsafeMutableBufferPointer { c in
                            sumK = CoverageRowKernel.accumulate(a.baseAddress!, into: c.baseAddress!, start, count,
                                                                evenOdd: evenOdd, forceAVX2: true)
                        }
                    }
                    accS.withUnsafeMutableBufferPointer { a in
                        covS.withUnsafeMutableBufferPointer { c in
                            sumS = CoverageRasterizer.accumulate(a.baseAddress!, into: c.baseAddress!, start, count, evenOdd: evenOdd)
                        }
                    }
                    let got = try #require(sumK, "the kernel ran")
                    #expect(same(got, sumS), "sum, count \(count), trial \(trial), evenOdd \(evenOdd)")
                    #expect(zip(covK, covS).allSatisfy { same($0, $1) }, "coverage, count \(count), trial \(trial), evenOdd \(evenOdd)")
                    #expect(accK.map(\.bitPattern) == accS.map(\.bitPattern), "cleared cells, count \(count), trial \(trial)")
                }
            }
        }
    }
}
