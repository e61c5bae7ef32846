import Foundation
import Testing
import StardustTestSupport

/// The CLI on physics (docs/DESIGN.md §11): frame ranges of the photo wall equal a full render; trace prints
/// bodies and transitions; `validate` names the JSON path of a physics mistake.
@Suite("stardust CLI: physics")
struct PhysicsCLITests {
    @Test("photo-wall frames 100..104 alone equal the same frames of a full render")
    func photoWallFrameRange() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-physics")
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = dir.appendingPathComponent("full/"), part = dir.appendingPathComponent("part/")
        let common = ["--scale", "0.1", "--fps", "30", "--duration", "3.5", "--quiet"]
        #expect(try CLIRunner.run(["render", "photo-wall", "-o", full.path + "/"] + common + ["--threads", "1"], seconds: 120).status == 0)
        #expect(try CLIRunner.run(["render", "photo-wall", "-o", part.path + "/", "--frames", "100..104"] + common + ["--threads", "2"],
                                  seconds: 120).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: part.path).sorted()
        #expect(names.count == 5)
        for name in names {
            #expect(try Data(contentsOf: part.appendingPathComponent(name)) == Data(contentsOf: full.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test("trace photo-wall --at 1.7 reports the returning photo as a body")
    func traceBodies() throws {
        let r = try CLIRunner.run(["trace", "photo-wall", "--at", "1.7"], seconds: 60)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"bodies\":{\"photo4\":{\"position\":["))
        #expect(r.stdout.contains("\"sleeping\":false"))
    }

    @Test("validate names the JSON path of a physics mistake and exits 2")
    func validateNamesPath() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-physics")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bad.json")
        try #"{"physics": {"bodies": [{"name": "a", "shapes": [{"circle": {"radius": 0}}]}]}}"#.write(to: file, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["validate", file.path], seconds: 60)
        #expect(r.status == 2)
        #expect(r.stderr.contains("physics.bodies[0].shapes[0].circle.radius"))
    }
}
