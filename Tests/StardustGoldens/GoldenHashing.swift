import Foundation
import Stardust
import StardustTestSupport

/// What the golden hashes pin, computed: the frames of every preset and example scene and the particle snapshots
/// of their emitters at ``times``, and the physics state of examples/physics-playground.json after N steps.
///
/// One computation for both checks of determinism across builds: `GoldenHashTests` runs it in the debug test
/// build, and `.ci/run` runs it through the `stardust-goldens` executable built in release — the optimized code
/// users run — without building every test target a second time. Both compare with ``GoldenHashes``.
public enum GoldenHashing {
    /// The scene times of every pinned frame and snapshot, in seconds.
    public static let times = [0.5, 2.0, 5.0]
    /// More pinned frame (and snapshot) times for scenes whose moments fall between ``times``: `thanos`'s dust in
    /// flight (leaving at 2.5 s, flying back at 10 s).
    public static let extraTimes: [String: [Double]] = ["preset:thanos": [2.5, 10.0]]

    /// The repository's examples/ folder (found from this file's path at build time).
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    /// The names of every pinned scene: `preset:NAME` for each preset, `example:FILE` for each scene in examples/.
    public static func sceneNames() throws -> [String] {
        Presets.all.map { "preset:\($0.name)" }
            + (try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted().filter { $0.hasSuffix(".json") }
                .map { "example:\($0)" })
    }

    /// Every preset and every scene in examples/ (or those of `names`), at one pixel per point.
    public static func scenes(only names: Set<String>? = nil) throws -> [(String, Scene)] {
        var out: [(String, Scene)] = []
        for preset in Presets.all where names?.contains("preset:\(preset.name)") ?? true {
            out.append(("preset:\(preset.name)", preset.make()))
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted()
        where name.hasSuffix(".json") && names?.contains("example:\(name)") ?? true {
            out.append(("example:\(name)", try SceneLoader.load(path: examples.appendingPathComponent(name).path)))
        }
        for (_, s) in out { s.scale = 1 }
        return out
    }

    /// The hash of every column of a snapshot, by bit pattern.
    public static func hash(_ s: ParticleSnapshot) -> String {
        var bytes: [UInt8] = []
        func add(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
        add(UInt64(s.count))
        for i in 0..<s.count {
            for c in [s.x, s.y, s.z, s.scale, s.rotation, s.red, s.green, s.blue, s.alpha] { add(UInt64(c[i].bitPattern)) }
            add(s.birthTime[i].bitPattern)
        }
        return Digest.hex(bytes)
    }

    /// Every frame and snapshot hash, keyed `scene@t/frame` and `scene@t/emitterINDEX:NAME`.
    /// `names` limits it to those scenes (see ``sceneNames()``); nil: all.
    public static func compute(only names: Set<String>? = nil) throws -> [String: String] {
        var out: [String: String] = [:]
        let renderer = Renderer(threads: 2)
        for (name, scene) in try scenes(only: names) {
            for t in times + (extraTimes[name] ?? []) {
                out["\(name)@\(t)/frame"] = Digest.hex(try renderer.render(scene.displayList(at: t)).pixels)
                let emitters = scene.allLayers.compactMap { $0 as? EmitterLayer }
                for (i, e) in emitters.enumerated() {
                    out["\(name)@\(t)/emitter\(i):\(e.name ?? "")"] = hash(e.evaluate(at: t, sceneSeed: scene.seed, threads: 2))
                }
            }
        }
        return out
    }

    /// `World.stateHash()` of examples/physics-playground.json's simulation after each step count of
    /// ``GoldenHashes/physicsState``.
    public static func physicsState() throws -> [Int: UInt64] {
        let scene = try SceneLoader.load(path: examples.appendingPathComponent("physics-playground.json").path)
        guard let controller = scene.simulations.first as? PhysicsController else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "physics-playground.json has no physics"])
        }
        var out: [Int: UInt64] = [:]
        for step in GoldenHashes.physicsState.keys.sorted() { out[step] = controller.world(atStep: step).stateHash() }
        return out
    }

    /// The lines of a table to paste into GoldenHashes.swift.
    public static func table(_ values: [String: String], physics: [Int: UInt64]) -> String {
        var lines = ["    public static let values: [String: String] = ["]
        for k in values.keys.sorted() { lines.append("        \"\(k)\": \"\(values[k]!)\",") }
        lines.append("    ]")
        lines.append("    public static let physicsState: [Int: UInt64] = [")
        for k in physics.keys.sorted() { lines.append("        \(k): 0x\(String(physics[k]!, radix: 16)),") }
        lines.append("    ]")
        return lines.joined(separator: "\n")
    }

    /// The differences from ``GoldenHashes``, one line each (empty when every hash matches).
    public static func differences(_ values: [String: String], physics: [Int: UInt64]) -> [String] {
        var out: [String] = []
        for k in Set(values.keys).union(GoldenHashes.values.keys).sorted() where values[k] != GoldenHashes.values[k] {
            out.append("\(k): \(values[k] ?? "missing"), pinned \(GoldenHashes.values[k] ?? "nothing")")
        }
        for k in Set(physics.keys).union(GoldenHashes.physicsState.keys).sorted() where physics[k] != GoldenHashes.physicsState[k] {
            out.append("physics-playground after \(k) steps: \(physics[k].map { String($0, radix: 16) } ?? "missing"), pinned \(GoldenHashes.physicsState[k].map { String($0, radix: 16) } ?? "nothing")")
        }
        return out
    }
}
