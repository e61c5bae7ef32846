import Foundation
import Testing
@testable import Stardust

/// Scene files with dashed strokes, gradient types and path/colors animations: keys as Core Animation spells
/// them, errors naming the JSON path, the dash budget, `stardust trace` fields and both writers (scene JSON, Swift).
@Suite struct StrokesGradientsSceneTests {
    static let json = """
    { "size": [200, 120], "duration": 2, "fps": 10,
      "layers": [
        { "type": "shape", "name": "ring", "path": "M 10 10 L 110 10 L 110 60", "fillColor": null, "strokeColor": "#FFFFFF",
          "lineWidth": 3, "lineCap": "round", "lineDashPattern": [6, 0, 3], "lineDashPhase": 2 },
        { "type": "gradient", "name": "glow", "bounds": [0, 0, 100, 60], "position": [150, 60], "gradientType": "radial",
          "colors": ["#FF0000", "#0000FF"], "startPoint": [0.5, 0.5], "endPoint": [1, 1] },
        { "type": "gradient", "name": "sweep", "bounds": [0, 0, 40, 40], "position": [20, 100], "gradientType": "conic",
          "colors": ["#000000", "#FFFFFF"], "startPoint": [0.5, 0.5], "endPoint": [0.5, 0] } ],
      "animations": [
        { "layer": "ring", "keyPath": "lineDashPhase", "fromValue": 0, "toValue": 18, "duration": 2 },
        { "layer": "ring", "keyPath": "path", "fromValue": "M 10 10 L 110 10 L 110 60", "toValue": "M 10 30 L 90 10 L 130 60", "duration": 2 },
        { "layer": "glow", "keyPath": "colors", "fromValue": ["#FF0000", "#0000FF"], "toValue": ["#00FF00", "#0000FF"], "duration": 2 },
        { "layer": "glow", "keyPath": "locations", "fromValue": [0, 1], "toValue": [0.5, 1], "duration": 2 } ] }
    """

    func load(_ text: String) throws -> Scene {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        return try loader.scene(fromJSON: text)
    }

