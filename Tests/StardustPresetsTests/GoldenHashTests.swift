import Foundation
import Testing
import Stardust
import StardustTestSupport

/// Determinism pinned across builds: the frames of every preset and example scene, and the
/// particle snapshots of their emitters, hash to the values committed in ``GoldenHashes``.
///
/// `.ci/run` runs this suite in a debug build (with every test) and again in a release build
/// (`swift test -c release --filter GoldenHashTests`): both must give the same hashes, so no
/// optimization or platform math may change a single byte. When a change is meant to alter
/// pixels, run `STARDUST_PRINT_GOLDENS=1 swift test --filter GoldenHashTests` and paste the table
/// it prints into GoldenHashes.swift, saying in the commit why the pixels changed.
@Suite struct GoldenHashTests {
    static let times = [0.5, 2.0, 5.0]

    /// Every preset and every scene in examples/, at one pixel per point.
    static func scenes() throws -> [(String, Scene)] {
        var out: [(String, Scene)] = Presets.all.map { ("preset:\($0.name)", $0.make()) }
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples")
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted() where name.hasSuffix(".json") {
            out.append(("example:\(name)", try SceneLoader.load(path: examples.appendingPathComponent(name).path)))
        }
        for (_, s) in out { s.scale = 1 }
        return out
    }

    /// The hash of every column of a snapshot, by bit pattern.
    static func hash(_ s: ParticleSnapshot) -> String {
        var bytes: [UInt8] = []
        func add(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
        add(UInt64(s.count))
        for i in 0..<s.count {
            for c in [s.x, s.y, s.z, s.scale, s.rotation, s.red, s.green, s.blue, s.alpha] { add(UInt64(c[i].bitPattern)) }
            add(s.birthTime[i].bitPattern)
        }
        return Digest.hex(bytes)
    }

    /// Every hash, keyed `scene@t/frame` and `scene@t/emitterINDEX:NAME`.
    static func compute() throws -> [String: String] {
        var out: [String: String] = [:]
        let renderer = Renderer(threads: 2)
        for (name, scene) in try scenes() {
            for t in times {
                out["\(name)@\(t)/frame"] = Digest.hex(try renderer.render(scene.displayList(at: t)).pixels)
                let emitters = scene.allLayers.compactMap { $0 as? EmitterLayer }
                for (i, e) in emitters.enumerated() {
                    out["\(name)@\(t)/emitter\(i):\(e.name ?? "")"] = hash(e.evaluate(at: t, sceneSeed: scene.seed, threads: 2))
                }
            }
        }
        return out
    }

    @Test("Frames and particle snapshots hash to the committed golden values")
    func goldenHashes() throws {
        let actual = try Self.compute()
        if ProcessInfo.processInfo.environment["STARDUST_PRINT_GOLDENS"] != nil {
            print("    static let values: [String: String] = [")
            for k in actual.keys.sorted() { print("        \"\(k)\": \"\(actual[k]!)\",") }
            print("    ]")
        }
        #expect(actual.count == GoldenHashes.values.count, "the set of pinned frames changed")
        for k in actual.keys.sorted() {
            #expect(actual[k] == GoldenHashes.values[k], "\(k)")
        }
    }

    /// The physics state (every body's position, rotation, velocities and awake flag, by bit
    /// pattern: `World.stateHash()`) of examples/physics-playground.json after N fixed steps,
    /// the scripted throw included. Same in debug and release builds.
    static let physicsStateHashes: [Int: UInt64] = [
        0: 0x6ba51fd4317a232f,
        360: 0xb89dd36947e45cbb,
        720: 0xdcd4e99cc0de8bae,
    ]

    @Test("A scene's physics state after N steps hashes to the committed golden values")
    func physicsStateHash() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples")
        let scene = try SceneLoader.load(path: examples.appendingPathComponent("physics-playground.json").path)
        let controller = try #require(scene.simulations.first as? PhysicsController)
        for step in Self.physicsStateHashes.keys.sorted() {
            let hash = controller.world(atStep: step).stateHash()
            if ProcessInfo.processInfo.environment["STARDUST_PRINT_GOLDENS"] != nil { print("        \(step): 0x\(String(hash, radix: 16)),") }
            #expect(hash == Self.physicsStateHashes[step], "step \(step)")
        }
    }
}
