/// Statistical laws used by the tests of random attributes.
public enum Statistics {
    /// The Kolmogorov–Smirnov statistic of `samples` against the uniform distribution on [lo, hi].
    public static func ksUniform(_ samples: [Double], _ lo: Double, _ hi: Double) -> Double {
        let xs = samples.sorted()
        let n = Double(xs.count)
        var d = 0.0
        for (i, x) in xs.enumerated() {
            let f = min(max((x - lo) / (hi - lo), 0), 1)
            d = max(d, Double(i + 1) / n - f, f - Double(i) / n)
        }
        return d
    }

    /// The 1 % critical value of the KS statistic for `n` samples (1.63/√n).
    public static func ksCritical(_ n: Int) -> Double { 1.63 / Double(n).squareRoot() }

    /// Pearson's chi-square statistic of observed counts against expected counts.
    public static func chiSquare(observed: [Int], expected: [Double]) -> Double {
        var x2 = 0.0
        for (o, e) in zip(observed, expected) where e > 0 { x2 += (Double(o) - e) * (Double(o) - e) / e }
        return x2
    }
}
