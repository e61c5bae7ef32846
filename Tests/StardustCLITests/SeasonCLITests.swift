import Foundation
import StardustTestSupport
import Testing

/// The seasonal switch on the command line (docs/SEASONAL.md): decided only when `--season` or `--date` asks for it,
/// so `stardust` draws its snow on any day. No test here reads today's date: every decision names its day.
@Suite struct SeasonCLITests {
    static let example = Fixtures.repository.appendingPathComponent("examples/seasonal-snow.json").path

    /// Runs the CLI with a private, empty cache of remote flags.
    static func run(_ args: [String], cache: URL) throws -> CLIRunner.Result {
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = cache.path
        env["STARDUST_SNOW_FLAG_URL"] = nil
        return try CLIRunner.run(args, environment: env)
    }

    /// One frame of `target` at 2 s with `flags`, as PNG bytes.
    static func frame(_ target: String, _ flags: [String], in dir: URL) throws -> Data {
        let out = dir.appendingPathComponent("f-\(UUID().uuidString).png")
        let r = try run(["render", target, "--at", "2", "--quiet", "-o", out.path] + flags, cache: dir)
        #expect(r.status == 0, "\(r.stderr)")
        return try Data(contentsOf: out)
    }

    @Test func withoutSeasonOrDateTheSnowIsDrawnAndNothingIsDecided() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-season")
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try Self.run(["validate", "snow"], cache: dir)
        #expect(plain.status == 0 && !plain.stderr.contains("switched off"), "\(plain.stderr)")
        // Undecided equals in season; out of season hides the snow (different pixels).
        let undecided = try Self.frame("snow", [], in: dir)
        let christmasEve = try Self.frame("snow", ["--date", "2026-12-24", "--offline"], in: dir)
        let july = try Self.frame("snow", ["--date", "2026-07-14", "--offline"], in: dir)
        #expect(undecided == christmasEve)
        #expect(undecided != july)
    }

    @Test func theDefaultCommandWritesSnowGIFWithSnow() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-season")
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = dir.path
        // `stardust` with no arguments is `render snow` to snow.gif; two frames keep a debug build quick (CI runs the
        // whole command in release and checks the same thing).
        let r = try CLIRunner.run(["--frames", "0..1", "--quiet"], in: dir, seconds: 120, environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("switched off"))
        let gif = try Data(contentsOf: dir.appendingPathComponent("snow.gif"))
        // The same frames with the snow switched off (a day out of season) encode to a different GIF.
        let out = dir.appendingPathComponent("july.gif")
        let july = try Self.run(["render", "snow", "--frames", "0..1", "--date", "2026-07-14", "--offline", "--quiet", "-o", out.path], cache: dir)
        #expect(july.status == 0 && july.stderr.contains("snow is switched off"), "\(july.stderr)")
        #expect(gif != (try Data(contentsOf: out)))
    }

    @Test func theExampleHonoursItsWindowsAndItsRemoteFlagWhenAsked() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-season")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Out of both windows: off, without fetching anything.
        let july = try Self.run(["validate", Self.example, "--date", "2026-07-14", "--offline"], cache: dir)
        #expect(july.status == 0 && july.stderr.contains("snow is switched off"), "\(july.stderr)")
        // In a window, offline, no cached value: the flag's safe default is off.
        let eve = try Self.run(["validate", Self.example, "--date", "2026-12-24", "--offline"], cache: dir)
        #expect(eve.stderr.contains("snow is switched off"), "\(eve.stderr)")
        // Not decided: drawn.
        #expect(!(try Self.run(["validate", Self.example], cache: dir)).stderr.contains("switched off"))

        // The same scene with its flag served on loopback: on, then off, as the flag says (New Year's Eve is in
        // the second window).
        let text = try String(contentsOfFile: Self.example, encoding: .utf8)
        let server = try LoopbackHTTPServer(.answer(#"{"snow": true}"#))
        defer { server.stop() }
        let scene = dir.appendingPathComponent("flagged.json")
        try text.replacingOccurrences(of: "http://flags.example.com/effects.json", with: server.url.absoluteString)
            .write(to: scene, atomically: true, encoding: .utf8)
        let on = try Self.run(["validate", scene.path, "--date", "2026-12-31"], cache: dir.appendingPathComponent("c1"))
        #expect(on.status == 0 && !on.stderr.contains("switched off"), "\(on.stderr)")
        server.behavior = .answer(#"{"snow": false}"#)
        let off = try Self.run(["validate", scene.path, "--date", "2026-12-31"], cache: dir.appendingPathComponent("c2"))
        #expect(off.stderr.contains("snow is switched off"), "\(off.stderr)")
    }

    @Test func badDatesAreUsageErrors() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-season")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Self.run(["render", "snow", "--date", "tomorrow"], cache: dir).status == 2)
    }
}
