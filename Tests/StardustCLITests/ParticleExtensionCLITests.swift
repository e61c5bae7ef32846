import Foundation
import StardustTestSupport
import Testing

/// `stardust validate` and `stardust trace` on the particle extensions (docs/SCENES.md "Beyond Core Animation",
/// docs/PARTICLE-MODEL.md §2.6–§2.14), run as a user would: each extension's bad value is refused with exit status
/// 2 and the JSON path of the key at fault; a scene using emitter paths and texture sheets traces them.
@Suite struct ParticleExtensionCLITests {
    /// A cell key (or, with `emitter` true, an emitter-layer key) with a bad value, and the JSON path the error names.
    static let cases: [(key: String, value: String, path: String, emitter: Bool)] = [
        ("alphaOverLife", "[[0.5, 1], [0.2, 0]]", "layers[0].emitterCells[0].alphaOverLife", false),
        ("textureSheet", #"{"columns": 2, "rows": 2, "frameCount": 5}"#, "layers[0].emitterCells[0].textureSheet.frameCount", false),
        ("bursts", #"[{"count": 5, "cycles": 3}]"#, "layers[0].emitterCells[0].bursts[0]", false),
        ("maximumAlive", "-1", "layers[0].emitterCells[0].maximumAlive", false),
        ("emissionDuration", "-1", "layers[0].emitterCells[0].emissionDuration", false),
        ("velocityStretch", "-1", "layers[0].emitterCells[0].velocityStretch", false),
        ("fields", #"{"drag": "much"}"#, "layers[0].emitterCells[0].fields.drag", false),
        ("colliders", #"[{"floor": 100}, {"circle": [0, 0], "radius": -1}]"#, "layers[0].emitterCells[0].colliders[1].radius", false),
        ("collider", #"{"layer": "nothing"}"#, "layers[0].emitterCells[0].collider", false),
        ("emitterCells", #"[{"name": "s", "birthRate": 0, "trigger": "sometimes"}]"#, "layers[0].emitterCells[0].emitterCells[0].trigger", false),
        ("emitterPath", #"{"layer": "nothing"}"#, "layers[0].emitterPath.layer", true),
    ]

    @Test(arguments: cases.indices)
    func validateNamesTheKeyAtFault(_ i: Int) throws {
        let c = Self.cases[i]
        let cellKey = c.emitter ? "" : ", \"\(c.key)\": \(c.value)"
        let layerKey = c.emitter ? ", \"\(c.key)\": \(c.value)" : ""
        let json = """
        {"size": [200, 200], "duration": 1, "layers": [
          {"type": "emitter", "name": "e"\(layerKey), "emitterCells": [{"name": "c", "birthRate": 10, "lifetime": 1\(cellKey)}]}]}
        """
        let dir = try CLIRunner.temporaryFolder("stardust-extension-validate")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("bad.json")
        try json.write(to: scene, atomically: true, encoding: .utf8)
        let r = try CLITests.run(["validate", scene.path])
        #expect(r.status == 2, "\(c.key): \(r.stdout)")
        #expect(r.stderr.contains(c.path), "\(c.key): \(r.stderr)")
    }

    @Test func traceListsEmitterPathsAndCellFeatures() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/button-sparks.json").path
        let r = try CLITests.run(["trace", example, "--at", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let paths = try #require(obj["emitterPaths"] as? [String: String])
        #expect(paths["sparks"]?.hasPrefix("emitterPath(tracing,length=") == true && paths["sparks"]?.hasSuffix(",speed=260,phase=0)") == true)
        #expect(paths["glitter"]?.hasPrefix("emitterPath(area,nonZero,area=") == true)
        let features = try #require(obj["cellFeatures"] as? [String: [String]])
        #expect(features["sparks.spark"]?.contains("velocityStretch=0.03") == true)
    }
}
