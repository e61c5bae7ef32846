import Foundation
import StardustLottie
import StardustTestSupport
import Testing

/// lottie-ios's own sample files (third-party, outside the repository): every one is read and translated, and —
/// when Python with rlottie or ThorVG is there — `tools/lottie-compare.py` compares our frames with theirs.
/// `STARDUST_LOTTIE` names the folder holding `lottie-ios/samples` and `lottie-ios/snapshots`; without it these
/// tests are skipped with the reason below.
@Suite("Lottie corpus")
struct LottieCorpusTests {
    static var folder: URL? {
        guard let v = ProcessInfo.processInfo.environment["STARDUST_LOTTIE"], !v.isEmpty,
              FileManager.default.fileExists(atPath: v + "/lottie-ios/samples") else { return nil }
        return URL(fileURLWithPath: v)
    }
    static let skipReason = "set STARDUST_LOTTIE to the folder holding lottie-ios/samples (CI sets it) to run the Lottie corpus"

    static func samples() -> [String] {
        guard let root = folder?.appendingPathComponent("lottie-ios/samples"),
              let e = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted().map { root.appendingPathComponent($0).path }
    }

    @Test(.enabled(if: folder != nil, Comment(rawValue: skipReason)))
    func everySampleIsReadAndTranslated() throws {
        let files = Self.samples()
        #expect(files.count > 100)
        var failures: [String] = []
        for f in files {
            do {
                let c = try LottieFile.load(path: f)
                _ = c.root.displayList(size: c.size, scale: 1, at: c.duration / 2)
            } catch {
                failures.append("\(f): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) samples refused:\n\(failures.joined(separator: "\n"))")
    }

    /// The `stardust` executable the comparison renders with, when it is asked for: `STARDUST_LOTTIE_COMPARE=1` for
    /// the one built beside the tests, or the path of another build. CI names its release build, which draws the
    /// 765 frames many times faster than a debug build (about 2 minutes for the set on two cores, the files compared
    /// two at a time).
    static var compareBinary: String? {
        guard let value = ProcessInfo.processInfo.environment["STARDUST_LOTTIE_COMPARE"], !value.isEmpty else { return nil }
        return value == "1" ? CLIRunner.binary.path : value
    }
    static var compareAskedFor: Bool { compareBinary.map { FileManager.default.isExecutableFile(atPath: $0) } ?? false }
    static let compareSkipReason = "set STARDUST_LOTTIE and STARDUST_LOTTIE_COMPARE (1, or the path of a stardust executable; and install rlottie-python, thorvg-python, Pillow) to compare frames with rlottie, ThorVG and lottie-ios"

    /// The conformance comparison (docs/LOTTIE.md): at least the measured share of (file, progress) pairs within
    /// mean 6 and 2 % of pixels of a reference. The floor is the last measured rate, so a regression fails.
    @Test(.enabled(if: folder != nil && compareAskedFor, Comment(rawValue: compareSkipReason)))
    func framesMatchAReferencePlayer() throws {
        let root = try #require(Self.folder)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-compare-\(getpid())")
        let compare = try ChildProcess.run(named: "python3", [
            Fixtures.repository.appendingPathComponent("tools/lottie-compare.py").path,
            "--stardust", try #require(Self.compareBinary), "--samples", root.appendingPathComponent("lottie-ios/samples").path,
            "--snapshots", root.appendingPathComponent("lottie-ios/snapshots").path, "--out", out.path])
        try #require(compare.status == 0, """
            lottie-compare.py failed (Python with Pillow, rlottie-python, thorvg-python?): \(compare.standardError.suffix(2000))
            """)
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("summary.json"))) as? [String: Any]
        let rate = try #require(summary?["rate"] as? Double)
        #expect(rate >= Self.measuredFloor, "match rate \(rate); the table is in \(out.path)/table.md")
    }

    /// Below the last measured rate with a margin of about eight pairs (95.1 %, 789 of 830, branch `lottie-text`;
    /// docs/LOTTIE.md, "Conformance").
    static let measuredFloor = 0.94
}
