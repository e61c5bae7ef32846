import Foundation
import StardustTestSupport
import Testing

/// `stardust batch`, `--shard` and `stardust join` (docs/BATCH.md). Truth: the bytes `stardust render` writes for the
/// same input in a single process.
@Suite struct BatchCLITests {
    static let example = Fixtures.repository.appendingPathComponent("examples/seasonal-snow.json").path

    static func write(_ lines: [String], to dir: URL, name: String = "jobs.jsonl") throws -> String {
        let path = dir.appendingPathComponent(name).path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The report's lines as objects (key → raw JSON text of the value), in manifest order.
    static func report(_ text: String) -> [[String: String]] {
        text.split(separator: "\n").map { line in
            var out: [String: String] = [:]
            let obj = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            for (k, v) in obj ?? [:] { out[k] = "\(v)" }
            return out
        }
    }

    @Test func goodJobsRenderBadOnesAreReportedWithTheirPathAndNoneStopsTheOthers() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-batch")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: Self.example, toPath: dir.appendingPathComponent("card.json").path)
        let manifest = try Self.write([
            #"{"id": "snow", "input": "snow", "output": "out/snow.gif", "size": "120x200", "frames": "0..2"}"#,
            #"{"id": "ana", "input": "card.json", "output": "out/ana.png", "at": 1, "set": {"greeting.string": "Hi Ana"}}"#,
            ##"{"id": "ben", "input": "card.json", "output": "out/ben.png", "at": 1, "set": {"greeting.string": "Hi Ben", "greeting.foregroundColor": "#FFD700"}}"##,
            #"{"id": "nobody", "input": "card.json", "output": "out/x.png", "at": 1, "set": {"nobody.string": "x"}}"#,
            #"{"id": "badcolor", "input": "card.json", "output": "out/y.png", "at": 1, "set": {"greeting.foregroundColor": 7}}"#,
            "not json",
            #"{"id": "badsize", "input": "snow", "output": "out/z.gif", "size": "big"}"#,
            #"{"id": "missing", "input": "nope.json", "output": "out/m.gif"}"#,
        ], to: dir)
        let r = try CLIRunner.run(["batch", manifest, "--jobs", "2", "--quiet"], seconds: 240)
        #expect(r.status == 1, "\(r.stderr)")
        let lines = Self.report(r.stdout)
        #expect(lines.map { $0["job"] ?? "?" } == ["snow", "ana", "ben", "nobody", "badcolor", "line 6", "badsize", "missing"])
        #expect(lines.map { $0["status"] ?? "?" } == ["ok", "ok", "ok", "failed", "failed", "failed", "failed", "failed"])
        #expect(lines[3]["path"] == #"set["nobody.string"]"# && lines[4]["path"] == #"set["greeting.foregroundColor"]"#)
        #expect(lines[6]["path"] == "size" && lines[5]["line"] == "6")
        // The outputs are what `stardust render` writes; the parameters changed what is drawn.
        let single = dir.appendingPathComponent("single.gif").path
        #expect(try CLIRunner.run(["render", "snow", "--size", "120x200", "--frames", "0..2", "-o", single, "--quiet"]).status == 0)
        let out = dir.appendingPathComponent("out")
        #expect(try Data(contentsOf: out.appendingPathComponent("snow.gif")) == Data(contentsOf: URL(fileURLWithPath: single)))
        let ana = try Data(contentsOf: out.appendingPathComponent("ana.png")), ben = try Data(contentsOf: out.appendingPathComponent("ben.png"))
        #expect(ana != ben)
        #expect(lines[1]["bytes"] == String(ana.count))

        // A rerun skips what is up to date; --force renders again.
        let again = try CLIRunner.run(["batch", manifest, "--quiet"], seconds: 240)
        #expect(Self.report(again.stdout).prefix(3).allSatisfy { $0["status"] == "skipped" })
        let forced = try CLIRunner.run(["batch", manifest, "--quiet", "--force"], seconds: 240)
        #expect(Self.report(forced.stdout).prefix(3).allSatisfy { $0["status"] == "ok" })
    }

