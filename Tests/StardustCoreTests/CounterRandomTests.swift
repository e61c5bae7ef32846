import Testing
import StardustCore

/// Statistical tests of the counter-based generator at fixed seeds (deterministic: no clock, no global state).
@Suite struct CounterRandomTests {
    /// The upper p = 0.001 critical value of χ² with `df` degrees of freedom
    /// (Wilson–Hilferty: χ² ≈ k·(1 − 2/(9k) + z·√(2/(9k)))³, z = Φ⁻¹(0.999) = 3.0902).
    func chiSquareCritical001(df: Int) -> Double {
        let k = Double(df), z = 3.090232
        let t = 1 - 2 / (9 * k) + z * (2 / (9 * k)).squareRoot()
        return k * t * t * t
    }

    /// Pearson's statistic of observed counts against equal expected counts.
    func chiSquare(_ counts: [Int]) -> Double {
        let n = Double(counts.reduce(0, +)), e = n / Double(counts.count)
        return counts.reduce(0) { $0 + (Double($1) - e) * (Double($1) - e) / e }
    }

    @Test func criticalValueMatchesTheTable() {
        // Published table: χ²(0.999; 99) = 148.230, χ²(0.999; 6) = 22.458.
        #expect(abs(chiSquareCritical001(df: 99) - 148.23) <= 0.3)
        #expect(abs(chiSquareCritical001(df: 6) - 22.458) <= 0.3)
    }

    @Test func chiSquareDetectsANonUniformSample() {
        // The test has power: u² instead of u is rejected by a huge margin.
        let r = CounterRandom(seed: 1)
        var counts = [Int](repeating: 0, count: 100)
        for i in 0..<20_000 { let u = r.unit(UInt64(i)); counts[Int(u * u * 100)] += 1 }
        #expect(chiSquare(counts) > 10 * chiSquareCritical001(df: 99))
    }

    @Test(arguments: [0, 42] as [UInt64])
    func unitIsUniform(seed: UInt64) {
        let r = CounterRandom(seed: seed)
        var counts = [Int](repeating: 0, count: 100)
        for i in 0..<200_000 {
            let u = r.unit(UInt64(i), 3, 1)
            #expect(u >= 0 && u < 1)
            counts[Int(u * 100)] += 1
        }
        #expect(chiSquare(counts) < chiSquareCritical001(df: 99), "seed \(seed)")
    }

