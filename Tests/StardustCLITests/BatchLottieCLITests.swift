import Foundation
import StardustTestSupport
import Testing

/// Lottie inputs of `stardust batch` (docs/BATCH.md). Truth: the bytes `stardust render anim.json` writes.
@Suite struct BatchLottieCLITests {
    @Test func aLottieJobWritesWhatRenderWritesAndABadFileFailsWithItsJSONPath() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-batch-lottie")
        defer { try? FileManager.default.removeItem(at: dir) }
        let anim = dir.appendingPathComponent("anim.json").path
        try FileManager.default.copyItem(atPath: Fixtures.url("lottie", "linear-position.json").path, toPath: anim)
        // A Lottie file whose out point is past the frame limit (10⁹): refused at $.op.
        let bad = String(decoding: try Data(contentsOf: URL(fileURLWithPath: anim)), as: UTF8.self)
            .replacingOccurrences(of: "\"op\": 20", with: "\"op\": 1e12")
        try bad.write(toFile: dir.appendingPathComponent("bad.json").path, atomically: true, encoding: .utf8)
        let manifest = try BatchCLITests.write([
            #"{"id": "gif", "input": "anim.json", "output": "out/anim.gif"}"#,
            #"{"id": "half", "input": "anim.json", "output": "out/half.png", "at": 0.5, "size": "50x50"}"#,
            #"{"id": "bad", "input": "bad.json", "output": "out/bad.gif"}"#,
        ], to: dir)
        let r = try CLIRunner.run(["batch", manifest, "--jobs", "2", "--quiet"], seconds: 240)
        #expect(r.status == 1, "\(r.stderr)")
        let lines = BatchCLITests.report(r.stdout)
        #expect(lines.map { $0["status"] ?? "?" } == ["ok", "ok", "failed"])
        #expect(lines[2]["error"]?.contains("$.op") == true, "\(lines[2])")
        for (job, args) in [("anim.gif", ["render", anim]), ("half.png", ["render", anim, "--at", "0.5", "--size", "50x50"])] {
            let single = dir.appendingPathComponent("single-" + job).path
            #expect(try CLIRunner.run(args + ["-o", single, "--quiet"]).status == 0)
            #expect(try Data(contentsOf: dir.appendingPathComponent("out/" + job)) == Data(contentsOf: URL(fileURLWithPath: single)), "\(job)")
        }
    }
}
