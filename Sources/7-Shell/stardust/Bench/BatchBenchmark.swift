import Foundation
import Stardust
#if canImport(Glibc)
import Glibc
#endif

/// `batch` (docs/BENCHMARKS.md): 200 jobs of `snow`, each with its own seed, rendered by one `stardust batch` run
/// against the same 200 renders as separate `stardust render` processes, with the same number of workers
/// (`--threads`, each job on one thread), for two job sizes: 30-frame GIFs (the defined workload; the goal is 3×)
/// and one-frame thumbnails, where starting a process weighs more. Jobs per second and the ratio, and for each side
/// the CPU time (user + system, of the child processes) per job: what a job costs whatever the machine's load.
extension Benchmarks {
    static func batch(threads: Int, runs: Int) throws -> [BenchResult] {
        // The defined workload (30-frame GIFs), and one-frame PNG thumbnails, where starting a process weighs more.
        let gifs = Workload(name: "30-frame 195×422 GIFs", ext: "gif", manifest: #""size": "195x422", "frames": "0..29""#,
                            flags: ["--size", "195x422", "--frames", "0..29"])
        let thumbnails = Workload(name: "one-frame 120×200 PNGs", ext: "png", manifest: #""size": "120x200", "at": 1.5"#,
                                  flags: ["--size", "120x200", "--at", "1.5"])
        return try measure(gifs, threads: threads, runs: runs) + measure(thumbnails, threads: threads, runs: runs)
    }

    /// What each of the 200 jobs renders: `snow` with its own seed, with these manifest fields and render flags.
    private struct Workload { var name: String; var ext: String; var manifest: String; var flags: [String] }

    private static func measure(_ w: Workload, threads: Int, runs: Int) throws -> [BenchResult] {
        let jobs = 200
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-bench-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = dir.appendingPathComponent("jobs.jsonl").path
        let lines = (0..<jobs).map { #"{"input": "snow", "output": "out/j\#($0).\#(w.ext)", \#(w.manifest), "seed": \#($0 + 1)}"# }
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
        var inProcessCPU: [Double] = [], processesCPU: [Double] = []
        for _ in 0..<runs {
            var cpu = childrenCPUSeconds()
            let a = try measureMilliseconds { try run(["batch", manifest, "--jobs", String(threads), "--force", "--quiet"]) }
            inProcess.append(Double(jobs) / (a / 1000))
            inProcessCPU.append((childrenCPUSeconds() - cpu) * 1000 / Double(jobs))
            cpu = childrenCPUSeconds()
            let next = Counter()
            let failure = FirstFailure()
            let b = measureMilliseconds {
                DispatchQueue.concurrentPerform(iterations: threads) { _ in
                    while case let i = next.take(), i < jobs {
                        do {
                            try run(["render", "snow"] + w.flags + ["--seed", String(i + 1), "--threads", "1", "--quiet",
                                     "-o", dir.appendingPathComponent("p\(i).\(w.ext)").path])
                        } catch { failure.record(error) }
                    }
                }
            }
            if let e = failure.error { throw e }
            processes.append(Double(jobs) / (b / 1000))
            processesCPU.append((childrenCPUSeconds() - cpu) * 1000 / Double(jobs))
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        let ratio = median(inProcess) / median(processes)
        return [
            BenchResult(benchmark: "batch", variant: "stardust batch, \(jobs) \(w.name)", unit: "jobs/s", samples: inProcess,
                        threads: threads, extra: [("vsProcesses", String(format: "%.2f", ratio)),
                                                  ("cpuMsPerJob", String(format: "%.1f", median(inProcessCPU)))]),
            BenchResult(benchmark: "batch", variant: "\(jobs) stardust render processes, \(w.name)", unit: "jobs/s", samples: processes,
                        threads: threads, extra: [("cpuMsPerJob", String(format: "%.1f", median(processesCPU)))]),
        ]
    }
}

/// CPU seconds (user + system) of this process's children that have been waited for.
private func childrenCPUSeconds() -> Double {
    var u = rusage()
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &u)
    return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
}

/// The first error of concurrent work.
private final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var first: Error?
    func record(_ e: Error) { lock.withLock { if first == nil { first = e } } }
    var error: Error? { lock.withLock { first } }
}
