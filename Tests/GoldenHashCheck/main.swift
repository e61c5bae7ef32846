// stardust-goldens: checks the golden hashes (Tests/StardustGoldens) in the build it was compiled in.
//
// `.ci/run` builds it in release (`swift build -c release --product stardust-goldens`) and runs it: the frames,
// particle snapshots and physics states of the optimized build must equal the committed values that
// `GoldenHashTests` checks in the debug build. Prints each difference and exits 1 when there is one;
// with `--print`, prints the table to paste into GoldenHashes.swift.
import Foundation
import StardustGoldens

do {
    let values = try GoldenHashing.compute()
    let physics = try GoldenHashing.physicsState()
    if CommandLine.arguments.contains("--print") { print(GoldenHashing.table(values, physics: physics)) }
    let differences = GoldenHashing.differences(values, physics: physics)
    if differences.isEmpty {
        print("stardust-goldens: all \(values.count) frame and snapshot hashes and \(physics.count) physics states match")
    } else {
        for d in differences { print("stardust-goldens: \(d)") }
        print("stardust-goldens: \(differences.count) hashes differ from Tests/StardustGoldens/GoldenHashes.swift")
        exit(1)
    }
} catch {
    print("stardust-goldens: \(error)")
    exit(1)
}
