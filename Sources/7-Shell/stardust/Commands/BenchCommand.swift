import ArgumentParser
import Foundation
import Stardust
import StardustLottie

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run a benchmark of docs/BENCHMARKS.md and print JSON Lines (use a release build).",
        discussion: """
        Benchmarks: \(Benchmarks.names.joined(separator: ", ")), or "all".
        Each prints one JSON object per variant: {"benchmark", "variant", "unit", "median", "min", "max", "threads", "runs"}.
        Measure with `swift run -c release stardust bench NAME`; debug builds are many times slower.
        """)

    @Argument(help: "Benchmark name, or \"all\".")
    var name: String

    @Option(help: "Threads (default: all cores).")
    var threads: Int = 0

    @Option(help: "Timed runs per variant (default: the benchmark's own).")
    var runs: Int?

    @Option(help: "lottie: the folder of Lottie samples (default: $STARDUST_LOTTIE).")
    var samples: String?

    @Option(help: "lottie: also write every file's figures, per engine and sweep, to this file (tab-separated).")
    var table: String?

    @Option(help: "particles-eval, particles-seek: only the variants whose name contains this (to profile one).")
    var variant: String?

    func run() throws {
        try OptionRange.threads.check(threads)
        try OptionRange.runs.check(runs)
        let names = name == "all" ? Benchmarks.names : [name]
        for n in names {
            guard Benchmarks.names.contains(n) else {
                throw CLIError.usage("no benchmark \"\(n)\"; choose one of \(Benchmarks.names.joined(separator: ", ")).")
            }
        }
        let t = threads == 0 ? ProcessInfo.processInfo.activeProcessorCount : threads
        for n in names {
            for result in try Benchmarks.run(n, threads: t, runs: runs, samples: samples, variant: variant, table: table) {
                try StandardOutput.line(result.json)
            }
        }
    }
}
