import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// Evaluation is a pure function of time, seed and configuration.
@Suite struct DeterminismTests {
    func emitter(seed: UInt32 = 1) -> EmitterLayer {
        let layer = EmitterLayer()
        layer.seed = seed
        layer.emitterShape = .circle; layer.emitterMode = .surface; layer.emitterSize = Size(30, 0)
        let a = EmitterCell(name: "a")
        a.birthRate = 400; a.lifetime = 3; a.lifetimeRange = 1
        a.velocity = 50; a.velocityRange = 20; a.emissionRange = .pi; a.yAcceleration = 10
        a.spin = 1; a.spinRange = 1; a.alphaSpeed = -0.2
        let b = EmitterCell(name: "b")
        b.birthRate = 2; b.lifetime = 1.5; b.velocity = 100; b.emissionLongitude = -1
        let sub = EmitterCell(name: "sub")
        sub.birthRate = 20; sub.lifetime = 1; sub.velocity = 10; sub.emissionRange = .pi
        sub.timing.beginTime = 0.5
        b.emitterCells = [sub]
        layer.emitterCells = [a, b]
        return layer
    }

    @Test("seeking equals stepping") func seekingEqualsStepping() {
        let stepping = emitter(), snapshot = ParticleSnapshot()
        for frame in 0...90 {
            let t = Double(frame) / 30
            stepping.evaluate(at: t, into: snapshot)
            if frame % 15 == 0 {
                let seek = emitter().evaluate(at: t)
                #expect(snapshot.isIdentical(to: seek), "frame \(frame)")
            }
        }
        #expect(snapshot.count > 1000)
        // A far seek after stepping equals a fresh one.
        stepping.evaluate(at: 600, into: snapshot)
        #expect(snapshot.isIdentical(to: emitter().evaluate(at: 600)))
    }

    @Test("time offset pre warm equals evaluating later") func timeOffsetPreWarmEqualsEvaluatingLater() {
        let warm = emitter()
        warm.timing.timeOffset = 10
        #expect(warm.evaluate(at: 0).isIdentical(to: emitter().evaluate(at: 10)))
        #expect(warm.evaluate(at: 2.5).isIdentical(to: emitter().evaluate(at: 12.5)))
        let late = emitter()
        late.timing.beginTime = 5
        #expect(late.evaluate(at: 4).count == 0, "the simulation starts at beginTime")
        #expect(late.evaluate(at: 7).isIdentical(to: emitter().evaluate(at: 2)))
        let slow = emitter()
        slow.timing.speed = 0.5
        #expect(slow.evaluate(at: 8).isIdentical(to: emitter().evaluate(at: 4)))
    }

    @Test("same seed same particles different seed different") func sameSeedSameParticlesDifferentSeedDifferent() {
        let a = emitter(seed: 42).evaluate(at: 5), b = emitter(seed: 42).evaluate(at: 5)
        #expect(a.isIdentical(to: b))
        let c = emitter(seed: 43).evaluate(at: 5)
        #expect(!(a.isIdentical(to: c)))
        #expect((a.count == c.count ? Array(a.x) : []) != Array(c.x))
    }

    @Test("thread count does not change the result") func threadCountDoesNotChangeTheResult() {
        let layer = emitter()
        layer.emitterCells[0].birthRate = 10_000
        let one = layer.evaluate(at: 7, threads: 1)
        #expect(one.count > 3 * Int(EmitterLayer.runLength))
        #expect(one.isIdentical(to: layer.evaluate(at: 7, threads: 2)))
        #expect(one.isIdentical(to: layer.evaluate(at: 7, threads: 3)))
    }

    @Test("particle i ds are stable and unique") func particleIDsAreStableAndUnique() {
        let layer = emitter()
        let s1 = layer.evaluate(at: 3), s2 = layer.evaluate(at: 3.5)
        let ids1 = Dictionary(uniqueKeysWithValues: s1.all.map { ($0.id, $0.birthTime) })
        #expect(ids1.count == s1.count)
        var common = 0
        for p in s2.all { if let b = ids1[p.id] { #expect(b == p.birthTime); common += 1 } }
        #expect(common > 100)
    }

    @Test("snapshot order is cell by cell") func snapshotOrderIsCellByCell() {
        let s = emitter().evaluate(at: 4)
        let cells = Array(s.cellIndex)
        #expect(cells == cells.sorted())
        #expect(Set(cells) == [0, 1, 2])
    }
}
