import CStardustParticleLanes
import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The integrated fields' steps in C (`sd_field_steps`, FieldLanes.swift, docs/PARTICLES-PERFORMANCE.md,
/// "Turbulence steps in lanes") against ``FieldIntegrator/state(_:colliders:age:checkpoint:)``, the Swift run
/// they replace in the batched kernel, bit for bit: the final states and the checkpoints kept, over random
/// integrators (turbulence or none, drag or none), collider lines (none, a floor, a tilted segment, a ceiling;
/// bounce, stick, die), births, ages and checkpoints (empty, another particle's, earlier or later than the age),
/// in the variant the CPU runs (AVX2 on x86-64 with it) and the baseline. Lanes whose step crosses the line are
/// handed back to the Swift run: both kinds of lanes are counted.
@Suite struct FieldStepsLanesTests {
    typealias Draw = PointKernelTests.Draw

    static func lines(_ d: inout Draw, _ response: ParticleCollider.Response) -> ColliderSet? {
        switch Int(d.u(0, 4)) {
        case 0: return nil
        case 1: return ColliderSet([.floor(y: d.u(50, 300), response: response, restitution: d.u(0, 1), friction: d.u(0, 1))])
        case 2: return ColliderSet([ParticleCollider(from: Point(-60, 120), to: Point(90, 60), response: response,
                                                     restitution: 0.7, friction: 0.2)])
        default: return ColliderSet([ParticleCollider(from: Point(-500, -40), to: Point(500, -40), isInfinite: true,
                                                      response: response, restitution: 0.4, friction: 0)])
        }
    }

    /// Records where a lane's state or its kept checkpoint differs from the Swift run's, bit for bit.
    static func expectLane(_ got: (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool),
                           _ want: (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool),
                           slot: FieldCheckpoint, wantSlot: FieldCheckpoint, _ place: String) {
        if !FieldCheckpointTests.same(got, want) { Issue.record("\(place): \(got) against \(want)") }
        if !sameSlot(slot, wantSlot) { Issue.record("\(place): slot \(slot) against \(wantSlot)") }
    }

    static func sameSlot(_ a: FieldCheckpoint, _ b: FieldCheckpoint) -> Bool {
        a.id == b.id && a.step == b.step && a.bounces == b.bounces && a.last == b.last
            && [a.px, a.py, a.pz, a.vx, a.vy, a.vz].map(\.bitPattern) == [b.px, b.py, b.pz, b.vx, b.vy, b.vz].map(\.bitPattern)
    }

    /// Records, lane by lane, where the C steps' final state or kept checkpoint differs from the Swift run's
    /// (`want`, `wantSlots`); returns the number of lanes compared.
    static func expectLanes(_ integrator: FieldIntegrator, _ births: [ParticleBirth], ages: [Double], colliders: ColliderSet?,
                            checkpoints s: UnsafeMutableBufferPointer<FieldCheckpoint>, _ columns: FieldLaneColumns,
                            want: [(position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool)],
                            wantSlots: [FieldCheckpoint], _ place: (Int) -> String) -> Int {
        for j in 0..<births.count {
            let got = integrator.testLaneState(j, births[j], age: ages[j], colliders: colliders,
                                               checkpoint: s.baseAddress! + j, columns)
            expectLane(got, want[j], slot: s[j], wantSlot: wantSlots[j], place(j))
        }
        return births.count
    }

    /// Which groups of `width` lanes the uniform path takes (its test in FieldSteps.c): the same full steps left in
    /// every lane, at most 16, and a shortened step in each.
    static func uniformGroups(_ l: SDFieldLanes, count: Int, width w: Int) -> [Bool] {
        (0..<(count / w)).map { g in
            let left = (0..<w).map { l.steps[w * g + $0] - l.step[w * g + $0] }
            return left.allSatisfy { $0 == left[0] } && left[0] >= 0 && left[0] <= 16 && (0..<w).allSatisfy { l.rest[w * g + $0] > 0 }
        }
    }

    /// Whether every lane of group `g` (of `width` lanes) finished in the C steps rather than being handed back.
    static func finished(_ l: SDFieldLanes, group g: Int, width w: Int) -> Bool { (0..<w).allSatisfy { l.done[w * g + $0] != 0 } }

    /// A random playback setup for the group tests: an integrator (turbulence nine times in ten, drag half the time,
    /// wind), a floor (bounce, stick or die) or, now and then, none, an acceleration, and the lane parameters with the
    /// lattice table four times in five (the caller deallocates `cells`).
    static func playbackSetup(_ d: inout Draw) -> (integrator: FieldIntegrator, colliders: ColliderSet?, accel: SIMD3<Double>,
                                                   parameters: SDFieldParameters, cells: UnsafeMutablePointer<SDLatticeCell>?) {
        var f = ParticleFields()
        if !d.chance(0.1) {
            f.turbulence = .init(strength: d.u(1, 300), scale: d.u(5, 120), seed: UInt32(d.u(0, 1000)))
        }
        let drag = d.chance(0.5) ? 0 : d.u(0.01, 3)
        let integrator = FieldIntegrator(f, drag: drag, wind: SIMD3(d.range(40), d.range(40), 0))
        let response: ParticleCollider.Response = [.bounce, .bounce, .stick, .die][Int(d.u(0, 4))]
        let colliders = d.chance(0.15) ? nil
            : ColliderSet([.floor(y: d.u(20, 200), response: response, restitution: d.u(0, 1), friction: d.u(0, 1))])
        let accel = SIMD3(d.range(100), d.u(0, 250), 0)
        var parameters = integrator.laneParameters(colliders, acceleration: accel)
        let cells = d.chance(0.2) ? nil : FieldIntegrator.makeLatticeCells()
        parameters.cells = cells
        parameters.cellMask = Int64(FieldIntegrator.latticeCells - 1)
        return (integrator, colliders, accel, parameters, cells)
    }

