import CStardustParticleLanes
import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The integration checkpoints (``FieldCheckpoint``, docs/PARTICLE-MODEL.md §2.11) must never change a
/// byte: a particle resumed from the state an earlier evaluation kept gives exactly the state of a run
/// from its birth, for any order of ages, backwards seeks, across bounces, a stick and a die, and a layer
/// evaluated frame after frame gives a fresh layer's snapshot on any number of threads.
@Suite struct FieldCheckpointTests {
    /// A fountain onto a floor in turbulence (and, with `vortex`, a vortex and drag too): most particles
    /// meet the floor, and with `.bounce` bounce until they rest.
    static func fountain(_ response: ParticleCollider.Response, seed: UInt32, vortex: Bool = false) -> EmitterLayer {
        var f = ParticleFields()
        f.turbulence = .init(strength: 150, scale: 40, seed: seed)
        if vortex {
            f.drag = 0.4; f.wind = Point(15, 0)
            f.vortex = .init(center: Point(0, 200), angularVelocity: 0.8, coreRadius: 80)
        }
        return floorFountain(response, seed: seed, fields: f, birthRate: 120, lifetime: 2.5, lifetimeRange: 0.8, gravity: 160)
    }

    static func same(_ a: (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool),
                     _ b: (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool)) -> Bool {
        (0..<3).allSatisfy { a.position[$0].bitPattern == b.position[$0].bitPattern && a.velocity[$0].bitPattern == b.velocity[$0].bitPattern }
            && a.alive == b.alive
    }

