import Foundation
import Stardust
#if canImport(Glibc)
import Glibc
#endif

/// `batch` (docs/BENCHMARKS.md): 200 jobs, each with its own seed, rendered by one `stardust batch` run against the
/// same 200 renders as separate `stardust render` processes, with the same number of workers (`--threads`, each job
/// on one thread). Three workloads: one-frame thumbnails of `snow` and of a card scene around one shared 1600×1200
/// photo (small jobs, where starting a process and decoding the shared photo are most of a job: the goal, 3×), and
/// 30-frame GIFs of `snow`, where the job's own rendering and encoding dominate. Jobs per second and the ratio, and
/// for each side the CPU time (user + system, of the child processes) per job: what a job costs whatever the load.
extension Benchmarks {
    static func batch(threads: Int, runs: Int) throws -> [BenchResult] {
        let thumbnails = Workload(name: "one-frame 120×200 PNGs", ext: "png", manifest: #""size": "120x200", "at": 1.5"#,
                                  flags: ["--size", "120x200", "--at", "1.5"])
        let cards = Workload(name: "one-frame 160×120 PNGs of a card with a shared 1600×1200 photo", ext: "png",
                             manifest: #""size": "160x120", "at": 1"#, flags: ["--size", "160x120", "--at", "1"],
                             input: Workload.cardInput)
        let gifs = Workload(name: "30-frame 195×422 GIFs", ext: "gif", manifest: #""size": "195x422", "frames": "0..29""#,
                            flags: ["--size", "195x422", "--frames", "0..29"])
        return try measure(thumbnails, threads: threads, runs: runs) + measure(cards, threads: threads, runs: runs)
            + measure(gifs, threads: threads, runs: runs)
    }

    /// What each of the 200 jobs renders, with its own seed: `input` (a preset, or a file written beside the
    /// manifest), with these manifest fields and render flags.
    private struct Workload {
        var name: String; var ext: String; var manifest: String; var flags: [String]; var input = "snow"
        /// The card scene's file name, written beside the manifest.
        static let cardInput = "card.json"
    }

    /// The card scene of the shared-photo workload, and its photo: a 1600×1200 PNG of smooth colors and fine
    /// texture (about 3 MB, so that decoding it costs what a camera picture's decoding costs).
    private static func writeCard(in dir: URL) throws {
        let width = 1600, height = 1200
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var state: UInt32 = 0x9E37_79B9
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let grain = Int(state >> 28)
                let i = (y * width + x) * 4
                pixels[i] = UInt8((x * 255 / width + grain) & 0xFF)
                pixels[i + 1] = UInt8((y * 255 / height + grain) & 0xFF)
                pixels[i + 2] = UInt8(((x + y) * 255 / (width + height) + grain) & 0xFF)
            }
        }
        try Data(PNGEncoder.encode(Image(width: width, height: height, pixels: pixels)))
            .write(to: dir.appendingPathComponent("photo.png"))
        let scene = #"""
        {"name": "card", "size": [320, 240], "duration": 2, "fps": 30, "background": "#FFFFFF",
         "layers": [
           {"type": "image", "name": "photo", "contents": "photo.png", "position": [160, 120], "bounds": [0, 0, 300, 225]},
           {"type": "emitter", "name": "sparkles", "emitterPosition": [160, 120], "emitterSize": [300, 225],
            "emitterShape": "rectangle", "renderMode": "additive",
            "emitterCells": [{"name": "sparkle", "contents": "builtin:spark", "birthRate": 40, "lifetime": 1.5,
                              "velocity": 20, "emissionRange": "pi", "scale": 0.2, "color": "#FFE9A8"}]}
         ]}
        """#
        try scene.write(to: dir.appendingPathComponent(Workload.cardInput), atomically: true, encoding: .utf8)
    }

    private static func measure(_ w: Workload, threads: Int, runs: Int) throws -> [BenchResult] {
        let jobs = 200
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-bench-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = dir.appendingPathComponent("jobs.jsonl").path
        if w.input == Workload.cardInput { try writeCard(in: dir) }
        let input = w.input == Workload.cardInput ? dir.appendingPathComponent(w.input).path : w.input
        let lines = (0..<jobs).map { #"{"input": "\#(input)", "output": "out/j\#($0).\#(w.ext)", \#(w.manifest), "seed": \#($0 + 1)}"# }
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
                            try run(["render", input] + w.flags + ["--seed", String(i + 1), "--threads", "1", "--quiet",
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
