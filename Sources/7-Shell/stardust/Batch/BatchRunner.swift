import Foundation
import Stardust
#if canImport(Glibc)
import Glibc
#endif

/// Runs batch jobs on a bounded pool of workers (docs/BATCH.md): each worker takes the next job, renders it on one
/// thread and records its outcome; a failed job never stops the others. Outputs are written atomically by the
/// render job; an output newer than the job's inputs (the manifest, the scene or effect file, the images it reads)
/// is skipped unless `force`, so a rerun after a crash resumes.
struct BatchRunner {
    enum Status: String { case ok, skipped, failed }

    /// One line of the report.
    struct Outcome {
        var id: String
        var line: Int
        var status: Status
        var output: String
        var bytes: Int = 0
        var seconds: Double = 0
        var error: String?
        var path: String?
    }

    var workers: Int
    var force: Bool
    var limits: SceneLimits
    /// The manifest's modification time: an output older than it is rendered again.
    var manifestTime: Double
    /// Images decoded once for every job of the run.
    var images = TextureCache()
    /// Files no job may write (the manifest, the report): docs/HOSTILE-INPUT.md, rule 2.
    var protectedFiles: [String] = []

    /// Runs the manifest entries `jobs`, calling `progress` with the number finished (from any worker, one call at a time, counts in order), and returns
    /// the outcomes in manifest order.
    func run(_ jobs: [BatchManifest.Entry], progress: @escaping @Sendable (Int) -> Void) -> [Outcome] {
        let outcomes = OutcomeTable(count: jobs.count)
        let claims = OutputClaims()
        _ = claims.claim(inputs: protectedFiles, by: "the batch command")
        let next = Counter()
        let count = max(1, min(workers, jobs.count))
        DispatchQueue.concurrentPerform(iterations: count) { _ in
            while case let i = next.take(), i < jobs.count {
                let outcome: Outcome
                switch jobs[i].job {
                case .failure(let e):
                    outcome = Outcome(id: e.id ?? "line \(jobs[i].line)", line: jobs[i].line, status: .failed, output: "", error: e.message,
                                      path: e.path.isEmpty ? nil : e.path)
                case .success(let job):
                    outcome = run(job, claims: claims)
                }
                outcomes.store(outcome, at: i, then: progress)
            }
        }
        return outcomes.all
    }

    /// One job: load, override, check the budget, render, measure.
    func run(_ job: BatchJob, claims: OutputClaims) -> Outcome {
        let start = DispatchTime.now().uptimeNanoseconds
        var outcome = attempt(job, claims: claims)
        outcome.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9  // wall time, for the report only
        return outcome
    }

    func attempt(_ job: BatchJob, claims: OutputClaims) -> Outcome {
        var outcome = Outcome(id: job.id, line: job.line, status: .failed, output: job.output)
        do {
            if let other = claims.claim(output: job.output, by: job.id) {
                throw BatchJobError(path: "output", message: other.isInput ? "it is an input of \(other.job); inputs are never overwritten"
                                    : "job \(other.job) writes the same output")
            }
            let overrides = SceneOverrides(size: job.size, fps: job.fps, duration: job.duration, seed: job.seed, date: job.date,
                                           offline: true)
            let images = self.images
            let scene = BatchLottie.handles(job.input) ? try BatchLottie.scene(job.input, overrides: overrides)
                : try SceneSource.load(job.input, overrides: overrides, limits: limits) { try images.texture(atPath: $0) }
            try BatchParameters.apply(job.parameters, to: scene)
            if let other = claims.claim(inputs: scene.inputFiles + [job.input], by: job.id) {
                throw BatchJobError(path: "input", message: "job \(other.job) writes \(other.path), which this job reads")
            }
            var render = RenderJob(scene: scene, threads: 1)
            render.outputPlan = OutputPlan(inputs: protectedFiles + [job.input])
            if let at = job.at { render.frames = .single(at) }
            if let r = job.frames {
                guard r.upperBound < scene.frameCount else {
                    throw BatchJobError(path: "frames", message: "past the last frame (\(scene.frameCount - 1))")
                }
                render.frames = .range(r)
            }
            try SceneSource.checkBudget(scene, target: job.input, frameCount: render.frameCount, limits: limits, overrides: overrides)
            if !force, isUpToDate(job.output, inputs: scene.inputFiles + [job.input]) {
                outcome.status = .skipped
            } else {
                let folder = URL(fileURLWithPath: job.output).deletingLastPathComponent().path
                try FileManager.default.createDirectory(atPath: job.output.hasSuffix("/") ? job.output : folder,
                                                        withIntermediateDirectories: true)
                try render.write(to: job.output)
                outcome.status = .ok
            }
            outcome.bytes = Self.size(of: job.output)
        } catch let e as BatchJobError {
            outcome.error = e.message
            outcome.path = e.path.isEmpty ? nil : e.path
        } catch let e as CLIError {
            outcome.error = e.message
        } catch let e as RenderJobError {
            outcome.error = e.description
        } catch {
            outcome.error = "\(error)"
        }
        return outcome
    }