    @Test("a resumed integration equals the run from the birth, bit for bit, for any order of ages",
          arguments: [ParticleCollider.Response.bounce, .stick, .die])
    func resumedEqualsFromBirth(_ response: ParticleCollider.Response) {
        var rng = SplitMix64(seed: 0xF1E1D)
        func u(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo..<hi, using: &rng) }
        var f = ParticleFields()
        f.turbulence = .init(strength: 200, scale: 30, seed: 7)
        let integrator = FieldIntegrator(f, drag: 0, wind: .zero)
        let colliders = ColliderSet([.floor(y: 100, response: response, restitution: 0.5, friction: 0.1)])
        let h = ParticleFields.integrationStep
        var contacts = 0, resumed = 0
        for n in 0..<60 {
            let b = ParticleBirth(id: UInt64(n) &* 0x9E37_79B9, birthTime: 0, lifetime: 4,
                                  position: SIMD3(u(-100, 100), u(-50, 50), 0), velocity: SIMD3(u(-80, 80), u(-150, 50), 0),
                                  acceleration: SIMD3(0, 200, 0), scale: 1, scaleSpeed: 0, scaleFactor: 1, spin: 0,
                                  color: SIMD4(1, 1, 1, 1), colorSpeed: .zero)
            // Forward playback, the same age twice, ages on the grid (no shortened step), a backward seek, random seeks.
            var ages = (0..<150).map { Double($0) / 60 }
            ages += [1.5, 1.5, 120 * h, 37 * h, 2.25, 0.4, 3.99, 0.01, 0]
            ages += (0..<20).map { _ in u(0, 4) }
            var slot = FieldCheckpoint.empty
            for tau in ages {
                let before = slot
                let kept = integrator.state(b, colliders: colliders, age: tau, checkpoint: &slot)
                let fresh = integrator.state(b, colliders: colliders, age: tau)
                if before.resumes(b.id, steps: Int((tau / h).rounded(.down))) { resumed += 1 }
                #expect(Self.same(kept, fresh), "particle \(n), age \(tau), \(response): \(kept) ≠ \(fresh)")
            }
            if !(integrator.state(b, colliders: colliders, age: 4).alive) || integrator.state(b, colliders: colliders, age: 4).velocity == .zero {
                contacts += 1
            }
        }
        // Most particles meet the floor in their life, and most evaluations resume.
        #expect(contacts > 30)
        #expect(resumed > 60 * 100)
    }

    @Test("a layer played, rewound and seeked gives a fresh layer's snapshots on 1–3 threads",
          arguments: [ParticleCollider.Response.bounce, .stick, .die])
    func cachedLayerEqualsFreshLayer(_ response: ParticleCollider.Response) {
        var rng = SplitMix64(seed: 0xCAFE)
        for vortex in [false, true] {
            let cached = Self.fountain(response, seed: 5, vortex: vortex)
            let s = ParticleSnapshot()
            var times = (0..<24).map { 2 + Double($0) / 60 }
            times += [1.5, 1.5 + 1 / 60.0, 4, 2.1, 2.1]
            times += (0..<8).map { _ in Double(rng.next() % 60_000) / 10_000 }
            times += [600, 600 + 1 / 60.0, 3]
            times.shuffle(using: &rng)
            times += (0..<10).map { 5 + Double($0) / 60 }
            var compared = 0
            for (i, t) in times.enumerated() {
                let threads = [1, 2, 3][i % 3]
                cached.evaluate(at: t, into: s, threads: threads)
                let fresh = Self.fountain(response, seed: 5, vortex: vortex).evaluate(at: t, threads: 1 + i % 2)
                #expect(s.isIdentical(to: fresh), "t = \(t), \(threads) threads, \(response), vortex \(vortex)")
                compared += s.count
            }
            #expect(compared > 5_000)
            #expect(cached.contactCache.entriesInUse() > 100)
        }
    }

    @Test("a checkpoint is 64 bytes (the memory docs/PARTICLE-MODEL.md §2.11 states per birth)")
    func checkpointSize() {
        #expect(MemoryLayout<FieldCheckpoint>.stride == 64)
    }

    @Test("the C checkpoint (SDFieldCheckpoint, FieldCheckpoints.c) has FieldCheckpoint's layout, field by field")
    func checkpointLayoutMatchesC() {
        typealias S = FieldCheckpoint
        typealias C = SDFieldCheckpoint
        #expect(MemoryLayout<S>.size == MemoryLayout<C>.size && MemoryLayout<S>.stride == MemoryLayout<C>.stride)
        #expect(MemoryLayout<S>.alignment == MemoryLayout<C>.alignment)
        let pairs: [(Int?, Int?)] = [
            (MemoryLayout<S>.offset(of: \.id), MemoryLayout<C>.offset(of: \.id)),
            (MemoryLayout<S>.offset(of: \.px), MemoryLayout<C>.offset(of: \.px)),
            (MemoryLayout<S>.offset(of: \.py), MemoryLayout<C>.offset(of: \.py)),
            (MemoryLayout<S>.offset(of: \.pz), MemoryLayout<C>.offset(of: \.pz)),
            (MemoryLayout<S>.offset(of: \.vx), MemoryLayout<C>.offset(of: \.vx)),
            (MemoryLayout<S>.offset(of: \.vy), MemoryLayout<C>.offset(of: \.vy)),
            (MemoryLayout<S>.offset(of: \.vz), MemoryLayout<C>.offset(of: \.vz)),
            (MemoryLayout<S>.offset(of: \.step), MemoryLayout<C>.offset(of: \.step)),
            (MemoryLayout<S>.offset(of: \.bounces), MemoryLayout<C>.offset(of: \.bounces)),
            (MemoryLayout<S>.offset(of: \.last), MemoryLayout<C>.offset(of: \.last)),
        ]
        for (i, (a, b)) in pairs.enumerated() {
            #expect(a != nil && a == b, "field \(i): \(String(describing: a)) against \(String(describing: b))")
        }
        // A value written through one type reads the same through the other.
        var kept = FieldCheckpoint(id: 0x0123_4567_89AB_CDEF, step: 1234, position: SIMD3(1.5, -2.25, 3),
                                   velocity: SIMD3(-4, 5.5, 6.125), bounces: 7, last: -1)
        withUnsafeMutablePointer(to: &kept) { p in
            let c = UnsafeMutableRawPointer(p).assumingMemoryBound(to: SDFieldCheckpoint.self).pointee
            #expect(c.id == 0x0123_4567_89AB_CDEF && c.step == 1234 && c.bounces == 7 && c.last == -1)
            #expect([c.px, c.py, c.pz, c.vx, c.vy, c.vz] == [1.5, -2.25, 3, -4, 5.5, 6.125])
        }
    }

    @Test("one thread and two threads give identical snapshots in playback")
    func threadCountsAgree() {
        let one = Self.fountain(.bounce, seed: 9), two = Self.fountain(.bounce, seed: 9)
        let a = ParticleSnapshot(), b = ParticleSnapshot()
        for n in 0..<40 {
            let t = 3 + Double(n) / 60
            one.evaluate(at: t, into: a, threads: 1)
            two.evaluate(at: t, into: b, threads: 2)
            #expect(a.count > 100)
            #expect(a.isIdentical(to: b), "t = \(t)")
        }
    }

    @Test("the batched kernel with integrated fields writes the general path's bytes, with and without checkpoints")
    func kernelMatchesGeneralPathWithIntegratedFields() {
        var d = PointKernelTests.Draw(0x7E4B_2026)
        var particles = 0, cached = 0
        for cellIndex in 0..<60 {
            var p = PointKernelTests.parameters(&d)
            p.life = min(p.life, 1.2); p.lifeRange = max(-0.5, min(p.lifeRange, 0.5))  // debug builds integrate slowly
            var x = ExtendedKernelTests.extensions(&d, p)
            var f = x.fields ?? ParticleFields()
            f.turbulence = .init(strength: d.u(10, 400), scale: d.u(5, 200), seed: UInt32(d.u(0, 1000)))
            if d.chance(0.3) { f.vortex = .init(center: Point(p.center.x, p.center.y), angularVelocity: d.u(-3, 3), coreRadius: d.u(0, 100)) }
            if d.chance(0.3) { f.attractors = [.init(position: Point(p.center.x + d.u(-100, 100), p.center.y), strength: d.u(-300, 300))] }
            x.fields = f
            let cell = CompiledCell(parent: -1, emits: true, key: 0, starts: [-.infinity], params: [p], windowLo: 0,
                                    windowHi: .infinity, maxLife: p.maxLife, extensions: x, motion: ParticleMotion(x))
            #expect(cell.fitsExtendedKernel)
            #expect(cell.motion?.integrator != nil)
            let e = CompiledEmitter(cells: [cell], shape: .point, mode: EmitterMode.allCases[0], seed: 0)
            let inst = EmitterInstance(lo: 0, hi: .infinity, stream: d.g.next(), idKey: d.g.next(), parent: -1)
            var (run, t) = PointKernelTests.run(&d, &p)
            run.k1 = run.k0 + min(run.k1 - run.k0, 120)
            var runCell = cell
            runCell.params = [p]
            let keep = d.chance(0.6)
            let capacity = Int(d.u(1, 200))
            let tables = keep ? (ContactCache.Table(capacity: capacity, integrated: true),
                                 ContactCache.Table(capacity: capacity, integrated: true)) : nil
            // Kept checkpoints: evaluated at t, then later (playback), then earlier (a backward seek).
            for time in keep ? [t, t + 1 / 60.0, t + d.u(0, 0.5), t - d.u(0, 0.5)] : [t] {
                let (diff, n) = ExtendedKernelTests.compare(run, runCell, p, inst, e, time, tables: tables)
                if let diff {
                    Issue.record("cell \(cellIndex) (\(x)), t = \(time), run \(run.k0)..<\(run.k1): \(diff)")
                    return
                }
                particles += n
                if keep { cached += n }
            }
        }
        #expect(particles > 2_000)
        #expect(cached > 1_000)
    }
}
