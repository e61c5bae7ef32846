import Foundation
import Testing
import StardustCore
@testable import Stardust
@testable import StardustScene

/// Scene keys of texture sheets and emitter paths (docs/SCENES.md, "Texture sheets" and "Emitting from a
/// layer"): reading, JSON-path errors and the writer's round trip.
@Suite struct EmitterPathSceneTests: SceneJSONTesting {
    /// A button (a 200 × 100 rounded rectangle centred at (150, 300)) and an emitter placed elsewhere, whose
    /// particles are born on the button; `path` is the emitter's `emitterPath`, `sheet` its cell's `textureSheet`.
    func scene(path: String, sheet: String = #"{"columns": 2, "rows": 2}"#, emitterPlace: String = #""position": [40, 60]"#) -> String {
        """
        {"size": [300, 600], "layers": [
          {"type": "emitter", "name": "sparks", \(emitterPlace), "emitterPath": \(path),
           "emitterCells": [{"name": "s", "contents": "builtin:dot", "birthRate": 400, "lifetime": 50, "velocity": 0,
                             "textureSheet": \(sheet)}]},
          {"type": "group", "name": "button", "bounds": [0, 0, 200, 100], "position": [150, 300], "cornerRadius": 20,
           "backgroundColor": "#3366ff"},
          {"type": "shape", "name": "star", "position": [0, 0], "path": "M 10 10 L 50 10 L 50 50 Z"},
          {"type": "shape", "name": "blank", "position": [0, 0]}]}
        """
    }

    static func emitter(_ s: Scene) throws -> EmitterLayer {
        try #require(s.allLayers.compactMap { $0 as? EmitterLayer }.first)
    }

