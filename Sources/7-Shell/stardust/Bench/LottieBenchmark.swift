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

    static func run(folder: String?) throws -> [BenchResult] {
        guard let folder = folder ?? ProcessInfo.processInfo.environment["STARDUST_LOTTIE"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            printError("bench lottie: skipped: give the samples' folder (stardust bench lottie --samples DIR) or set STARDUST_LOTTIE")
            return []
        }
        let files = samples(in: folder)
        guard !files.isEmpty else {
            printError("bench lottie: skipped: no .json Lottie, .tgs or .lottie file under \(folder)")
            return []
        }
        // Ours first. Peak memory is defined as for the anchors: per file, the high-water mark less the resident
        // size at the file's start, from a trimmed heap; the figure is the largest over the files.
        let renderer = Renderer(threads: 1)
        var image = Image(width: 0, height: 0)
        var mine: [String: FileResult] = [:]
        var growth: [String: Int] = [:]
        for f in files {
            resetPeak()
            let base = residentKiB()
            do { mine[f] = try ours(f, renderer: renderer, image: &image) } catch {
                printError("bench lottie: ours refused \(f): \(error)")
            }
            growth[f] = peakKiB() - base
        }
        /// The largest growth over `set` and its file's name.
        func peak(over set: Set<String>) -> (kib: Int, file: String) {
            set.sorted().reduce((0, "")) { best, f in
                let g = growth[f] ?? 0
                return g > best.0 ? (g, PathText.lastComponent(f)) : best
            }
        }

        // The anchors, each in its own process.
        var anchors: [String: (files: [String: FileResult], peak: Int)] = [:]
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../benchmarks/anchors/lottie_anchors.py").standardized.path
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-bench-lottie-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let listing = dir.appendingPathComponent("files.txt").path
        // dotLottie archives: the anchors here read Lottie JSON only, so they are timed on our side alone.
        try mine.keys.filter { !LottieFile.isDotLottie($0) }.sorted().joined(separator: "\n").write(toFile: listing, atomically: true, encoding: .utf8)
        if let python = Benchmarks.executable("python3"), FileManager.default.fileExists(atPath: script) {
            for engine in ["rlottie", "thorvg"] {
                let out = dir.appendingPathComponent("\(engine).jsonl").path
                guard Benchmarks.runTool(python, [script, engine, listing], stdout: out),
                      let text = try? String(contentsOfFile: out, encoding: .utf8) else {
                    printError("bench lottie: \(engine) skipped: `pip install \(engine)-python` (the anchor script failed or is not installed)")
                    continue
                }
                var results: [String: FileResult] = [:], peak = 0
                for line in text.split(separator: "\n") {
                    guard let j = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
                    if let p = j["peakKiB"] as? Int { peak = p; continue }
                    guard let file = j["file"] as? String, let n = j["frames"] as? Int, let a = j["parseFirstMs"] as? Double,
                          let b = j["framesMs"] as? Double else { continue }
                    results[file] = FileResult(frames: n, parseFirstMs: a, framesMs: b)
                }
                anchors[engine] = (results, peak)
            }
        } else {
            printError("bench lottie: anchors skipped: python3 or benchmarks/anchors/lottie_anchors.py not found")
        }

        // The files every engine drew (ours and each anchor that ran).
        var common = Set(mine.keys.filter { !LottieFile.isDotLottie($0) })
        for (_, a) in anchors { common.formIntersection(a.files.keys) }
        func totals(_ r: [String: FileResult], over set: Set<String>) -> (frames: Int, parse: Double, total: Double) {
            set.reduce((0, 0.0, 0.0)) { acc, f in
                guard let x = r[f] else { return acc }
                return (acc.0 + x.frames, acc.1 + x.parseFirstMs, acc.2 + x.framesMs)
            }
        }
        let o = totals(mine, over: common)
        // The peak over the files the anchors drew too, like the times: a file only we open (a dotLottie archive
        // with a 1600 × 1600 image) would otherwise set our figure against anchors that never read it.
        let (ourPeak, ourPeakFile) = peak(over: common)
        var ours = BenchResult(benchmark: "lottie", variant: "512px-all-frames", unit: "ms total", samples: [o.total], threads: 1)
        ours.extra = [("files", "\(common.count)"), ("frames", "\(o.frames)"), ("parseFirstFrameMs", String(format: "%.1f", o.parse)),
                      ("peakKiB", "\(ourPeak)"), ("peakFile", "\"\(ourPeakFile)\"")]
        var out = [ours]
        for engine in ["rlottie", "thorvg"] {
            guard let a = anchors[engine] else { continue }
            let t = totals(a.files, over: common)
            var r = BenchResult(benchmark: "lottie", variant: "512px-all-frames", unit: "ms total", samples: [t.total], threads: 1)
            r.extra = [("anchor", "\"\(engine)-python\""), ("files", "\(common.count)"), ("frames", "\(t.frames)"),
                       ("parseFirstFrameMs", String(format: "%.1f", t.parse)), ("peakKiB", "\(a.peak)"),
                       ("oursTimeRatio", String(format: "%.3f", o.total / max(t.total, 1e-9))),
                       ("oursFirstFrameRatio", String(format: "%.3f", o.parse / max(t.parse, 1e-9))),
                       ("oursPeakRatio", String(format: "%.3f", Double(ourPeak) / Double(max(a.peak, 1))))]
            out.append(r)
        }
        // Where the time goes: the files whose frames take us longest beyond ThorVG's (or rlottie's), on standard error.
        if let (engine, a) = anchors["thorvg"].map({ ("ThorVG", $0) }) ?? anchors["rlottie"].map({ ("rlottie", $0) }) {
            let rows = common.compactMap { f -> (String, Double, Double)? in
                guard let x = mine[f], let y = a.files[f] else { return nil }
                return (PathText.lastComponent(f), x.framesMs, y.framesMs)
            }.sorted { ($0.1 - $0.2, $1.0) > ($1.1 - $1.2, $0.0) }
            printError("bench lottie: the files whose frames take longest beyond \(engine)'s (ours ms, \(engine) ms, ratio):")
            for (name, x, y) in rows.prefix(8) {
                printError("  \(name)  " + String(format: "%.0f  %.0f  %.2f", x, y, x / max(y, 1e-9)))
            }
        }
        // Every file we drew, dotLottie included, on our side alone.
        let all = totals(mine, over: Set(mine.keys))
        var every = BenchResult(benchmark: "lottie", variant: "512px-all-frames-every-file", unit: "ms total", samples: [all.total], threads: 1)
        let everyPeak = peak(over: Set(mine.keys))
        every.extra = [("files", "\(mine.count)"), ("frames", "\(all.frames)"), ("parseFirstFrameMs", String(format: "%.1f", all.parse)),
                       ("peakKiB", "\(everyPeak.kib)"), ("peakFile", "\"\(everyPeak.file)\"")]
        out.append(every)
        return out
    }
}
