import CStardustParticleLanes
import StardustCore

// The batched kernel of the extended path: ``EmitterLayer/writeExtended(_:_:_:_:_:_:_:_:_:_:_:_:)``
// for the births of the rate of a top-level cell whose extensions are over-life curves and closed-form
// motion (drag, wind, a collider) or integrated fields, 64 births at a time and four particles at a time where the work is
// arithmetic. It is a second copy of the general path's formula (``ParticleBirth/make(_:shape:mode:rng:id:birthTime:life:angleU:)``
// followed by ``EmitterLayer/extendedState(_:_:_:rng:theta:origin:age:motion:slot:)``), kept equal to
// it bit for bit: `ExtendedKernelTests` compares the two on random cells, runs and times
// (docs/PARTICLES-PERFORMANCE.md, "The extended kernel").

extension CellExtensions {
    /// True when these extensions change only what ``EmitterLayer/writeExtendedKernel(_:_:_:_:_:_:_:_:_:_:frame:turn:)``
    /// computes: curves of color, alpha and scale; a speed curve (which a cell's motion, when it has one,
    /// replaces, as on the general path); a fixed birth rotation; closed-form motion or integrated fields.
    /// Finish values, spin curves, a second color ramp, orbits and radial or tangential acceleration take
    /// the general path.
    var fitsExtendedKernel: Bool {
        finishColor == nil && finishScale == nil && finishRotation == nil && spinOverLife == nil
            && secondColorOverLife == nil && orbit == nil && !needsIntegration
    }
}

extension CompiledCell {
    /// True when the batched kernel evaluates the cell's births (of the rate and of its bursts) from the
    /// emitter's shape: a top-level cell whose extensions ``CellExtensions/fitsExtendedKernel``.
    var fitsExtendedKernel: Bool {
        guard parent < 0, let x = extensions else { return false }
        return x.fitsExtendedKernel
    }

    /// True when the batched kernel evaluates the births of one parent's sub-particles from one
    /// ``ParentFrame``: a sub-cell with a ``CellExtensions/trigger`` (every sub-particle of the parent
    /// reads it at the same age), no motion of its own, and extensions the kernel computes — a
    /// firework's stars (docs/PARTICLES-PERFORMANCE.md, "Triggered sub-cells in the kernel").
    var fitsTriggeredKernel: Bool {
        guard parent >= 0, motion == nil, let x = extensions, x.trigger != nil else { return false }
        return x.fitsExtendedKernel
    }
}

extension EmitterLayer {
    /// Births examined per batch of ``writeExtendedKernel(_:_:_:_:_:_:_:_:_:)``.
    static let extendedBatch = 64

