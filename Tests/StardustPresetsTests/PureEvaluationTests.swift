import Foundation
import Testing
import Stardust
import StardustTestSupport

/// Evaluation is a function of (model, seed, t): it writes nothing into the model, frames do not
/// depend on what was rendered before, and two threads may render two times of one scene at once.
@Suite struct PureEvaluationTests {
    func render(_ scene: Scene, at t: Double, scratch: DrawScratch = DrawScratch()) throws -> [UInt8] {
        try Renderer(threads: 1).render(scene.displayList(at: t, scratch: scratch)).pixels
    }

    @Test("A frame is the same whatever was rendered before it, with fresh or reused scratch space",
          arguments: ["snow", "fireworks", "celebration"])
    func frameIndependentOfHistory(preset: String) throws {
        let scene = try #require(Presets.named(preset)).make()
        scene.scale = 0.5
        let alone = try render(scene, at: 2.5)
        let scratch = DrawScratch()
        _ = try render(scene, at: 7, scratch: scratch)
        _ = try render(scene, at: 0.25, scratch: scratch)
        #expect(try render(scene, at: 2.5, scratch: scratch) == alone)
    }

    @Test("Rendering changes nothing in the model: the emitters keep their seeds and properties")
    func renderingWritesNothing() throws {
        let scene = try #require(Presets.named("snow")).make()
        scene.seed = 77
        let emitters = scene.allLayers.compactMap { $0 as? EmitterLayer }
        #expect(!emitters.isEmpty)
        let before = emitters.map { ($0.seed, $0.birthRate, $0.emitterCells.map(\.birthRate)) }
        _ = scene.displayList(at: 3)
        let after = emitters.map { ($0.seed, $0.birthRate, $0.emitterCells.map(\.birthRate)) }
        #expect(before.map(\.0) == after.map(\.0))
        #expect(before.map(\.1) == after.map(\.1))
        #expect(before.map(\.2) == after.map(\.2))
    }

    @Test("The scene's seed selects the particles; the same seed gives the same frame")
    func seedSelectsFrame() throws {
        let scene = try #require(Presets.named("snow-classic")).make()
        scene.scale = 0.5
        scene.seed = 5
        let a = try render(scene, at: 4)
        scene.seed = 6
        let b = try render(scene, at: 4)
        scene.seed = 5
        #expect(try render(scene, at: 4) == a)
        #expect(a != b)
    }

    @Test("Two threads rendering two times of one scene at once give the frames of a sequential render")
    func concurrentRendersMatchSequential() async throws {
        let scene = try #require(Presets.named("celebration")).make()
        scene.scale = 0.5
        let times = [0.5, 1.75, 3.0, 4.25, 6.5, 8.0]
        let sequential = try times.map { try render(scene, at: $0) }
        let shared = UncheckedScene(scene)
        let concurrent = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (i, t) in times.enumerated() {
                group.addTask {
                    (i, try Renderer(threads: 1).render(shared.scene.displayList(at: t)).pixels)
                }
            }
            var out = [[UInt8]](repeating: [], count: times.count)
            for try await (i, px) in group { out[i] = px }
            return out
        }
        #expect(concurrent == sequential)
    }

    @Test("A change to a cell after an evaluation reaches the next one (the compiled emitter is not stale)")
    func compiledEmitterFollowsModelChanges() throws {
        let emitter = EmitterLayer()
        let cell = EmitterCell(name: "c")
        cell.birthRate = 10; cell.lifetime = 100; cell.contents = TestSupport.whiteTexture()
        emitter.emitterCells = [cell]
        // Births at 0, 1/r, 2/r, … up to and including t: r·t + 1 of them.
        #expect(emitter.evaluate(at: 2).count == 21)
        cell.birthRate = 40
        #expect(emitter.evaluate(at: 2).count == 81)
        emitter.birthRate = 0.5
        #expect(emitter.evaluate(at: 2).count == 41)
        let child = EmitterCell(name: "d")
        child.birthRate = 1; child.lifetime = 100
        cell.emitterCells = [child]
        // Parent particles now emit one sub-particle per second each: more particles than before.
        #expect(emitter.evaluate(at: 2).count > 41)
        cell.isEnabled = false
        #expect(emitter.evaluate(at: 2).count == 0)
    }

    @Test("A timed parameter change (a new segment from t on) reaches the next evaluation")
    func timedChangeReachesEvaluation() throws {
        let emitter = EmitterLayer()
        let cell = EmitterCell(name: "c")
        cell.birthRate = 10; cell.lifetime = 100
        emitter.emitterCells = [cell]
        #expect(emitter.evaluate(at: 4).count == 41)
        #expect(emitter.setEmitterValue(.number(30), forKeyPath: "emitterCells.c.birthRate", at: 2))
        // 10/s on [0, 2) (20 births), then 30/s on [2, 4] (61 births).
        #expect(emitter.evaluate(at: 4).count == 81)
    }
}

/// The scene crosses into tasks that only read it (what the test above checks is safe).
struct UncheckedScene: @unchecked Sendable {
    let scene: Scene
    init(_ scene: Scene) { self.scene = scene }
}
