import Foundation

/// Where the tests find their files: the repository's own fixtures, always there, and the optional corpus of
/// third-party files that only runs when an environment variable names its folder.
///
/// `swift test` on a bare clone reads nothing outside the repository. The corpus (effect files written by
/// other tools and other people) is extra evidence: `.ci/run` sets `STARDUST_SAMPLES` to its folder; elsewhere
/// the tests that need it are skipped with the reason in the report (`.enabled(if: Fixtures.hasSamples, …)`).
public enum Fixtures {
    /// The repository's root folder (found from this file's place in it).
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures/NAME…`: files we wrote for the tests, in the formats of other tools
    /// (`Tests/Fixtures/effects/make-fixtures.py` writes the effect files).
    public static func url(_ components: String...) -> URL {
        components.reduce(repository.appendingPathComponent("Tests/Fixtures")) { $0.appendingPathComponent($1) }
    }

    /// The path of `Tests/Fixtures/effects/NAME`.
    public static func effect(_ name: String) -> String { url("effects", name).path }

    /// The environment variable that names the third-party sample folder (holding `effects/`).
    public static let samplesVariable = "STARDUST_SAMPLES"

    /// The third-party sample folder when `STARDUST_SAMPLES` names an existing folder, else nil.
    public static var samples: URL? {
        guard let value = ProcessInfo.processInfo.environment[samplesVariable], !value.isEmpty else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: value, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return URL(fileURLWithPath: value).standardized
    }

    /// Whether the third-party corpus is available (see ``samples``).
    public static var hasSamples: Bool { samples != nil }

    /// The reason a corpus test is skipped: `.enabled(if: Fixtures.hasSamples, Comment(rawValue: Fixtures.samplesSkipReason))`.
    public static let samplesSkipReason =
        "set STARDUST_SAMPLES to the folder of third-party effect files (CI sets it) to run this corpus test"

    /// The path of `$STARDUST_SAMPLES/effects/NAME` (call only when ``hasSamples``).
    public static func sample(_ name: String) -> String {
        (samples ?? URL(fileURLWithPath: "/nonexistent")).appendingPathComponent("effects").appendingPathComponent(name).path
    }
}
