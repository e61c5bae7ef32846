import CStardustParticleLanes
import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The lattice-cell table each thread keeps across calls of the batched kernel (`sd_thread_lattice_cells`,
/// LatticeCells.c, docs/PARTICLES-PERFORMANCE.md, "the lattice table kept per thread"): one table per thread, the
/// same on every call, emptied when the noise seed changes; `sd_field_steps` reading a table left by earlier calls
/// under other seeds gives ``FieldIntegrator/state(_:colliders:age:checkpoint:)``'s bits, in both variants.
@Suite struct ThreadLatticeCellsTests {
    typealias Draw = PointKernelTests.Draw
    static let count = Int64(FieldIntegrator.latticeCells)

    static func isEmpty(_ cells: UnsafeMutablePointer<SDLatticeCell>) -> Bool {
        (0..<Int(count)).allSatisfy { cells[$0].ix == .min && cells[$0].iy == .min }
    }

    @Test("a thread's table is kept across calls, emptied for another seed, and not shared with other threads")
    func tablePerThread() {
        let a = sd_thread_lattice_cells(17, Self.count)!
        // Filled by the steps of a turbulent integrator of seed 17 (the table's seed now).
        var f = ParticleFields()
        f.turbulence = .init(strength: 80, scale: 60, seed: 3)
        let integrator = FieldIntegrator(f, drag: 0, wind: .zero)
        let seed = integrator.noiseSeed
        let t = sd_thread_lattice_cells(seed, Self.count)!
        #expect(t == a)  // the same memory, whatever the seed
        #expect(Self.isEmpty(t))  // seed 17's entries emptied
        t[5] = SDLatticeCell(ix: 1, iy: 2, g: (1, 2, 3, 4, 5, 6, 7, 8))
        #expect(sd_thread_lattice_cells(seed, Self.count)! == t)
        #expect(t[5].ix == 1 && t[5].iy == 2)  // kept for the same seed
        #expect(sd_thread_lattice_cells(seed &+ 1, Self.count)! == t)
        #expect(Self.isEmpty(t))  // emptied for another seed
        // Another thread gets its own table (and what it writes there is not in this one).
        nonisolated(unsafe) var other: UInt = 0
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let p = sd_thread_lattice_cells(seed, Self.count)!
            p[0] = SDLatticeCell(ix: 9, iy: 9, g: (0, 0, 0, 0, 0, 0, 0, 0))
            other = UInt(bitPattern: p)
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(other != 0 && other != UInt(bitPattern: t))
        #expect(t[0].ix == .min)
    }

    @Test("the steps with the thread's table, reused under changing seeds, equal FieldIntegrator's run, both variants")
    func stepsWithKeptTable() {
        var d = Draw(0x1A77_1CE)
        let n = 64
        let store = UnsafeMutablePointer<Double>.allocate(capacity: FieldLaneColumns.testColumnCount * n)
        defer { store.deallocate() }
        let columns = FieldLaneColumns.testColumns(store, lanes: n)
        // A few seeds and scales, taken again and again in random order: the table holds the cells of the seed
        // before, or of the same seed from earlier rounds (the kept entries a wrong table would give wrong values).
        let seeds: [UInt32] = [0, 1, 7, 1000]
        var compared = 0, reused = 0
        for round in 0..<300 {
            var f = ParticleFields()
            let seed = seeds[Int(d.u(0, 4))]
            f.turbulence = .init(strength: d.u(20, 300), scale: d.chance(0.5) ? 60 : d.u(5, 120), seed: seed)
            let drag = d.chance(0.5) ? 0 : d.u(0.01, 3)
            let integrator = FieldIntegrator(f, drag: drag, wind: SIMD3(d.range(40), d.range(40), 0))
            let colliders = d.chance(0.5) ? nil : ColliderSet([.floor(y: d.u(50, 300), response: .bounce, restitution: 0.5, friction: 0.1)])
            let accel = SIMD3(d.range(50), d.u(-50, 150), 0)
            let count = 1 + Int(d.u(0, Double(n)))
            var births: [ParticleBirth] = [], ages: [Double] = []
            for j in 0..<count {
                // Births over a few hundred points: the lattice cells of one round recur in the next rounds.
                births.append(ParticleBirth(id: UInt64(round * n + j) &* 0x9E37_79B9, birthTime: 0, lifetime: 6,
                                            position: SIMD3(d.range(400), d.range(400), 0),
                                            velocity: SIMD3(d.range(150), d.u(-200, 100), 0), acceleration: accel,
                                            scale: 1, scaleSpeed: 0, scaleFactor: 1, spin: 0, color: SIMD4(1, 1, 1, 1),
                                            colorSpeed: .zero))
                ages.append(d.u(0, 1.5))
            }
            let want = (0..<count).map { integrator.state(births[$0], colliders: colliders, age: ages[$0]) }
            for baseline in [false, true] {
                var parameters = integrator.laneParameters(colliders, acceleration: accel)
                let cells = sd_thread_lattice_cells(integrator.noiseSeed, Self.count)!
                if cells[0].ix != .min || (1..<Int(Self.count)).contains(where: { cells[$0].ix != .min }) { reused += 1 }
                parameters.cells = cells
                parameters.cellMask = Self.count - 1
                // The grid in the variant the CPU runs (the age column is the one after testColumns' twenty).
                let padded = integrator.prepareTestLanes(births, ages: ages, colliders: colliders, checkpoints: nil,
                                                         baseline: false, columns, ageColumn: store + 20 * n)
                FieldIntegrator.testSteps(columns, padded: padded, parameters, baseline: baseline)
                for j in 0..<count {
                    let got = integrator.testLaneState(j, births[j], age: ages[j], colliders: colliders, checkpoint: nil, columns)
                    if !FieldCheckpointTests.same(got, want[j]) {
                        Issue.record("round \(round), seed \(seed), baseline \(baseline), lane \(j): \(got) against \(want[j])")
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > 10_000)
        #expect(reused > 300)  // most calls start from a table earlier calls filled
    }
}