    @Test("a layer's rounded rectangle becomes the emitter's path, in the emitter's coordinates")
    func layerOutlineInEmitterCoordinates() throws {
        let e = try Self.emitter(load(scene(path: #"{"layer": "button", "placement": "outline"}"#)))
        let p = try #require(e.emitterPath)
        #expect(p.placement == .outline)
        #expect(abs(p.length - (440 + 40 * Double.pi)) < 0.1)
        // The button's top-left corner is at (50, 250) in the scene; the emitter's bounds origin is at its
        // position (40, 60) (no bounds: anchor at its origin), so the corner is at (10, 190) for the emitter.
        let b = p.path.controlPointBounds
        #expect(abs(b.minX - 10) < 1e-9 && abs(b.minY - 190) < 1e-9 && abs(b.width - 200) < 1e-9 && abs(b.height - 100) < 1e-9)
        // Every particle, drawn in the scene, lies on the button's outline.
        let s = e.evaluate(at: 1)
        #expect(s.count == 401)
        for i in 0..<s.count {
            let x = Double(s.x[i]) + 40 - 150, y = Double(s.y[i]) + 60 - 300
            let dx = max(abs(x) - 80, 0), dy = max(abs(y) - 30, 0)
            let d = (dx * dx + dy * dy).squareRoot() + min(max(abs(x) - 80, abs(y) - 30), 0) - 20
            #expect(abs(d) < 0.05)
        }
    }

    @Test("a shape layer's path, area placement, and the tracing keys")
    func shapePathAreaAndTracing() throws {
        let area = try #require(try Self.emitter(load(scene(path: #"{"layer": "star", "placement": "area"}"#))).emitterPath)
        #expect(area.placement == .area && abs(area.area - 800) < 1e-9)
        let tracing = try #require(try Self.emitter(load(scene(path: #"{"layer": "button", "placement": "tracing", "speed": 120, "phase": 0.25}"#))).emitterPath)
        #expect(tracing.placement == .tracing && tracing.speed == 120 && tracing.phase == 0.25)
        let svg = try #require(try Self.emitter(load(scene(path: #"{"path": "M 0 0 L 10 0 L 10 10 Z", "fillRule": "evenOdd", "placement": "area"}"#))).emitterPath)
        #expect(svg.fillRule == .evenOdd && abs(svg.area - 50) < 1e-9)
    }

    @Test("the sheet keys are read: over the life or by speed")
    func sheetKeys() throws {
        let a = try Self.emitter(load(scene(path: #"{"layer": "button"}"#,
                                            sheet: #"{"columns": 4, "rows": 2, "frameCount": 7, "startFrame": 2, "startFrameRange": 1, "cyclesPerLife": 3}"#)))
        #expect(a.emitterCells[0].extensions?.textureSheet == TextureSheet(columns: 4, rows: 2, frameCount: 7, startFrame: 2,
                                                                           startFrameRange: 1, timing: .overLife(cycles: 3)))
        let b = try Self.emitter(load(scene(path: #"{"layer": "button"}"#, sheet: #"{"columns": 3, "rows": 1, "speedRange": [5, 50]}"#)))
        #expect(b.emitterCells[0].extensions?.textureSheet?.timing == .bySpeed(minimum: 5, maximum: 50))
    }

    @Test("errors name the JSON path")
    func errorsNameTheJSONPath() {
        expectError(scene(path: #"{"layer": "nothing"}"#), path: "layers[0].emitterPath.layer", containing: "no layer is named \"nothing\"")
        expectError(scene(path: #"{"layer": "blank"}"#), path: "layers[0].emitterPath.layer", containing: "has no path")
        expectError(scene(path: #"{"layer": "sparks"}"#), path: "layers[0].emitterPath.layer", containing: "its own geometry")
        expectError(scene(path: #"{"placement": "outline"}"#), path: "layers[0].emitterPath", containing: "exactly one of")
        expectError(scene(path: #"{"layer": "button", "placement": "rim"}"#), path: "layers[0].emitterPath.placement", containing: "tracing")
        expectError(scene(path: #"{"path": "M 0 0 L 10 0", "placement": "area"}"#), path: "layers[0].emitterPath.path", containing: "no area")
        expectError(scene(path: #"{"layer": "button"}"#, sheet: #"{"columns": 2}"#), path: "layers[0].emitterCells[0].textureSheet", containing: "\"rows\"")
        expectError(scene(path: #"{"layer": "button"}"#, sheet: #"{"columns": 2, "rows": 2, "frameCount": 5}"#),
                    path: "layers[0].emitterCells[0].textureSheet.frameCount", containing: "1…4")
        expectError(scene(path: #"{"layer": "button"}"#, sheet: #"{"columns": 2, "rows": 2, "speedRange": [9, 3]}"#),
                    path: "layers[0].emitterCells[0].textureSheet.speedRange", containing: "above the minimum")
        expectError(scene(path: #"{"layer": "button"}"#, sheet: #"{"columns": 2, "rows": 2, "speedRange": [1, 3], "cyclesPerLife": 1}"#),
                    path: "layers[0].emitterCells[0].textureSheet.speedRange", containing: "not both")
    }

    @Test("the trace names the sheet and the path; the Swift export writes both for OpenQuartzCore and says iOS lacks them")
    func traceAndSwiftExport() throws {
        let s = try load(scene(path: #"{"layer": "button", "placement": "area"}"#, sheet: #"{"columns": 4, "rows": 2, "cyclesPerLife": 2}"#))
        let trace = SceneTrace.line(for: s, at: 1, includeParticles: false)
        #expect(trace.contains("textureSheet(4x2,frames=8,cycles=2)"))
        #expect(trace.contains("\"emitterPaths\":{\"sparks\":\"emitterPath(area,nonZero,area="), "\(trace)")
        let tracing = try load(scene(path: #"{"path": "M 0 0 L 100 0", "placement": "tracing", "speed": 80, "phase": 0.25}"#))
        #expect(SceneTrace.line(for: tracing, at: 1, includeParticles: false).contains("\"emitterPath(tracing,length=100,speed=80,phase=0.25)\""))
        let source = SwiftExporter.export(s).source
        #expect(source.contains("stardust.textureSheet = TextureSheet(columns: 4, rows: 2, frameCount: 8, startFrame: 0, startFrameRange: 0, timing: .overLife(cycles: 2))"))
        #expect(source.contains("// iOS cannot express emission from a path (area)"))
        #expect(source.contains("#if !canImport(QuartzCore)") && source.contains("import Stardust"))
        // The written path is the resolved one: read back as the exporter writes it, it is the same emitter path.
        let line = try #require(source.split(separator: "\n").first { $0.contains(".stardustEmitterPath = ") })
        let svg = try #require(line.split(separator: "\"").dropFirst().first)
        let p = try #require(try Self.emitter(s).emitterPath)
        #expect(try EmitterPath(path: Path(svg: String(svg)), fillRule: p.fillRule, placement: .area) == p)
        #expect(line.hasSuffix("fillRule: .\(p.fillRule.rawValue), placement: .area)"))
    }

    @Test("the writer round-trips both: same particles, same frames")
    func writerRoundTrips() throws {
        let original = try load(scene(path: #"{"layer": "button", "placement": "tracing", "speed": 80, "phase": 0.5}"#,
                                      sheet: #"{"columns": 2, "rows": 2, "startFrameRange": 1, "speedRange": [0, 10]}"#))
        let again = try load(try SceneJSONWriter.string(original))
        let a = try Self.emitter(original), b = try Self.emitter(again)
        #expect(a.emitterCells[0].extensions == b.emitterCells[0].extensions)
        #expect(a.emitterPath?.placement == b.emitterPath?.placement && a.emitterPath?.speed == b.emitterPath?.speed)
        #expect(a.evaluate(at: 2.5).isIdentical(to: b.evaluate(at: 2.5)))
    }
}