    func expectError(_ text: String, path: String, containing words: String) {
        do {
            let scene = try load(text)
            try SceneBudget.check(scene, frameCount: 1, limits: SceneLimits())
            Issue.record("expected an error at \(path)")
        } catch let e as SceneError {
            #expect(e.path == path, "\(e)")
            #expect(e.message.contains(words), "\(e)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func keysReadAsCoreAnimationSpellsThem() throws {
        let scene = try load(Self.json)
        let ring = try #require(scene.layer(named: "ring") as? ShapeLayer)
        #expect(ring.lineDashPattern == [6, 0, 3] && ring.lineDashPhase == 2)
        #expect((scene.layer(named: "glow") as? GradientLayer)?.type == .radial)
        #expect((scene.layer(named: "sweep") as? GradientLayer)?.type == .conic)
        // The animations drive the presentation: half the phase, the average path, the average first color.
        #expect(ring.presentationValue(forKeyPath: "lineDashPhase", at: 1) == .number(9))
        guard case .path(let p)? = ring.presentationValue(forKeyPath: "path", at: 1) else { Issue.record("no path"); return }
        #expect(p.elements == [.move(to: Point(10, 20)), .line(to: Point(100, 10)), .line(to: Point(120, 60))])
        guard case .array(let colors)? = scene.layer(named: "glow")?.presentationValue(forKeyPath: "colors", at: 1) else { Issue.record("no colors"); return }
        #expect(colors.first == .color(Color(red: 0.5, green: 0.5, blue: 0, alpha: 1)))
        try SceneBudget.check(scene, frameCount: 20, limits: SceneLimits())
    }

    @Test func badValuesNameTheirJSONPath() {
        let shape = #"{"layers": [{"type": "shape", "path": "M 0 0 L 10 0", %@}]}"#
        func with(_ s: String) -> String { shape.replacingOccurrences(of: "%@", with: s) }
        expectError(with(#""lineDashPattern": [0, 0]"#), path: "layers[0].lineDashPattern", containing: "above 0")
        expectError(with(#""lineDashPattern": [4, -1]"#), path: "layers[0].lineDashPattern[1]", containing: "0…1000000")
        expectError(with(#""lineDashPattern": "4 2""#), path: "layers[0].lineDashPattern", containing: "expected an array")
        expectError(with(#""lineDashPhase": "x""#), path: "layers[0].lineDashPhase", containing: "expected a number")
        let many = "[" + Array(repeating: "1", count: 300).joined(separator: ",") + "]"
        expectError(with(#""lineDashPattern": "# + many), path: "layers[0].lineDashPattern", containing: "over the limit")
        expectError(#"{"layers": [{"type": "gradient", "gradientType": "linear"}]}"#, path: "layers[0].gradientType", containing: "conic")
        expectError(#"{"layers": [{"type": "shape", "name": "s"}], "animations": [{"layer": "s", "keyPath": "path", "toValue": "M 0 0 Q"}]}"#,
                    path: "animations[0].toValue", containing: "SVG path")
    }

    @Test func aDashPatternCuttingTooManyDashesIsRefusedBeforeWork() {
        // 0.01-point dashes along a 100 000-point path: ten million dashes.
        expectError(#"{"layers": [{"type": "shape", "path": "M 0 0 L 100000 0", "lineDashPattern": [0.01, 0.01]}]}"#,
                    path: "layers[0].lineDashPattern", containing: "dashes")
        // A path longer than Int's range: the message writes the length as the Double it is.
        expectError(#"{"layers": [{"type": "shape", "path": "M 0 0 L 1e19 0", "lineDashPattern": [1, 1]}]}"#,
                    path: "layers[0].lineDashPattern", containing: "1e+19-point path")
    }

    @Test func traceReportsDashesMorphsAndGradients() throws {
        let scene = try load(Self.json)
        let line = SceneTrace.line(for: scene, at: 1, includeParticles: false)
        #expect(line.contains(#""lineDashPattern":[6,0,3]"#), "\(line)")
        #expect(line.contains(#""lineDashPhase":9"#))
        #expect(line.contains(#""path":"M 10 20 L 100 10 L 120 60""#))
        #expect(line.contains(#""gradientType":"radial""#) && line.contains(#""gradientType":"conic""#))
        #expect(line.contains(#""locations":[0.25,1]"#))
        // A scene without these features traces as before: no new fields.
        let plain = try load(##"{"layers": [{"type": "shape", "name": "s", "path": "M 0 0 L 10 0"}, {"type": "gradient", "name": "g", "colors": ["#000000", "#FFFFFF"]}]}"##)
        let plainLine = SceneTrace.line(for: plain, at: 0, includeParticles: false)
        for key in ["lineDash", "gradientType", "\"path\"", "colors"] { #expect(!plainLine.contains(key), "\(plainLine)") }
    }

    @Test func theSceneWriterRoundTripsTheNewKeys() throws {
        let scene = try load(Self.json)
        let written = try SceneJSONWriter.string(scene)
        let again = try load(written)
        let ring = try #require(again.layer(named: "ring") as? ShapeLayer)
        #expect(ring.lineDashPattern == [6, 0, 3] && ring.lineDashPhase == 2)
        #expect((again.layer(named: "glow") as? GradientLayer)?.type == .radial)
        #expect(ring.presentationValue(forKeyPath: "path", at: 1) == scene.layer(named: "ring")?.presentationValue(forKeyPath: "path", at: 1))
        #expect(again.layer(named: "glow")?.presentationValue(forKeyPath: "colors", at: 1)
            == scene.layer(named: "glow")?.presentationValue(forKeyPath: "colors", at: 1))
    }

    @Test func theSwiftExportUsesQuartzCoreNames() throws {
        let source = SwiftExporter.export(try load(Self.json)).source
        #expect(source.contains("ring.lineDashPattern = [6, 0, 3]"), "\(source)")
        #expect(source.contains("ring.lineDashPhase = 2"))
        #expect(source.contains("glow.type = .radial") && source.contains("sweep.type = .conic"))
        #expect(source.contains("toValue = { () -> CGPath in let p = CGMutablePath(); p.move(to: CGPoint(x: 10, y: 30));"))
    }
}
