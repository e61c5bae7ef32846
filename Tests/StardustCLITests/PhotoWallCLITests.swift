import Foundation
import Testing
import StardustTestSupport

/// The CLI on a scene file's `photoWall`: `validate` names the photo whose file is missing and exits
/// 2; `trace` prints the finger's drag joint under `"joints"`; a wall over the step budget is refused.
@Suite("stardust CLI: photoWall scenes")
struct PhotoWallCLITests {
    @Test("validate names the missing photo's JSON path and exits 2")
    func missingPhoto() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-photowall")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("wall.json")
        try #"{"photoWall": {"photos": ["builtin:star", "holiday/beach.jpg"]}}"#.write(to: file, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["validate", file.path], seconds: 60)
        #expect(r.status == 2)
        #expect(r.stderr.contains("photoWall.photos[1]") && r.stderr.contains("not found"), "\(r.stderr)")
    }

    @Test("trace prints a held photo's drag joint, from the world, at the finger")
    func traceJoints() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-photowall")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("wall.json")
        try #"""
        {"size": [300, 300], "duration": 1, "photoWall": {"photos": ["builtin:star"], "photoSize": [100, 100], "origin": [100, 100]},
         "pointer": [{"t": 0.1, "phase": "began", "point": [150, 150], "id": 4}, {"t": 0.2, "phase": "moved", "point": [160, 150], "id": 4}]}
        """#.write(to: file, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["trace", file.path, "--at", "0.5"], seconds: 60)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""joints":[{"type":"drag","a":null,"b":"photo0","anchorA":[160,150],"anchorB":["#), "\(r.stdout)")
    }

    @Test("a wall over the physics step budget is refused naming photoWall.photos")
    func budget() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-photowall")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("wall.json")
        let photos = Array(repeating: "\"builtin:dot\"", count: 1000).joined(separator: ",")
        try #"{"duration": 600, "fps": 1, "photoWall": {"photos": [\#(photos)], "timeStep": 0.001}}"#.write(to: file, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["validate", file.path], seconds: 60)
        #expect(r.status == 2)
        #expect(r.stderr.contains("photoWall.photos") && r.stderr.contains("body-steps"), "\(r.stderr)")
    }
}
