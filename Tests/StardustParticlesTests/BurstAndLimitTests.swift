import Testing
import StardustCore
import StardustTestSupport
@testable import StardustParticles

/// Bursts, the live-particle cap and the emission duration (docs/PARTICLE-MODEL.md §2.7): counts at
/// known times, the cap over seeded sweeps, seeks equal to stepped evaluations, thread independence.
@Suite struct BurstAndLimitTests {
    static func layer(rate: Double = 0, life: Double = 0.8, lifeRange: Double = 0,
                      _ configure: (inout CellExtensions) -> Void) -> EmitterLayer {
        let l = EmitterLayer()
        l.emitterPosition = Point(50, 50)
        let c = EmitterCell(name: "c")
        c.birthRate = rate; c.lifetime = life; c.lifetimeRange = lifeRange; c.velocity = 40; c.emissionRange = .pi
        var x = CellExtensions()
        configure(&x)
        c.extensions = x
        l.emitterCells = [c]
        return l
    }

    @Test func burstCountsAtKnownTimes() {
        // 100 at 0.5 s, 1.5 s and 2.5 s, each living 0.8 s.
        let l = Self.layer { $0.bursts = [ParticleBurst(time: 0.5, count: 100, cycles: 3, interval: 1)] }
        let expected: [(Double, Int)] = [(0, 0), (0.4999, 0), (0.5, 100), (1.2, 100), (1.31, 0), (1.5, 100), (2.0, 100),
                                         (2.4, 0), (2.7, 100), (3.29, 100), (3.31, 0), (50, 0)]
        for (t, n) in expected { #expect(l.evaluate(at: t).count == n, "t = \(t)") }
        // Every particle of a cycle is born at the cycle's time.
        let s = l.evaluate(at: 1.9)
        #expect(s.birthTime.allSatisfy { $0 == 1.5 })
        #expect(Set(s.particleID).count == 100)
    }

    @Test func overlappingCyclesForeverAndTheRate() {
        // 10 every 0.25 s forever, living 1 s: 4 cycles alive at once (+ the rate's 50/s · 1 s).
        let l = Self.layer(rate: 50, life: 1) { $0.bursts = [ParticleBurst(time: 0, count: 10, cycles: ParticleBurst.forever, interval: 0.25)] }
        for t in [1.1, 7.6, 3600.1] {
            #expect(l.evaluate(at: t).count == 40 + 50, "t = \(t)")
        }
    }

    @Test func theLayerBirthRateScalesBurstsAndStopsThem() {
        let l = Self.layer { $0.bursts = [ParticleBurst(time: 0.5, count: 100)] }
        l.birthRate = 0.5
        #expect(l.evaluate(at: 0.6).count == 50)
        l.birthRate = 0
        #expect(l.evaluate(at: 0.6).count == 0)
    }

    @Test func burstsOnASubCellFollowEachParentsAge() {
        let l = EmitterLayer()
        let parent = EmitterCell(name: "p")
        parent.birthRate = 2; parent.lifetime = 1; parent.velocity = 100; parent.emissionRange = .pi
        let child = EmitterCell(name: "spark")
        child.lifetime = 0.5; child.velocity = 50; child.emissionRange = .pi
        var x = CellExtensions(); x.bursts = [ParticleBurst(time: 0.9, count: 30)]
        child.extensions = x
        parent.emitterCells = [child]
        l.emitterCells = [parent]
        // Parents born at 0, 0.5, 1.0, …; each bursts 30 at age 0.9 that live 0.5 s.
        let s = l.evaluate(at: 2.0)
        let children = s.all.filter { $0.cellIndex == 1 }
        // Bursts at 0.9 (dead at 1.4), 1.4 (alive until 1.9: dead), 1.9 (alive): 30.
        #expect(children.count == 30)
        #expect(children.allSatisfy { abs($0.birthTime - 1.9) < 1e-9 })
    }

    @Test func emissionDurationStopsTheRateAndBursts() {
        let l = Self.layer(rate: 100, life: 5) { x in
            x.emissionDuration = 1
            x.bursts = [ParticleBurst(time: 0.5, count: 7, cycles: 4, interval: 0.4)]  // 0.5, 0.9 (1.3, 1.7 are cut)
        }
        #expect(l.evaluate(at: 3).count == 100 + 14)
    }

    @Test func theCapIsNeverExceededOverASeededSweep() {
        var rng = SplitMix64(seed: 26)
        for trial in 0..<12 {
            let cap = Int.random(in: 1...400, using: &rng)
            let rate = Double.random(in: 5...400, using: &rng)
            let life = Double.random(in: 0.2...3, using: &rng)
            let range = Double.random(in: 0...life, using: &rng)
            let burst = ParticleBurst(time: Double.random(in: 0...1, using: &rng), count: Int.random(in: 0...300, using: &rng),
                                      cycles: Int.random(in: 1...6, using: &rng), interval: Double.random(in: 0.05...1, using: &rng))
            let l = Self.layer(rate: rate, life: life, lifeRange: range) { x in x.maximumAlive = cap; x.bursts = [burst] }
            let free = Self.layer(rate: rate, life: life, lifeRange: range) { x in x.bursts = [burst] }
            var hidden = Set<UInt64>()
            var t = 0.0
            while t < 6 {
                let s = l.evaluate(at: t), all = free.evaluate(at: t)
                #expect(s.count <= cap, "trial \(trial) t \(t): \(s.count) > \(cap)")
                // The kept particles are the uncapped ones, unchanged; none comes back once hidden.
                let ids = Set(s.particleID)
                #expect(ids.isDisjoint(with: hidden), "trial \(trial) t \(t): a hidden particle came back")
                var index: [UInt64: Int] = [:]
                for j in 0..<all.count { index[all.particleID[j]] = j }
                for i in 0..<s.count {
                    guard let j = index[s.particleID[i]] else { Issue.record("trial \(trial) t \(t): a particle the cap invented"); break }
                    #expect(s[i] == all[j])
                }
                for id in all.particleID where !ids.contains(id) { hidden.insert(id) }
                t += 0.037
            }
        }
    }

    @Test func aCapThatNeverBindsChangesNothing() {
        // 100 births per second living exactly 1 s: at most 101 births in any lifetime, under the cap of 200.
        let capped = Self.layer(rate: 100, life: 1) { $0.maximumAlive = 200 }
        let free = Self.layer(rate: 100, life: 1) { _ in }
        for t in [0.3, 1.0, 7.77] { #expect(capped.evaluate(at: t).isIdentical(to: free.evaluate(at: t))) }
    }

    @Test func theCapKeepsTheNewestBirths() {
        // 100/s, 2 s lives, cap 50: the 50 newest births (born in the last 0.5 s) are drawn.
        let l = Self.layer(rate: 100, life: 2) { $0.maximumAlive = 50 }
        let s = l.evaluate(at: 10.005)
        #expect(s.count == 50)
        #expect(s.birthTime.allSatisfy { $0 > 10.005 - 0.5 })
        // A burst larger than the cap keeps its last particles (by index).
        let b = Self.layer { x in x.maximumAlive = 30; x.bursts = [ParticleBurst(time: 0, count: 100)] }
        let free = Self.layer { x in x.bursts = [ParticleBurst(time: 0, count: 100)] }
        let sb = b.evaluate(at: 0.1), sf = free.evaluate(at: 0.1)
        #expect(sb.count == 30)
        #expect(Array(sb.particleID) == Array(sf.particleID.suffix(30)))
        // Cap 0: nothing.
        #expect(Self.layer(rate: 100, life: 2) { $0.maximumAlive = 0 }.evaluate(at: 3).count == 0)
    }

    @Test func burstsAndCapsAreSeekableAndThreadIndependent() {
        let l = Self.layer(rate: 3000, life: 1.2, lifeRange: 0.6) { x in
            x.maximumAlive = 2500
            x.bursts = [ParticleBurst(time: 0.2, count: 20_000, cycles: ParticleBurst.forever, interval: 0.7)]
        }
        let fresh = l.evaluate(at: 13.37, threads: 1)
        let stepped = ParticleSnapshot()
        for i in 0..<80 { l.evaluate(at: Double(i) / 6, into: stepped, threads: 2) }
        l.evaluate(at: 13.37, into: stepped, threads: 2)
        #expect(fresh.count == 2500)
        #expect(fresh.isIdentical(to: stepped))
        #expect(fresh.isIdentical(to: l.evaluate(at: 13.37, threads: 0)))
        #expect(fresh.isIdentical(to: l.evaluate(at: 13.37, threads: 3)))
    }

    @Test func estimatesAndValidationCoverBurstsAndCaps() {
        let l = Self.layer(rate: 0, life: 1) { $0.bursts = [ParticleBurst(time: 0, count: 1000, cycles: 10, interval: 0.25)] }
        #expect(l.estimatedParticleCount >= 4000)  // up to 5 cycles overlap within 1 s
        let capped = Self.layer(rate: 1e6, life: 10) { $0.maximumAlive = 1000 }
        #expect(capped.estimatedParticleCount == 1000)
        #expect((try? capped.validate()) != nil)
        let bad = Self.layer { $0.bursts = [ParticleBurst(time: 0, count: 5, cycles: 3, interval: 0)] }
        #expect(throws: EmitterError.self) { try bad.validate() }
    }
}
