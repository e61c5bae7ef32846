import Foundation

/// One line of benchmark output.
struct BenchResult {
    var benchmark: String
    var variant: String
    var unit: String
    var samples: [Double]
    var threads: Int
    var extra: [(String, String)] = []

    var median: Double {
        let s = samples.sorted()
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    var json: String {
        func f(_ d: Double) -> String { String(format: "%.3f", d) }
        var fields = [
            "\"benchmark\":\"\(benchmark)\"", "\"variant\":\"\(variant)\"", "\"unit\":\"\(unit)\"",
            "\"median\":\(f(median))", "\"min\":\(f(samples.min() ?? 0))", "\"max\":\(f(samples.max() ?? 0))",
            "\"threads\":\(threads)", "\"runs\":\(samples.count)",
        ]
        fields += extra.map { "\"\($0.0)\":\($0.1)" }
        return "{" + fields.joined(separator: ",") + "}"
    }
}

/// Milliseconds taken by `body` (monotonic clock; benchmarks only, never tests).
func measureMilliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}
