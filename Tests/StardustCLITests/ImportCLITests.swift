import Foundation
import StardustTestSupport
import Testing

/// `stardust import`, effect files on render/validate, and `--date`/`--offline` (docs/IMPORTERS.md, docs/SEASONAL.md).
/// Our own effect files (Tests/Fixtures/effects): the suite reads nothing outside the repository.
@Suite struct ImportCLITests {
    func run(_ args: [String]) throws -> CLIRunner.Result { try CLITests.run(args) }

    @Test func importWritesAnEditableSceneThatRendersLikeTheEffectFile() throws {
        let cli = self
        let dir = try CLIRunner.temporaryFolder("stardust-import-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let ped = Fixtures.effect("glow.ped")
        let r = try cli.run(["import", ped, "-o", dir.appendingPathComponent("fx/glow.json").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("fx/glow_texture.png").path))
        let a = dir.appendingPathComponent("a.png").path, b = dir.appendingPathComponent("b.png").path
        #expect(try cli.run(["render", ped, "--at", "1", "--scale", "0.5", "-o", a, "--quiet"]).status == 0)
        #expect(try cli.run(["render", dir.appendingPathComponent("fx/glow.json").path, "--at", "1", "--scale", "0.5", "-o", b, "--quiet"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
        let v = try cli.run(["validate", Fixtures.effect("embers.pex")])
        #expect(v.status == 0)
        #expect(v.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }.count == 1)
        let bad = dir.appendingPathComponent("bad.pex")
        try Data("<particleEmitterConfig><maxParticles value=\"lots\"/></particleEmitterConfig>".utf8).write(to: bad)
        let e = try cli.run(["import", bad.path])
        #expect(e.status == 2)
        #expect(e.stderr.contains("<maxParticles value>"), "\(e.stderr)")
    }

    @Test func dateAndOfflineDecideTheSnowPresetsSwitch() throws {
        let cli = self
        let off = try cli.run(["validate", "snow", "--date", "2026-12-26", "--offline"])
        #expect(off.status == 0)
        #expect(off.stderr.contains("switched off"), "\(off.stderr)")
        let on = try cli.run(["validate", "snow", "--date", "2026-12-24", "--offline"])
        #expect(!on.stderr.contains("switched off"), "\(on.stderr)")
        #expect(try cli.run(["render", "snow", "--date", "tomorrow"]).status == 2)
    }
}
