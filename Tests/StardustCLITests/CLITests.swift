import Foundation
import XCTest

/// Runs the built `stardust` executable as a user would and checks exit codes and outputs (docs/DESIGN.md §11).
final class CLITests: XCTestCase {
    struct Run { var status: Int32; var stdout: String; var stderr: String }

    var binary: URL {
        // The test bundle lives in the build products folder, beside the executable.
        var dir = Bundle(for: CLITests.self).bundleURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: dir.appendingPathComponent("stardust").path) {
            dir = Bundle.main.bundleURL
        }
        return dir.appendingPathComponent("stardust")
    }

    func run(_ args: [String], in dir: URL? = nil) throws -> Run {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        if let dir { p.currentDirectoryURL = dir }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    func tempDir() throws -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: d) }
        return d
    }

    func testPresetsListsTheSpecPresets() throws {
        let r = try run(["presets"])
        XCTAssertEqual(r.status, 0)
        for name in ["snow", "snow-classic", "fireworks", "maple-leaves", "celebration"] {
            XCTAssertTrue(r.stdout.contains(name), "missing \(name) in \(r.stdout)")
        }
    }

    func testHelpTeachesAndExitsZero() throws {
        let r = try run(["render", "--help"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("--frames"))
    }

    func testUsageErrorsExitTwoInPlainWords() throws {
        let unknown = try run(["render", "no-such-preset"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("neither a preset nor a scene file"), unknown.stderr)
        XCTAssertFalse(unknown.stderr.contains("Fatal error"))
        let badOption = try run(["render", "snow", "--size", "big"])
        XCTAssertEqual(badOption.status, 2)
        let badFlag = try run(["render", "--no-such-flag"])
        XCTAssertEqual(badFlag.status, 2)
        XCTAssertEqual(try run(["render", "snow", "--at", "nan"]).status, 2)
        XCTAssertEqual(try run(["render", "snow", "--at", "1", "--frames", "0..1"]).status, 2)
        XCTAssertEqual(try run(["bench", "sprites", "--runs", "0"]).status, 2)
        XCTAssertEqual(try run(["bench", "nope"]).status, 2)
        XCTAssertEqual(try run(["validate", NSTemporaryDirectory()]).status, 2)
    }

    func testInvalidSceneIsRejectedWithItsJSONPath() throws {
        let dir = try tempDir()
        let scene = dir.appendingPathComponent("bad.json")
        try #"{"layers": [{"type": "emitter", "emitterCells": [{"birthRate": -1}]}]}"#.write(to: scene, atomically: true, encoding: .utf8)
        let r = try run(["validate", scene.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("layers[0].emitterCells[0].birthRate"), r.stderr)
        let render = try run(["render", scene.path, "-o", dir.appendingPathComponent("out.gif").path, "--quiet"])
        XCTAssertEqual(render.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.gif").path))
    }

    func testRenderSingleFrameToPNG() throws {
        let dir = try tempDir()
        let out = dir.appendingPathComponent("snow.png")
        let r = try run(["render", "snow", "--at", "1", "--size", "60x40", "--scale", "1", "-o", out.path, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let bytes = try Data(contentsOf: out)
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// Frame ranges are independent jobs: frames 2..3 alone equal frames 2 and 3 of a longer render, byte for byte.
    func testFrameRangesMatchAFullRender() throws {
        let dir = try tempDir()
        let full = dir.appendingPathComponent("full/"), part = dir.appendingPathComponent("part/")
        let common = ["--size", "40x30", "--scale", "1", "--fps", "10", "--duration", "0.4", "--quiet"]
        XCTAssertEqual(try run(["render", "fireworks", "-o", full.path + "/"] + common + ["--threads", "1"]).status, 0)
        XCTAssertEqual(try run(["render", "fireworks", "-o", part.path + "/", "--frames", "2..3"] + common + ["--threads", "2"]).status, 0)
        let fullFiles = try FileManager.default.contentsOfDirectory(atPath: full.path).sorted()
        let partFiles = try FileManager.default.contentsOfDirectory(atPath: part.path).sorted()
        XCTAssertEqual(fullFiles.count, 4)
        XCTAssertEqual(partFiles.count, 2)
        for name in partFiles {
            XCTAssertEqual(try Data(contentsOf: part.appendingPathComponent(name)), try Data(contentsOf: full.appendingPathComponent(name)), name)
        }
    }

    func testOutputIntoAMissingFolderFailsWithoutLeavingAFile() throws {
        let dir = try tempDir()
        let target = dir.appendingPathComponent("no/such/dir/x.png")
        let r = try run(["render", "snow", "--at", "0", "--size", "20x20", "-o", target.path, "--quiet"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertFalse(r.stderr.isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("no").path))
    }

    func testTracePrintsOneJSONObjectPerFrame() throws {
        let r = try run(["trace", "snow", "--fps", "2", "--duration", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        for line in lines {
            let obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let particles = obj?["particles"] as? [String: Int]
            XCTAssertNotNil(particles?["snow.flake"])
            XCTAssertGreaterThan(particles?["snow.flake"] ?? 0, 100) // pre-warmed by 10 s
        }
        let withParticles = try run(["trace", "snow-classic", "--at", "3", "--particles"])
        let obj = try JSONSerialization.jsonObject(with: Data(withParticles.stdout.utf8)) as? [String: Any]
        let states = obj?["particleStates"] as? [[String: Any]]
        XCTAssertGreaterThan(states?.count ?? 0, 10)
        XCTAssertEqual(states?.first?["cell"] as? String, "snow.snowFlake")
    }

    func testDefaultCommandWritesSnowGIF() throws {
        let dir = try tempDir()
        let r = try run(["--size", "40x60", "--duration", "0.2", "--quiet"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let gif = try Data(contentsOf: dir.appendingPathComponent("snow.gif"))
        XCTAssertEqual(String(decoding: gif.prefix(6), as: UTF8.self), "GIF89a")
    }
}
