import Foundation
import Testing
import StardustCore
@testable import Stardust
@testable import StardustScene

/// `export-swift` on a scene using every particle extension at once (docs/DIFFERENCES.md Q31, Q32): the comment iOS
/// readers see names each of them, nothing falls back to "Not exported", and every line that uses Stardust's
/// extensions (`cell.stardust`, `stardustEmitterPath`) sits inside `#if !canImport(QuartzCore)`, so the file still
/// compiles against QuartzCore, where the names do not exist.
@Suite struct ParticleExtensionSwiftExportTests: SceneJSONTesting {
    static let json = """
    {"size": [300, 300], "duration": 2, "layers": [
      {"type": "group", "name": "box", "bounds": [0, 0, 80, 40], "position": [150, 250]},
      {"type": "emitter", "name": "fx", "emitterPath": {"path": "M 20 20 L 280 20", "placement": "tracing", "speed": 90},
       "emitterCells": [{"name": "rocket", "contents": "builtin:dot", "birthRate": 2, "lifetime": 1.5, "velocity": 60,
         "alphaOverLife": [[0, 1], [1, 0]], "bursts": [{"time": 0, "count": 10}], "maximumAlive": 40, "emissionDuration": 1.5,
         "velocityStretch": 0.02, "fields": {"drag": 0.5}, "collider": {"floor": 290},
         "colliders": [{"circle": [150, 150], "radius": 140, "inside": true}, {"layer": "box"}],
         "textureSheet": {"columns": 2, "rows": 2, "speedRange": [0, 100]},
         "emitterCells": [{"name": "spark", "contents": "builtin:dot", "birthRate": 0, "lifetime": 0.4,
                           "bursts": [{"count": 6}], "trigger": "death", "inheritedVelocity": 0.5}]}]}]}
    """

    @Test func everyExtensionIsNamedForIOSAndWrittenOnlyForOpenQuartzCore() throws {
        let source = SwiftExporter.export(try load(Self.json)).source
        for feature in ["over-life curves (alpha", "bursts", "emission limits", "velocity stretch", "fields (", "a line collider",
                        "a circle container collider", "a rectangle collider", "a texture sheet", "a sub-emitter on the parent's death",
                        "inherited velocity", "emission from a path (tracing)"] {
            #expect(source.contains(feature), "\(feature)")
        }
        #expect(!source.contains("Not exported"))
        var insideOpenQuartzCoreOnly = false, checked = 0
        for line in source.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line == "#if !canImport(QuartzCore)" { insideOpenQuartzCoreOnly = true; continue }
            if line.hasPrefix("#endif") || line.hasPrefix("#else") { insideOpenQuartzCoreOnly = false; continue }
            guard !line.hasPrefix("//"), line.contains(".stardust.") || line.contains(".stardustEmitterPath") else { continue }
            #expect(insideOpenQuartzCoreOnly, "outside the OpenQuartzCore block: \(line)")
            checked += 1
        }
        #expect(checked >= 12)
    }
}
