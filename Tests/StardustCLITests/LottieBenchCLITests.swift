import Foundation
import StardustTestSupport
import Testing

/// `stardust bench lottie` (docs/BENCHMARKS.md, "lottie"): sweeps over a folder of samples, each sweep's totals, and
/// the per-file table. The anchors are kept out (no `python3` on the child's PATH), so what is checked is our side's
/// bookkeeping: the fixture `linear-position.json` has 20 frames (2 s at 10 fps) and the dotLottie archive is counted
/// only on the every-file line.
@Suite struct LottieBenchCLITests {
    @Test func sweepsReportEveryRunAndTheTableHasEveryFileOfEverySweep() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-lottie-bench")
        defer { try? FileManager.default.removeItem(at: dir) }
        let samples = dir.appendingPathComponent("samples"), empty = dir.appendingPathComponent("bin")
        for d in [samples, empty] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        for name in ["linear-position.json", "two-animations.lottie"] {
            try FileManager.default.copyItem(at: Fixtures.url("lottie", name), to: samples.appendingPathComponent(name))
        }
        let table = dir.appendingPathComponent("table.tsv").path
        let r = try CLIRunner.run(["bench", "lottie", "--samples", samples.path, "--runs", "2", "--threads", "1", "--table", table],
                                  seconds: 300, environment: ["PATH": empty.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("anchors skipped"), "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        try #require(lines.count == 2, "ours over the common files, then every file: \(r.stdout)")
        #expect(lines[0]["variant"] as? String == "512px-all-frames")
        #expect(lines[0]["runs"] as? Int == 2, "one total per sweep")
        #expect(lines[0]["files"] as? Int == 1 && lines[0]["frames"] as? Int == 20, "the JSON file alone: \(lines[0])")
        #expect(lines[1]["variant"] as? String == "512px-all-frames-every-file")
        #expect(lines[1]["files"] as? Int == 2 && lines[1]["runs"] as? Int == 2, "\(lines[1])")
        let rows = try String(contentsOfFile: table, encoding: .utf8).split(separator: "\n").map { $0.split(separator: "\t") }
        #expect(rows.first?.joined(separator: " ") == "sweep file engine frames parseFirstMs framesMs peakKiB")
        let body = rows.dropFirst()
        #expect(body.count == 4, "2 files × 2 sweeps, ours only: \(body)")
        #expect(Set(body.map { "\($0[0]) \($0[1]) \($0[2])" }) == [
            "1 linear-position.json ours", "1 two-animations.lottie ours",
            "2 linear-position.json ours", "2 two-animations.lottie ours",
        ])
        #expect(body.filter { $0[1] == "linear-position.json" }.allSatisfy { $0[3] == "20" })
    }
}