    @Test("the C field steps equal FieldIntegrator's run bit for bit, in both variants, checkpoints included")
    func fieldStepsMatchIntegrator() {
        var d = Draw(0x7E2B_1E5)
        let n = 64
        let h = ParticleFields.integrationStep
        let store = UnsafeMutablePointer<Double>.allocate(capacity: FieldLaneColumns.testColumnCount * n)
        defer { store.deallocate() }
        let columns = FieldLaneColumns.testColumns(store, lanes: n)
        var compared = 0, handedBack = 0, finished = 0, kept = 0, resumedLanes = 0
        let responses: [ParticleCollider.Response] = [.bounce, .bounce, .stick, .die]
        for round in 0..<400 {
            var f = ParticleFields()
            if !d.chance(0.1) {
                f.turbulence = .init(strength: d.u(1, 300), scale: d.u(5, 120), seed: UInt32(d.u(0, 1000)))
            }
            let drag = d.chance(0.5) ? 0 : d.u(0.01, 3)
            let wind = SIMD3(d.range(40), d.range(40), d.chance(0.7) ? 0 : d.range(5))
            let integrator = FieldIntegrator(f, drag: drag, wind: wind)
            let colliders = Self.lines(&d, responses[Int(d.u(0, 4))])
            #expect(integrator.takesLanes(colliders))
            let accel = SIMD3(d.range(200), d.u(-50, 250), d.chance(0.7) ? 0 : d.range(30))
            var parameters = integrator.laneParameters(colliders, acceleration: accel)
            // The lattice-cell table: none, or a small one (collisions replace entries) or a full one.
            let cells = d.chance(0.2) ? nil : FieldIntegrator.makeLatticeCells()
            defer { cells?.deallocate() }
            parameters.cells = cells
            parameters.cellMask = d.chance(0.3) ? 7 : Int64(FieldIntegrator.latticeCells - 1)
            let count = 1 + Int(d.u(0, Double(n)))
            let huge = d.chance(0.05)
            var births: [ParticleBirth] = [], ages: [Double] = [], slots: [FieldCheckpoint] = []
            for j in 0..<count {
                let scale = huge && d.chance(0.5) ? 1e17 : 100.0
                let b = ParticleBirth(id: UInt64(round * n + j) &* 0x9E37_79B9, birthTime: 0, lifetime: 6,
                                      position: SIMD3(d.range(scale), d.range(scale), d.chance(0.7) ? 0 : d.range(20)),
                                      velocity: SIMD3(d.range(150), d.u(-200, 100), d.chance(0.7) ? 0 : d.range(20)),
                                      acceleration: accel, scale: 1, scaleSpeed: 0, scaleFactor: 1, spin: 0,
                                      color: SIMD4(1, 1, 1, 1), colorSpeed: .zero)
                // Ages on the grid now and then (no shortened step), zero, or anywhere in 5 s.
                let age = d.chance(0.1) ? Double(Int(d.u(0, 600))) * h : (d.chance(0.03) ? 0 : d.u(0, 5))
                // A checkpoint: none, another particle's, or the particle's own kept at an earlier (or later) age.
                var slot = FieldCheckpoint.empty
                if d.chance(0.8) {
                    let other = d.chance(0.1)
                    let b2 = other ? ParticleBirth(id: b.id &+ 1, birthTime: 0, lifetime: 6, position: b.position,
                                                   velocity: b.velocity, acceleration: accel, scale: 1, scaleSpeed: 0,
                                                   scaleFactor: 1, spin: 0, color: SIMD4(1, 1, 1, 1), colorSpeed: .zero) : b
                    let earlier = d.chance(0.9) ? max(0, age - d.u(0, 0.05)) : age + d.u(0, 1)
                    _ = integrator.state(b2, colliders: colliders, age: earlier, checkpoint: &slot)
                }
                births.append(b); ages.append(age); slots.append(slot)
            }
            // The Swift run, each particle with its own copy of its slot.
            var want = [(position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool)]()
            var wantSlots = slots
            for j in 0..<count {
                want.append(integrator.state(births[j], colliders: colliders, age: ages[j], checkpoint: &wantSlots[j]))
            }
            for baseline in [false, true] {
                var gotSlots = slots
                gotSlots.withUnsafeMutableBufferPointer { s in
                    // The age column is the one after FieldLaneColumns.testColumns' twenty.
                    let padded = integrator.prepareTestLanes(births, ages: ages, colliders: colliders, checkpoints: s.baseAddress!,
                                                             baseline: baseline, columns, ageColumn: store + 20 * n)
                    for j in 0..<count where columns.resumed[j] > 0 { resumedLanes += 1 }
                    FieldIntegrator.testSteps(columns, padded: padded, parameters, baseline: baseline)
                    for j in 0..<count {
                        if columns.lanes.done[j] != 0 { finished += 1 } else { handedBack += 1 }
                        let got = integrator.testLaneState(j, births[j], age: ages[j], colliders: colliders,
                                                           checkpoint: s.baseAddress! + j, columns)
                        Self.expectLane(got, want[j], slot: s[j], wantSlot: wantSlots[j],
                                        "round \(round), baseline \(baseline), lane \(j), age \(ages[j])")
                        if !Self.sameSlot(s[j], slots[j]) { kept += 1 }
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 20_000)
        #expect(handedBack > 500)
        #expect(finished > 10_000)
        #expect(kept > 5_000)
        #expect(resumedLanes > 5_000)
    }

    /// Playback's groups (`uniformGroup` in FieldSteps.c): four lanes resumed from their own checkpoints with the same
    /// number of full steps left (0 to 3, or past the uniform path's bound) and each a shortened step, some of them
    /// crossing the floor on the way (the group is then taken again by the general loop), against the Swift run from
    /// the birth, bit for bit, final states and checkpoints, in both variants.
    @Test("groups with the same steps left (playback's) equal FieldIntegrator's run bit for bit, in both variants")
    func uniformGroupsMatchIntegrator() {
        var d = Draw(0x0F1E_5A3)
        let n = 64
        let h = ParticleFields.integrationStep
        let store = UnsafeMutablePointer<Double>.allocate(capacity: FieldLaneColumns.testColumnCount * n)
        defer { store.deallocate() }
        let columns = FieldLaneColumns.testColumns(store, lanes: n)
        var uniform = 0, uniformFinished = 0, uniformHandedBack = 0, compared = 0
        for round in 0..<300 {
            let (integrator, colliders, accel, parameters, cells) = Self.playbackSetup(&d)
            defer { cells?.deallocate() }
            let count = 4 * (1 + Int(d.u(0, Double(n / 4))))
            var births: [ParticleBirth] = [], ages: [Double] = [], slots: [FieldCheckpoint] = []
            for g in 0..<(count / 4) {
                // The group's full steps from the checkpoint: a frame at 60 fps (2), fewer, more, or past the bound.
                let left = [2, 2, 2, 0, 1, 3, 16, 17][Int(d.u(0, 8))]
                for l in 0..<4 {
                    let b = ParticleBirth(id: UInt64(round * n + 4 * g + l) &* 0x9E37_79B9, birthTime: 0, lifetime: 60,
                                          position: SIMD3(d.range(100), d.range(100), 0),
                                          velocity: SIMD3(d.range(150), d.u(-200, 150), 0),
                                          acceleration: accel, scale: 1, scaleSpeed: 0, scaleFactor: 1, spin: 0,
                                          color: SIMD4(1, 1, 1, 1), colorSpeed: .zero)
                    // The checkpoint at step s (kept by a run to an age inside step s), the age inside step s + left.
                    let s = 1 + Int(d.u(0, 300))
                    var slot = FieldCheckpoint.empty
                    _ = integrator.state(b, colliders: colliders, age: (Double(s) + d.u(0.01, 0.99)) * h, checkpoint: &slot)
                    births.append(b); ages.append((Double(s + left) + d.u(0.01, 0.99)) * h); slots.append(slot)
                }
            }
            var want = [(position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool)]()
            var wantSlots = slots
            for j in 0..<count {
                want.append(integrator.state(births[j], colliders: colliders, age: ages[j], checkpoint: &wantSlots[j]))
            }
            for baseline in [false, true] {
                var gotSlots = slots
                gotSlots.withUnsafeMutableBufferPointer { s in
                    _ = integrator.prepareTestLanes(births, ages: ages, colliders: colliders, checkpoints: s.baseAddress!,
                                                    baseline: baseline, columns, ageColumn: store + 20 * n)
                    // The groups the uniform path takes (the test of `steps`), and whether it finished them.
                    let isUniform = Self.uniformGroups(columns.lanes, count: count, width: 4)
                    FieldIntegrator.testSteps(columns, padded: count, parameters, baseline: baseline)
                    for g in 0..<(count / 4) where isUniform[g] {
                        uniform += 1
                        if Self.finished(columns.lanes, group: g, width: 4) { uniformFinished += 1 } else { uniformHandedBack += 1 }
                    }
                    compared += Self.expectLanes(integrator, births, ages: ages, colliders: colliders, checkpoints: s, columns,
                                                 want: want, wantSlots: wantSlots) { j in
                        "round \(round), baseline \(baseline), lane \(j), age \(ages[j])"
                    }
                }
            }
        }
        print("uniform groups \(uniform), finished \(uniformFinished), handed back \(uniformHandedBack), lanes \(compared)")
        #expect(uniformFinished > 2_000)
        #expect(uniformHandedBack > 80)
    }

    /// The eight-lane variant (`sd_field_steps_wide`: playback's uniform groups eight lanes at a time on AVX-512, the
    /// other lanes on AVX2) against ``FieldIntegrator/state(_:colliders:age:checkpoint:)`` bit for bit, final states and
    /// checkpoints: groups of eight lanes with the same steps left, resumed from their checkpoints or from their births
    /// (−0 coordinates kept), groups whose halves differ (the four-lane path), lanes far from the origin (the lattice's
    /// clamp to 32 bits, libm's floor beyond 2⁵¹), cell changes at every step, and floors the lanes meet (handed back
    /// to the general loop), with the lattice table and without, over random integrators.
    @Test("the eight-lane AVX-512 field steps equal FieldIntegrator's run bit for bit",
          .enabled(if: sd_lanes_have_avx512() != 0,
                   "the CPU lacks AVX-512 (F, VL, DQ, BW): the eight-lane steps cannot run on this machine"))
    func wideGroupsMatchIntegrator() {
        var d = Draw(0x8A7E_5127)
        let n = 64
        let h = ParticleFields.integrationStep
        let store = UnsafeMutablePointer<Double>.allocate(capacity: FieldLaneColumns.testColumnCount * n)
        defer { store.deallocate() }
        let columns = FieldLaneColumns.testColumns(store, lanes: n)
        var wide = 0, wideFinished = 0, wideHandedBack = 0, split = 0, far = 0, negativeZero = 0, compared = 0
        for round in 0..<300 {
            let (integrator, colliders, accel, parameters, cells) = Self.playbackSetup(&d)
            defer { cells?.deallocate() }
            let count = 8 * (1 + Int(d.u(0, Double(n / 8))))
            var births: [ParticleBirth] = [], ages: [Double] = [], slots: [FieldCheckpoint] = []
            for g in 0..<(count / 8) {
                // The group's full steps: a frame at 60 fps (2), fewer, more, or past the bound; from the checkpoints
                // or, now and then, from the births; the second half one step further now and then.
                let left = [2, 2, 2, 0, 1, 3, 16, 17][Int(d.u(0, 8))]
                let fromBirth = d.chance(0.15), halves = d.chance(0.15)
                if halves { split += 1 }
                for l in 0..<8 {
                    var position = SIMD3(d.range(100), d.range(100), 0), velocity = SIMD3(d.range(150), d.u(-200, 150), 0)
                    if d.chance(0.06) {
                        // Far: past the lattice's 32-bit clamp, or past 2⁵¹ where the floor is libm's.
                        position.x = [3e10, -3e10, 4e17, -4e17][Int(d.u(0, 4))]
                        if d.chance(0.5) { position.y = [-3e10, -4e17, 3e10][Int(d.u(0, 3))] }
                        far += 1
                    }
                    if d.chance(0.1) {
                        if d.chance(0.5) { position.x = -0.0 } else { position.y = -0.0 }
                        if d.chance(0.5) { velocity.x = -0.0 }
                        negativeZero += 1
                    }
                    let b = ParticleBirth(id: UInt64(round * n + 8 * g + l) &* 0x9E37_79B9, birthTime: 0, lifetime: 60,
                                          position: position, velocity: velocity, acceleration: accel, scale: 1,
                                          scaleSpeed: 0, scaleFactor: 1, spin: 0, color: SIMD4(1, 1, 1, 1),
                                          colorSpeed: .zero)
                    // The checkpoint at step s (kept by a run to an age inside step s), the age inside step s + left.
                    let s = fromBirth ? 0 : 1 + Int(d.u(0, 300))
                    var slot = FieldCheckpoint.empty
                    if s > 0 {
                        _ = integrator.state(b, colliders: colliders, age: (Double(s) + d.u(0.01, 0.99)) * h, checkpoint: &slot)
                    }
                    let laneLeft = halves && l >= 4 ? left + 1 : left
                    births.append(b); ages.append((Double(s + laneLeft) + d.u(0.01, 0.99)) * h); slots.append(slot)
                }
            }
            var want = [(position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool)]()
            var wantSlots = slots
            for j in 0..<count {
                want.append(integrator.state(births[j], colliders: colliders, age: ages[j], checkpoint: &wantSlots[j]))
            }
            var gotSlots = slots
            gotSlots.withUnsafeMutableBufferPointer { s in
                _ = integrator.prepareTestLanes(births, ages: ages, colliders: colliders, checkpoints: s.baseAddress!,
                                                baseline: false, columns, ageColumn: store + 20 * n)
                // The groups of eight the eight-lane path takes (its test), and whether it finished them.
                let isWide = Self.uniformGroups(columns.lanes, count: count, width: 8)
                var lanes = columns.lanes, p = parameters
                #expect(sd_field_steps_wide(&lanes, Int64(count), &p) == 1)
                for g in 0..<(count / 8) where isWide[g] {
                    wide += 1
                    if Self.finished(columns.lanes, group: g, width: 8) { wideFinished += 1 } else { wideHandedBack += 1 }
                }
                compared += Self.expectLanes(integrator, births, ages: ages, colliders: colliders, checkpoints: s, columns,
                                             want: want, wantSlots: wantSlots) { j in
                    "round \(round), lane \(j), age \(ages[j]), birth \(births[j].position)"
                }
            }
        }
        print("eight-lane groups \(wide), finished \(wideFinished), handed back \(wideHandedBack), split groups \(split), "
              + "far lanes \(far), −0 lanes \(negativeZero), lanes \(compared)")
        #expect(wideFinished > 450)
        #expect(wideHandedBack > 20)
        #expect(far > 100 && negativeZero > 200)
    }

    /// The eight-lane steps' conversion of the lattice gradients' integers (`sd_gradient_values_wide`: FieldSteps.c's
    /// `gradientValues8`, the product by the double nearest 1/32767.5 and one fma-corrected step in place of the division)
    /// against CurlNoise.gradient's `Double(n) / 32767.5 - 1`, bit for bit, for every one of the 65 536 integers n the
    /// hash gives (an exhaustive proof that the fused multiply-adds give the division's bits). The product alone differs
    /// in 24 of them: the check of that count shows the test sees the correction.
    @Test("the eight-lane gradients' n / 32767.5 − 1 without the division equals the division for all 65 536 n",
          .enabled(if: sd_lanes_have_avx512() != 0,
                   "the CPU lacks AVX-512 (F, VL, DQ, BW): the eight-lane conversion cannot run on this machine"))
    func wideGradientValuesMatchDivision() {
        let n = (0..<65_536).map { Int64($0) }
        var g = [Double](repeating: .nan, count: n.count)
        #expect(sd_gradient_values_wide(n, &g, Int64(n.count)) == 1)
        let differ = n.indices.filter { g[$0].bitPattern != (Double(n[$0]) / 32767.5 - 1).bitPattern }
        #expect(differ.isEmpty, "differ at n = \(differ.prefix(8))")
        let r = 1 / 32767.5
        #expect(n.filter { (Double($0) * r - 1).bitPattern != (Double($0) / 32767.5 - 1).bitPattern }.count == 24)
    }

    /// The checkpoint passes in C (`sd_field_prepare`, `sd_field_keep`: FieldCheckpoints.c) against the lane-by-lane
    /// Swift reference (FieldLaneReference.swift: ``FieldIntegrator/prepareLane(_:_:side:checkpoint:_:)``,
    /// ``padLane(_:_:)``, ``keepLane(_:_:checkpoint:_:)``), bit for bit: every lane column, and every slot of a table
    /// that two lanes share now and then, with slots empty, another particle's, the particle's own before, at or after
    /// its last full step, ids that wrap, lanes that finished or were handed back, and one side for the whole batch or
    /// each lane's own.
    @Test("the C checkpoint passes equal prepareLane, padLane and keepLane bit for bit")
    func checkpointPassesMatchSwift() {
        var d = Draw(0xC4EC_B017)
        let n = 64
        let buffers = PassBuffers(lanes: n)
        defer { buffers.deallocate() }
        let (storeA, storeB, ks, slots, birthStore) = (buffers.storeA, buffers.storeB, buffers.ks, buffers.slots,
                                                       buffers.birthStore)
        let a = buffers.a, b = buffers.b
        let integrator = FieldIntegrator(ParticleFields(), drag: 0, wind: .zero)
        var resumed = 0, fromBirth = 0, keptWrites = 0, refused = 0, perLaneRounds = 0
        for round in 0..<2000 {
            let m = 1 + Int(d.u(0, Double(n))), padded = (m + 3) & ~3
            let capacity = d.chance(0.2) ? 1 + Int(d.u(0, 8)) : 2 * n  // a small table: lanes share slots
            let idKey = d.chance(0.2) ? UInt64.max - UInt64(d.u(0, 40)) : UInt64(d.u(0, 1e15))
            for j in 0..<n { ks[j] = UInt64(d.u(0, 1e12)); slots[j] = UInt64((Int(ks[j]) &+ j) % capacity) }
            if d.chance(0.5) { for j in 0..<n { slots[j] = UInt64(j % capacity) } }
            let side = [-1.0, 1, 0][Int(d.u(0, 3))]
            // Half the rounds give each lane its own side (an emitter with births on both sides of the floor).
            let perLane = d.chance(0.5)
            let laneSides = (0..<n).map { _ in [-1.0, 1, 0][Int(d.u(0, 3))] }
            if perLane { for j in 0..<n { a.lanes.side[j] = laneSides[j] } }
            // The grid: steps and rest as sd_field_grid writes them (a NaN or a huge step now and then: refused).
            let bad = d.chance(0.02)
            for c in [a, b] {
                for j in 0..<padded {
                    c.lanes.steps[j] = Double(Int(d.u(0, 3000)))
                    c.lanes.rest[j] = d.u(0, 0.008)
                }
            }
            for j in 0..<padded { b.lanes.steps[j] = a.lanes.steps[j]; b.lanes.rest[j] = a.lanes.rest[j] }
            if bad {
                let v = [Double.nan, 1e19, -1e19, .infinity][Int(d.u(0, 4))]
                a.lanes.steps[Int(d.u(0, Double(m)))] = v
            }
            var table = (0..<capacity).map { _ -> FieldCheckpoint in
                d.chance(0.1) ? .empty : FieldCheckpoint(id: UInt64(d.u(0, 1e15)), step: Int(d.u(1, 3000)),
                                                         position: SIMD3(d.range(500), d.range(500), d.range(5)),
                                                         velocity: SIMD3(d.range(300), d.range(300), d.range(5)),
                                                         bounces: Int(d.u(0, 256)), last: Int(d.u(-1, 3)))
            }
            // Some slots hold their particle's own state, before, at or after its last full step.
            for j in 0..<m where d.chance(0.7) {
                let steps = Int(b.lanes.steps[j])
                let step = [max(0, steps - 2), steps, steps + 1, 0][Int(d.u(0, 4))]
                table[Int(slots[j])] = FieldCheckpoint(id: idKey &+ ks[j], step: step,
                                                       position: SIMD3(d.range(500), d.range(500), 0),
                                                       velocity: SIMD3(d.range(300), d.range(300), -0.0),
                                                       bounces: Int(d.u(0, 256)), last: Int(d.u(-1, 2)))
            }
            let births = (0..<m).map { j in
                ParticleBirth(id: idKey &+ ks[j], birthTime: 0, lifetime: 5,
                              position: SIMD3(d.range(100), d.range(100), d.range(3)),
                              velocity: SIMD3(d.range(100), d.range(100), d.range(3)), acceleration: .zero, scale: 1,
                              scaleSpeed: 0, scaleFactor: 1, spin: 0, color: SIMD4(1, 1, 1, 1), colorSpeed: .zero)
            }
            for j in 0..<m {
                birthStore[j] = births[j].position.x; birthStore[n + j] = births[j].position.y
                birthStore[2 * n + j] = births[j].position.z; birthStore[3 * n + j] = births[j].velocity.x
                birthStore[4 * n + j] = births[j].velocity.y; birthStore[5 * n + j] = births[j].velocity.z
            }
            let noTable = d.chance(0.1)
            var tableA = table, tableB = table
            // The C prepare (columns a), then the Swift one (columns b). Its answers (which lanes resume) in half the rounds.
            let answers = d.chance(0.5)
            var resumes = [UInt64](repeating: 7, count: n)
            let got = tableA.withUnsafeMutableBufferPointer { t in
                var s = FieldIntegrator.laneSlots(noTable ? nil : t.baseAddress!, slots: slots, ks: ks, idKey: idKey)
                var births = SDFieldBirths(px: birthStore, py: birthStore + n, pz: birthStore + 2 * n,
                                           vx: birthStore + 3 * n, vy: birthStore + 4 * n, vz: birthStore + 5 * n)
                var lanes = a.lanes
                return resumes.withUnsafeMutableBufferPointer { r in
                    sd_field_prepare(&lanes, a.resumed, a.bounces, answers ? r.baseAddress : nil, &s, &births,
                                     perLane ? UnsafePointer(a.lanes.side) : nil, side, Int64(m), Int64(padded))
                }
            }
            if bad {
                #expect(got == -1, "round \(round): a step Swift's Int does not convert is refused")
                refused += 1
                continue
            }
            #expect(got == 0)
            if perLane { perLaneRounds += 1 }
            // The answers: FieldCheckpoint.resumes of each particle's slot as read (0 without a table), nothing past m.
            for j in 0..<n {
                let expected: UInt64 = !answers || j >= m ? 7
                    : (!noTable && table[Int(slots[j])].resumes(idKey &+ ks[j], steps: Int(b.lanes.steps[j])) ? 1 : 0)
                if resumes[j] != expected { Issue.record("round \(round), lane \(j): answer \(resumes[j]), expected \(expected)") }
            }
            tableB.withUnsafeMutableBufferPointer { t in
                for j in 0..<m {
                    integrator.prepareLane(j, births[j], side: perLane ? laneSides[j] : side, checkpoint: noTable ? nil : t.baseAddress! + Int(slots[j]), b)
                }
                for j in m..<padded { FieldIntegrator.padLane(j, b) }
            }
            // The columns the prepare pass writes: step, steps, rest, side, last, p/v (every lane), resumed and bounces
            // (the particles' lanes; an unused lane's are not read).
            for c in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 18, 19] {
                for j in 0..<(c < 18 ? padded : m) where storeA[c * n + j].bitPattern != storeB[c * n + j].bitPattern {
                    Issue.record("round \(round), prepare: column \(c), lane \(j): \(storeA[c * n + j]) against \(storeB[c * n + j])")
                }
            }
            for j in 0..<m { if a.resumed[j] > 0 { resumed += 1 } else { fromBirth += 1 } }
            // The steps' outputs: each lane finished (its step at or past the one read, the kept state) or handed back.
            for j in 0..<padded {
                let done = d.chance(0.9)
                let step = done ? (d.chance(0.2) ? a.lanes.step[j] : a.lanes.step[j] + Double(Int(d.u(0, 4)))) : a.lanes.step[j]
                let kept = [d.range(500), d.range(500), d.range(5), d.range(300), d.range(300), d.chance(0.1) ? -0.0 : d.range(5)]
                for c in [a, b] {
                    c.lanes.done[j] = done ? 1 : 0
                    c.lanes.step[j] = d.chance(0.01) ? 3_000_000_000 : step
                    c.lanes.kpx[j] = kept[0]; c.lanes.kpy[j] = kept[1]; c.lanes.kpz[j] = kept[2]
                    c.lanes.kvx[j] = kept[3]; c.lanes.kvy[j] = kept[4]; c.lanes.kvz[j] = kept[5]
                }
                b.lanes.step[j] = a.lanes.step[j]
            }
            var handedBackA = 0, handedBackB = 0
            tableA.withUnsafeMutableBufferPointer { t in
                var s = FieldIntegrator.laneSlots(noTable ? nil : t.baseAddress!, slots: slots, ks: ks, idKey: idKey)
                var lanes = a.lanes
                handedBackA = Int(sd_field_keep(&lanes, a.resumed, a.bounces, &s, Int64(m)))
            }
            tableB.withUnsafeMutableBufferPointer { t in
                for j in 0..<m where !integrator.keepLane(j, idKey &+ ks[j], checkpoint: noTable ? nil : t.baseAddress! + Int(slots[j]), b) {
                    handedBackB += 1
                }
            }
            #expect(handedBackA == handedBackB)
            for i in 0..<capacity {
                if !Self.sameSlot(tableA[i], tableB[i]) { Issue.record("round \(round), slot \(i): \(tableA[i]) against \(tableB[i])") }
                if !Self.sameSlot(tableA[i], table[i]) { keptWrites += 1 }
            }
        }
        print("checkpoint passes: resumed \(resumed), from the birth \(fromBirth), slots written \(keptWrites), refused \(refused), sides per lane \(perLaneRounds)")
        #expect(resumed > 10_000 && fromBirth > 10_000 && keptWrites > 10_000 && refused > 10 && perLaneRounds > 500)
    }

    /// The checkpoint passes' eight-lane variant (`sd_field_prepare_variant` / `sd_field_keep_variant` 3: each slot read
    /// and written as one AVX-512 vector, the columns by transposes) against the lane loop (variant 1) bit for bit: every
    /// column the prepare pass writes, its answer, the keep pass's count of lanes handed back, and every byte of the table
    /// after it (the padding byte included), over batches of 1 … 64 lanes (groups of eight and the lanes past them),
    /// tables smaller than a batch (lanes share slots), random slot bytes (empty, another particle's, the particle's own
    /// before, at or after its last full step, negative steps), ids that wrap, far coordinates (±4·10¹⁷), −0 and NaN
    /// states, lanes that finished, were handed back or hold a NaN, steps past Int32, and one side or each lane's own.
    @Test("the eight-lane AVX-512 checkpoint passes equal the lane loop bit for bit",
          .enabled(if: sd_lanes_have_avx512() != 0,
                   "the CPU lacks AVX-512 (F, VL, DQ, BW): the eight-lane checkpoint passes cannot run on this machine"))
    func wideCheckpointPassesMatchLoop() {
        var d = Draw(0x5107_C8E9)
        let n = 64
        let buffers = PassBuffers(lanes: n)
        let laneSides = UnsafeMutablePointer<Double>.allocate(capacity: n)
        let slotBytes = MemoryLayout<SDFieldCheckpoint>.stride
        let tableA = UnsafeMutableRawPointer.allocate(byteCount: 2 * n * slotBytes, alignment: 64)
        let tableB = UnsafeMutableRawPointer.allocate(byteCount: 2 * n * slotBytes, alignment: 64)
        defer { buffers.deallocate(); laneSides.deallocate(); tableA.deallocate(); tableB.deallocate() }
        let (storeA, storeB, ks, slots, birthStore) = (buffers.storeA, buffers.storeB, buffers.ks, buffers.slots,
                                                       buffers.birthStore)
        let a = buffers.a, b = buffers.b
        /// A double of the kinds the slots and columns hold: ordinary, far, −0 or NaN.
        func value(_ d: inout Draw, _ r: Double) -> Double {
            switch Int(d.u(0, 10)) {
            case 0: return d.chance(0.5) ? 4e17 : -4e17
            case 1: return -0.0
            case 2: return .nan
            default: return d.range(r)
            }
        }
        var resumed = 0, wideGroups = 0, written = 0, handedBack = 0, rounds = 0
        for round in 0..<3000 {
            let m = 1 + Int(d.u(0, Double(n))), padded = (m + 3) & ~3
            let capacity = d.chance(0.2) ? 1 + Int(d.u(0, 8)) : 2 * n  // a small table: lanes share slots
            let idKey = d.chance(0.2) ? UInt64.max - UInt64(d.u(0, 40)) : UInt64(d.u(0, 1e15))
            for j in 0..<n { ks[j] = UInt64(d.u(0, 1e12)); slots[j] = UInt64((Int(ks[j]) &+ j) % capacity) }
            if d.chance(0.5) { for j in 0..<n { slots[j] = UInt64(j % capacity) } }
            for i in 0..<(capacity * slotBytes) { tableA.storeBytes(of: UInt8(d.u(0, 256)), toByteOffset: i, as: UInt8.self) }
            let table = tableA.bindMemory(to: SDFieldCheckpoint.self, capacity: capacity)
            for i in 0..<capacity {
                table[i].step = d.chance(0.2) ? -1 : Int32(d.u(-3, 3000))
                table[i].last = Int16(d.u(-1, 3))
            }
            // The grid: the columns both variants start from (every column random, `steps` integers, a few negative).
            for c in 0..<FieldLaneColumns.testColumnCount * n { storeA[c] = value(&d, 10) }
            for j in 0..<padded { a.lanes.steps[j] = Double(Int(d.u(d.chance(0.05) ? -5 : 0, 3000))) }
            // Some slots hold their particle's own state, before, at or after its last full step.
            for j in 0..<m where d.chance(0.7) {
                let steps = Int32(a.lanes.steps[j])
                let s = table + Int(slots[j])
                s.pointee.id = idKey &+ ks[j]
                s.pointee.step = [max(0, steps - 2), steps, steps + 1, 0][Int(d.u(0, 4))]
                s.pointee.bounces = UInt8(d.u(0, 256))
                s.pointee.last = Int16(d.u(-1, 2))
                s.pointee.px = value(&d, 500); s.pointee.py = value(&d, 500); s.pointee.pz = value(&d, 5)
                s.pointee.vx = value(&d, 300); s.pointee.vy = value(&d, 300); s.pointee.vz = value(&d, 5)
            }
            tableB.copyMemory(from: tableA, byteCount: capacity * slotBytes)
            storeB.update(from: storeA, count: FieldLaneColumns.testColumnCount * n)
            for j in 0..<(6 * n) { birthStore[j] = value(&d, 100) }
            for j in 0..<n { laneSides[j] = [-1.0, 1, 0][Int(d.u(0, 3))] }
            let perLane = d.chance(0.5), side = [-1.0, 1, 0][Int(d.u(0, 3))]
            var births = SDFieldBirths(px: birthStore, py: birthStore + n, pz: birthStore + 2 * n,
                                       vx: birthStore + 3 * n, vy: birthStore + 4 * n, vz: birthStore + 5 * n)
            var answersA = [UInt64](repeating: 7, count: n), answersB = answersA
            func prepare(_ variant: Int32, _ c: FieldLaneColumns, _ t: UnsafeMutableRawPointer,
                         _ answers: inout [UInt64]) -> Int64 {
                var s = SDFieldSlots(table: t.assumingMemoryBound(to: SDFieldCheckpoint.self), slots: slots, ks: ks, idKey: idKey)
                var lanes = c.lanes
                return answers.withUnsafeMutableBufferPointer { r in
                    sd_field_prepare_variant(variant, &lanes, c.resumed, c.bounces, r.baseAddress, &s, &births,
                                             perLane ? UnsafePointer(laneSides) : nil, side, Int64(m), Int64(padded))
                }
            }
            let gotA = prepare(1, a, tableA, &answersA), gotB = prepare(3, b, tableB, &answersB)
            #expect(gotA == 0 && gotB == 0, "round \(round): \(gotA), \(gotB)")
            // Which lanes resume: the same answers, 0 or 1 for each of the m lanes, nothing past them.
            if answersA != answersB || answersA[..<m].contains(where: { $0 > 1 }) || answersA[m...].contains(where: { $0 != 7 }) {
                Issue.record("round \(round): answers \(answersA) against \(answersB)")
            }
            for i in 0..<(FieldLaneColumns.testColumnCount * n) where storeA[i].bitPattern != storeB[i].bitPattern {
                Issue.record("round \(round), prepare: column \(i / n), lane \(i % n): \(storeA[i]) against \(storeB[i])")
            }
            for j in 0..<m where a.resumed[j] != 0 || a.lanes.last[j] != -1 { resumed += 1 }
            wideGroups += m / 8
            // The steps' outputs: lanes finished (at or past the step read), handed back (0) or NaN, now and then a step
            // past Int32; the kept states of every kind.
            for j in 0..<padded {
                let done = d.chance(0.85) ? 1.0 : (d.chance(0.8) ? 0 : .nan)
                if done == 0 { handedBack += 1 }
                var step = d.chance(0.2) ? a.lanes.step[j] : a.lanes.step[j] + Double(Int(d.u(0, 4)))
                if d.chance(0.01) { step = 3_000_000_000 }
                for c in [a, b] {
                    c.lanes.done[j] = done
                    c.lanes.step[j] = step
                }
                for c in [a.lanes.kpx, a.lanes.kpy, a.lanes.kpz, a.lanes.kvx, a.lanes.kvy, a.lanes.kvz] {
                    c![j] = value(&d, 500)
                }
            }
            for c in [11, 12, 13, 14, 15, 16] { (storeB + c * n).update(from: storeA + c * n, count: n) }
            func keep(_ variant: Int32, _ c: FieldLaneColumns, _ t: UnsafeMutableRawPointer) -> Int64 {
                var s = SDFieldSlots(table: t.assumingMemoryBound(to: SDFieldCheckpoint.self), slots: slots, ks: ks, idKey: idKey)
                var lanes = c.lanes
                return sd_field_keep_variant(variant, &lanes, c.resumed, c.bounces, &s, Int64(m))
            }
            let before = Array(UnsafeRawBufferPointer(start: tableA, count: capacity * slotBytes))
            let backA = keep(1, a, tableA), backB = keep(3, b, tableB)
            #expect(backA == backB, "round \(round): handed back \(backA) against \(backB)")
            if memcmp(tableA, tableB, capacity * slotBytes) != 0 {
                Issue.record("round \(round), keep: the tables differ")
            }
            if before != Array(UnsafeRawBufferPointer(start: tableA, count: capacity * slotBytes)) { written += 1 }
            rounds += 1
        }
        print("eight-lane checkpoint passes: rounds \(rounds), groups of eight \(wideGroups), resumed lanes \(resumed), "
              + "rounds with slots written \(written), lanes handed back \(handedBack)")
        #expect(resumed > 20_000 && wideGroups > 8_000 && written > 2_000 && handedBack > 10_000)
    }

    @Test("the C grid of an age equals the run's steps and shortened step bit for bit, in both variants")
    func gridMatchesRun() {
        var d = Draw(0x6121_D)
        let h = ParticleFields.integrationStep
        let n = 256
        var ages = [Double](repeating: 0, count: n)
        var compared = 0
        for _ in 0..<200 {
            for j in 0..<n {
                switch Int(d.u(0, 6)) {
                case 0: ages[j] = Double(Int(d.u(0, 1e6))) * h  // on the grid
                case 1: ages[j] = Double(Int(d.u(0, 1e6))) * h + (d.chance(0.5) ? 1e-12 : -1e-12)
                case 2: ages[j] = d.chance(0.5) ? 0 : -0.0
                case 3: ages[j] = d.u(0, 1e13)  // quotients near and past 2^51
                case 4: ages[j] = -d.u(0, 20)
                default: ages[j] = d.u(0, 20)
                }
            }
            for baseline in [false, true] {
                var steps = [Double](repeating: 7, count: n), rest = [Double](repeating: 7, count: n)
                steps.withUnsafeMutableBufferPointer { s in
                    rest.withUnsafeMutableBufferPointer { r in
                        if baseline { sd_field_grid_baseline(ages, s.baseAddress!, r.baseAddress!, Int64(n), h) }
                        else { sd_field_grid(ages, s.baseAddress!, r.baseAddress!, Int64(n), h) }
                    }
                }
                for j in 0..<n {
                    // FieldIntegrator.run's two lines.
                    let want = Int(CurlNoise.floor(ages[j] / h))
                    let wantRest = ages[j] - Double(want) * h
                    if Double(want).bitPattern != steps[j].bitPattern || wantRest.bitPattern != rest[j].bitPattern {
                        Issue.record("age \(ages[j]), baseline \(baseline): \(steps[j]), \(rest[j]) against \(want), \(wantRest)")
                    }
                    compared += 1
                }
            }
        }
        #expect(compared == 200 * 2 * 256)
    }
}

/// The buffers both checkpoint-pass tests of ``FieldStepsLanesTests`` run over: two sets of lane columns for `lanes`
/// lanes (`a` in `storeA`, `b` in `storeB`), the lanes' birth indices and slots, and their birth states (six columns of
/// `lanes` doubles in `birthStore`); ``deallocate()`` frees them.
struct PassBuffers {
    let storeA, storeB, birthStore: UnsafeMutablePointer<Double>
    let ks, slots: UnsafeMutablePointer<UInt64>
    let a, b: FieldLaneColumns

    init(lanes n: Int) {
        storeA = .allocate(capacity: FieldLaneColumns.testColumnCount * n)
        storeB = .allocate(capacity: FieldLaneColumns.testColumnCount * n)
        birthStore = .allocate(capacity: 6 * n)
        ks = .allocate(capacity: n)
        slots = .allocate(capacity: n)
        a = FieldLaneColumns.testColumns(storeA, lanes: n)
        b = FieldLaneColumns.testColumns(storeB, lanes: n)
    }

    func deallocate() {
        storeA.deallocate(); storeB.deallocate(); birthStore.deallocate(); ks.deallocate(); slots.deallocate()
    }
}
