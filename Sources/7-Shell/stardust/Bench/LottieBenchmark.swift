import Foundation
import Stardust
import StardustLottie

/// `lottie` (docs/BENCHMARKS.md): every frame of every sample, scaled to 512 px on the long side, on one thread, into
/// one reused RGBA buffer; also parse + first-frame time and peak memory; against rlottie (rlottie-python) and ThorVG
/// (thorvg-python) drawing the same files in the same run (`benchmarks/anchors/lottie_anchors.py`, one process
/// per engine). The samples are the `.json`, `.tgs` and `.lottie` files under a folder given on the command line or
/// under `STARDUST_LOTTIE`; without either the benchmark is skipped with the reason. Files an anchor refuses are
/// left out of the totals on every side, so the ratios compare the same work.
enum LottieBenchmark {
    static let longSide = 512.0

    /// The sample files under `folder` (sorted; Lottie JSON recognised by its keys).
    static func samples(in folder: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: folder) else { return [] }
        return e.compactMap { $0 as? String }.sorted().map { (folder as NSString).appendingPathComponent($0) }
            .filter { f in
                let l = f.lowercased()
                return l.hasSuffix(".tgs") || l.hasSuffix(".lottie") || (l.hasSuffix(".json") && LottieFile.looksLikeLottie(path: f))
            }
    }

    struct FileResult { var frames = 0; var parseFirstMs = 0.0; var framesMs = 0.0 }

    /// The resident set size now, in KiB (from /proc; 0 where there is none).
    static func residentKiB() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let parts = s.split(separator: " ")
        return parts.count > 1 ? (Int(parts[1]) ?? 0) * Int(getpagesize()) / 1024 : 0
    }

    /// The resident high-water mark since the last ``resetPeak()``, in KiB (`VmHWM` of /proc; 0 where there is none).
    static func peakKiB() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }

    /// Starts a file's measurement from a clean base, as each anchor's child process does: freed memory is
    /// returned to the system (so what an earlier file left resident neither inflates nor hides this file's
    /// growth) and the high-water mark is reset to the current resident size (Linux `clear_refs` 5).
    static func resetPeak() {
        // glibc's malloc_trim is not in the Glibc module: looked up by name (absent elsewhere: skipped).
        typealias Trim = @convention(c) (Int) -> Int32
        if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") { _ = unsafeBitCast(trim, to: Trim.self)(0) }
        if let h = FileHandle(forWritingAtPath: "/proc/self/clear_refs") { h.write(Data("5".utf8)); try? h.close() }
    }

    /// Ours: load (parse + translate), first frame, then every frame into the same image.
    static func ours(_ path: String, renderer: Renderer, image: inout Image) throws -> FileResult {
        var r = FileResult()
        let start = DispatchTime.now().uptimeNanoseconds
        let c = try LottieFile.load(path: path)
        let s = longSide / max(c.size.width, c.size.height, 1e-9)
        let target = Size((c.size.width * s).rounded(), (c.size.height * s).rounded())
        // The scene lottie layer fits the composition to the target (what `render --size` does too).
        let host = LottieSceneLayer(source: path, composition: c, loopMode: .playOnce)
        host.bounds = Rect(origin: .zero, size: target)
        host.position = Point(target.width / 2, target.height / 2)
        host.layoutContent()
        let context = DrawContext()
        let frames = max(1, Int((c.duration * c.frameRate).rounded()))
        try renderer.render(host.displayList(size: target, scale: 1, at: 0, context: context), into: &image)
        let first = DispatchTime.now().uptimeNanoseconds
        for f in 0..<frames {
            try renderer.render(host.displayList(size: target, scale: 1, at: Double(f) / c.frameRate, context: context), into: &image)
        }
        r.frames = frames
        r.parseFirstMs = Double(first - start) / 1e6
        r.framesMs = Double(DispatchTime.now().uptimeNanoseconds - first) / 1e6
        return r
    }

    /// One engine's results over a sweep: per file, and the largest per-file memory growth.
    struct Sweep { var files: [String: FileResult] = [:]; var growth: [String: Int] = [:] }

    /// The bench: `runs` sweeps over the samples. Within a sweep each file is drawn by us and then, at once, by each
    /// anchor (`benchmarks/anchors/lottie_anchors.py` on a one-line listing: the file in a child process of its own),
    /// so that every engine meets the machine in the same state for the same file; a load that comes and goes during
    /// a run then moves all sides of a file together instead of one engine's whole share. Each sweep gives its own
    /// ratios; the figures are the sweeps' medians. `table`, when given, receives one line per file and sweep (TSV).
    static func run(folder: String?, runs: Int, table: String? = nil) throws -> [BenchResult] {
        guard let folder = folder ?? ProcessInfo.processInfo.environment["STARDUST_LOTTIE"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            printError("bench lottie: skipped: give the samples' folder (stardust bench lottie --samples DIR) or set STARDUST_LOTTIE")
            return []
        }
        let files = samples(in: folder)
        guard !files.isEmpty else {
            printError("bench lottie: skipped: no .json Lottie, .tgs or .lottie file under \(folder)")
            return []
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../benchmarks/anchors/lottie_anchors.py").standardized.path
        let python = Benchmarks.executable("python3")
        var engines = python != nil && FileManager.default.fileExists(atPath: script) ? ["rlottie", "thorvg"] : []
        if engines.isEmpty { printError("bench lottie: anchors skipped: python3 or benchmarks/anchors/lottie_anchors.py not found") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-bench-lottie-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        let renderer = Renderer(threads: 1)
        var image = Image(width: 0, height: 0)
        var sweeps: [[String: Sweep]] = []
        let progress = ProgressBar(total: max(1, runs) * files.count, label: "bench lottie", quiet: false)
        var lines = ["sweep\tfile\tengine\tframes\tparseFirstMs\tframesMs\tpeakKiB"]
        for sweep in 1...max(1, runs) {
            var r: [String: Sweep] = ["ours": Sweep()]
            for e in engines { r[e] = Sweep() }
            for (i, f) in files.enumerated() {
                progress.update((sweep - 1) * files.count + i)
                // Ours first. Peak memory is defined as for the anchors: per file, the high-water mark less the
                // resident size at the file's start, from a trimmed heap.
                resetPeak()
                let base = residentKiB()
                do { r["ours"]!.files[f] = try ours(f, renderer: renderer, image: &image) } catch {
                    if sweep == 1 { printError("bench lottie: ours refused \(f): \(error)") }
                }
                r["ours"]!.growth[f] = peakKiB() - base
                // The anchors read Lottie JSON only: dotLottie archives are timed on our side alone.
                guard let python, !LottieFile.isDotLottie(f) else { continue }
                for e in engines {
                    if let (result, peak) = anchor(e, file: f, python: python, script: script, dir: dir) {
                        r[e]!.files[f] = result
                        r[e]!.growth[f] = peak
                    }
                }
            }
            for (engine, s) in r.sorted(by: { $0.key < $1.key }) {
                for (f, x) in s.files.sorted(by: { $0.key < $1.key }) {
                    lines.append("\(sweep)\t\(PathText.lastComponent(f))\t\(engine)\t\(x.frames)\t" +
                                 String(format: "%.3f\t%.3f", x.parseFirstMs, x.framesMs) + "\t\(s.growth[f] ?? 0)")
                }
            }
            sweeps.append(r)
        }
        progress.finish()
        // An anchor that drew no file is not installed (or fails on everything): left out, with the reason.
        for e in engines where sweeps.allSatisfy({ $0[e]!.files.isEmpty }) {
            printError("bench lottie: \(e) drew no file: `pip install \(e)-python`")
        }
        engines = engines.filter { e in sweeps.contains { !$0[e]!.files.isEmpty } }
        if let table { try lines.joined(separator: "\n").appending("\n").write(toFile: table, atomically: true, encoding: .utf8) }
        return results(sweeps, engines: engines)
    }

    /// One anchor on one file, through the anchor script (which runs the file in a child process and reports a
    /// refusal or a crash as an error line): the file's result and its peak growth, or nil.
    static func anchor(_ engine: String, file: String, python: String, script: String, dir: URL) -> (FileResult, Int)? {
        let listing = dir.appendingPathComponent("file.txt").path
        let out = dir.appendingPathComponent("\(engine).jsonl").path
        guard (try? file.write(toFile: listing, atomically: true, encoding: .utf8)) != nil,
              Benchmarks.runTool(python, [script, engine, listing], stdout: out),
              let text = try? String(contentsOfFile: out, encoding: .utf8) else { return nil }
        var result: FileResult?, peak = 0
        for line in text.split(separator: "\n") {
            guard let j = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            if let p = j["peakKiB"] as? Int { peak = p; continue }
            if let n = j["frames"] as? Int, let a = j["parseFirstMs"] as? Double, let b = j["framesMs"] as? Double {
                result = FileResult(frames: n, parseFirstMs: a, framesMs: b)
            }
        }
        return result.map { ($0, peak) }
    }

    /// The figures of the sweeps: totals over the files every engine drew in every sweep, each sweep's ratios, and
    /// their medians.
    static func results(_ sweeps: [[String: Sweep]], engines: [String]) -> [BenchResult] {
        // The files every engine drew in every sweep (ours and each anchor that ran).
        var common = Set(sweeps[0]["ours"]!.files.keys.filter { !LottieFile.isDotLottie($0) })
        for r in sweeps { for e in ["ours"] + engines { common.formIntersection(r[e]?.files.keys ?? [:].keys) } }
        func totals(_ s: Sweep, over set: Set<String>) -> (frames: Int, parse: Double, total: Double, peak: Int, peakFile: String) {
            set.sorted().reduce((0, 0.0, 0.0, 0, "")) { acc, f in
                guard let x = s.files[f] else { return acc }
                let g = s.growth[f] ?? 0
                return (acc.0 + x.frames, acc.1 + x.parseFirstMs, acc.2 + x.framesMs,
                        max(acc.3, g), g > acc.3 ? PathText.lastComponent(f) : acc.4)
            }
        }
        func list(_ v: [Double]) -> String { "\"" + v.map { String(format: "%.3f", $0) }.joined(separator: " ") + "\"" }
        let mine = sweeps.map { totals($0["ours"]!, over: common) }
        // The peak over the files the anchors drew too, like the times: a file only we open (a dotLottie archive
        // with a 1600 × 1600 image) would otherwise set our figure against anchors that never read it.
        let ourPeak = mine.max { $0.peak < $1.peak }!
        var ours = BenchResult(benchmark: "lottie", variant: "512px-all-frames", unit: "ms total", samples: mine.map(\.total), threads: 1)
        ours.extra = [("files", "\(common.count)"), ("frames", "\(mine[0].frames)"),
                      ("parseFirstFrameMs", String(format: "%.1f", median(mine.map(\.parse)))),
                      ("peakKiB", "\(ourPeak.peak)"), ("peakFile", "\"\(ourPeak.peakFile)\"")]
        var out = [ours]
        for engine in engines {
            let theirs = sweeps.map { totals($0[engine]!, over: common) }
            let peak = theirs.map(\.peak).max() ?? 0
            let time = zip(mine, theirs).map { $0.total / max($1.total, 1e-9) }
            let first = zip(mine, theirs).map { $0.parse / max($1.parse, 1e-9) }
            var r = BenchResult(benchmark: "lottie", variant: "512px-all-frames", unit: "ms total", samples: theirs.map(\.total), threads: 1)
            r.extra = [("anchor", "\"\(engine)-python\""), ("files", "\(common.count)"), ("frames", "\(theirs[0].frames)"),
                       ("parseFirstFrameMs", String(format: "%.1f", median(theirs.map(\.parse)))), ("peakKiB", "\(peak)"),
                       ("oursTimeRatio", String(format: "%.3f", median(time))),
                       ("oursFirstFrameRatio", String(format: "%.3f", median(first))),
                       ("oursPeakRatio", String(format: "%.3f", Double(ourPeak.peak) / Double(max(peak, 1))))]
            if sweeps.count > 1 { r.extra += [("oursTimeRatioPerSweep", list(time)), ("oursFirstFrameRatioPerSweep", list(first))] }
            out.append(r)
        }
        // Where the time goes: the files whose frames take us longest beyond ThorVG's (or rlottie's), first sweep.
        if let engine = engines.last {
            let a = sweeps[0][engine]!, m = sweeps[0]["ours"]!
            let rows = common.compactMap { f -> (String, Double, Double)? in
                guard let x = m.files[f], let y = a.files[f] else { return nil }
                return (PathText.lastComponent(f), x.framesMs, y.framesMs)
            }.sorted { ($0.1 - $0.2, $1.0) > ($1.1 - $1.2, $0.0) }
            let name = engine == "thorvg" ? "ThorVG" : engine
            printError("bench lottie: the files whose frames take longest beyond \(name)'s (ours ms, \(name) ms, ratio):")
            for (name, x, y) in rows.prefix(8) {
                printError("  \(name)  " + String(format: "%.0f  %.0f  %.2f", x, y, x / max(y, 1e-9)))
            }
        }
        // Every file we drew, dotLottie included, on our side alone.
        let every = sweeps.map { totals($0["ours"]!, over: Set($0["ours"]!.files.keys)) }
        let everyPeak = every.max { $0.peak < $1.peak }!
        var all = BenchResult(benchmark: "lottie", variant: "512px-all-frames-every-file", unit: "ms total", samples: every.map(\.total), threads: 1)
        all.extra = [("files", "\(sweeps[0]["ours"]!.files.count)"), ("frames", "\(every[0].frames)"),
                     ("parseFirstFrameMs", String(format: "%.1f", median(every.map(\.parse)))),
                     ("peakKiB", "\(everyPeak.peak)"), ("peakFile", "\"\(everyPeak.peakFile)\"")]
        out.append(all)
        return out
    }
}
