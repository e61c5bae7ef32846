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
    @Test("Frames and particle snapshots hash to the committed golden values")
    func goldenHashes() throws {
        let actual = try GoldenHashing.compute()
        if ProcessInfo.processInfo.environment["STARDUST_PRINT_GOLDENS"] != nil {
            print(GoldenHashing.table(actual, physics: try GoldenHashing.physicsState()))
        }
        #expect(actual.count == GoldenHashes.values.count, "the set of pinned frames changed")
        for k in actual.keys.sorted() {
            #expect(actual[k] == GoldenHashes.values[k], "\(k)")
        }
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
