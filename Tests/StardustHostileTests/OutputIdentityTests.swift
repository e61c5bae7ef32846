import Foundation
import StardustCodecs
import StardustTestSupport
import Testing

/// Rule 2 of docs/HOSTILE-INPUT.md: an output never destroys an input or another output. Files are compared by
/// identity (device and inode after links; a file not yet written by its folder and name), so another spelling of
/// the same path, a symbolic link or a hard link is caught; a refused command exits 2 and leaves every file as it was.
@Suite("Output identity")
struct OutputIdentityTests {
    static let tinyScene = Data(##"{"size": [20, 20], "scale": 1, "duration": 0.2, "fps": 10, "layers": [{"type": "group", "bounds": [0, 0, 5, 5], "backgroundColor": "#FF0000"}]}"##.utf8)

    func folder() throws -> URL { try CLIRunner.temporaryFolder("stardust-output-identity") }

    func bytes(_ url: URL) -> Data? { try? Data(contentsOf: url) }

    @Test func snapNeverWritesAFrameOverItsPicture() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let d = dir.appendingPathComponent("d")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        let picture = d.appendingPathComponent("frame_00000.png")
        try Data(HostileCorpus.png(width: 8, height: 8)).write(to: picture)
        let before = bytes(picture)
        let r = try CLIRunner.run(["snap", picture.path, "-o", d.path + "/", "--layers", "2", "--fps", "5"], seconds: 120)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("frame_00000.png"))
        #expect(bytes(picture) == before)
    }

    @Test func renderNeverWritesItsSoundTrackOverItsMovie() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gif = dir.appendingPathComponent("a.gif").path
        let r = try CLIRunner.run(["render", "thanos", "--size", "60x60", "--frames", "0..1", "-o", gif, "--audio", "./" + "a.gif", "--quiet"],
                                  in: dir, seconds: 120)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("same file"))
        #expect(!FileManager.default.fileExists(atPath: gif))
    }

    @Test func aSymbolicOrHardLinkToTheSceneIsTheScene() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("scene.json")
        try Self.tinyScene.write(to: scene)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("soft.gif").path, withDestinationPath: scene.path)
        try FileManager.default.linkItem(at: scene, to: dir.appendingPathComponent("hard.gif"))
        for out in ["soft.gif", "hard.gif"] {
            let r = try CLIRunner.run(["render", scene.path, "-o", dir.appendingPathComponent(out).path, "--quiet"], seconds: 120)
            #expect(r.status == 2, "\(out): \(r.stderr)")
            #expect(bytes(scene) == Self.tinyScene)
        }
    }

    @Test func joinNeverWritesOverTheFramesItReads() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = dir.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let png = Data(HostileCorpus.png(width: 4, height: 4))
        for i in 0..<2 { try png.write(to: frames.appendingPathComponent(PNGSequenceWriter.fileName(index: i))) }
        // The output folder is the input folder under another spelling: frame 0 would replace frame 0.
        let r = try CLIRunner.run(["join", frames.path, "-o", frames.path + "/../frames/", "--fps", "10"], seconds: 60)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(bytes(frames.appendingPathComponent(PNGSequenceWriter.fileName(index: 0))) == png)
    }

    @Test func exportSwiftNeverWritesAPictureOverTheSceneItReads() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = Data(HostileCorpus.png(width: 4, height: 4))
        try png.write(to: dir.appendingPathComponent("photo.png"))
        // The layer is named "photo": the export writes its picture as photo.png beside the source — the input itself.
        let scene = dir.appendingPathComponent("scene.json")
        try Data(#"{"size": [20, 20], "layers": [{"type": "image", "name": "photo", "contents": "photo.png", "bounds": [0, 0, 4, 4]}]}"#.utf8)
            .write(to: scene)
        let r = try CLIRunner.run(["export-swift", scene.path, "-o", dir.appendingPathComponent("Out.swift").path], seconds: 60)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(bytes(dir.appendingPathComponent("photo.png")) == png)
    }

    @Test func batchJobsNeverShareAnOutputOrWriteTheManifest() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.tinyScene.write(to: dir.appendingPathComponent("scene.json"))
        let manifest = """
            {"id": "a", "input": "scene.json", "output": "out.gif"}
            {"id": "b", "input": "scene.json", "output": "./sub/../out.gif"}
            {"id": "c", "input": "scene.json", "output": "jobs.png"}
            """
        // A manifest may have any name, even one an output format reads.
        let m = dir.appendingPathComponent("jobs.png")
        try Data(manifest.utf8).write(to: m)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let r = try CLIRunner.run(["batch", m.path, "--jobs", "1", "--quiet"], seconds: 120)
        #expect(r.status == 1, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains(#""status":"failed""#) }.count == 2, "\(r.stdout)")
        #expect(bytes(m) == Data(manifest.utf8))
        // The report never replaces the manifest either.
        let same = try CLIRunner.run(["batch", m.path, "--report", m.path, "--quiet"], seconds: 60)
        #expect(same.status == 2, "\(same.stderr)")
        #expect(bytes(m) == Data(manifest.utf8))
    }

    /// The identity itself: spellings, links and files not yet written.
    @Test func identitiesCompareFilesNotNames() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.txt")
        try Data("x".utf8).write(to: a)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link").path, withDestinationPath: dir.path)
        #expect(FileIdentity(path: a.path) == FileIdentity(path: dir.path + "/link/a.txt"))
        #expect(FileIdentity(path: dir.path + "/new/b.png") == FileIdentity(path: dir.path + "/link/new/b.png"))
        #expect(FileIdentity(path: dir.path + "/new.png") != FileIdentity(path: dir.path + "/new2.png"))
        var plan = OutputPlan(inputs: [a.path])
        #expect(throws: OutputPlanError.self) { try plan.addOutput(dir.path + "/link/a.txt") }
        try plan.addOutput(dir.path + "/b.txt")
        #expect(throws: OutputPlanError.self) { try plan.addOutput(dir.path + "/./b.txt") }
    }
}
