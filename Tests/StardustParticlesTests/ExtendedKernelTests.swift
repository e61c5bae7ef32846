import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The batched kernel of the extended path (``EmitterLayer/writeExtendedKernel(_:_:_:_:_:_:_:_:_:_:)``,
/// ExtendedKernel.swift) is a second copy of the general per-particle path
/// (``EmitterLayer/writeExtended(_:_:_:_:_:_:_:_:_:_:_:_:)``). These tests hold the two equal on seeded
/// random cells — shapes, curves, ramps, birth rotations, drag and wind, colliders that bounce, stick
/// and kill — on random runs and times, with and without kept contact walks.
///
/// Tolerance: none. Both paths perform the same IEEE-754 operations in the same order, lane by lane,
/// so every column must be equal bit for bit (as for the point kernel, `PointKernelTests`).
@Suite struct ExtendedKernelTests {
    typealias Draw = PointKernelTests.Draw

    static func curve(_ d: inout Draw) -> ParticleCurve {
        let n = Int(d.u(1, 6))
        var times = (0..<n).map { _ in d.chance(0.1) ? 0 : d.u(0, 1) }.sorted()
        if n > 2, d.chance(0.2) { times[1] = times[2] }  // a jump
        let interpolation = CurveInterpolation.allCases[Int(d.u(0, 3))]
        return try! ParticleCurve(times: times, values: (0..<n).map { _ in d.u(-0.5, 2) }, interpolation: interpolation)
    }

    static func ramp(_ d: inout Draw) -> ColorRamp {
        let n = Int(d.u(1, 5))
        let times = (0..<n).map { _ in d.u(0, 1) }.sorted()
        let colors = (0..<n).map { _ in Color(red: d.u(0, 1), green: d.u(0, 1), blue: d.u(0, 1), alpha: d.u(0, 1)) }
        return try! ColorRamp(times: times, colors: colors, interpolation: CurveInterpolation.allCases[Int(d.u(0, 3))])
    }

    /// Random over-life extensions: alpha and scale curves, a color ramp, a birth rotation, and a speed curve
    /// with chance `speed` (a cell's motion, when it has one, replaces it).
    static func overLife(_ d: inout Draw, speed: Double) -> CellExtensions {
        var x = CellExtensions()
        if d.chance(0.6) { x.alphaOverLife = curve(&d) }
        if d.chance(0.6) { x.scaleOverLife = curve(&d) }
        if d.chance(0.3) { x.colorOverLife = ramp(&d) }
        if d.chance(0.3) { x.rotation = d.u(-4, 4); x.rotationRange = d.range(3) }
        if d.chance(speed) { x.speedOverLife = curve(&d) }
        return x
    }

    /// Random extensions the kernel takes: over-life curves, a birth rotation, closed-form fields, a collider, rectangle and circle colliders.
    static func extensions(_ d: inout Draw, _ p: BirthParameters) -> CellExtensions {
        var x = overLife(&d, speed: 0.3)
        if d.chance(0.8) {
            var f = ParticleFields()
            f.drag = d.chance(0.15) ? 0 : d.u(0.01, 3)
            f.wind = Point(d.u(-100, 100), d.u(-100, 100))
            x.fields = f
        }
        if d.chance(0.7) {
            let response = ParticleCollider.Response.allCases[Int(d.u(0, 3))]
            let y = p.center.y + d.u(-300, 600)
            x.collider = d.chance(0.5)
                ? .floor(y: y, response: response, restitution: d.u(0, 1), friction: d.u(0, 1))
                : ParticleCollider(from: Point(p.center.x + d.u(-400, 0), y), to: Point(p.center.x + d.u(0, 400), y + d.u(-200, 200)),
                                   isInfinite: d.chance(0.3), response: response, restitution: d.u(0, 1), friction: d.u(0, 1))
        }
        if d.chance(0.3) {
            // Shapes among several colliders (the first contact in time wins): rectangles and circles, outside or as containers.
            let response = ParticleCollider.Response.allCases[Int(d.u(0, 3))]
            let c = Point(p.center.x + d.u(-200, 200), p.center.y + d.u(-100, 400))
            x.colliders = d.chance(0.5)
                ? [.rectangle(Rect(x: c.x, y: c.y, width: d.u(10, 300), height: d.u(10, 200)), isContainer: d.chance(0.3),
                              response: response, restitution: d.u(0, 1), friction: d.u(0, 1))]
                : [.circle(center: c, radius: d.u(5, 150), isContainer: d.chance(0.3),
                           response: response, restitution: d.u(0, 1), friction: d.u(0, 1))]
        }
        return x
    }

    /// A cut that keeps every birth: with it `writeExtended` takes the general path even where it would hand
    /// the run to the kernel (triggered sub-cells), so that the two can be compared.
    static let keepEvery = RunCut(threshold: -Double.greatestFiniteMagnitude)

    /// A burst's cycle of `count` births at a random time, and a time at which they have every kind of age.
    static func burstRun(_ d: inout Draw, _ p: BirthParameters) -> (BirthRun, Double) {
        let count = Int64(d.u(1, 300)), start = d.u(-5, 50)
        let run = BirthRun(cell: Int32(d.u(0, 64)), instance: 0, segment: 0, k0: 0, k1: count, start: start, count0: 0,
                           burst: Int32(d.u(0, 4)), stream: d.g.next(), idKey: d.g.next())
        return (run, start + d.u(-0.1, 1.2) * max(p.maxLife, 0.05))
    }

    /// The kernel's and the general path's columns for one run, on fresh or given contact tables.
    static func compare(_ run: BirthRun, _ cell: CompiledCell, _ p: BirthParameters, _ inst: EmitterInstance,
                        _ e: CompiledEmitter, _ t: Double, tables: (ContactCache.Table, ContactCache.Table)?) -> (String?, Int) {
        let x = cell.extensions!
        let plan = BirthPlan(instances: [], records: [])
        // The count pass through the motion, uncached (the same walks as the write passes).
        let live = EmitterLayer.writeExtended(run, cell, p, x, inst, e, plan, t, nil, 0)
        let (kernel, kernelColumns) = PointKernelTests.columns(live)
        let (general, generalColumns) = PointKernelTests.columns(live)
        let written = EmitterLayer.writeExtendedKernel(run, cell, p, x, inst, e, t, kernelColumns, 0, tables?.0)
        let expected = EmitterLayer.writeExtended(run, cell, p, x, inst, e, plan, t, generalColumns, 0, .none, tables?.1)
        if written != expected || live != expected { return ("counts: kernel \(written), general \(expected), count pass \(live)", 0) }
        return (PointKernelTests.difference(kernel, general, rows: written, guardFrom: live), expected)
    }

    @Test("the extended kernel writes the general path's bytes on random cells, runs and ages")
    func kernelMatchesGeneralPath() {
        var d = Draw(0x5EED_2029)
        var particles = 0, withMotion = 0, cached = 0, cachedWithoutDeath = 0
        for cellIndex in 0..<500 {
            var p = PointKernelTests.parameters(&d)
            let shape = d.chance(0.5) ? EmitterShape.point : EmitterShape.allCases[Int(d.u(0, 6))]
            let mode = EmitterMode.allCases[Int(d.u(0, Double(EmitterMode.allCases.count)))]
            let x = Self.extensions(&d, p)
            let cell = CompiledCell(parent: -1, emits: true, key: 0, starts: [-.infinity], params: [p], windowLo: 0,
                                    windowHi: .infinity, maxLife: p.maxLife, extensions: x,
                                    motion: x.hasMotion ? ParticleMotion(x) : nil)
            #expect(cell.fitsExtendedKernel)
            let e = CompiledEmitter(cells: [cell], shape: shape, mode: mode, seed: 0)
            let inst = EmitterInstance(lo: 0, hi: .infinity, stream: d.g.next(), idKey: d.g.next(), parent: -1)
            for _ in 0..<3 {
                // Births of the rate, and now and then a burst's cycle (all born at once, from its own stream).
                let (run, t) = d.chance(0.25) ? Self.burstRun(&d, p) : PointKernelTests.run(&d, &p)
                var runCell = cell
                runCell.params = [p]
                // Kept walks: two tables, one per path, evaluated at t and then at a later and an earlier time.
                let keep = cell.motion != nil && x.collider != nil && d.chance(0.5)
                let capacity = Int(d.u(1, 400))
                let tables = keep ? (ContactCache.Table(capacity: capacity), ContactCache.Table(capacity: capacity)) : nil
                for time in keep ? [t, t + d.u(0, 2), t - d.u(0, 1)] : [t] {
                    let (diff, n) = Self.compare(run, runCell, p, inst, e, time, tables: tables)
                    if let diff {
                        Issue.record("cell \(cellIndex) (\(shape), \(x)), t = \(time), run \(run.k0)..<\(run.k1): \(diff)")
                        return
                    }
                    particles += n
                    if cell.motion != nil { withMotion += n }
                    if keep { cached += n }
                    // The kernel's branch for kept walks without a `die` collider (no compaction, the slots tested first).
                    if keep, !(cell.motion?.colliders?.canKill ?? true) { cachedWithoutDeath += n }
                }
            }
        }
        // The draw must exercise every part: many particles, many with motion, many with kept walks.
        #expect(particles > 40_000)
        #expect(withMotion > 20_000)
        #expect(cached > 5_000)
        #expect(cachedWithoutDeath > 2_000)
    }

    @Test("the kernel writes the general path's bytes for triggered sub-cells, from the parent's frame")
    func triggeredSubCellsMatchTheGeneralPath() {
        var d = Draw(0x5EED_2030)
        var particles = 0, bursts = 0, turned = 0
        for cellIndex in 0..<400 {
            var p = PointKernelTests.parameters(&d)
            // A sub-cell's extensions without motion: curves (speed included), a birth rotation, an inherited velocity.
            var x = Self.overLife(&d, speed: 0.6)
            if d.chance(0.6) { x.inheritedVelocity = d.chance(0.2) ? 1 : d.u(-1, 2) }
            x.trigger = SubEmitterTrigger.allCases[Int(d.u(0, 3))]
            let parentCell = CompiledCell(parent: -1, emits: false, key: 0, starts: [-.infinity], params: [BirthParameters()],
                                          windowLo: 0, windowHi: .infinity, maxLife: 10, extensions: nil, motion: nil)
            let cell = CompiledCell(parent: 0, emits: true, key: 1, starts: [-.infinity], params: [p], windowLo: 0,
                                    windowHi: .infinity, maxLife: p.maxLife, extensions: x, motion: nil)
            #expect(cell.fitsTriggeredKernel)
            // The parent: moving, turning, colored and scaled; sometimes at rest (its frame does not turn).
            let still = d.chance(0.1)
            let parent = ParticleBirth(id: 7, birthTime: d.u(-5, 5), lifetime: d.u(0.1, 3),
                                       position: SIMD3(d.u(-500, 500), d.u(-500, 500), d.chance(0.7) ? 0 : d.u(-50, 50)),
                                       velocity: still ? .zero : SIMD3(d.u(-400, 400), d.u(-400, 400), d.chance(0.7) ? 0 : d.u(-100, 100)),
                                       acceleration: still ? .zero : SIMD3(d.u(-200, 200), d.u(-200, 200), 0),
                                       scale: d.u(0, 2), scaleSpeed: d.range(1), scaleFactor: d.u(0.5, 1.5),
                                       spin: d.chance(0.3) ? 0 : d.u(-5, 5), color: SIMD4(d.u(0, 1.5), d.u(0, 1.5), d.u(0, 1.5), d.u(0, 1)),
                                       colorSpeed: SIMD4(d.range(0.5), d.range(0.5), d.range(0.5), d.range(0.5)))
            let plan = BirthPlan(instances: [], records: [[parent]])
            let e = CompiledEmitter(cells: [parentCell, cell], shape: .point, mode: .volume, seed: 0)
            let inst = EmitterInstance(lo: 0, hi: .infinity, stream: d.g.next(), idKey: d.g.next(), parent: 0,
                                       contactAge: d.u(0, parent.lifetime))
            for _ in 0..<3 {
                let isBurst = d.chance(0.7)
                let (run, t) = isBurst ? Self.burstRun(&d, p) : PointKernelTests.run(&d, &p)
                var runCell = cell
                runCell.params = [p]
                let live = EmitterLayer.writeExtended(run, runCell, p, x, inst, e, plan, t, nil, 0)
                let (kernel, kernelColumns) = PointKernelTests.columns(live)
                let (general, generalColumns) = PointKernelTests.columns(live)
                let written = EmitterLayer.writeExtended(run, runCell, p, x, inst, e, plan, t, kernelColumns, 0)
                let expected = EmitterLayer.writeExtended(run, runCell, p, x, inst, e, plan, t, generalColumns, 0, Self.keepEvery)
                guard written == expected, live == expected else {
                    Issue.record("cell \(cellIndex): counts: kernel \(written), general \(expected), count pass \(live)")
                    return
                }
                if let diff = PointKernelTests.difference(kernel, general, rows: written, guardFrom: live) {
                    Issue.record("cell \(cellIndex) (\(x)), t = \(t), run \(run.k0)..<\(run.k1), burst \(run.burst): \(diff)")
                    return
                }
                particles += written
                if isBurst { bursts += written }
                if parent.spin != 0 && x.trigger != .birth { turned += written }
            }
        }
        #expect(particles > 30_000)
        #expect(bursts > 15_000)
        #expect(turned > 10_000)
    }

    @Test("cells the kernel does not take: sub-cells without a trigger or with motion, finish values, spin curves, orbits")
    func kernelChoice() {
        func fits(_ change: (inout CellExtensions) -> Void, parent: Int = -1) -> Bool {
            var x = CellExtensions()
            x.alphaOverLife = ParticleCurve(constant: 1)
            change(&x)
            let cell = CompiledCell(parent: parent, emits: true, key: 0, starts: [-.infinity], params: [BirthParameters()],
                                    windowLo: 0, windowHi: .infinity, maxLife: 1, extensions: x,
                                    motion: x.hasMotion ? ParticleMotion(x) : nil)
            return parent < 0 ? cell.fitsExtendedKernel : cell.fitsTriggeredKernel
        }
        #expect(fits { _ in })
        #expect(fits { $0.fields = ParticleFields(); $0.fields?.drag = 1 })
        #expect(!fits({ _ in }, parent: 0))
        #expect(fits({ $0.trigger = .death }, parent: 0))  // every sub-particle reads the parent at its death
        #expect(fits({ $0.trigger = .birth; $0.speedOverLife = ParticleCurve(constant: 2) }, parent: 0))
        #expect(!fits({ $0.trigger = .death; $0.fields = ParticleFields() }, parent: 0))  // its own motion
        #expect(!fits({ $0.trigger = .death; $0.finishScale = 2 }, parent: 0))
        #expect(!fits { $0.finishColor = Color(red: 1, green: 0, blue: 0, alpha: 1) })
        #expect(!fits { $0.finishScale = 2 })
        #expect(!fits { $0.finishRotation = 1 })
        #expect(!fits { $0.spinOverLife = ParticleCurve(constant: 2) })
        #expect(fits { $0.speedOverLife = ParticleCurve(constant: 2) })
        #expect(fits { $0.speedOverLife = ParticleCurve(constant: 2); $0.fields = ParticleFields() })  // the motion wins
        #expect(!fits { $0.radialAcceleration = 3 })
        #expect(fits { $0.fields = ParticleFields(); $0.fields?.turbulence = .init(strength: 1) })  // integrated: checkpoints
        #expect(!fits { $0.orbit = .init(radius: 10) })
    }
}
