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
/// The CPU time of the calling thread in milliseconds: with one thread (work on the calling thread) it
/// leaves out the time other processes take on a shared machine, which the wall clock does not.
func threadCPUMilliseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

/// The median of `values` (0 when empty).
func median(_ values: [Double]) -> Double {
    BenchResult(benchmark: "", variant: "", unit: "", samples: values, threads: 1).median
}

func measureMilliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}
