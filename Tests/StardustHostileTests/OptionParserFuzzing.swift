import Foundation
import StardustTestSupport
import Testing

/// Rule 4 of docs/HOSTILE-INPUT.md: no trap on any option value. Every numeric option is range-checked before any
/// work (exit 2 naming the option and its range), every date is a real calendar day, and the batch manifest's
/// values go through the same ranges. The fuzz part runs seeded hostile values through the built CLI;
/// `STARDUST_FUZZ_ITERATIONS` (÷ 10) raises the number of invocations.
@Suite("OptionParserFuzzing")
struct OptionParserFuzzing {
    static let iterations = Int(ProcessInfo.processInfo.environment["STARDUST_FUZZ_ITERATIONS"] ?? "").map { max(1, $0 / 10) } ?? 30

    static let tinyScene = Data(##"{"size": [20, 20], "scale": 1, "duration": 0.2, "fps": 10, "layers": [{"type": "group", "bounds": [0, 0, 5, 5], "backgroundColor": "#FF0000"}]}"##.utf8)

    /// Hostile spellings of numbers, sizes, ranges and dates.
    static let values = [
        "1e-300", "-1e-300", "nan", "NaN", "-nan", "inf", "-inf", "infinity", "1e308", "1e400", "-0", "0", "-1", "0.0001",
        "0x10", "99999999999999999999", "", " ", "1,5", "١", "3.5", "1e9", "2147483648", "-9223372036854775808",
        "2026-02-30", "0000-01-01", "99999-01-01", "-2026-01-01", "2026-13-01", "2025-02-29", "2024-02-29", "2026-12-24T25:00:00Z",
        "2026-12-24T10:00:00Z", "0x0", "10x-5", "nanxinf", "1e-300x1e-300", "20000x20000", "1x1", "5..2", "-1..3",
        "0..99999999999", "0..0", "1/0", "0/0", "3/2", "-1/2",
    ]

    /// Each command with the options that take a value, and the arguments that make the rest of it cheap.
    static let commands: [(args: [String], options: [String])] = [
        (["render", "SCENE", "-o", "out.gif", "--quiet"], ["--fps", "--scale", "--duration", "--at", "--threads", "--size", "--frames",
                                                     "--date", "--seed", "--max-particles", "--max-frames", "--max-coverage",
                                                     "--max-image-mb", "--shard"]),
        (["trace", "SCENE"], ["--fps", "--duration", "--at", "--date", "--max-frames"]),
        (["validate", "SCENE"], ["--date", "--max-particles", "--max-coverage"]),
        (["snap", "PICTURE", "-o", "snap.gif", "--quiet", "--layers", "2", "--fps", "5"], ["--layers", "--fps", "--threads", "--seed"]),
        (["join", "FRAMES", "-o", "joined.gif", "--quiet"], ["--fps"]),
    ]

    func workspace() throws -> URL {
        let dir = try CLIRunner.temporaryFolder("stardust-option-fuzz")
        try Self.tinyScene.write(to: dir.appendingPathComponent("scene.json"))
        try HostileCorpus.png(width: 6, height: 6).write(to: dir.appendingPathComponent("picture.png"))
        let frames = dir.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        try HostileCorpus.png(width: 4, height: 4).write(to: frames.appendingPathComponent("frame_00000.png"))
        return dir
    }

    func run(_ args: [String], in dir: URL) throws -> CLIRunner.Result {
        let placed = args.map { a -> String in
            switch a {
            case "SCENE": return dir.appendingPathComponent("scene.json").path
            case "PICTURE": return dir.appendingPathComponent("picture.png").path
            case "FRAMES": return dir.appendingPathComponent("frames").path
            default: return a
            }
        }
        return try CLIRunner.run(placed, in: dir, seconds: 120)
    }

    /// No temporary output file is left behind (`.NAME.tmp-…`).
    func leftovers(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasPrefix(".") && $0.contains(".tmp-") }
    }

    @Test func hostileOptionValuesNeverTrap() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SeededGenerator(seed: 4)
        for iteration in 0..<Self.iterations {
            let command = Self.commands[Int.random(in: 0..<Self.commands.count, using: &rng)]
            let option = command.options[Int.random(in: 0..<command.options.count, using: &rng)]
            let value = Self.values[Int.random(in: 0..<Self.values.count, using: &rng)]
            var args = command.args
            // A later --fps replaces the cheap default one (ArgumentParser keeps the last value).
            args += ["\(option)=\(value)"]
            if option != "--frames", option != "--at", option != "--shard", args[0] == "render" { args += ["--frames", "0..0"] }
            let r = try run(args, in: dir)
            let label = "iteration \(iteration) (seed 4): \(args.dropFirst(2).joined(separator: " "))"
            #expect(r.status == 0 || r.status == 2, "\(label): status \(r.status), \(r.stderr)")
            #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"), "\(label): \(r.stderr)")
            #expect(leftovers(dir).isEmpty, "\(label)")
            // A number outside the option's range is refused by name.
            if let v = Double(value), !v.isFinite, !["--date", "--size", "--frames", "--shard"].contains(option) {
                #expect(r.status == 2 && r.stderr.contains(option), "\(label): \(r.stderr)")
            }
        }
    }

    /// The issue's trap: `--fps 1e-300` reached the GIF writer and left a temporary file.
    @Test(arguments: ["1e-300", "nan", "inf", "-1", "0"])
    func aTinyOrImpossibleFrameRateIsRefusedWithItsRange(_ fps: String) throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run(["render", "SCENE", "-o", "out.gif", "--fps=\(fps)"], in: dir)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("--fps") && r.stderr.contains("0.1…240"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.gif").path))
        #expect(leftovers(dir).isEmpty)
    }

    @Test(arguments: ["2026-02-30", "0000-01-01", "99999-01-01", "-2026-01-01", "2026-13-01", "2025-02-29", "2026-02-30T12:00:00Z"])
    func everyDateIsARealCalendarDay(_ date: String) throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for command in [["validate", "SCENE"], ["trace", "SCENE", "--at", "0"], ["render", "SCENE", "--at", "0", "-o", "a.png", "--quiet"]] {
            let r = try run(command + ["--date=\(date)"], in: dir)
            #expect(r.status == 2, "\(command[0]) --date \(date): \(r.stderr)")
            #expect(r.stderr.contains("--date"), "\(r.stderr)")
        }
        let leap = try run(["validate", "SCENE", "--date", "2024-02-29"], in: dir)
        #expect(leap.status == 0, "\(leap.stderr)")
    }

    @Test func manifestValuesGoThroughTheSameRanges() throws {
        let dir = try workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = """
            {"id": "fps", "input": "scene.json", "output": "a.gif", "fps": 1e-300}
            {"id": "date", "input": "scene.json", "output": "b.gif", "date": "2026-02-30"}
            {"id": "size", "input": "scene.json", "output": "c.gif", "size": [1e-300, 10]}
            """
        try Data(manifest.utf8).write(to: dir.appendingPathComponent("jobs.jsonl"))
        let r = try run(["batch", dir.appendingPathComponent("jobs.jsonl").path, "--quiet"], in: dir)
        #expect(r.status == 1, "\(r.stderr)")
        for (id, path) in [("fps", "fps"), ("date", "date"), ("size", "size")] {
            let line = r.stdout.split(separator: "\n").first { $0.contains("\"job\":\"\(id)\"") } ?? ""
            #expect(line.contains(#""status":"failed""#) && line.contains("\"path\":\"\(path)\""), "\(line)")
        }
    }
}
