import Foundation
import StardustCodecs
import StardustLottie
import StardustTestSupport
import Testing

/// Seeded mutation fuzzing (docs/DESIGN.md §16) of the Lottie parser and translator, of the `.tgs` gzip
/// reader and of the dotLottie ZIP reader: a fixed number of mutations of the fixtures, so a run is bounded and reproducible.
/// `STARDUST_FUZZ_ITERATIONS` raises the count (CI: `swift test --filter LottieFuzzTests`).
@Suite("LottieFuzzTests")
struct LottieFuzzTests {
    static let iterations = Int(ProcessInfo.processInfo.environment["STARDUST_FUZZ_ITERATIONS"] ?? "") ?? 300

    static func seeds() throws -> [[UInt8]] {
        let folder = Fixtures.url("lottie")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { $0.hasSuffix(".json") }
            .map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    /// Small limits, so that a mutated count or size is refused quickly.
    static var limits: LottieLimits {
        var l = LottieLimits()
        l.maxKeyframes = 10_000; l.maxFrame = 100_000; l.maxSide = 4000; l.maxTranslatedLayers = 2000; l.maxJSONBytes = 1 << 20
        return l
    }

    func fuzz(_ seeds: [[UInt8]], seed: UInt64, _ body: ([UInt8]) throws -> Void) {
        var rng = SeededGenerator(seed: seed)
        var refused = 0
        for _ in 0..<Self.iterations {
            var input = seeds[Int.random(in: 0..<seeds.count, using: &rng)]
            for _ in 0..<Int.random(in: 1...3, using: &rng) { input = rng.mutate(input) }
            do { try body(input) } catch { refused += 1 }
        }
        #expect(refused <= Self.iterations)
    }

    @Test func parserAndTranslatorNeverCrash() throws {
        fuzz(try Self.seeds(), seed: 0x107_7135) { bytes in
            let a = try LottieParser.parse(bytes, limits: Self.limits)
            let c = LottieTranslator.translate(a)
            // Draw one frame's display list (no pixels): evaluation must not trap either.
            _ = c.root.displayList(size: c.size, scale: 1, at: c.duration / 2)
        }
    }

    @Test func gzipReaderNeverCrashes() throws {
        let seeds = try Self.seeds().map { Gunzip.compress($0) }
        fuzz(seeds, seed: 0x7_6500) { bytes in
            _ = try LottieParser.parse(try LottieFile.jsonBytes(bytes, name: "fuzz.tgs", limits: Self.limits), limits: Self.limits)
        }
    }

    @Test func dotLottieReaderNeverCrashes() throws {
        let json = try Self.seeds()[0]
        let base = try DotLottieTests.archive([("manifest.json", DotLottieTests.manifest), ("animations/square.json", json)])
        defer { try? FileManager.default.removeItem(at: base) }
        let seed = Array(try Data(contentsOf: base))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString).lottie")
        defer { try? FileManager.default.removeItem(at: file) }
        fuzz([seed], seed: 0xD07) { bytes in
            try Data(bytes).write(to: file)
            _ = try DotLottie.load(path: file.path, limits: Self.limits)
        }
    }
}
