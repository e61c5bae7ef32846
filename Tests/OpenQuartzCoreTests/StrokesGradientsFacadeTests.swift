import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// OpenQuartzCore speaks Apple's types for dashes, gradient types and animated paths and colors.
@Suite struct StrokesGradientsFacadeTests {
    @Test func shapeLayerDashesUseNSNumberAndCGFloat() {
        let shape = CAShapeLayer()
        #expect(shape.lineDashPattern == nil && shape.lineDashPhase == 0)
        shape.lineDashPattern = [6, 3]
        shape.lineDashPhase = 1.5
        #expect(shape.lineDashPattern == [NSNumber(value: 6), NSNumber(value: 3)])
        #expect(shape.stardustShape.lineDashPattern == [6, 3] && shape.stardustShape.lineDashPhase == 1.5)
        shape.lineDashPattern = nil
        #expect(shape.stardustShape.lineDashPattern == nil)
    }

    @Test func gradientLayerTypeIsCAGradientLayerType() {
        let g = CAGradientLayer()
        #expect(g.type == .axial)
        g.type = .radial
        #expect(g.stardustGradient.type == .radial)
        g.type = kCAGradientLayerConic
        #expect(g.stardustGradient.type == .conic && g.type == .conic)
    }

    @Test func pathAndColorsAnimationsTakeCGPathsAndCGColorArrays() {
        let shape = CAShapeLayer()
        let a = CGMutablePath(); a.move(to: CGPoint(x: 0, y: 0)); a.addLine(to: CGPoint(x: 10, y: 0))
        let b = CGMutablePath(); b.move(to: CGPoint(x: 0, y: 10)); b.addLine(to: CGPoint(x: 30, y: 10))
        shape.path = a
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = a
        morph.toValue = b
        morph.duration = 2
        shape.add(morph, forKey: "morph")
        let engine = shape.stardustLayer.animation(forKey: "morph") as? BasicAnimation
        #expect(engine?.toValue == .path(b.stardustPath))

        let g = CAGradientLayer()
        g.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        let fade = CABasicAnimation(keyPath: "colors")
        fade.toValue = [UIColor.blue.cgColor, UIColor.red.cgColor]
        g.add(fade, forKey: "fade")
        let colors = g.stardustLayer.animation(forKey: "fade") as? BasicAnimation
        guard case .array(let items)? = colors?.toValue else { Issue.record("colors did not bridge"); return }
        #expect(items.count == 2 && items[0] == .color(UIColor.blue.cgColor.stardustColor))
    }
}

/// A scene with dashes, radial and conic gradients and path, colors and dash-phase animations, exported with
/// `stardust export-swift`: the committed export (DrawingExports/StrokesGradientsScene.swift, compiled as part of this
/// target against OpenQuartzCore) is the exporter's output and renders the scene's frames exactly.
@Suite struct StrokesGradientsExportTests {
    static let json = """
    { "name": "strokes gradients", "size": [160, 120], "duration": 2, "fps": 10, "scale": 1,
      "layers": [
        { "type": "gradient", "name": "glow", "bounds": [0, 0, 160, 120], "position": [80, 60], "gradientType": "radial",
          "colors": ["#FFCC00", "#3060E0", "#101020"], "locations": [0, 0.4, 1], "startPoint": [0.5, 0.5], "endPoint": [1, 0.9] },
        { "type": "gradient", "name": "sweep", "bounds": [0, 0, 50, 50], "position": [40, 40], "gradientType": "conic",
          "colors": ["#FF0000", "#00FF00", "#0000FF", "#FF0000"], "startPoint": [0.5, 0.5], "endPoint": [0.5, 0] },
        { "type": "shape", "name": "ring", "path": "M 20 100 L 80 70 L 140 100", "fillColor": null, "strokeColor": "#FFFFFF",
          "lineWidth": 4, "lineCap": "round", "lineJoin": "round", "lineDashPattern": [10, 6, 0, 6], "lineDashPhase": 3 } ],
      "animations": [
        { "layer": "ring", "keyPath": "lineDashPhase", "fromValue": 0, "toValue": 22, "duration": 2 },
        { "layer": "ring", "keyPath": "path", "fromValue": "M 20 100 L 80 70 L 140 100", "toValue": "M 20 80 L 80 110 L 140 60", "duration": 2 },
        { "layer": "glow", "keyPath": "colors", "toValue": ["#00FFCC", "#E03060", "#101020"], "duration": 2 },
        { "layer": "sweep", "keyPath": "endPoint", "toValue": [1, 0.5], "duration": 2 } ] }
    """

    static func scene() throws -> Scene {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        return try loader.scene(fromJSON: json)
    }

    static var file: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("DrawingExports/StrokesGradientsScene.swift")
    }

    @Test func committedExportIsTheExportersOutput() throws {
        let source = SwiftExporter.export(try Self.scene(), functionName: "makeStrokesGradientsScene", command: "stardust export-swift").source
        if ProcessInfo.processInfo.environment["STARDUST_WRITE_EXPORTS"] == "1" {
            try source.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: Self.file, encoding: .utf8) == source)
    }

    @Test func exportRendersTheScenesFrames() throws {
        let scene = try Self.scene()
        let frames = RenderJob.Frames.range(0...19)
        let expected = try FrameFiles.render(scene: scene, frames: frames)
        let facade = try FrameFiles.render(size: CGSize(width: scene.size.width, height: scene.size.height), duration: scene.duration,
                                           fps: scene.fps, scale: scene.scale, seed: scene.seed, frames: frames) { makeStrokesGradientsScene() }
        try FrameFiles.expectIdentical(facade, expected, minimumDrawn: 20)
    }
}
