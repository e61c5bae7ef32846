import Foundation
import StardustTestSupport
import Testing

/// Runs the built `stardust` executable as a user would and checks exit codes and outputs (docs/DESIGN.md §11).
@Suite struct CLITests {
    /// Runs `stardust args…` (found by ``CLIRunner/binary`` beside the test bundle) with no memory cap, as a user
    /// would; the time bound only ends a hung process.
    static func run(_ args: [String], in dir: URL? = nil) throws -> CLIRunner.Result {
        try CLIRunner.run(args, in: dir, memoryBytes: nil, seconds: 300)
    }

    func run(_ args: [String], in dir: URL? = nil) throws -> CLIRunner.Result { try Self.run(args, in: dir) }

    @Test func presetsListsTheSpecPresets() throws {
        let r = try run(["presets"])
        #expect(r.status == 0)
        for name in ["snow", "snow-classic", "fireworks", "maple-leaves", "celebration"] {
            #expect(r.stdout.contains(name), "missing \(name) in \(r.stdout)")
        }
    }

    @Test func helpTeachesAndExitsZero() throws {
        let r = try run(["render", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("--frames"))
    }

    @Test func usageErrorsExitTwoInPlainWords() throws {
        let unknown = try run(["render", "no-such-preset"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("neither a preset nor a scene file"), "\(unknown.stderr)")
        #expect(!unknown.stderr.contains("Fatal error"))
        let badOption = try run(["render", "snow", "--size", "big"])
        #expect(badOption.status == 2)
        let badFlag = try run(["render", "--no-such-flag"])
        #expect(badFlag.status == 2)
        #expect(try run(["render", "snow", "--at", "nan"]).status == 2)
        #expect(try run(["render", "snow", "--at", "1", "--frames", "0..1"]).status == 2)
        #expect(try run(["bench", "sprites", "--runs", "0"]).status == 2)
        #expect(try run(["bench", "nope"]).status == 2)
        #expect(try run(["validate", NSTemporaryDirectory()]).status == 2)
    }

    @Test func invalidSceneIsRejectedWithItsJSONPath() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("bad.json")
        try #"{"layers": [{"type": "emitter", "emitterCells": [{"birthRate": -1}]}]}"#.write(to: scene, atomically: true, encoding: .utf8)
        let r = try run(["validate", scene.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("layers[0].emitterCells[0].birthRate"), "\(r.stderr)")
        let render = try run(["render", scene.path, "-o", dir.appendingPathComponent("out.gif").path, "--quiet"])
        #expect(render.status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.gif").path))
    }

    @Test func renderSingleFrameToPNG() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("snow.png")
        let r = try run(["render", "snow", "--at", "1", "--size", "60x40", "--scale", "1", "-o", out.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = try Data(contentsOf: out)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// Frame ranges are independent jobs: frames 2..3 alone equal frames 2 and 3 of a longer render, byte for byte.
    @Test func frameRangesMatchAFullRender() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = dir.appendingPathComponent("full/"), part = dir.appendingPathComponent("part/")
        let common = ["--size", "40x30", "--scale", "1", "--fps", "10", "--duration", "0.4", "--quiet"]
        #expect(try run(["render", "fireworks", "-o", full.path + "/"] + common + ["--threads", "1"]).status == 0)
        #expect(try run(["render", "fireworks", "-o", part.path + "/", "--frames", "2..3"] + common + ["--threads", "2"]).status == 0)
        let fullFiles = try FileManager.default.contentsOfDirectory(atPath: full.path).sorted()
        let partFiles = try FileManager.default.contentsOfDirectory(atPath: part.path).sorted()
        #expect(fullFiles.count == 4)
        #expect(partFiles.count == 2)
        for name in partFiles {
            #expect(try Data(contentsOf: part.appendingPathComponent(name)) == Data(contentsOf: full.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test func outputIntoAMissingFolderFailsWithoutLeavingAFile() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("no/such/dir/x.png")
        let r = try run(["render", "snow", "--at", "0", "--size", "20x20", "-o", target.path, "--quiet"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(!r.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("no").path))
    }

    @Test func tracePrintsOneJSONObjectPerFrame() throws {
        let r = try run(["trace", "snow", "--fps", "2", "--duration", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            let obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let particles = obj?["particles"] as? [String: Int]
            #expect(particles?["snow.flake"] != nil)
            #expect((particles?["snow.flake"] ?? 0) > 100) // pre-warmed by 10 s
        }
        let withParticles = try run(["trace", "snow-classic", "--at", "3", "--particles"])
        let obj = try JSONSerialization.jsonObject(with: Data(withParticles.stdout.utf8)) as? [String: Any]
        let states = obj?["particleStates"] as? [[String: Any]]
        #expect((states?.count ?? 0) > 10)
        #expect((states?.first?["cell"] as? String) == "snow.snowFlake")
    }

    @Test func defaultCommandWritesSnowGIF() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run(["--size", "40x60", "--duration", "0.2", "--quiet"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let gif = try Data(contentsOf: dir.appendingPathComponent("snow.gif"))
        #expect(String(decoding: gif.prefix(6), as: UTF8.self) == "GIF89a")
    }
}
