import Testing
import StardustWorkloads
@testable import StardustPhysics
import StardustPhysicsTestSupport

@Suite("Determinism, checkpoints, fixed step")
struct DeterminismTests {
    static func scene() -> World { PhysicsWorkloads.mixedScene() }

    @Test("golden state hash after 300 steps")
    func goldenHash() {
        var w = Self.scene()
        for _ in 0..<300 { w.step(1.0 / 120) }
        // Pinned from this implementation; any change to the solver's arithmetic changes it.
        // (Debug and release builds must agree: the CI runs the debug build, and
        // benchmarks/physics/run.sh checks the release build against the same value.)
        #expect(w.stateHash() == DeterminismTests.golden, "hash \(w.stateHash())")
    }
    static let golden: UInt64 = 5498494198368752904

    @Test("golden state hash of a colored solve (pyramid base 12, 120 steps)")
    func goldenHashColored() {
        var p = PhysicsWorkloads.pyramid(base: 12)
        p.run(steps: 120)
        #expect(p.world.stateHash() == DeterminismTests.goldenPyramid, "hash \(p.world.stateHash())")
    }
    static let goldenPyramid: UInt64 = 13204195516851639452

    @Test("two runs give the same hash at every step")
    func repeatable() {
        var a = Self.scene(), b = Self.scene()
        for _ in 0..<200 {
            a.step(1.0 / 120); b.step(1.0 / 120)
            #expect(a.stateHash() == b.stateHash())
        }
    }

    @Test("restoring a snapshot and stepping is bit-identical to an uninterrupted run", arguments: [1, 57, 150])
    func snapshotRestore(at checkpoint: Int) {
        var run = Self.scene()
        var snap: WorldSnapshot? = nil
        var hashes: [UInt64] = []
        for i in 0..<250 {
            if i == checkpoint { snap = run.snapshot() }
            run.step(1.0 / 120)
            hashes.append(run.stateHash())
        }
        var replay = Self.scene()
        for _ in 0..<3 { replay.step(1.0 / 120) }   // unrelated state, overwritten by restore
        replay.restore(snap!)
        for i in checkpoint..<250 {
            replay.step(1.0 / 120)
            #expect(replay.stateHash() == hashes[i])
        }
        // Value semantics: a copy is a checkpoint too.
        let copy = replay
        replay.step(1.0 / 120)
        #expect(copy.stateHash() == hashes[249])
    }

    @Test("advance(by:) runs fixed steps and interpolates between them")
    func accumulator() throws {
        var w = makeWorld(gravity: Vec2(0, 10))
        let b = addBall(&w, at: .zero)
        #expect(w.advance(by: 1.0 / 60) == 2)
        #expect(w.advance(by: 0.004) == 0)
        #expect(abs(w.interpolationAlpha - 0.004 * 120) < 1e-9)
        #expect(w.advance(by: 0.005) == 1)
        let prev = try w.interpolatedTransform(of: b, alpha: 0).p
        let cur = try w.interpolatedTransform(of: b, alpha: 1).p
        #expect(cur == (try w.position(of: b)))
        let mid = try w.interpolatedTransform(of: b, alpha: 0.5).p
        #expect(abs(mid.y - 0.5 * (prev.y + cur.y)) < 1e-15)
        // Same steps either way: advance(by:) in uneven chunks == step().
        var x = makeWorld(gravity: Vec2(0, 10)), y = makeWorld(gravity: Vec2(0, 10))
        addBall(&x, at: .zero); addBall(&y, at: .zero)
        var n = 0
        for chunk in [0.013, 0.002, 0.03, 0.0071, 0.05] { n += x.advance(by: chunk) }
        for _ in 0..<n { y.step(1.0 / 120) }
        #expect(x.stateHash() == y.stateHash())
    }
}