    @Test func shardsTakeEveryJobOnceAndTheirUnionIsTheUnshardedRun() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-batch")
        defer { try? FileManager.default.removeItem(at: dir) }
        let jobs = (0..<5).map { #"{"id": "j\#($0)", "input": "snow", "output": "out/j\#($0).png", "size": "80x120", "at": \#(Double($0) / 4), "seed": \#($0 + 1)}"# }
        let manifest = try Self.write(jobs, to: dir)
        var seen: [String] = []
        for k in 0..<3 {
            let r = try CLIRunner.run(["batch", manifest, "--shard", "\(k)/3", "--quiet"], seconds: 240)
            #expect(r.status == 0, "\(r.stderr)")
            seen += Self.report(r.stdout).map { $0["job"] ?? "?" }
        }
        #expect(seen.sorted() == (0..<5).map { "j\($0)" })
        let sharded = try (0..<5).map { try Data(contentsOf: dir.appendingPathComponent("out/j\($0).png")) }
        let manifest2 = try Self.write(jobs.map { $0.replacingOccurrences(of: "out/", with: "whole/") }, to: dir, name: "whole.jsonl")
        #expect(try CLIRunner.run(["batch", manifest2, "--quiet", "--jobs", "1"], seconds: 240).status == 0)
        let whole = try (0..<5).map { try Data(contentsOf: dir.appendingPathComponent("whole/j\($0).png")) }
        #expect(sharded == whole)
    }

    @Test func frameShardsJoinIntoTheSingleProcessFile() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-batch")
        defer { try? FileManager.default.removeItem(at: dir) }
        let common = ["--size", "100x160", "--duration", "1", "--quiet"]
        for k in 0..<3 {
            let r = try CLIRunner.run(["render", "snow", "--shard", "\(k)/3", "-o", dir.appendingPathComponent("part\(k)").path + "/"] + common)
            #expect(r.status == 0, "\(r.stderr)")
        }
        // Movies too, where ffmpeg is installed: the same frames through the same encoder settings.
        let movies = SnapCommandTests.ffprobe == nil ? [] : ["mp4", "webm"]
        for ext in ["gif", "apng"] + movies {
            let single = dir.appendingPathComponent("single.\(ext)").path, joined = dir.appendingPathComponent("joined.\(ext)").path
            #expect(try CLIRunner.run(["render", "snow", "-o", single] + common).status == 0)
            let parts = (0..<3).map { dir.appendingPathComponent("part\($0)").path }
            let j = try CLIRunner.run(["join"] + parts + ["-o", joined, "--fps", "20", "--quiet"])
            #expect(j.status == 0, "\(j.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: single)) == Data(contentsOf: URL(fileURLWithPath: joined)), "\(ext)")
        }
        // A missing part is an error, not a shorter file.
        let short = try CLIRunner.run(["join", dir.appendingPathComponent("part0").path, dir.appendingPathComponent("part2").path,
                                       "-o", dir.appendingPathComponent("short.gif").path, "--fps", "20"])
        #expect(short.status == 2 && short.stderr.contains("missing"), "\(short.stderr)")
    }

    /// Jobs that draw the same picture share its decoding: the batch decodes it once and the outputs are what
    /// separate `stardust render` runs write.
    @Test func jobsSharingAPictureDecodeItOnce() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-batch")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: Fixtures.effect("comet_particle.png"), toPath: dir.appendingPathComponent("dot.png").path)
        let scene = #"{"size": [80, 60], "duration": 1, "fps": 10, "layers": [{"type": "image", "name": "dot", "contents": "dot.png", "position": [40, 30], "bounds": [0, 0, 32, 32]}]}"#
        try scene.write(to: dir.appendingPathComponent("card.json"), atomically: true, encoding: .utf8)
        let manifest = try Self.write((0..<3).map { #"{"input": "card.json", "output": "out/c\#($0).png", "at": \#(Double($0) / 10)}"# }, to: dir)
        let r = try CLIRunner.run(["batch", manifest, "--jobs", "2"], in: dir, seconds: 120)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("images: 1 decoded, 2 reused"), "\(r.stderr)")
        let single = dir.appendingPathComponent("single.png").path
        #expect(try CLIRunner.run(["render", "card.json", "--at", "0.2", "-o", single, "--quiet"], in: dir).status == 0)
        #expect(try Data(contentsOf: dir.appendingPathComponent("out/c2.png")) == Data(contentsOf: URL(fileURLWithPath: single)))
    }

    @Test(arguments: [["batch", "x.jsonl", "--jobs", "0"], ["batch", "x.jsonl", "--shard", "3/3"], ["batch", "/nonexistent.jsonl"],
                      ["render", "snow", "--shard", "0/2", "-o", "a.gif"], ["join", "/nonexistent", "-o", "a.gif", "--fps", "20"]])
    func usageMistakesExitTwo(_ args: [String]) throws {
        let dir = try CLIRunner.temporaryFolder("stardust-batch")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "{}\n".write(to: dir.appendingPathComponent("x.jsonl"), atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(args, in: dir)
        #expect(r.status == 2, "\(r.stderr)")
    }
}
