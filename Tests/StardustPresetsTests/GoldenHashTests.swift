import Foundation
import Testing
import Stardust
import StardustGoldens

/// Determinism pinned across builds: the frames of every preset and example scene, and the
/// particle snapshots of their emitters, hash to the values committed in ``GoldenHashes``.
///
/// `.ci/run` runs this suite in a debug build (with every test) and the same computation in a release
/// build (the `stardust-goldens` executable, Tests/GoldenHashCheck): both must give the same hashes, so no
/// optimization or platform math may change a single byte. When a change is meant to alter pixels, run
/// `STARDUST_PRINT_GOLDENS=1 swift test --filter GoldenHashTests` (or `swift run stardust-goldens --print`)
/// and paste the table it prints into Tests/StardustGoldens/GoldenHashes.swift, saying in the commit why
/// the pixels changed.
@Suite struct GoldenHashTests {
    // One test case per scene: a case holds a test thread for seconds rather than the whole table's minutes, so
    // the suites that serve on loopback (the studio, the render server) are not starved of threads meanwhile.
    @Test("Frames and particle snapshots hash to the committed golden values", arguments: try GoldenHashing.sceneNames())
    func goldenHashes(scene: String) throws {
        let actual = try GoldenHashing.compute(only: [scene])
        let pinned = GoldenHashes.values.filter { $0.key.hasPrefix(scene + "@") }
        #expect(actual.keys.sorted() == pinned.keys.sorted(), "the set of pinned frames of \(scene) changed")
        for k in actual.keys.sorted() {
            #expect(actual[k] == GoldenHashes.values[k], "\(k)")
        }
    }

    @Test("Every pinned hash belongs to a scene that is still pinned")
    func noPinnedHashIsOrphaned() throws {
        let names = Set(try GoldenHashing.sceneNames())
        let orphans = GoldenHashes.values.keys.filter { k in !names.contains(String(k.prefix { $0 != "@" })) }
        #expect(orphans.isEmpty, "\(orphans.sorted())")
    }

    @Test("STARDUST_PRINT_GOLDENS=1 prints the whole table to paste", .enabled(if: ProcessInfo.processInfo.environment["STARDUST_PRINT_GOLDENS"] != nil))
    func printTable() throws {
        print(GoldenHashing.table(try GoldenHashing.compute(), physics: try GoldenHashing.physicsState()))
    }

    @Test("A scene's physics state after N steps hashes to the committed golden values")
    func physicsStateHash() throws {
        let actual = try GoldenHashing.physicsState()
        #expect(actual.keys.sorted() == GoldenHashes.physicsState.keys.sorted())
        for step in actual.keys.sorted() {
            #expect(actual[step] == GoldenHashes.physicsState[step], "step \(step)")
        }
    }
}
