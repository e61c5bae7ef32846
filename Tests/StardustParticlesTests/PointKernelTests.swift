import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The SIMD point kernel (``EmitterLayer/writePoint(_:_:_:_:_:_:)``, PointKernel.swift) is a second
/// copy of the general path's formula (``ParticleBirth/make(_:shape:mode:rng:id:birthTime:life:angleU:)``
/// followed by ``SnapshotColumns/write(_:age:cell:at:)``). These tests hold the two equal on seeded
/// random cells, runs and times, well beyond the parameters of the golden scenes.
///
/// Tolerance: none. Both paths perform the same IEEE-754 operations in the same order, lane by lane
/// (Swift never contracts `a * b + c` into a fused multiply-add on its own, and the 4-lane sincos
/// repeats the scalar one's operations), so every column must be equal bit for bit; any difference
/// means the copies have drifted.
@Suite struct PointKernelTests {
    /// A seeded source of uniforms.
    struct Draw {
        var g: SplitMix64
        init(_ seed: UInt64) { g = SplitMix64(seed: seed) }
        mutating func u(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo..<hi, using: &g) }
        mutating func chance(_ p: Double) -> Bool { u(0, 1) < p }
        /// A range value: zero sometimes (the golden scenes often leave ranges at 0).
        mutating func range(_ r: Double) -> Double { chance(0.15) ? 0 : u(-r, r) }
    }

    /// Random cell parameters for a top-level cell of a point emitter (rate is set per run).
    static func parameters(_ d: inout Draw) -> BirthParameters {
        var p = BirthParameters()
        p.life = d.chance(0.05) ? 0 : d.u(0.01, 4)
        p.lifeRange = d.range(3)
        p.latitude = d.chance(0.3) ? 0 : d.u(-.pi, .pi)
        p.cosLat = cos(p.latitude); p.sinLat = sin(p.latitude)
        // Now and then angles beyond the polynomial sincos's range (lanes go through libm one by one).
        let huge = d.chance(0.08)
        p.longitude = huge ? d.u(-3e5, 3e5) : d.u(-20, 20)
        p.longitudeRange = huge ? d.u(0, 2e5) : (d.chance(0.15) ? 0 : d.u(0, 2 * .pi))
        p.speed = d.u(-300, 300); p.speedRange = d.range(200)
        p.accel = SIMD3(d.u(-500, 500), d.u(-500, 500), d.chance(0.5) ? 0 : d.u(-500, 500))
        p.scale = d.u(-1, 4); p.scaleRange = d.range(2); p.scaleSpeed = d.range(3)  // scales often clamp at 0
        p.spin = d.u(-20, 20); p.spinRange = d.range(10)
        p.color = SIMD4(d.u(0, 1), d.u(0, 1), d.u(0, 1), d.u(0, 1))
        p.colorRange = SIMD4(d.range(0.6), d.range(0.6), d.range(0.6), d.range(0.6))
        p.colorSpeed = SIMD4(d.range(1), d.range(1), d.range(1), d.range(1))
        p.center = SIMD3(d.u(-2000, 2000), d.u(-2000, 2000), d.chance(0.5) ? 0 : d.u(-500, 500))
        p.size = SIMD3(d.u(0, 100), d.u(0, 100), 0)  // unused by a point emitter
        return p
    }

    /// A random run of `p`'s births (rate chosen so that the run spans about a lifetime) and a time
    /// at which its births have every kind of age: unborn, alive, dead.
    static func run(_ d: inout Draw, _ p: inout BirthParameters) -> (BirthRun, Double) {
        let length = Int64(d.u(1, 300))  // crosses the 64-birth batches and leaves partial 4-lane groups
        let span = d.u(0.005, 2) * max(p.maxLife, 0.05)
        p.rate = Double(length) / span
        let k0 = Int64(d.u(0, 1e6))
        let run = BirthRun(cell: Int32(d.u(0, 64)), instance: 0, segment: 0, k0: k0, k1: k0 + length,
                           start: d.u(-5, 50), count0: d.chance(0.3) ? 0 : d.u(0, Double(k0)))
        let first = run.start + (Double(run.k0) - run.count0) / p.rate
        let t = first + d.u(-0.1, 1.2) * (span + p.maxLife)
        return (run, t)
    }

    /// Rows after the live particles, filled with a marker that neither writer may overwrite.
    static let guardRows = 8
    static let marker = Float(bitPattern: 0x7FC0_DEAD)

    /// A snapshot with room for `n` rows plus the guard rows after them, the guard rows marked.
    static func columns(_ n: Int) -> (ParticleSnapshot, SnapshotColumns) {
        let s = ParticleSnapshot()
        s.reserve(n + guardRows)
        for f in s.floats { for i in n..<(n + guardRows) { f[i] = marker } }
        return (s, SnapshotColumns(s))
    }

    /// Bitwise comparison of the first `n` rows of two snapshots' columns, and a check of the guard
    /// rows from row `g`; returns the first difference, described, or nil.
    static func difference(_ a: ParticleSnapshot, _ b: ParticleSnapshot, rows n: Int, guardFrom g: Int) -> String? {
        let names = ["x", "y", "z", "vx", "vy", "vz", "scale", "rotation", "red", "green", "blue", "alpha",
                     "age", "lifetime"]
        for (c, name) in names.enumerated() {
            let fa = a.floats[c], fb = b.floats[c]
            for i in 0..<n where fa[i].bitPattern != fb[i].bitPattern {
                return "\(name)[\(i)]: kernel \(fa[i]) ≠ general \(fb[i])"
            }
            for i in g..<(g + guardRows)
            where fa[i].bitPattern != marker.bitPattern || fb[i].bitPattern != marker.bitPattern {
                return "\(name)[\(i)] written past the run's \(g) live particles"
            }
        }
        for i in 0..<n {
            if a.birth![i].bitPattern != b.birth![i].bitPattern { return "birth[\(i)]: \(a.birth![i]) ≠ \(b.birth![i])" }
            if a.cells![i] != b.cells![i] { return "cell[\(i)]: \(a.cells![i]) ≠ \(b.cells![i])" }
            if a.ids![i] != b.ids![i] { return "id[\(i)]: \(a.ids![i]) ≠ \(b.ids![i])" }
        }
        return nil
    }

    @Test("the point kernel writes the general path's bytes on random cells, runs and ages")
    func kernelMatchesGeneralPath() {
        var d = Draw(0x5EED_2028)
        var particles = 0, runsWithDeadAndLive = 0
        for cellIndex in 0..<600 {
            var p = Self.parameters(&d)
            let inst = EmitterInstance(lo: 0, hi: .infinity, stream: d.g.next(), idKey: d.g.next(), parent: -1)
            for _ in 0..<3 {
                let (run, t) = Self.run(&d, &p)
                let n = Int(run.k1 - run.k0)
                // The guard rows start right after the live particles (`count` is checked below),
                // so a 4-lane tail stored past them is caught; a snapshot holds at least 1024 rows.
                let live = EmitterLayer.count(run, p, inst, t)
                let (kernel, kernelColumns) = Self.columns(live)
                let (general, generalColumns) = Self.columns(live)
                let written = EmitterLayer.writePoint(run, p, inst, t, kernelColumns, 0)
                let expected = EmitterLayer.write(run, p, inst, t, generalColumns, 0) { rng, id, tb, life, au in
                    ParticleBirth.make(p, shape: .point, mode: .points, rng: rng, id: id, birthTime: tb,
                                       life: life, angleU: au)
                }
                #expect(written == expected, "cell \(cellIndex): particle counts differ")
                #expect(live == expected, "cell \(cellIndex): the count pass differs")
                if let diff = Self.difference(kernel, general, rows: min(written, expected), guardFrom: live) {
                    Issue.record("cell \(cellIndex), t = \(t), run \(run.k0)..<\(run.k1): \(diff)")
                    return
                }
                particles += expected
                if expected > 0 && expected < n { runsWithDeadAndLive += 1 }
            }
        }
        // The draw must actually exercise the kernel: many particles, many runs cut by age.
        #expect(particles > 50_000)
        #expect(runsWithDeadAndLive > 300)
    }
}
