import Foundation
import XCTest

/// `stardust import`, effect files on render/validate, and `--date`/`--offline` (docs/IMPORTERS.md, docs/SEASONAL.md).
final class ImportCLITests: XCTestCase {
    /// Our own effect files (Tests/Fixtures/effects): the suite reads nothing outside the repository.
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/effects")

    func run(_ args: [String]) throws -> CLITests.Run {
        var dir = Bundle(for: ImportCLITests.self).bundleURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: dir.appendingPathComponent("stardust").path) { dir = Bundle.main.bundleURL }
        let p = Process()
        p.executableURL = dir.appendingPathComponent("stardust")
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLITests.Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    func testImportWritesAnEditableSceneThatRendersLikeTheEffectFile() throws {
        let cli = self
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-import-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let ped = fixtures.appendingPathComponent("glow.ped").path
        let r = try cli.run(["import", ped, "-o", dir.appendingPathComponent("fx/glow.json").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("fx/glow_texture.png").path))
        let a = dir.appendingPathComponent("a.png").path, b = dir.appendingPathComponent("b.png").path
        XCTAssertEqual(try cli.run(["render", ped, "--at", "1", "--scale", "0.5", "-o", a, "--quiet"]).status, 0)
        XCTAssertEqual(try cli.run(["render", dir.appendingPathComponent("fx/glow.json").path, "--at", "1", "--scale", "0.5", "-o", b, "--quiet"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
        let v = try cli.run(["validate", fixtures.appendingPathComponent("embers.pex").path])
        XCTAssertEqual(v.status, 0)
        XCTAssertEqual(v.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }.count, 1)
        let bad = dir.appendingPathComponent("bad.pex")
        try Data("<particleEmitterConfig><maxParticles value=\"lots\"/></particleEmitterConfig>".utf8).write(to: bad)
        let e = try cli.run(["import", bad.path])
        XCTAssertEqual(e.status, 2)
        XCTAssertTrue(e.stderr.contains("<maxParticles value>"), e.stderr)
    }

    func testDateAndOfflineDecideTheSnowPresetsSwitch() throws {
        let cli = self
        let off = try cli.run(["validate", "snow", "--date", "2026-12-26", "--offline"])
        XCTAssertEqual(off.status, 0)
        XCTAssertTrue(off.stderr.contains("switched off"), off.stderr)
        let on = try cli.run(["validate", "snow", "--date", "2026-12-24", "--offline"])
        XCTAssertFalse(on.stderr.contains("switched off"), on.stderr)
        XCTAssertEqual(try cli.run(["render", "snow", "--date", "tomorrow"]).status, 2)
    }
}
