import Foundation
import Stardust

/// `batch` (docs/BENCHMARKS.md): 200 small jobs (a 120×200 pt frame of `snow` to PNG, each at its own time) rendered
/// by one `stardust batch` run against the same 200 renders as separate `stardust render` processes, with the same
/// number of workers (`--threads`, each job on one thread). Jobs per second; the goal is at least 3× the processes.
extension Benchmarks {
    static func batch(threads: Int, runs: Int) throws -> [BenchResult] {
        let jobs = 200
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-bench-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = dir.appendingPathComponent("jobs.jsonl").path
        let lines = (0..<jobs).map { #"{"input": "snow", "output": "out/j\#($0).png", "size": "120x200", "at": \#(Double($0) / 40)}"# }
        try (lines.joined(separator: "\n") + "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path

        @Sendable func run(_ args: [String]) throws {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: exe)
            p.arguments = args
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            guard p.terminationStatus == 0 else { throw CLIError.runtime("bench batch: \(args.prefix(2).joined(separator: " ")) failed") }
        }
        var inProcess: [Double] = [], processes: [Double] = []
        for _ in 0..<runs {
            let a = try measureMilliseconds { try run(["batch", manifest, "--jobs", String(threads), "--force", "--quiet"]) }
            inProcess.append(Double(jobs) / (a / 1000))
            let next = Counter()
            let failure = FirstFailure()
            let b = measureMilliseconds {
                DispatchQueue.concurrentPerform(iterations: threads) { _ in
                    while case let i = next.take(), i < jobs {
                        do {
                            try run(["render", "snow", "--size", "120x200", "--at", String(Double(i) / 40), "--threads", "1", "--quiet",
                                     "-o", dir.appendingPathComponent("p\(i).png").path])
                        } catch { failure.record(error) }
                    }
                }
            }
            if let e = failure.error { throw e }
            processes.append(Double(jobs) / (b / 1000))
        }
        let ratio = (inProcess.sorted()[inProcess.count / 2]) / (processes.sorted()[processes.count / 2])
        return [
            BenchResult(benchmark: "batch", variant: "stardust batch, \(jobs) jobs", unit: "jobs/s", samples: inProcess, threads: threads,
                        extra: [("vsProcesses", String(format: "%.2f", ratio))]),
            BenchResult(benchmark: "batch", variant: "\(jobs) stardust render processes", unit: "jobs/s", samples: processes, threads: threads),
        ]
    }
}

/// The first error of concurrent work.
private final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var first: Error?
    func record(_ e: Error) { lock.withLock { if first == nil { first = e } } }
    var error: Error? { lock.withLock { first } }
}