    /// True when `output` exists and is newer than the manifest and every input file that exists.
    func isUpToDate(_ output: String, inputs: [String]) -> Bool {
        guard let out = Self.modificationTime(output) else { return false }
        let newest = inputs.compactMap(Self.modificationTime).reduce(manifestTime, max)
        return out > newest
    }

    /// A file's modification time in seconds, or nil when it does not exist. A folder output (frames) counts by
    /// its first frame file.
    static func modificationTime(_ path: String) -> Double? {
        var st = stat()
        let target = path.hasSuffix("/") ? path + PNGSequenceWriter.fileName(index: 0) : path
        guard stat(target, &st) == 0 else { return nil }
        return Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
    }

    /// The bytes written: a file's size, or the sum of a folder's files.
    static func size(of path: String) -> Int {
        let fm = FileManager.default
        if path.hasSuffix("/") {
            let names = (try? fm.contentsOfDirectory(atPath: path)) ?? []
            return names.reduce(0) { $0 + ((try? fm.attributesOfItem(atPath: path + $1)[.size] as? Int) ?? 0) }
        }
        return (try? fm.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}

/// The next job index, shared by the workers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func take() -> Int { lock.withLock { defer { value += 1 }; return value } }
}

/// The files of the jobs in this run, by identity (``FileIdentity``): two jobs never write the same file, and no job
/// writes a file another job (or the batch command) reads. A file is known by its identity and by its location
/// (folder and name), since an output's identity changes when it is first written while the run goes on.
final class OutputClaims: @unchecked Sendable {
    typealias Owner = (job: String, isInput: Bool, path: String)
    private let lock = NSLock()
    private var owners: [FileIdentity: Owner] = [:]

    static func keys(_ path: String) -> [FileIdentity] {
        var keys: [FileIdentity] = []
        for k in [FileIdentity(path: path), FileIdentity.location(of: path)] { if let k, !keys.contains(k) { keys.append(k) } }
        return keys
    }

    /// Claims `path` as `job`'s output; returns the earlier claim of the same file, if any.
    func claim(output path: String, by job: String) -> Owner? {
        let keys = Self.keys(path)
        return lock.withLock {
            if let owner = keys.lazy.compactMap({ self.owners[$0] }).first { return owner }
            for k in keys { owners[k] = (job, false, path) }
            return nil
        }
    }

    /// Records that `job` reads `paths` (those that exist); returns another job's output among them, if any.
    func claim(inputs paths: [String], by job: String) -> Owner? {
        lock.withLock {
            for path in paths {
                let keys = Self.keys(path)
                if let owner = keys.lazy.compactMap({ self.owners[$0] }).first(where: { !$0.isInput && $0.job != job }) { return owner }
                for k in keys where owners[k] == nil { owners[k] = (job, true, path) }
            }
            return nil
        }
    }
}

/// The outcomes, filled by the workers in any order.
final class OutcomeTable: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [BatchRunner.Outcome?]
    private var done = 0
    init(count: Int) { outcomes = Array(repeating: nil, count: count) }
    /// Stores an outcome and calls `report` with how many are done, under the lock (one call at a time, in order).
    func store(_ o: BatchRunner.Outcome, at i: Int, then report: (Int) -> Void) {
        lock.withLock { outcomes[i] = o; done += 1; report(done) }
    }
    var all: [BatchRunner.Outcome] { lock.withLock { outcomes.compactMap { $0 } } }
}