    /// Writes the live particles of a run (of the rate or of a burst's cycle, no cap) of a cell that
    /// ``CompiledCell/fitsExtendedKernel`` or, given the parent's `frame`, ``CompiledCell/fitsTriggeredKernel``,
    /// at `offset`; returns how many (those a `die` collider took are left out). `turn` is the parent's
    /// angle at the trigger, added to a sub-particle's rotation as on the general path. Per batch of 64 births:
    /// 1. the live births and their random uniforms (``sd_births``, in C: eight births at a time, the liveness
    ///    test without branches), and the birth positions on the emitter shape (or the parent's position);
    /// 2. the birth velocities, four at a time (the 4-lane sincos), where step 3 reads them (with integrated
    ///    fields that resume from their checkpoints, after ``sd_field_prepare`` says which lanes start from their births);
    /// 3. the motion of each particle (``ParticleMotion/state(_:age:slot:)``: the contact walk kept in
    ///    `contacts` and the drag closed form, one particle at a time, in birth order; with integrated
    ///    fields the integration resumed from the checkpoint kept in `contacts`);
    /// 4. the birth colors, scales, spins and rotations from their uniforms, the over-life state and the 17 columns,
    ///    four at a time (``sd_columns``).
    ///
    /// Every value is computed with the operations of the general path in the same order, lane by lane,
    /// so the bytes are the general path's. The products by a top-level cell's inherited factors
    /// (color × 1, scale × 1) are exact identities and are left out; a sub-cell's are taken. Cost: O(births in the run), no
    /// allocation, no dynamic dispatch; the walk's Newton steps only at a particle's contacts.
    static func writeExtendedKernel(_ run: BirthRun, _ cell: CompiledCell, _ p: BirthParameters, _ x: CellExtensions,
                                    _ inst: EmitterInstance, _ e: CompiledEmitter, _ t: Double,
                                    _ out: SnapshotColumns, _ offset: Int,
                                    _ contacts: ContactCache.Table? = nil, frame: ParentFrame? = nil,
                                    turn: Double = 0) -> Int {
        // A sub-particle is born at the parent's position, turned with its direction, with its color and scale as
        // factors and a share of its velocity (``ParticleBirth/make(_:frame:_:rng:id:birthTime:life:angleU:)``).
        // Read out of the frame here, outside the closures: the optimiser read `frame?.position` in the loop
        // again, copying the whole optional frame per birth (a twentieth of the `fireworks` seek in a profile).
        let cosLat = frame?.cosLat ?? p.cosLat, sinLat = frame?.sinLat ?? p.sinLat
        let thetaTurn = frame.map { $0.turns ? $0.turn : nil } ?? nil
        let inherited = frame != nil && x.inheritedVelocity != 0 ? frame!.velocity * x.inheritedVelocity : nil
        let colorFactor = frame?.color, scaleFactor = frame?.scale
        // A point emitter without a path places every birth at its center (``ParticleBirth/position``'s first
        // cases), so the call per birth, which the optimiser kept out of line, is skipped.
        let fixedPosition = frame?.position ?? (p.path == nil && e.shape == .point ? p.center : nil)
        let n = extendedBatch
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 48 * n) { dbl in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 5 * n) { ints in
                let d = dbl.baseAddress!
                func col(_ c: Int) -> UnsafeMutablePointer<Double> { d + c * n }
                // Per batch slot: the birth's age, lifetime and time, its uniforms (the birth values are drawn from
                // them where read: step 4's `sd_columns`, the birth record), its birth position, and its state (step 3).
                let ages = col(0), lives = col(1), births = col(2)
                let uAngle = col(3), uSpeed = col(4), uScale = col(5), uSpin = col(6)
                let uR = col(7), uG = col(8), uB = col(9), uA = col(10), uRot = col(11)
                let px0 = col(12), py0 = col(13), pz0 = col(14)
                let vx0 = col(15), vy0 = col(16), vz0 = col(17)
                let px = col(18), py = col(19), pz = col(20), vx = col(21), vy = col(22), vz = col(23)
                // The curves' values at each particle's normalised age (step 4, scalar before the 4-lane part).
                let alphaV = col(24), scaleV = col(25), rampR = col(26), rampG = col(27), rampB = col(28), rampA = col(29)
                let fs = col(30)  // normalised ages
                let starts = col(31)  // the age at which each particle's current segment starts (step 3)
                let speedI = col(32), speedV = col(33)  // a speed curve's life × integral and value (step 3, no motion)
                // The lanes of integrated fields (step 3, ``sd_field_steps``): their inputs, the state at the step each
                // stopped at, whether it finished, and its checkpoint's step and bounces. Its p/v are px…vz.
                let fieldColumns = FieldLaneColumns(
                    lanes: SDFieldLanes(step: col(34), steps: col(35), rest: col(36), side: col(37), last: col(38),
                                        px: px, py: py, pz: pz, vx: vx, vy: vy, vz: vz,
                                        kpx: col(39), kpy: col(40), kpz: col(41), kvx: col(42), kvy: col(43), kvz: col(44),
                                        done: col(45)),
                    resumed: col(46), bounces: col(47))
                // Per batch slot: the birth index, its random key, its contact slot, and whether it is at rest.
                let ks = ints.baseAddress!, keys = ks + n, slots = ks + 2 * n, resting = ks + 3 * n
                let unchanged = ks + 4 * n  // 1 where the kept walk holds at the age (step 3, playback without `die`)
                // A burst's births share its time, stream and id key (``forEachLive``).
                let isBurst = run.burst >= 0
                let invRate = isBurst ? 0 : 1 / p.rate
                let stream = isBurst ? run.stream : inst.stream, idKey = isBurst ? run.idKey : inst.idKey
                let shape = e.shape, mode = e.mode
                let speedCurve = cell.motion == nil ? x.speedOverLife : nil
                let hasSpeed = speedCurve != nil
                let motion = cell.motion
                let alphaCurve = x.alphaOverLife, scaleCurve = x.scaleOverLife, ramp = x.colorOverLife
                // Tested as booleans in the loops: `curve != nil` on an optional struct of arrays copies it
                // (three retains and releases per test, a quarter of the kernel's time in a profile).
                let hasRamp = ramp != nil, hasAlpha = alphaCurve != nil, hasScale = scaleCurve != nil
                let hasColliders = motion?.colliders != nil
                // Without a birth rotation the general path's r0 = 0 + 0·(2u − 1) is +0 whatever u: the draw is skipped.
                let drawsRotation = x.rotation != 0 || x.rotationRange != 0
                let cellIndex = run.cell
                let capacity = contacts.map { UInt64($0.capacity) } ?? 1
                // Read once: the table is not retained per particle. An integrated cell's table holds checkpoints.
                let integrator = motion?.integrator, colliderSet = motion?.colliders
                /// The birth record of batch slot `j` (step 3's input on both of its paths). Its color, scale and spin are
                /// drawn here from the slot's uniforms, with the operations `sd_columns` draws them with (the slots hold
                /// the uniforms until step 4): the motion reads none of them, the record is whole all the same.
                @inline(__always) func birth(_ j: Int, _ id: UInt64) -> ParticleBirth {
                    var color = p.drawnColor(SIMD4(uR[j], uG[j], uB[j], uA[j]))
                    if let c = colorFactor { color *= c }
                    return ParticleBirth(id: id, birthTime: births[j], lifetime: lives[j],
                                         position: SIMD3(px0[j], py0[j], pz0[j]),
                                         velocity: SIMD3(vx0[j], vy0[j], vz0[j]), acceleration: p.accel,
                                         scale: p.drawnScale(uScale[j]), scaleSpeed: p.scaleSpeed,
                                         scaleFactor: scaleFactor ?? 1, spin: p.drawnSpin(uSpin[j]),
                                         color: color, colorSpeed: p.colorSpeed)
                }
                let integrated = integrator != nil
                let entries = integrated ? nil : contacts?.entries
                // Playback of kept walks without a `die` collider (step 3's first branch): every particle lives.
                let keepsWalks = entries != nil && colliderSet.map { !$0.canKill } ?? false
                /// The birth velocities of batch slots `j ..< j + 4` (``ParticleBirth/finish``), four at a time.
                @inline(__always) func birthVelocities(_ j: Int) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
                    var theta = p.longitude + p.longitudeRange * (2 * Self.load(uAngle + j) - 1)
                    if let thetaTurn { theta += thetaTurn }
                    let speed = p.speed + p.speedRange * (2 * Self.load(uSpeed + j) - 1)
                    let (sinT, cosT) = FastTrig.sincos4(theta)
                    var vx = (cosLat * cosT) * speed, vy = (cosLat * sinT) * speed, vz = SIMD4(repeating: sinLat) * speed
                    if let inherited { vx += inherited.x; vy += inherited.y; vz += inherited.z }
                    return (vx, vy, vz)
                }
                /// Stores ``birthVelocities(_:)`` of batch slots `j ..< j + 4` into the birth columns (step 2's output).
                @inline(__always) func storeBirthVelocities(_ j: Int) {
                    let (vx, vy, vz) = birthVelocities(j)
                    Self.store(vx, vx0 + j); Self.store(vy, vy0 + j); Self.store(vz, vz0 + j)
                }
                let checkpoints = integrated ? contacts?.checkpoints : nil
                // Integrated fields the C lanes step (``FieldIntegrator/takesLanes(_:)``): tested and prepared once per run.
                let fieldLanes = integrator?.takesLanes(colliderSet) ?? false
                let fieldKills = colliderSet?.canKill ?? false
                // The lanes' side of the line (the run's `soleSide`, a function of the birth) when it is the same for every
                // birth of the run: 0 without a line (not read), the line's fixed side, or the side of the one birth
                // position of a point emitter when off the line (``CollisionLine/side(_:_:)``'s first two cases, the same
                // values). Then the birth velocity is read only by lanes that start from their birth or are handed back
                // at a contact, and step 2 leaves it out for groups whose four lanes resume from their checkpoints.
                let laneSide: Double? = {
                    guard fieldLanes else { return nil }
                    guard colliderSet?.hasSoleLine ?? false else { return 0 }
                    let line = colliderSet.unsafelyUnwrapped.soleLine
                    if line.fixedSide != 0 { return line.fixedSide }
                    guard let q = fixedPosition else { return nil }
                    let s = line.distance(q)
                    return s != 0 ? (s > 0 ? 1 : -1) : nil
                }()
                let resumesLanes = laneSide != nil && checkpoints != nil
                var fieldParameters = fieldLanes ? integrator!.laneParameters(colliderSet, acceleration: p.accel) : SDFieldParameters()
                // The turbulence's lattice cells, the calling thread's table kept across calls and frames
                // (``sd_thread_lattice_cells``): a table made and emptied per call (a run of 8 192 births) hashed again
                // every cell each run met and wrote 320 KB per call (docs/PARTICLES-PERFORMANCE.md).
                fieldParameters.cells = fieldLanes && integrator!.turbulence != 0
                    ? sd_thread_lattice_cells(integrator!.noiseSeed, Int64(FieldIntegrator.latticeCells)) : nil
                fieldParameters.cellMask = Int64(FieldIntegrator.latticeCells - 1)
                // The kept table's slots as bytes, for the prefetch of the next batch's slots (below).
                let tableBytes = entries.map { UnsafeRawPointer($0) } ?? checkpoints.map { UnsafeRawPointer($0) }
                let slotBytes = entries != nil ? MemoryLayout<ContactCache.Entry>.stride : MemoryLayout<FieldCheckpoint>.stride
                // Step 4's constants (`sd_columns`), with the birth draws it makes from the uniforms.
                let factor = colorFactor ?? SIMD4(repeating: 1)
                var columnParameters = SDColumnParameters(
                    colorSpeed: (p.colorSpeed.x, p.colorSpeed.y, p.colorSpeed.z, p.colorSpeed.w),
                    scaleSpeed: p.scaleSpeed, scaleFactor: scaleFactor ?? 1, turn: turn,
                    hasScaleFactor: scaleFactor != nil ? 1 : 0, cell: cellIndex, idKey: idKey,
                    color: (p.color.x, p.color.y, p.color.z, p.color.w),
                    colorRange: (p.colorRange.x, p.colorRange.y, p.colorRange.z, p.colorRange.w),
                    colorFactor: (factor.x, factor.y, factor.z, factor.w),
                    scale: p.scale, scaleRange: p.scaleRange, spin: p.spin, spinRange: p.spinRange,
                    rotation: x.rotation, rotationRange: x.rotationRange,
                    hasColorFactor: colorFactor != nil ? 1 : 0, drawsRotation: drawsRotation ? 1 : 0)
                // Step 2 may leave a group's birth velocities out (`resumesLanes`); the birth record step 3 builds reads
                // them unused then, so they hold a value (zero) from the start.
                if resumesLanes { for j in 0..<n { vx0[j] = 0; vy0[j] = 0; vz0[j] = 0 } }
                // Step 1's run and columns (``sd_births``): slot of birth k is k mod capacity (ContactCache); `ahead`
                // about the slot of birth k + n, a prefetch hint only.
                let slot0 = UInt64(bitPattern: run.k0) % capacity
                var birthRun = SDBirthRun(
                    k: run.k0, end: run.k0, start: run.start, count0: run.count0, invRate: invRate, t: t,
                    isBurst: isBurst ? 1 : 0, rotation: drawsRotation ? 1 : 0, stream: stream,
                    life: p.life, lifeRange: p.lifeRange, slot: slot0, ahead: (slot0 &+ UInt64(n)) % capacity,
                    capacity: capacity, table: tableBytes?.assumingMemoryBound(to: UInt8.self),
                    slotBytes: Int64(slotBytes), rotationAttribute: ParticleAttribute.finishAlphaScaleRotation)
                var birthColumns = SDBirthColumns(
                    ages: ages, lives: lives, births: births, uAngle: uAngle, uSpeed: uSpeed, uScale: uScale,
                    uSpin: uSpin, uR: uR, uG: uG, uB: uB, uA: uA, uRot: uRot, ks: ks, keys: keys, slots: slots)
                var written = 0
                var k = run.k0
                while k < run.k1 {
                    // 1. The live births of the next `n` (the test of `forEachLive`, without branches), their random
                    // uniforms and slots, in C (Births.c: eight lanes at a time, the Swift step's bits; the kept table's
                    // slot one batch ahead asked for per birth: the table reads of a batch waited on memory, a tenth
                    // of the fields path in a profile, and a batch's work takes longer than the memory's latency).
                    birthRun.end = min(run.k1, k + Int64(n))
                    let m = Int(sd_births(&birthRun, &birthColumns))
                    k = birthRun.end
                    // The birth positions on the shape (one per birth, or the point emitter's one position).
                    if let fixedPosition {
                        for j in 0..<m { px0[j] = fixedPosition.x; py0[j] = fixedPosition.y; pz0[j] = fixedPosition.z }
                    } else {
                        for j in 0..<m {
                            let pos = ParticleBirth.position(p, shape: shape, mode: mode, rng: ParticleRandom(key: keys[j]),
                                                             birthTime: births[j])
                            px0[j] = pos.x; py0[j] = pos.y; pz0[j] = pos.z
                        }
                    }
                    guard m > 0 else { continue }
                    if keepsWalks, let entries {
                        // Whether each kept walk holds at the particle's age (step 3 reads it), tested here so that
                        // step 2 can leave out the birth velocities the kept walks replace.
                        for j in 0..<m {
                            unchanged[j] = entries[Int(slots[j])].holds(idKey &+ ks[j], at: ages[j]) ? 1 : 0
                        }
                        for j in m..<((m + 3) & ~3) { unchanged[j] = 1 }
                    }
                    for j in m..<((m + 3) & ~3) {
                        ages[j] = 0; lives[j] = 1; uAngle[j] = 0; uSpeed[j] = 0; uScale[j] = 0; uSpin[j] = 0
                        uR[j] = 0; uG[j] = 0; uB[j] = 0; uA[j] = 0; uRot[j] = 0; px0[j] = 0; py0[j] = 0; pz0[j] = 0
                    }
                    // 2. The birth velocities, four at a time (``ParticleBirth/finish``). The colors, scales, spins and
                    // rotations stay uniforms: `sd_columns` draws them in step 4, the only step that reads them (a pass of
                    // their own here wrote them back, about a fifth of the Swift kernel's samples in the turbulence row).
                    // A group whose four kept walks hold takes their velocities in step 3: its birth velocities
                    // (the sincos, a tenth of the kernel's instructions) would be overwritten unread. Lanes of integrated
                    // fields that resume from their checkpoints (the side known without them) take theirs after
                    // ``sd_field_prepare`` has said which lanes start from their births (step 3).
                    if !resumesLanes {
                        var j = 0
                        while j < m {
                            if !keepsWalks || unchanged[j] & unchanged[j + 1] & unchanged[j + 2] & unchanged[j + 3] == 0 {
                                storeBirthVelocities(j)
                            }
                            j += 4
                        }
                    }
                    // 3. Motion. First each particle's segment at its age, one at a time in birth order: its birth,
                    // or the segment its contact walk is on (``ParticleMotion/walk(_:age:slot:_:)``, resumed from
                    // the contact cache); those a `die` collider took are dropped (every slot is written at
                    // `live`, which advances only for the survivors). Then the closed form on the segments four
                    // at a time (``ContactWalk/state(at:_:k:wind:)``, ``DragMotion/state(_:)``).
                    var live = m
                    if let integrator {
                        // Integrated fields: each particle's final state, resumed from its checkpoint
                        // (``FieldIntegrator/state(_:colliders:age:checkpoint:)``), one at a time in birth order;
                        // those a `die` collider took are dropped. The closed form below is skipped.
                        live = 0
                        if fieldLanes {
                            // The steps of the whole batch four particles at a time (FieldLanes.swift): each lane's
                            // grid, its inputs in birth order, the C lanes, then each finished lane's checkpoint (its
                            // state is in px…vz) and the Swift run of each lane handed back at a contact.
                            // Each particle's checkpoint is read before any is written: a slot two births of the batch
                            // share (a test's small table) then holds one's state instead of the other's, which
                            // changes no byte (``FieldCheckpoint``).
                            let padded = (m + 3) & ~3
                            sd_field_grid(ages, fieldColumns.lanes.steps, fieldColumns.lanes.rest, Int64(padded), integrator.h)
                            // The checkpoint passes in C (FieldCheckpoints.c), every lane on the run's side when it is
                            // known, else each on its birth's, written into the side column first.
                            var laneSlots = FieldIntegrator.laneSlots(checkpoints, slots: slots, ks: ks, idKey: idKey)
                            var birthColumns = SDFieldBirths(px: px0, py: py0, pz: pz0, vx: vx0, vy: vy0, vz: vz0)
                            let sides = fieldColumns.lanes.side!
                            if laneSide == nil {
                                for j in 0..<m { sides[j] = integrator.laneSide(birth(j, idKey &+ ks[j]), colliders: colliderSet) }
                            }
                            var prepared = fieldColumns.lanes
                            // With the side known per run, which lanes resume (`unchanged`, 1) is the pass's own test,
                            // written as it reads each checkpoint (a scalar test of its own before read every checkpoint
                            // twice, about two fifths of the Swift kernel's samples in the turbulence row).
                            let grid = sd_field_prepare(&prepared, fieldColumns.resumed, fieldColumns.bounces,
                                                        resumesLanes ? unchanged : nil, &laneSlots,
                                                        &birthColumns, laneSide == nil ? UnsafePointer(sides) : nil,
                                                        laneSide ?? 0, Int64(m), Int64(padded))
                            // −1: an age whose grid Swift's `Int` cannot hold, where the run's own conversion traps too.
                            precondition(grid == 0, "a particle's age has more integration steps than Int holds")
                            if resumesLanes {
                                // Step 2's birth velocities for the groups with a lane that starts from its birth, copied
                                // into those lanes: the values the pass would have copied from the birth columns.
                                for j in m..<padded { unchanged[j] = 1 }
                                let lanes = fieldColumns.lanes
                                var j = 0
                                while j < m {
                                    if unchanged[j] & unchanged[j + 1] & unchanged[j + 2] & unchanged[j + 3] == 0 {
                                        storeBirthVelocities(j)
                                        for l in j..<(j + 4) where unchanged[l] == 0 {
                                            lanes.vx[l] = vx0[l]; lanes.vy[l] = vy0[l]; lanes.vz[l] = vz0[l]
                                        }
                                    }
                                    j += 4
                                }
                            }
                            var lanes = fieldColumns.lanes
                            sd_field_steps(&lanes, Int64(padded), &fieldParameters)
                            // The finished lanes' checkpoints (``sd_field_keep``); then in birth order the Swift run of each
                            // lane handed back at a contact, which keeps its own. A slot two births of the batch share (a
                            // test's small table) may end with the first's state instead of the second's: either belongs to
                            // its particle, so no byte changes (``FieldCheckpoint``).
                            let handedBack = sd_field_keep(&lanes, fieldColumns.resumed, fieldColumns.bounces, &laneSlots, Int64(m))
                            for j in 0..<(handedBack > 0 || fieldKills ? m : 0) {
                                let id = idKey &+ ks[j]
                                let slot = checkpoints.map { $0 + Int(slots[j]) }
                                var alive = true
                                if fieldColumns.lanes.done[j] == 0 {
                                    let g = j & ~3
                                    if resumesLanes && unchanged[g] & unchanged[g + 1] & unchanged[g + 2] & unchanged[g + 3] != 0 {
                                        // Step 2 left this group's birth velocities out: the run builds the side from the
                                        // birth record (which, with the side known per run, does not read the velocity),
                                        // so the record is made whole again.
                                        let (vx, vy, vz) = birthVelocities(g)
                                        vx0[j] = vx[j & 3]; vy0[j] = vy[j & 3]; vz0[j] = vz[j & 3]
                                    }
                                    let s = integrator.resumeLane(j, birth(j, id), age: ages[j], colliders: colliderSet,
                                                                  checkpoint: slot, fieldColumns)
                                    px[j] = s.position.x; py[j] = s.position.y; pz[j] = s.position.z
                                    vx[j] = s.velocity.x; vy[j] = s.velocity.y; vz[j] = s.velocity.z
                                    alive = s.alive
                                }
                                // Without a `die` collider every particle lives: slot j stays j, nothing to move.
                                guard fieldKills else { continue }
                                let i = live
                                px[i] = px[j]; py[i] = py[j]; pz[i] = pz[j]; vx[i] = vx[j]; vy[i] = vy[j]; vz[i] = vz[j]
                                ages[i] = ages[j]; lives[i] = lives[j]; births[i] = births[j]; ks[i] = ks[j]
                                uScale[i] = uScale[j]; uSpin[i] = uSpin[j]; uRot[i] = uRot[j]
                                uR[i] = uR[j]; uG[i] = uG[j]; uB[i] = uB[j]; uA[i] = uA[j]
                                live &+= alive ? 1 : 0
                            }
                            if !fieldKills { live = m }
                        } else {
                            for j in 0..<m {
                                let id = idKey &+ ks[j]
                                let s = integrator.state(birth(j, id), colliders: colliderSet, age: ages[j],
                                                         checkpoint: checkpoints.map { $0 + Int(slots[j]) })
                                let i = live
                                px[i] = s.position.x; py[i] = s.position.y; pz[i] = s.position.z
                                vx[i] = s.velocity.x; vy[i] = s.velocity.y; vz[i] = s.velocity.z
                                ages[i] = ages[j]; lives[i] = lives[j]; births[i] = births[j]; ks[i] = ks[j]
                                uScale[i] = uScale[j]; uSpin[i] = uSpin[j]; uRot[i] = uRot[j]
                                uR[i] = uR[j]; uG[i] = uG[j]; uB[i] = uB[j]; uA[i] = uA[j]
                                live &+= s.alive ? 1 : 0
                            }
                        }
                        for j in live..<((live + 3) & ~3) {
                            ages[j] = 0; lives[j] = 1; uScale[j] = 0; uSpin[j] = 0; uRot[j] = 0
                            uR[j] = 0; uG[j] = 0; uB[j] = 0; uA[j] = 0
                            px[j] = 0; py[j] = 0; pz[j] = 0; vx[j] = 0; vy[j] = 0; vz[j] = 0
                        }
                    } else if let motion {
                        live = 0
                        if keepsWalks, let colliders = motion.colliders, let entries {
                            // Playback without a `die` collider: every particle lives, so batch slot j stays j
                            // (nothing to compact). Whether each kept walk holds at the particle's age
                            // (``ContactCache/Entry/holds(_:at:)``) was tested after step 1, without branches: the
                            // table is read from memory there, all loads independent of each other (the tests one
                            // particle at a time stalled on each slot's load, about a tenth of the fields path in a
                            // profile). Here, in birth order, the kept segment or ``ParticleMotion/walk(_:age:slot:_:)``. Two births of a
                            // batch share a slot when the table is smaller than a batch (a test's table) or around
                            // k = 0: a walk stored for the first then replaces the second's kept walk after it was
                            // tested, so the id is tested again before the kept walk is read (a stored walk always
                            // carries another id). Without that, the kept walk's bytes are those of a walk from the
                            // birth (``ContactCache``), so the order of the tests changes nothing else.
                            live = m
                            for j in 0..<m {
                                let e = entries + Int(slots[j])
                                if unchanged[j] != 0 && e.pointee.id == idKey &+ ks[j] {
                                    px0[j] = e.pointee.walk.px; py0[j] = e.pointee.walk.py; pz0[j] = e.pointee.walk.pz
                                    vx0[j] = e.pointee.walk.vx; vy0[j] = e.pointee.walk.vy; vz0[j] = e.pointee.walk.vz
                                    starts[j] = e.pointee.walk.start
                                    resting[j] = e.pointee.walk.phase == .flying ? 0 : 1
                                } else {
                                    if unchanged[j] != 0 {
                                        // Its kept walk held when tested (step 2 may have left its velocity out) but a
                                        // walk stored for an earlier birth of the batch replaced it: the velocity of
                                        // its lane, from the same function (so the same bits).
                                        let (vx, vy, vz) = birthVelocities(j & ~3)
                                        vx0[j] = vx[j & 3]; vy0[j] = vy[j & 3]; vz0[j] = vz[j & 3]
                                    }
                                    let w = motion.walk(birth(j, idKey &+ ks[j]), age: ages[j], slot: e, colliders)
                                    px0[j] = w.px; py0[j] = w.py; pz0[j] = w.pz; vx0[j] = w.vx; vy0[j] = w.vy; vz0[j] = w.vz
                                    starts[j] = w.start; resting[j] = w.phase == .flying ? 0 : 1
                                }
                            }
                        } else if let colliders = motion.colliders {
                            // The set is bound once per batch, outside the particle loop: an `if let` of the
                            // optional inside it retained and released the set for every particle (a fifth of
                            // the fields path in a profile, docs/PARTICLES-PERFORMANCE.md). The entries'
                            // pointer is unwrapped once too.
                            for j in 0..<m {
                                let id = idKey &+ ks[j]
                                let slot = entries.map { $0 + Int(slots[j]) }
                                let w: ContactWalk
                                if let slot, let kept = slot.pointee.walk(of: id, unchangedAt: ages[j]) {
                                    // Playback's usual case: the kept walk passes no contact by this age, so
                                    // ``ParticleMotion/walk(_:age:slot:_:)`` would return it as it is.
                                    w = kept
                                } else {
                                    w = motion.walk(birth(j, id), age: ages[j], slot: slot, colliders)
                                }
                                let i = live
                                px0[i] = w.px; py0[i] = w.py; pz0[i] = w.pz; vx0[i] = w.vx; vy0[i] = w.vy; vz0[i] = w.vz
                                starts[i] = w.start; resting[i] = w.phase == .flying ? 0 : 1
                                ages[i] = ages[j]; lives[i] = lives[j]; births[i] = births[j]; ks[i] = ks[j]
                                uScale[i] = uScale[j]; uSpin[i] = uSpin[j]; uRot[i] = uRot[j]
                                uR[i] = uR[j]; uG[i] = uG[j]; uB[i] = uB[j]; uA[i] = uA[j]
                                live &+= w.phase != .dead ? 1 : 0
                            }
                        } else {
                            // Without colliders every particle flies from its birth: the segments are the births.
                            live = m
                            for j in 0..<m { starts[j] = 0; resting[j] = 0 }
                        }
                        for j in live..<((live + 3) & ~3) {
                            ages[j] = 0; lives[j] = 1; uScale[j] = 0; uSpin[j] = 0; uRot[j] = 0
                            uR[j] = 0; uG[j] = 0; uB[j] = 0; uA[j] = 0; starts[j] = 0
                            px0[j] = 0; py0[j] = 0; pz0[j] = 0; vx0[j] = 0; vy0[j] = 0; vz0[j] = 0
                        }
                    } else {
                        for j in 0..<((m + 3) & ~3) { starts[j] = 0 }
                        if let speedCurve {
                            // A speed curve without motion (``EmitterLayer/extendedState``): the velocity scaled by the
                            // curve, the distance by its integral over the life, one particle at a time (a walk over the stops).
                            for j in 0..<m {
                                let life = lives[j]
                                let f = life > 0 ? min(1, ages[j] / life) : 0
                                fs[j] = f  // step 4 reads it too
                                speedI[j] = life * speedCurve.integral(to: f)
                                speedV[j] = speedCurve.value(at: f)
                            }
                            for j in m..<((m + 3) & ~3) { speedI[j] = 0; speedV[j] = 0 }
                        }
                    }
                    // The closed form on the segments, four at a time: with drag ``DragMotion/state(_:)``, without it
                    // Core Animation's (``ParticleBirth/position(atAge:)``, ``velocity(atAge:)``).
                    let drag = motion?.k ?? 0, a = p.accel
                    var j = 0
                    if integrated {
                        // The states are final (above).
                    } else if drag > 0 {
                        let vt = motion!.wind + a / drag  // ``DragMotion/terminal``
                        // In C (`sd_drag_segments`: AVX2 where the CPU has it, the same operations, so the same bits;
                        // docs/PARTICLES-PERFORMANCE.md), which stops at a group whose exponent is outside ±700 or
                        // not a number: that group is computed here (``Exponential``'s wide path), then C resumes.
                        var columns = SDDragColumns(ages: ages, starts: starts, px0: px0, py0: py0, pz0: pz0,
                                                    vx0: vx0, vy0: vy0, vz0: vz0, px: px, py: py, pz: pz, vx: vx, vy: vy, vz: vz)
                        let groups = (live + 3) & ~3
                        while j < live {
                            j = Int(sd_drag_segments(&columns, Int64(j), Int64(groups), drag, vt.x, vt.y, vt.z))
                            guard j < live else { break }
                            let tau = Self.load(ages + j) - Self.load(starts + j)
                            let (e, em1) = Exponential.expAndExpm1(-drag * tau)
                            let f = -em1 / drag
                            let ux = Self.load(vx0 + j) - vt.x, uy = Self.load(vy0 + j) - vt.y, uz = Self.load(vz0 + j) - vt.z
                            Self.store(Self.load(px0 + j) + vt.x * tau + ux * f, px + j)
                            Self.store(Self.load(py0 + j) + vt.y * tau + uy * f, py + j)
                            Self.store(Self.load(pz0 + j) + vt.z * tau + uz * f, pz + j)
                            Self.store(vt.x + ux * e, vx + j); Self.store(vt.y + uy * e, vy + j)
                            Self.store(vt.z + uz * e, vz + j)
                            j += 4
                        }
                    } else if hasSpeed {
                        while j < live {
                            let tau = Self.load(ages + j)
                            let h = 0.5 * tau * tau
                            let ux = Self.load(vx0 + j), uy = Self.load(vy0 + j), uz = Self.load(vz0 + j)
                            let d = Self.load(speedI + j), sv = Self.load(speedV + j)
                            Self.store(Self.load(px0 + j) + ux * d + a.x * h, px + j)
                            Self.store(Self.load(py0 + j) + uy * d + a.y * h, py + j)
                            Self.store(Self.load(pz0 + j) + uz * d + a.z * h, pz + j)
                            Self.store(ux * sv + a.x * tau, vx + j); Self.store(uy * sv + a.y * tau, vy + j)
                            Self.store(uz * sv + a.z * tau, vz + j)
                            j += 4
                        }
                    } else {
                        while j < live {
                            let tau = Self.load(ages + j) - Self.load(starts + j)
                            let h = 0.5 * tau * tau
                            let ux = Self.load(vx0 + j), uy = Self.load(vy0 + j), uz = Self.load(vz0 + j)
                            Self.store(Self.load(px0 + j) + ux * tau + a.x * h, px + j)
                            Self.store(Self.load(py0 + j) + uy * tau + a.y * h, py + j)
                            Self.store(Self.load(pz0 + j) + uz * tau + a.z * h, pz + j)
                            Self.store(ux + a.x * tau, vx + j); Self.store(uy + a.y * tau, vy + j)
                            Self.store(uz + a.z * tau, vz + j)
                            j += 4
                        }
                    }
                    if hasColliders && !integrated {
                        // At rest (the bounces ran out, or stuck) where the walk ended.
                        for j in 0..<live where resting[j] != 0 {
                            px[j] = px0[j]; py[j] = py0[j]; pz[j] = pz0[j]; vx[j] = 0; vy[j] = 0; vz[j] = 0
                        }
                    }
                    // 4. The over-life state (``EmitterLayer/extendedState``) and the columns: the alpha and scale
                    // curves four ages at a time (``ParticleCurve/values(at:into:count:)``, in C), a color ramp one
                    // particle at a time (a walk over the stops), then the rest four at a time (`sd_columns`, in C).
                    // One loop per curve, each bound once per batch (a binding per particle retains its arrays).
                    if hasRamp || hasAlpha || hasScale {
                        // With a speed curve step 3 wrote them (every particle lives: it has no motion).
                        if !hasSpeed {
                            // `life > 0 ? min(1, age / life) : 0` four at a time (`min(1, q)` is `q < 1 ? q : 1`).
                            var j = 0
                            while j < live {
                                let life = Self.load(lives + j)
                                var f = Self.load(ages + j) / life
                                f.replace(with: 1, where: .!(f .< 1))
                                f.replace(with: 0, where: .!(life .> 0))
                                Self.store(f, fs + j)
                                j += 4
                            }
                        }
                        if let ramp {
                            for j in 0..<live {
                                let v = ramp.value(at: fs[j])
                                rampR[j] = v.x; rampG[j] = v.y; rampB[j] = v.z; rampA[j] = v.w
                            }
                        }
                        if let alphaCurve { alphaCurve.values(at: fs, into: alphaV, count: live) }
                        if let scaleCurve { scaleCurve.values(at: fs, into: scaleV, count: live) }
                        for j in live..<((live + 3) & ~3) {
                            alphaV[j] = 1; scaleV[j] = 1; rampR[j] = 1; rampG[j] = 1; rampB[j] = 1; rampA[j] = 1
                        }
                    }
                    // The over-life state and the 14 float columns, four at a time, in C (`sd_columns`: AVX2 where the
                    // CPU has it, the operations of ``EmitterLayer/extendedState`` in its order, so the same bits;
                    // docs/PARTICLES-PERFORMANCE.md, "the fields kernel's columns"), and in the same loop the birth
                    // times, cells and ids (a pass of their own before).
                    let o = offset + written
                    var inputs = SDColumnInputs(ages: ages, lives: lives, red: uR, green: uG, blue: uB, alpha: uA,
                                                scale: uScale, rotation: uRot, spin: uSpin,
                                                px: px, py: py, pz: pz, vx: vx, vy: vy, vz: vz,
                                                rampR: hasRamp ? rampR : nil, rampG: hasRamp ? rampG : nil,
                                                rampB: hasRamp ? rampB : nil, rampA: hasRamp ? rampA : nil,
                                                alphaValues: hasAlpha ? alphaV : nil, scaleValues: hasScale ? scaleV : nil,
                                                births: births, ks: ks)
                    var outputs = SDColumnOutputs(x: out.x + o, y: out.y + o, z: out.z + o, vx: out.vx + o, vy: out.vy + o,
                                                  vz: out.vz + o, scale: out.scale + o, rotation: out.rotation + o,
                                                  red: out.red + o, green: out.green + o, blue: out.blue + o,
                                                  alpha: out.alpha + o, age: out.age + o, lifetime: out.lifetime + o,
                                                  birth: out.birth + o, cells: out.cells + o, ids: out.ids + o)
                    sd_columns(&inputs, &outputs, Int64(live), &columnParameters)
                    written += live
                }
                return written
            }
        }
    }

    /// Stores four doubles at `p` (unaligned).
    @inline(__always) static func store(_ v: SIMD4<Double>, _ p: UnsafeMutablePointer<Double>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Double>.self)
    }
}
