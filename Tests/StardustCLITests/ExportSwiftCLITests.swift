import Foundation
import StardustCodecs
import StardustCore
import StardustTestSupport
import Testing

/// `stardust export-swift` writes QuartzCore/UIKit Swift for presets and scene files (docs/DESIGN.md §11).
@Suite struct ExportSwiftCLITests {
    @Test func presetWithPicturesWritesTheSourceAndItsImages() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-export-swift")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("Celebration.swift").path
        let r = try CLIRunner.run(["export-swift", "celebration", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let source = try String(contentsOfFile: out, encoding: .utf8)
        #expect(source.contains("func makeCelebrationScene() -> CALayer {"))
        #expect(source.contains("import UIKit") && source.contains("import OpenQuartzCore"))
        #expect(source.contains("UIImage(named: \"plane\")?.cgImage"))
        let png = try [UInt8](Data(contentsOf: dir.appendingPathComponent("plane.png")))
        #expect(try ImageDecoder.decode(png).width == 240)
        #expect(r.stdout.contains("plane.png"))
    }

    /// The default preset's launch screen is a built-in Lottie animation: its export loads it by name, and the file an
    /// app bundles is written beside the source — a Lottie file any player reads (checked by our parser here, and
    /// by rlottie and ThorVG in the conformance tests when installed).
    @Test func snowWritesItsLottieAnimationBesideTheSource() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-export-swift")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("Snow.swift").path
        let r = try CLIRunner.run(["export-swift", "snow", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let source = try String(contentsOfFile: out, encoding: .utf8)
        #expect(source.contains("LottieAnimation.named(\"snow-launch\")"))
        let json = try [UInt8](Data(contentsOf: dir.appendingPathComponent("snow-launch.json")))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        #expect(object["w"] as? Int == 300 && object["op"] as? Int == 56 && (object["layers"] as? [Any])?.isEmpty == false)
        #expect(r.stdout.contains("snow-launch.json"))
        // Without -o the source goes to standard output and the file is named in a note, not written.
        let toStdout = try CLIRunner.run(["export-swift", "snow"], in: dir)
        #expect(toStdout.status == 0 && toStdout.stderr.contains("snow-launch.json"))
    }

    @Test func sceneFileToStandardOutput() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-export-swift")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("rain.json")
        try Data("""
            { "size": [100, 100], "layers": [ { "type": "emitter", "name": "rain", "emitterShape": "line",
              "emitterPosition": [50, 0], "emitterSize": [100, 0],
              "emitterCells": [ { "name": "drop", "contents": "builtin:spark", "birthRate": 40, "lifetime": 2,
                                  "velocity": 200, "emissionLongitude": "90deg" } ] } ] }
            """.utf8).write(to: scene)
        let r = try CLIRunner.run(["export-swift", scene.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("let rain = CAEmitterLayer()"))
        #expect(r.stdout.contains("drop.contents = UIImage(named: \"spark\")?.cgImage"))
        #expect(r.stdout.contains("rain.emitterCells = [drop]"))
    }

    /// Issue 10: effect files of other tools export like scene files; what Core Animation cannot
    /// express (the opt-in cell extensions) is named in a note, and a missing texture warns once.
    @Test func effectFilesOfOtherToolsExport() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-export-swift")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pex = dir.appendingPathComponent("Fire.swift").path
        let fire = try CLIRunner.run(["export-swift", Fixtures.effect("embers.pex"), "-o", pex])
        #expect(fire.status == 0, "\(fire.stderr)")
        let source = try String(contentsOfFile: pex, encoding: .utf8)
        #expect(source.contains("func makeEmbersScene() -> CALayer {"))
        #expect(source.contains("CAEmitterLayer()") && source.contains("renderMode = .additive"))
        #expect(fire.stderr.contains("embers_particle.png") && fire.stderr.contains("not exported"))
        let ped = try CLIRunner.run(["export-swift", Fixtures.effect("glow.ped"), "-o", dir.appendingPathComponent("Red.swift").path])
        #expect(ped.status == 0, "\(ped.stderr)")
        // The embedded texture is written beside the source, decodable by our PNG reader.
        let png = try [UInt8](Data(contentsOf: dir.appendingPathComponent("cell.png")))
        #expect(try ImageDecoder.decode(png).width > 0)
    }

    @Test func badRequestsExitTwo() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-export-swift")
        defer { try? FileManager.default.removeItem(at: dir) }
        let wrongExtension = try CLIRunner.run(["export-swift", "snow", "-o", dir.appendingPathComponent("snow.txt").path])
        #expect(wrongExtension.status == 2 && wrongExtension.stderr.contains(".swift"))
        let unknown = try CLIRunner.run(["export-swift", "no-such-preset"])
        #expect(unknown.status == 2)
        let badName = try CLIRunner.run(["export-swift", "snow", "--function", "1abc"])
        #expect(badName.status == 2)
    }

