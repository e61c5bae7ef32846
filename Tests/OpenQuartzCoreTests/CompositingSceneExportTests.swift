import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// A scene with a mask, a shadow (offset, radius, color, path), compositing filters and nested replicators with an
/// instance delay, exported with `stardust export-swift`: the committed export (DrawingExports/CompositingScene.swift,
/// compiled as part of this target against OpenQuartzCore, written with QuartzCore's names) is the exporter's output
/// and renders the scene's frames exactly.
@Suite struct CompositingSceneExportTests {
    static let json = """
    { "name": "compositing", "size": [120, 100], "duration": 1, "fps": 10, "scale": 1,
      "layers": [
        { "type": "group", "name": "back", "bounds": [0, 0, 120, 100], "position": [60, 50], "backgroundColor": "#3060E0" },
        { "type": "shape", "name": "card", "path": "M 10 10 H 70 V 60 H 10 Z", "fillColor": "#FFCC00",
          "compositingFilter": "multiplyBlendMode", "shadowOpacity": 0.6, "shadowRadius": 4, "shadowOffset": [3, 5],
          "shadowColor": "#200010", "shadowPath": "M 10 10 H 70 V 60 H 10 Z",
          "mask": { "type": "shape", "path": "M 40 0 L 80 70 L 0 70 Z", "fillColor": "#FFFFFF" } },
        { "type": "replicator", "name": "rows", "bounds": [0, 0, 120, 100], "position": [60, 50], "instanceCount": 3,
          "instanceTransform": "translate(0px, 12px)", "instanceDelay": 0.2, "instanceAlphaOffset": -0.25,
          "sublayers": [
            { "type": "replicator", "name": "dots", "bounds": [0, 0, 120, 100], "position": [60, 50], "instanceCount": 4,
              "instanceTransform": "translate(14px, 0)", "instanceColor": "#FF8080", "instanceGreenOffset": 0.1,
              "sublayers": [ { "type": "group", "name": "dot", "bounds": [0, 0, 8, 8], "position": [70, 70], "cornerRadius": 4,
                               "backgroundColor": "#FFFFFF", "compositingFilter": "screenBlendMode" } ] } ] } ],
      "animations": [
        { "layer": "dot", "keyPath": "opacity", "fromValue": 0.2, "toValue": 1, "duration": 1 },
        { "layer": "card", "keyPath": "shadowOffset", "toValue": [6, 8], "duration": 1 } ] }
    """

    static func scene() throws -> Scene {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        return try loader.scene(fromJSON: json)
    }

    static var file: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("DrawingExports/CompositingScene.swift")
    }

    @Test func committedExportIsTheExportersOutput() throws {
        let source = SwiftExporter.export(try Self.scene(), functionName: "makeCompositingScene", command: "stardust export-swift").source
        if ProcessInfo.processInfo.environment["STARDUST_WRITE_EXPORTS"] == "1" {
            try source.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: Self.file, encoding: .utf8) == source)
    }

    @Test func exportRendersTheScenesFrames() throws {
        let scene = try Self.scene()
        let frames = RenderJob.Frames.range(0...9)
        let expected = try FrameFiles.render(scene: scene, frames: frames)
        let facade = try FrameFiles.render(size: CGSize(width: scene.size.width, height: scene.size.height), duration: scene.duration,
                                           fps: scene.fps, scale: scene.scale, seed: scene.seed, frames: frames) { makeCompositingScene() }
        try FrameFiles.expectIdentical(facade, expected, minimumDrawn: 10)
    }
}
