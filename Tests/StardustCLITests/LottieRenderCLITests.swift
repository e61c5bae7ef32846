import Foundation
import StardustCodecs
import StardustCore
import StardustTestSupport
import Testing

/// `stardust render anim.json | .tgs | .lottie` to every output format (docs/LOTTIE.md, "Using it"), with the file's
/// frame rate and size unless overridden. The fixture `Tests/Fixtures/lottie/linear-position.json` is a 100 × 100
/// composition at 10 fps over 2 s (20 frames): a 20 × 20 red square whose centre is at x = 20 + 6·frame, y = 50.
/// `two-animations.lottie` holds it ("red") and a blue copy ("blue").
@Suite struct LottieRenderCLITests {
    static let json = Fixtures.url("lottie", "linear-position.json").path
    static let dotLottie = Fixtures.url("lottie", "two-animations.lottie").path
    static var ffmpeg: String? {
        ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func png(_ path: String) throws -> Image { try ImageDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) }

    @Test func gifTakesTheFilesSizeAndFrameRateAndTheChosenAnimation() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-lottie-render")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("blue.gif").path
        let r = try CLIRunner.run(["render", Self.dotLottie, "--animation", "blue", "-o", out, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let gif = try GIFDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(gif.width == 100 && gif.height == 100 && gif.frames.count == 20)
        #expect(gif.frames.allSatisfy { $0.delayCentiseconds == 10 })
        let p = gif.frames[5].image[50, 50]
        #expect(p.b > 200 && p.r < 40, "frame 5: the blue square is centred at x = 50")
    }

    @Test func oneFrameWithBackgroundAndSize() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-lottie-render")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.png").path
        #expect(try CLIRunner.run(["render", Self.json, "--at", "0.5", "--background", "white", "-o", a, "--quiet"]).status == 0)
        let i = try Self.png(a)
        #expect(i.width == 100 && i[50, 50].r > 200 && i[50, 50].g < 40)
        #expect(i[10, 10] == PremultipliedPixel(r: 255, g: 255, b: 255, a: 255))
        // --size scales the composition: twice as large, the square centred at (100, 100); no background: clear.
        let b = dir.appendingPathComponent("b.png").path
        #expect(try CLIRunner.run(["render", Self.json, "--at", "0.5", "--size", "200x200", "-o", b, "--quiet"]).status == 0)
        let j = try Self.png(b)
        #expect(j.width == 200 && j[100, 100].r > 200 && j[20, 100].a == 0)
    }

    @Test func framesFolderApngAndTgs() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-lottie-render")
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("frames").path + "/"
        #expect(try CLIRunner.run(["render", Self.json, "--frames", "2..5", "-o", folder, "--quiet"]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }
        #expect(names.count == 4)
        let apng = dir.appendingPathComponent("a.apng").path
        #expect(try CLIRunner.run(["render", Self.json, "--fps", "5", "-o", apng, "--quiet"]).status == 0)
        #expect(try Self.png(apng).width == 100)
        // A Telegram sticker is gzipped JSON.
        let tgs = dir.appendingPathComponent("s.tgs")
        try Data(Gunzip.compress([UInt8](Data(contentsOf: URL(fileURLWithPath: Self.json))))).write(to: tgs)
        let f = dir.appendingPathComponent("s.png").path
        let r = try CLIRunner.run(["render", tgs.path, "--at", "0.5", "-o", f, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.png(f)[50, 50].r > 200)
    }

    @Test(.enabled(if: ffmpeg != nil, "ffmpeg is installed"))
    func moviesThroughFFmpeg() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-lottie-render")
        defer { try? FileManager.default.removeItem(at: dir) }
        for ext in ["mp4", "webm"] {
            let out = dir.appendingPathComponent("a.\(ext)").path
            let r = try CLIRunner.run(["render", Self.dotLottie, "--background", "#FFFFFF", "-o", out, "--quiet"], seconds: 120)
            #expect(r.status == 0, "\(ext): \(r.stderr)")
            let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
            #expect(size > 100, "\(ext)")
        }
    }

    @Test func badRequestsExitTwo() throws {
        #expect(try CLIRunner.run(["render", Self.json, "--animation", "red", "-o", "/tmp/never.gif"]).status == 2)
        #expect(try CLIRunner.run(["render", Self.dotLottie, "--animation", "green", "-o", "/tmp/never.gif"]).status == 2)
        let bad = try CLIRunner.run(["render", Self.json, "--background", "bluish", "-o", "/tmp/never.gif"])
        #expect(bad.status == 2 && bad.stderr.contains("--background"))
    }

    /// `validate` and `trace` read a dotLottie's animations as `render` does: `--animation` picks one by its manifest
    /// id, and an id the archive lacks (or `--animation` on a plain JSON file) is a usage error, exit 2.
    @Test(arguments: [["validate"], ["trace", "--at", "0.5"]])
    func validateAndTraceTakeTheAnimationOption(_ command: [String]) throws {
        let blue = try CLIRunner.run(command + [Self.dotLottie, "--animation", "blue"])
        #expect(blue.status == 0, "\(blue.stderr)")
        #expect(command[0] == "trace" ? blue.stdout.contains("\"t\":0.5") : blue.stdout.contains("valid (100.0×100.0 pt"), "\(blue.stdout)")
        let missing = try CLIRunner.run(command + [Self.dotLottie, "--animation", "green"])
        #expect(missing.status == 2 && missing.stderr.contains("no animation \"green\""), "\(missing.stderr)")
        // The file is named once, not once by the tool and again by the archive reader.
        #expect(missing.stderr.components(separatedBy: Self.dotLottie).count == 2, "\(missing.stderr)")
        #expect(try CLIRunner.run(command + [Self.json, "--animation", "red"]).status == 2)
    }
}
