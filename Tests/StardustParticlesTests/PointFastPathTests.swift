import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The batched `point` path (``EmitterLayer/writePoint``) writes the same bytes as the general
/// per-particle path (``ParticleBirth/make`` + ``SnapshotColumns/write``).
@Suite struct PointFastPathTests {
    /// The snapshot the general path gives at local time `t`.
    func reference(_ layer: EmitterLayer, at t: Double) -> ParticleSnapshot {
        let e = layer.compile(upTo: t, sceneSeed: 0)
        let plan = layer.makePlan(e, at: t)
        var counts: [Int] = []
        for run in plan.runs { counts.append(EmitterLayer.process(run, e, plan, t, nil, 0)) }
        let s = ParticleSnapshot()
        let total = counts.reduce(0, +)
        s.reserve(total)
        let out = SnapshotColumns(s)
        var offset = 0
        for (i, run) in plan.runs.enumerated() {
            let ci = Int(run.cell)
            let cell = e.cells[ci]
            let inst = plan.instances[ci][Int(run.instance)]
            let p = cell.params[Int(run.segment)]
            let n: Int
            if inst.parent >= 0 {
                let parent = plan.records[cell.parent][inst.parent]
                n = EmitterLayer.write(run, p, inst, t, out, offset) { rng, id, tb, life, au in
                    ParticleBirth.make(p, parent: parent, rng: rng, id: id, birthTime: tb, life: life, angleU: au)
                }
            } else {
                n = EmitterLayer.write(run, p, inst, t, out, offset) { rng, id, tb, life, au in
                    ParticleBirth.make(p, shape: e.shape, mode: e.mode, rng: rng, id: id, birthTime: tb, life: life, angleU: au)
                }
            }
            #expect(n == counts[i])
            offset += n
        }
        s.count = total
        s.time = t
        s.isTruncated = plan.isTruncated
        return s
    }

    @Test("point path matches general path") func pointPathMatchesGeneralPath() {
        let layer = EmitterLayer()
        layer.seed = 7
        layer.emitterShape = .point
        layer.emitterPosition = Point(12.5, -3.25)
        let a = EmitterCell(name: "a")
        a.birthRate = 3000; a.lifetime = 2; a.lifetimeRange = 1.5
        a.velocity = 100; a.velocityRange = 50; a.emissionRange = .pi; a.emissionLongitude = 0.7
        a.emissionLatitude = 0.3; a.xAcceleration = 5; a.yAcceleration = 30; a.zAcceleration = -2
        a.scale = 1; a.scaleRange = 0.5; a.scaleSpeed = -0.4; a.spin = 1; a.spinRange = 1
        a.redRange = 0.2; a.greenRange = 0.3; a.blueRange = 0.1; a.alphaRange = 0.2
        a.redSpeed = -0.05; a.greenSpeed = 0.1; a.blueSpeed = -0.2; a.alphaSpeed = -0.3
        let far = EmitterCell(name: "far")  // angles beyond the polynomial range take the libm fallback
        far.birthRate = 500; far.lifetime = 1; far.emissionLongitude = 2e5; far.emissionRange = 1e5; far.velocity = 10
        let sub = EmitterCell(name: "sub")
        sub.birthRate = 30; sub.lifetime = 0.5; sub.velocity = 10; sub.emissionRange = .pi
        a.emitterCells = [sub]
        layer.emitterCells = [a, far]
        for t in [0.0, 0.01, 0.5, 1.7, 3.0, 4.25] {
            let fast = ParticleSnapshot()
            layer.evaluate(atLocalTime: t, into: fast, threads: 2)
            let ref = reference(layer, at: t)
            #expect(ref.count > 0)
            #expect(fast.isIdentical(to: ref), "t = \(t)")
        }
    }
}
