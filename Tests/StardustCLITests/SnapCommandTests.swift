import Foundation
import Stardust
import StardustTestSupport
import Testing

/// `stardust snap` run as a user would (SPEC §11): first frame the picture, last frame empty or restored.
@Suite struct SnapCommandTests {
    static var binary: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [Bundle.main.bundleURL.appendingPathComponent("stardust"),
                          Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("stardust"),
                          root.appendingPathComponent(".build/debug/stardust"), root.appendingPathComponent(".build/release/stardust")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func run(_ args: [String]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = try #require(binary)
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    static func frames(in dir: String) throws -> [Image] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }.sorted()
            .map { try ImageDecoder.decodeFile(atPath: dir + "/" + $0) }
    }

    @Test(.enabled(if: binary != nil, "the stardust executable is built"), arguments: [false, true])
    func snapWritesPictureThenDust(restore: Bool) throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let picture = TestSupport.image(width: 24, height: 16) { x, y in (UInt8(x * 10), UInt8(y * 15), 200, 255) }
        try Data(PNGEncoder.encode(picture)).write(to: URL(fileURLWithPath: dir + "/in.png"))
        let (status, err) = try Self.run(["snap", dir + "/in.png", "-o", dir + "/out/", "--layers", "8", "--fps", "10", "--quiet"]
                                         + (restore ? ["--restore"] : []))
        #expect(status == 0, "\(err)")
        let frames = try Self.frames(in: dir + "/out")
        try #require(frames.count > 10)
        // The picture sits at a 64-point margin, one pixel per point.
        func crop(_ f: Image) -> [UInt8] {
            var out: [UInt8] = []
            for y in 0..<16 { for x in 0..<24 { let p = f[64 + x, 64 + y]; out += [p.r, p.g, p.b, p.a] } }
            return out
        }
        #expect(crop(frames[0]) == picture.pixels)
        if restore {
            #expect(frames.last!.pixels == frames[0].pixels)
        } else {
            #expect(frames.last!.pixels.allSatisfy { $0 == 0 })
        }
    }

    @Test(.enabled(if: binary != nil, "the stardust executable is built"))
    func corruptPicturesAndBadOptionsAreOneLineErrors() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/bad.png"))
        let (s1, e1) = try Self.run(["snap", dir + "/bad.png", "-o", dir + "/x.gif", "--quiet"])
        #expect(s1 == 1)
        #expect(e1.split(separator: "\n").count == 1, "\(e1)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.gif"))
        let (s2, _) = try Self.run(["snap", dir + "/bad.png", "--layers", "300"])
        #expect(s2 == 2)
    }
}
