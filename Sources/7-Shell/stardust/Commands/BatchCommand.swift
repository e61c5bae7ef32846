import ArgumentParser
import Foundation
import Stardust

struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render many jobs from a JSON Lines manifest on a pool of workers, with a JSON Lines report.",
        discussion: """
        One job per line: {"id": "card-1", "input": "snow" | "scene.json" | "fx.pex", "output": "out/card-1.gif",
        "size": "390x844", "frames": "0..39" | "at": 2, "fps": 20, "duration": 2, "seed": 7, "date": "2026-12-24",
        "set": {"greeting.string": "Happy holidays, Ana", "greeting.foregroundColor": "#FFD700"}}
        Paths are relative to the manifest's folder. Each job renders on one thread; --jobs workers run at once.
        An output newer than its inputs (the manifest, the scene or effect file, its images) is skipped unless
        --force, so a rerun after a crash resumes. A failed job is reported and never stops the others.
        --shard K/N takes every N-th job from the K-th (K from 0): N machines, each with its own K, share one manifest.
        Exit: 0 when every job succeeded or was skipped, 1 when any failed, 2 when the manifest cannot be read.
        See docs/BATCH.md for recipes (Kubernetes Indexed Job, Slurm job array, GNU parallel).
        """
    )

    @Argument(help: "The manifest: a JSON Lines file, one job object per line.")
    var manifest: String

    @Option(help: "Workers rendering at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Take only the jobs of shard K of N (K counts from 0), like 0/4.")
    var shard: String?

    @Option(help: "Write the JSON Lines report to this file (default: standard output).")
    var report: String?

    @Flag(help: "Render every job, even when its output is newer than its inputs.")
    var force = false

    @Flag(help: "No progress bar.")
    var quiet = false

    @OptionGroup var budget: BudgetOptions

    func run() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        try OptionRange.jobs.check(jobs)
        let selection = try shard.map(Shard.init(parsing:)) ?? .whole
        guard let data = FileManager.default.contents(atPath: manifest) else { throw CLIError.usage("cannot read the manifest \(manifest).") }
        guard let text = String(data: data, encoding: .utf8) else { throw CLIError.usage("\(manifest) is not UTF-8 text.") }
        let folder = URL(fileURLWithPath: manifest).deletingLastPathComponent().path
        let all = try BatchManifest.parse(text, folder: folder)
        let picked = all.indices.filter(selection.contains).map { all[$0] }
        // The report never replaces the manifest, and no job writes either (docs/HOSTILE-INPUT.md, rule 2).
        if let report {
            var plan = OutputPlan(inputs: [manifest])
            do { try plan.addOutput(report) } catch { throw CLIError.usage("--report: \(error)") }
        }
        var runner = BatchRunner(workers: jobs ?? cores, force: force, limits: try budget.limits(),
                                 manifestTime: BatchRunner.modificationTime(manifest) ?? 0)
        runner.protectedFiles = [manifest] + (report.map { [$0] } ?? [])
        let progress = ProgressBar(total: picked.count, label: "batch", quiet: quiet)
        // The bar is drawn by one worker at a time (the runner serializes its progress calls under its lock).
        nonisolated(unsafe) let bar = progress
        let outcomes = runner.run(picked) { done in bar.update(done) }
        progress.finish()
        let reportText = outcomes.map(Self.reportLine).joined()
        if let report {
            do { try AtomicFile.write(Array(reportText.utf8), to: report) } catch { throw CLIError.runtime("cannot write the report \(report): \(error)") }
        } else {
            try StandardOutput.write(reportText)
        }
        let failed = outcomes.filter { $0.status == .failed }.count
        let skipped = outcomes.filter { $0.status == .skipped }.count
        if !quiet {
            let images = runner.images.counts
            printError("batch: \(outcomes.count - failed - skipped) rendered, \(skipped) skipped, \(failed) failed"
                + (selection == .whole ? "" : " (shard \(selection.index)/\(selection.count) of \(all.count) jobs)")
                + (images.decoded + images.hits == 0 ? "" : "; images: \(images.decoded) decoded, \(images.hits) reused"))
        }
        if failed > 0 { throw CLIError.runtime("\(failed) of \(outcomes.count) jobs failed; the report says why.") }
    }

    /// `{"job": …, "line": …, "status": …, "output": …, "bytes": …, "seconds": …, "error": …, "path": …}` and a newline.
    static func reportLine(_ o: BatchRunner.Outcome) -> String {
        var fields: [(key: String, value: JSONValue)] = [
            ("job", .string(o.id)), ("line", .number(Double(o.line))), ("status", .string(o.status.rawValue)),
            ("output", .string(o.output)), ("bytes", .number(Double(o.bytes))),
            ("seconds", .number((o.seconds * 1000).rounded() / 1000)),
        ]
        if let e = o.error { fields.append(("error", .string(e))) }
        if let p = o.path { fields.append(("path", .string(p))) }
        return JSONWriter.compact(.object(fields)) + "\n"
    }
}