    @Test func inputsAreNeverOverwritten() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-export-swift")
        defer { try? FileManager.default.removeItem(at: dir) }
        // A scene whose image is logo.png next to it: exporting beside it would write logo.png over its input.
        try Data(PNGEncoder.encode(Image(width: 4, height: 4, color: .white))).write(to: dir.appendingPathComponent("logo.png"))
        let before = try Data(contentsOf: dir.appendingPathComponent("logo.png"))
        let scene = dir.appendingPathComponent("logo.json")
        try Data(#"{ "size": [10, 10], "layers": [ { "type": "image", "name": "logo", "contents": "logo.png", "bounds": [0, 0, 4, 4] } ] }"#.utf8)
            .write(to: scene)
        let r = try CLIRunner.run(["export-swift", scene.path, "-o", dir.appendingPathComponent("Logo.swift").path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("never overwritten"))
        #expect(try Data(contentsOf: dir.appendingPathComponent("logo.png")) == before)
        let elsewhere = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let ok = try CLIRunner.run(["export-swift", scene.path, "-o", elsewhere.appendingPathComponent("Logo.swift").path])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("logo.png").path))
    }

    /// A scene with a `lottie` layer exports lottie-ios code: a `LottieAnimationLayer` loading the file by name and
    /// played with the scene's segment, speed and loop mode; `swiftc -parse` accepts the file.
    @Test func aLottieLayerExportsLottieIOSCode() throws {
        let dir = try CLIRunner.temporaryFolder("stardust-export-swift")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: Fixtures.url("lottie", "linear-position.json").path,
                                         toPath: dir.appendingPathComponent("launch.json").path)
        try FileManager.default.copyItem(atPath: Fixtures.url("lottie", "two-animations.lottie").path,
                                         toPath: dir.appendingPathComponent("pair.lottie").path)
        let scene = dir.appendingPathComponent("scene.json")
        try Data("""
            { "size": [100, 100], "layers": [
              { "type": "lottie", "name": "launch", "source": "launch.json", "loopMode": "repeat(3)", "animationSpeed": 2,
                "fromProgress": 0.25, "bounds": [0, 0, 100, 100], "position": [50, 50], "beginTime": 1 },
              { "type": "lottie", "name": "pair", "source": "pair.lottie", "animation": "blue", "loopMode": "autoReverse" },
              { "type": "emitter", "name": "snow", "emitterCells": [ { "name": "flake", "contents": "builtin:dot", "birthRate": 5 } ] } ] }
            """.utf8).write(to: scene)
        let out = dir.appendingPathComponent("Launch.swift").path
        let r = try CLIRunner.run(["export-swift", scene.path, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let source = try String(contentsOfFile: out, encoding: .utf8)
        #expect(source.contains("import Lottie") && source.contains("import OpenLottie"))
        #expect(source.contains("let launch = LottieAnimationLayer(animation: LottieAnimation.named(\"launch\"))"))
        #expect(source.contains("launch.animationSpeed = 2"))
        #expect(source.contains("launch.play(fromProgress: 0.25, toProgress: 1, loopMode: .repeat(3))"))
        #expect(source.contains("launch.beginTime = 1"))
        #expect(source.contains("DotLottieFile.named(\"pair\") { result in"))
        #expect(source.contains("pair.loadAnimation(\"blue\", from: file)"))
        #expect(source.contains("let snow = CAEmitterLayer()"))
        #expect(!source.contains("lottie.playback"), "the translated layers are lottie-ios's business")
        guard let swiftc = ["/usr/bin/swiftc"].first(where: FileManager.default.isExecutableFile(atPath:))
                ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map({ "\($0)/swiftc" })
                    .first(where: FileManager.default.isExecutableFile(atPath:)) else { return }
        let parsed = try ChildProcess.run(URL(fileURLWithPath: swiftc), ["-parse", out])
        #expect(parsed.status == 0, "swiftc -parse: \(parsed.standardError)")
    }
}
