import Foundation
import StardustCodecs
import StardustCore
import StardustScene
import StardustTestSupport
import Testing

/// Seeded mutation fuzzing (docs/DESIGN.md §16) of the scene loader and of every decoder: each target gets a
/// fixed number of mutations of valid seeds, so a run is bounded and reproducible (the seed and
/// iteration are in the failure message). `STARDUST_FUZZ_ITERATIONS` raises the count for longer runs.
@Suite("Fuzz")
struct FuzzTests {
    static let iterations = Int(ProcessInfo.processInfo.environment["STARDUST_FUZZ_ITERATIONS"] ?? "") ?? 400
    /// Decoders get a small pixel limit so that a mutated size field is refused quickly.
    static let maxPixels = 1 << 20

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StardustCodecsTests/Fixtures")
    }

    static func fixture(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: fixtures.appendingPathComponent(name))) }

    /// Runs `body` on `iterations` mutations of the seeds. What it checks, per input:
    /// - no crash, trap or hang (implicit: the process survives and the loop ends);
    /// - a refusal is a described error (its message is not empty), never a silent failure;
    /// - an accepted input produces output within the limit it was decoded under: `body` returns the size of what
    ///   it produced (pixels, or pixels × frames), which must be at most `bound`. That is the bounded work per
    ///   input the limits promise (no time is measured: tests do not depend on timing).
    func fuzz(_ seeds: [[UInt8]], seed: UInt64, bound: Int, _ body: ([UInt8]) throws -> Int) {
        var rng = SeededGenerator(seed: seed)
        for iteration in 0..<Self.iterations {
            var input = seeds[Int.random(in: 0..<seeds.count, using: &rng)]
            for _ in 0..<Int.random(in: 1...3, using: &rng) { input = rng.mutate(input) }
            do {
                let size = try body(input)
                #expect(size >= 0 && size <= bound, "seed \(seed), iteration \(iteration): output size \(size) over \(bound)")
            } catch {
                #expect(!String(describing: error).isEmpty, "seed \(seed), iteration \(iteration): refused without a message")
            }
        }
    }

    @Test func pngDecoder() throws {
        let seeds = try ["rgba8.png", "gray4.png", "adam7_rgba8.png", "gray2_trns.png"].compactMap { name -> [UInt8]? in
            FileManager.default.fileExists(atPath: Self.fixtures.appendingPathComponent(name).path) ? try Self.fixture(name) : nil
        } + [Array(HostileCorpus.png(width: 8, height: 8))]
        fuzz(seeds, seed: 1, bound: Self.maxPixels) { try PNGDecoder.decode($0, maxPixels: Self.maxPixels).pixelCount }
    }

    @Test func jpegDecoder() throws {
        let seeds = try ["pil_rgb.jpg", "pil_gray.jpg", "pil_cmyk.jpg"].map(Self.fixture)
        fuzz(seeds, seed: 2, bound: Self.maxPixels) { try JPEGDecoder.decode($0, maxPixels: Self.maxPixels).pixelCount }
    }

    @Test func gifDecoder() throws {
        let seeds = try ["pil_anim.gif", "hand_disposal.gif"].map(Self.fixture) + [Array(HostileCorpus.gif(width: 16, height: 16, frames: 3))]
        fuzz(seeds, seed: 3, bound: 4 << 20) {
            let animation = try GIFDecoder.decode($0, maxPixels: Self.maxPixels, maxTotalPixels: 4 << 20)
            return animation.width * animation.height * animation.frames.count
        }
    }

    @Test func imageHeaderAndDecoderAgree() throws {
        let seeds = try ["pil_rgb.jpg", "pil_anim.gif"].map(Self.fixture) + [Array(HostileCorpus.png(width: 8, height: 8))]
        fuzz(seeds, seed: 4, bound: Self.maxPixels) { bytes in
            let image = try ImageDecoder.decode(bytes, maxPixels: Self.maxPixels)
            // Whatever decodes has the size its header declares (the budget is computed from headers).
            let header = try ImageDecoder.header(of: bytes)
            #expect(header.width == image.width && header.height == image.height)
            return image.pixelCount
        }
    }

    @Test func sceneLoader() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }) ?? []
        var seeds = try names.map { Array(try Data(contentsOf: examples.appendingPathComponent($0))) }
        seeds.append(Array(#"{"size":[100,100],"layers":[{"type":"emitter","emitterCells":[{"birthRate":10,"lifetime":2,"contents":"builtin:dot","emitterCells":[{"birthRate":5,"lifetime":1}]}]},{"type":"text","string":"hi"},{"type":"shape","path":"M 0 0 L 10 10 Z"}],"animations":[{"layer":"x","keyPath":"opacity","type":"basic","fromValue":0,"toValue":1}]}"#.utf8))
        // The photo wall: photos from builtin images and from files (refused by this loader), several fingers.
        seeds.append(Array(#"{"size":[200,300],"layers":[{"type":"text","string":"Photos"}],"photoWall":{"photos":["builtin:star",{"contents":"builtin:dot","name":"d"},"photos/a.png"],"columns":2,"photoSize":[60,60],"spacing":8,"origin":[10,20],"visibleBounds":[0,0,200,300],"returnDistance":60,"gravity":1000,"gripStrength":30,"timeStep":0.01},"pointer":[{"t":0.1,"phase":"began","point":[40,50]},{"t":0.1,"phase":"began","point":[110,50],"id":1},{"t":0.2,"phase":"moved","point":[150,90],"id":1},{"t":0.3,"phase":"ended","point":[40,60]},{"t":0.3,"phase":"cancelled","point":[150,90],"id":1}]}"#.utf8))
        seeds.append(Array(#"{"size":[100,100],"photoWall":{"photos":["builtin:star","builtin:star"],"columns":1},"pointer":[{"t":0,"phase":"began","point":[50,50],"id":2},{"t":0,"phase":"began","point":[52,50],"id":3}]}"#.utf8))
        // Masks, filters, shadows, replicators (docs/DRAWING.md).
        seeds.append(Array(#"{"size":[100,100],"layers":[{"type":"group","bounds":[0,0,40,40],"cornerRadius":8,"masksToBounds":true,"compositingFilter":"multiplyBlendMode","shadowOpacity":0.5,"shadowRadius":4,"shadowOffset":[0,3],"shadowPath":"M0 0 H40 V40 Z","maskMode":"luminance","mask":{"type":"shape","path":"M0 0 H20 V20 Z"}},{"type":"replicator","instanceCount":3,"instanceDelay":0.1,"instanceTransform":"translate(10px, 0)","instanceRedOffset":-0.2,"sublayers":[{"type":"replicator","instanceCount":2,"sublayers":[{"type":"group","bounds":[0,0,5,5]}]}]}]}"#.utf8))
        fuzz(seeds, seed: 5, bound: 0) { bytes in
            var loader = SceneLoader(baseDirectory: examples.path) { _ in throw CodecError.unsupported(format: "Image", reason: "file (fuzzing)") }
            let scene = try loader.scene(from: JSONNode(JSONParser.parse(bytes)))
            // Whatever loads passes through the same budget as the commands, without crashing.
            try SceneBudget.check(scene, frameCount: scene.frameCount, limits: SceneLimits())
            return 0
        }
    }

    /// A GIF used as a still image decodes its first frame only; a long animation is refused before allocation.
    @Test func gifStillDecodesOneFrame() throws {
        // Refused by the frame count and pixel limit read before any frame is allocated (a refusal after
        // decoding would need 1.9 GB, over the suite's 1 GiB cap for the CLI corpus).
        #expect(throws: CodecError.self) { try GIFDecoder.decode(Array(HostileCorpus.gif(width: 6000, height: 6000, frames: 30))) }
    }
}
