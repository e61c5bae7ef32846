import Testing
import CStardustSpans
import StardustCore
@testable import StardustRender

/// The twenty-third Lottie round's radial ramp indices from one single-precision square root (CStardustSpans,
/// GradientSpans.c, `radialIndicesFromFloats`): where it decides all eight indices of a block they must be the ones
/// the double square roots give (`Int(min(√r², 1)·1023 + ½)`, ``GradientRamp/radialIndex(squaredRadius:)``), bit for
/// bit, and where a lane lies too near an index boundary the block must take the double square roots.
@Suite struct RadialIndexKernelTests {
    /// The least squared radius whose index is at least `k` (1…1023), by bisecting the doubles' bit patterns in 0…1
    /// with the loop's own expression (the index is nondecreasing in the squared radius).
    static func leastSquaredRadius(ofIndex k: Int) -> Double {
        var lo = Double(0).bitPattern, hi = Double(1).bitPattern
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if GradientRamp.radialIndex(squaredRadius: Double(bitPattern: mid)) >= k { hi = mid } else { lo = mid + 1 }
        }
        return Double(bitPattern: lo)
    }

    /// The kernel's eight indices of `r2` and whether the float square root decided them; nil without AVX2.
    private func kernelIndices(_ r2: [Double]) -> (indices: [Int], fromFloats: Bool)? {
        var k = [Int32](repeating: -7, count: 8)
        let how = r2.withUnsafeBufferPointer { r in k.withUnsafeMutableBufferPointer { sd_radial_indices_avx2(r.baseAddress!, $0.baseAddress!) } }
        return how < 0 ? nil : (k.map(Int.init), how == 1)
    }

    @Test("indices from one float square root are the double ones, and lanes near a boundary take the double roots")
    func floatRootsGiveTheDoubleIndices() throws {
        try #require(GradientSpanKernel.cpuHasAVX2, "skipped: this CPU has no AVX2, so there is no kernel to compare")
        var rng = SplitMix64(seed: 2324)
        // Every boundary, its neighbours by one to three ulps and by relative steps down to the float margin's size.
        var edges: [Double] = []
        for k in 1...1023 {
            let b = Self.leastSquaredRadius(ofIndex: k)
            edges += [b, b.nextUp, b.nextDown, b.nextUp.nextUp, b.nextDown.nextDown.nextDown]
            for rel in [1e-12, 1e-9, 1e-7, 1e-6, 3e-6, 1e-5, 1e-4] { edges += [b * (1 + rel), b * (1 - rel)] }
        }
        let special: [Double] = [0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 1e-45, 1e-40, 1e-38,
                                 Double(Float.leastNonzeroMagnitude), Double(Float.leastNormalMagnitude),
                                 1, 1.0.nextDown, 1.0.nextUp, 1.0000001, 0.9999999, 4, 1e38, Double(Float.greatestFiniteMagnitude),
                                 Double(Float.greatestFiniteMagnitude).nextUp, 1e39, 1e300, .greatestFiniteMagnitude,
                                 .infinity, .nan, -Double.nan]
        var fromFloats = 0, fromDoubles = 0, blocks = 0
        func check(_ r2: [Double]) {
            guard let result = kernelIndices(r2) else { return }
            let got = result.indices, floats = result.fromFloats
            let want = r2.map { GradientRamp.radialIndex(squaredRadius: $0) }
            #expect(got == want, "squared radii \(r2.map(\.bitPattern))")
            if floats { fromFloats += 1 } else { fromDoubles += 1 }
            blocks += 1
        }
        for _ in 0..<60_000 {
            let r2 = (0..<8).map { lane -> Double in
                switch Int.random(in: 0..<10, using: &rng) {
                case 0, 1, 2: return Double.random(in: 0...1.2, using: &rng)
                case 3: return Double.random(in: 0...1e-6, using: &rng)
                case 4: return Double(bitPattern: UInt64.random(in: 0...Double(1).bitPattern, using: &rng))
                case 5: return special.randomElement(using: &rng)!
                default: return edges.randomElement(using: &rng)!
                }
            }
            check(r2)
        }
        // Blocks of one boundary's neighbours only: every block near a boundary, in order.
        for i in stride(from: 0, to: edges.count - 8, by: 8) { check(Array(edges[i..<(i + 8)])) }
        // Blocks of smoothly growing radii, as a span's pixels give them.
        for _ in 0..<20_000 {
            let start = Double.random(in: 0...1.1, using: &rng), step = Double.random(in: 0...0.02, using: &rng)
            check((0..<8).map { let r = start + step * Double($0); return r * r })
        }
        #expect(blocks > 80_000)
        // Both paths were taken: most random blocks from the float root, every block near a boundary from the doubles.
        #expect(fromFloats > 15_000 && fromDoubles > 10_000, "float \(fromFloats), double \(fromDoubles)")
    }
}
