import Foundation
import Stardust
import StardustTestSupport
import Testing

/// `stardust snap` run as a user would (docs/DESIGN.md §11): first frame the picture, last frame empty or restored.
@Suite struct SnapCommandTests {
    static var binary: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [Bundle.main.bundleURL.appendingPathComponent("stardust"),
                          Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("stardust"),
                          root.appendingPathComponent(".build/debug/stardust"), root.appendingPathComponent(".build/release/stardust")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func run(_ args: [String]) throws -> (Int32, String) {
        let output = try ChildProcess.run(try #require(binary), args)
        return (output.status, output.standardError)
    }

    static func frames(in dir: String) throws -> [Image] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }.sorted()
            .map { try ImageDecoder.decodeFile(atPath: dir + "/" + $0) }
    }

    @Test(.enabled(if: binary != nil, "the stardust executable is built"), arguments: [false, true], [false, true])
    func snapWritesPictureThenDust(restore: Bool, perPixel: Bool) throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let picture = TestSupport.image(width: 24, height: 16) { x, y in (UInt8(x * 10), UInt8(y * 15), 200, 255) }
        try Data(PNGEncoder.encode(picture)).write(to: URL(fileURLWithPath: dir + "/in.png"))
        let (status, err) = try Self.run(["snap", dir + "/in.png", "-o", dir + "/out/", "--layers", "8", "--fps", "10", "--quiet"]
                                         + (restore ? ["--restore"] : []) + (perPixel ? ["--per-pixel"] : []))
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
        // In between, dust outside the picture's rectangle.
        let middle = frames[frames.count / 3]
        var outside = 0
        for y in 0..<middle.height { for x in 0..<middle.width where !(64..<88).contains(x) || !(64..<80).contains(y) {
            if middle[x, y].a != 0 { outside += 1 }
        } }
        #expect(outside > 0)
    }

    /// `--image-layers`: the same picture first and the same empty end, dust in flight resampled (not the specks of
    /// the default run); with `--per-pixel` a usage error (exit 2).
    @Test(.enabled(if: binary != nil, "the stardust executable is built"))
    func imageLayersDrawTheDustAsCoreAnimationDrawsImages() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let picture = TestSupport.image(width: 24, height: 16) { x, y in (UInt8(x * 10), UInt8(y * 15), 200, 255) }
        try Data(PNGEncoder.encode(picture)).write(to: URL(fileURLWithPath: dir + "/in.png"))
        let common = ["snap", dir + "/in.png", "--layers", "8", "--fps", "10", "--quiet"]
        let (s0, e0) = try Self.run(common + ["-o", dir + "/specks/"])
        let (s1, e1) = try Self.run(common + ["-o", dir + "/images/", "--image-layers"])
        #expect(s0 == 0, "\(e0)")
        #expect(s1 == 0, "\(e1)")
        let specks = try Self.frames(in: dir + "/specks"), images = try Self.frames(in: dir + "/images")
        try #require(specks.count == images.count && specks.count > 10)
        #expect(images[0].pixels == specks[0].pixels)
        #expect(images.last!.pixels.allSatisfy { $0 == 0 })
        let middle = specks.count / 3
        #expect(images[middle].pixels != specks[middle].pixels)
        let (s2, e2) = try Self.run(common + ["-o", dir + "/both/", "--image-layers", "--per-pixel"])
        #expect(s2 == 2)
        #expect(e2.contains("--image-layers"))
    }

    static var ffprobe: String? {
        ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `stardust snap photo.jpg --restore -o out.mp4`: a movie with a video and an audio stream (probed by ffprobe).
    @Test(.enabled(if: binary != nil && ffprobe != nil, "the stardust executable and ffmpeg are installed"))
    func aMovieGetsTheSoundTrack() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let picture = TestSupport.image(width: 40, height: 30) { x, y in (UInt8(x * 6), UInt8(y * 8), 120, 255) }
        try Data(PNGEncoder.encode(picture)).write(to: URL(fileURLWithPath: dir + "/in.png"))
        let (status, err) = try Self.run(["snap", dir + "/in.png", "--restore", "-o", dir + "/out.mp4", "--fps", "10", "--quiet"])
        #expect(status == 0, "\(err)")
        let text = try ChildProcess.run(URL(fileURLWithPath: try #require(Self.ffprobe)),
            ["-v", "error", "-show_entries", "stream=codec_type,duration", "-of", "csv=p=0", dir + "/out.mp4"]).standardOutput
        let streams = text.split(separator: "\n").map { $0.split(separator: ",") }
        #expect(streams.contains { $0.first == "video" }, "\(text)")
        let audio = try #require(streams.first { $0.first == "audio" }, "no audio stream: \(text)")
        // The scene lasts 0.25 + 2.31 + 0.5 + 2.31 + 0.25 s (32 layers: 1.35·31/32 + 1 each way) ≈ 5.6 s.
        let seconds = try #require(Double(audio.last ?? ""))
        #expect(seconds > 5 && seconds < 6.5, "audio lasts \(seconds) s")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(!left.contains { $0.hasPrefix(".stardust-sound") })
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

    /// `stardust render thanos --audio track.wav`: the preset's sound track, decoded by Python's `wave` (not ours):
    /// as long as the scene, silent until the gauntlet's snap at 2 s.
    @Test(.enabled(if: binary != nil && SoundTrackTests.python != nil, "the stardust executable and python3"))
    func thePresetWritesItsSoundTrack() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (status, err) = try Self.run(["render", "thanos", "--size", "200x270", "--fps", "2", "-o", dir + "/t.gif",
                                          "--audio", dir + "/t.wav", "--quiet"])
        #expect(status == 0, "\(err)")
        let v = try FrameRangeSoundTests.python("""
        import wave, struct, sys
        w = wave.open(sys.argv[1], 'rb')
        n = w.getnframes()
        data = struct.unpack('<%dh' % n, w.readframes(n))
        print(n, w.getframerate(), next(i for i in range(n) if data[i] != 0))
        """, [dir + "/t.wav"])
        try #require(v.count == 3)
        #expect(v[0] == 13 * 44_100 && v[1] == 44_100)
        #expect(v[2] == 2 * 44_100, "the snap starts at 2 s")
        let (s2, _) = try Self.run(["render", "snow", "--at", "1", "-o", dir + "/s.png", "--audio", dir + "/s.wav"])
        #expect(s2 == 2, "a preset without sound")
    }
}
