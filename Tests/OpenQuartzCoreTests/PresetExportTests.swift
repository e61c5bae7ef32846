import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// Every preset's `stardust export-swift` output is committed under PresetExports/ as a test source:
/// it compiles against OpenQuartzCore (this target builds it) and renders the same frames as the
/// preset. A test checks the exporter still writes exactly the committed files, so they cannot drift
/// (regenerate with `STARDUST_WRITE_EXPORTS=1 swift test --filter PresetExportTests`).
@Suite struct PresetExportTests {
    /// The presets whose every layer has a Core Animation equivalent, with the committed function that
    /// rebuilds each. `thanos` is left out: its disintegration layers are Stardust's own (docs/DIFFERENCES.md).
    static let exported = ["snow", "snow-classic", "fireworks", "maple-leaves", "celebration"]

    /// The committed function of each preset.
    static func build(_ preset: String) -> CALayer {
        switch preset {
        case "snow": return makeSnowScene()
        case "snow-classic": return makeSnowClassicScene()
        case "fireworks": return makeFireworksScene()
        case "maple-leaves": return makeMapleLeavesScene()
        default: return makeCelebrationScene()
        }
    }

    static var folder: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PresetExports") }

    static func fileName(_ preset: String) -> String { SwiftExportWriterName.functionName(preset).dropFirst(4) + ".swift" }

    static func export(_ preset: String) throws -> SwiftExport {
        let scene = try #require(Presets.named(preset)).make()
        return SwiftExporter.export(scene, command: "stardust export-swift \(preset)")
    }

    @Test(arguments: exported)
    func committedExportIsTheExportersOutput(_ preset: String) throws {
        let source = try Self.export(preset).source
        let url = Self.folder.appendingPathComponent(Self.fileName(preset))
        if ProcessInfo.processInfo.environment["STARDUST_WRITE_EXPORTS"] == "1" {
            try source.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == source)
    }

    @Test(arguments: exported)
    func exportRendersThePresetsFrames(_ preset: String) throws {
        let scene = try #require(Presets.named(preset)).make()
        // The pictures a preset draws in code are registered under the names the export gives them, as
        // an app bundles the PNGs the command writes next to the source.
        let export = try Self.export(preset)
        for image in export.images { UIImage.register(UIImage(cgImage: CGImage(texture: image.texture)), named: image.name) }
        defer { for image in export.images { UIImage.register(nil, named: image.name) } }

        // Four frames around 2 s: snow in flight, rockets bursting, the celebration's hand-over at 2 s.
        let first = Int((2 * scene.fps).rounded()) - 2
        let frames = RenderJob.Frames.range(first...(first + 3))
        let expected = try FrameFiles.render(scene: scene, frames: frames)
        let facade = try FrameFiles.render(size: CGSize(width: scene.size.width, height: scene.size.height), duration: scene.duration,
                                           fps: scene.fps, scale: scene.scale, seed: scene.seed, frames: frames) { Self.build(preset) }
        try FrameFiles.expectIdentical(facade, expected, minimumDrawn: 4)
    }

    @Test func exportedSourceReadsLikeCoreAnimationCode() throws {
        let source = try Self.export("fireworks").source
        #expect(source.contains("import UIKit"))
        #expect(source.contains("let fireworks = CAEmitterLayer()"))
        #expect(source.contains(".emissionLongitude = -.pi / 2"))
        #expect(source.contains(".renderMode = .oldestFirst"))
        #expect(source.contains("UIImage(named: \"snowflake\")?.cgImage"))
        #expect(try Self.export("thanos").omissions.contains { $0.contains("DustLayer") })
    }
}

/// The exporter's default function names (`snow-classic` → `makeSnowClassicScene`), for file names.
enum SwiftExportWriterName {
    static func functionName(_ preset: String) -> String {
        "make" + preset.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Scene"
    }
}