    @Test func everyBitIsBalanced() {
        let r = CounterRandom(seed: 7)
        var ones = [Int](repeating: 0, count: 64)
        let n = 20_000
        for i in 0..<n {
            let b = r.bits(UInt64(i))
            for k in 0..<64 where b >> UInt64(k) & 1 == 1 { ones[k] += 1 }
        }
        // Binomial(n, 1/2): σ = √n/2 ≈ 71; allow 4.5σ for 64 bits.
        for k in 0..<64 { #expect(abs(Double(ones[k]) - Double(n) / 2) <= 4.5 * Double(n).squareRoot() / 2, "bit \(k)") }
    }

    /// χ² of pairs on a 10×10 grid (99 degrees of freedom under independence) and their correlation.
    func checkIndependence(_ n: Int, _ pair: (Int) -> (Double, Double), sourceLocation: SourceLocation = #_sourceLocation) {
        var grid = [Int](repeating: 0, count: 100)
        var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
        for i in 0..<n {
            let (x, y) = pair(i)
            grid[Int(x * 10) * 10 + Int(y * 10)] += 1
            sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y
        }
        let N = Double(n)
        let cov = sxy / N - sx / N * sy / N
        let r = cov / ((sxx / N - sx * sx / (N * N)) * (syy / N - sy * sy / (N * N))).squareRoot()
        #expect(chiSquare(grid) < chiSquareCritical001(df: 99), "pair grid", sourceLocation: sourceLocation)
        // Under independence r ≈ N(0, 1/N): 4σ.
        #expect(abs(r) < 4 / N.squareRoot(), "correlation \(r)", sourceLocation: sourceLocation)
    }

    @Test func neighbouringKeysAreIndependent() {
        let r = CounterRandom(seed: 2024)
        checkIndependence(100_000) { i in (r.unit(UInt64(i)), r.unit(UInt64(i + 1))) }
        checkIndependence(100_000) { i in (r.unit(UInt64(i), 0), r.unit(UInt64(i), 1)) }
        checkIndependence(100_000) { i in (r.unit(5, 2, UInt64(i), 0), r.unit(5, 2, UInt64(i), 1)) }
        checkIndependence(100_000) { i in (r.unit(UInt64(i), 0, 0, 0), r.unit(UInt64(i), 0, 0, 1)) }
        let r2 = CounterRandom(seed: 2025)
        checkIndependence(100_000) { i in (r.unit(UInt64(i)), r2.unit(UInt64(i))) }
    }

    @Test func independenceCheckDetectsCorrelation() {
        // A dependent pair (y = x shifted by a little noise) must fail the grid test.
        let r = CounterRandom(seed: 3)
        var grid = [Int](repeating: 0, count: 100)
        for i in 0..<20_000 {
            let x = r.unit(UInt64(i)), y = (x + 0.1 * r.unit(UInt64(i), 1)).truncatingRemainder(dividingBy: 1)
            grid[Int(x * 10) * 10 + Int(y * 10)] += 1
        }
        #expect(chiSquare(grid) > 10 * chiSquareCritical001(df: 99))
    }

    @Test func determinism() {
        let a = CounterRandom(seed: 99), b = CounterRandom(seed: 99), c = CounterRandom(seed: 100)
        var differ = 0
        for i in 0..<1000 {
            let k = UInt64(i)
            #expect(a.bits(k, 1, 2, 3) == b.bits(k, 1, 2, 3))
            #expect(a.unit(k, 4) == a.unit(k, 4))
            if a.bits(k) != c.bits(k) { differ += 1 }
        }
        #expect(differ == 1000, "different seeds give different streams")
        // Order of evaluation does not matter: a value does not depend on what was drawn before.
        let forward = (0..<50).map { a.unit(UInt64($0)) }
        let backward = (0..<50).reversed().map { a.unit(UInt64($0)) }
        #expect(forward == backward.reversed())
        // Every key word matters.
        #expect(a.bits(1, 0, 0, 0) != a.bits(0, 1, 0, 0))
        #expect(a.bits(0, 0, 1, 0) != a.bits(0, 0, 0, 1))
        #expect(a.bits(0, 0, 0, 0) != a.bits(0, 0, 0, 1))
    }

    @Test func spreadStaysInRangeWithTheRightMean() {
        let r = CounterRandom(seed: 5)
        let mean = 3.0, range = 2.0, n = 50_000
        var sum = 0.0, lo = Double.infinity, hi = -Double.infinity
        for i in 0..<n {
            let v = r.spread(mean, range, UInt64(i), 9)
            #expect(v >= mean - range && v <= mean + range)
            sum += v; lo = min(lo, v); hi = max(hi, v)
        }
        // Uniform on [m − r, m + r]: σ = r/√3; the sample mean has σ/√n.
        #expect(abs(sum / Double(n) - mean) <= 4 * range / (3 * Double(n)).squareRoot())
        #expect(lo < mean - range + 0.01); #expect(hi > mean + range - 0.01)
        #expect(r.spread(7, 0, 1) == 7, "zero range is exactly the mean")
    }

    @Test func belowIsInRangeAndUniform() {
        let r = CounterRandom(seed: 11)
        var counts = [Int](repeating: 0, count: 7)
        for i in 0..<70_000 {
            let v = r.below(7, UInt64(i))
            #expect((0..<7).contains(v))
            counts[v] += 1
        }
        #expect(chiSquare(counts) < chiSquareCritical001(df: 6))
        for i in 0..<100 { #expect(r.below(1, UInt64(i)) == 0) }
        for i in 0..<1000 { #expect((0..<Int.max).contains(r.below(Int.max, UInt64(i)))) }
    }

    @Test func keyIsFNV1a() {
        // Published FNV-1a 64-bit test vectors.
        #expect(CounterRandom.key("") == 0xCBF2_9CE4_8422_2325)
        #expect(CounterRandom.key("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(CounterRandom.key("foobar") == 0x8594_4171_F739_67E8)
    }
}
