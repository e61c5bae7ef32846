import CStardustParticleLanes

/// The integrated fields' steps four particles at a time (``sd_field_steps``, in C: FieldSteps.c) for the
/// batched kernel (ExtendedKernel.swift), around the same run as ``FieldIntegrator/state(_:colliders:age:checkpoint:)``
/// (docs/PARTICLES-PERFORMANCE.md, "Turbulence steps in lanes").
///
/// A batch goes through four passes: ``sd_field_grid`` computes each lane's steps and shortened step, four at a
/// time; ``sd_field_prepare`` (FieldCheckpoints.c) reads each particle's checkpoint (or birth) into the lanes'
/// columns; ``sd_field_steps`` takes every lane's full steps and its shortened last step together, four lanes at a
/// time; ``sd_field_keep`` keeps each finished lane's last full-step state in its checkpoint (its final state is in
/// the columns). A lane whose step
/// crosses the collider line is handed back at the start of that step, a point of its own grid, and
/// ``FieldIntegrator/run(_:colliders:age:checkpoint:from:contact:)`` takes it from there (the contact and
/// what follows): the steps from a grid point are those of the run from the birth, so the bytes are the
/// same (the argument of ``FieldCheckpoint``).
///
/// Only integrators without attractors or vortex, with no collider or one line that stays
/// (``FieldIntegrator/takesLanes(_:)``): the fields the lanes compute. No allocation; the columns are the
/// kernel's batch scratch.
struct FieldLaneColumns {
    /// What ``sd_field_steps`` reads and writes (its p/v are the kernel's state columns).
    var lanes: SDFieldLanes
    /// Per lane, the step the checkpoint held when read (the run's `resumedAt`), and its bounces.
    let resumed: UnsafeMutablePointer<Double>, bounces: UnsafeMutablePointer<Double>
}

/// A grid state to start ``FieldIntegrator/run(_:colliders:age:checkpoint:from:contact:)`` from: the state after
/// `step` full steps, and the step the particle's checkpoint held when the evaluation started.
struct LaneStart {
    var step: Int
    var position: SIMD3<Double>, velocity: SIMD3<Double>
    var bounces: Int, last: Int
    var resumedAt: Int
}

extension FieldIntegrator {
    /// Entries of the lattice-cell table ``sd_field_steps`` reads (``makeLatticeCells()``): 320 KB, more than the
    /// cells a layer's particles span at the bench's scale (docs/PARTICLES-PERFORMANCE.md, "Turbulence steps in lanes").
    static let latticeCells = 4096

    /// An empty lattice-cell table for ``SDFieldParameters/cells``, for one integrator's seed: a lane resumed from its
    /// checkpoint finds its cell's gradients there instead of hashing them again. The caller deallocates it. (The
    /// batched kernel uses its thread's table instead, ``sd_thread_lattice_cells``, kept across calls.)
    static func makeLatticeCells() -> UnsafeMutablePointer<SDLatticeCell> {
        let cells = UnsafeMutablePointer<SDLatticeCell>.allocate(capacity: latticeCells)
        sd_lattice_cells_clear(cells, Int64(latticeCells))  // the empty entry, defined once (LatticeCells.c)
        return cells
    }

    /// True when ``sd_field_steps`` computes this integrator's steps with `colliders`: no attractors, no vortex,
    /// and no collider or one line that stays.
    func takesLanes(_ colliders: ColliderSet?) -> Bool {
        !hasAttractors && !hasVortex && (colliders.map { $0.hasSoleLine } ?? true)
    }

    /// The constants of ``sd_field_steps`` for this integrator and `colliders` (``takesLanes(_:)``), every lane's
    /// birth acceleration being `acceleration` (a cell's).
    func laneParameters(_ colliders: ColliderSet?, acceleration a: SIMD3<Double>) -> SDFieldParameters {
        let line = colliders?.soleLine
        let o = line?.origin ?? .zero, n = line?.normal ?? .zero
        return SDFieldParameters(h: h, k: k, decay: decay, reach: reach, wind: (wind.x, wind.y, wind.z),
                                 accel: (a.x, a.y, a.z), turbulence: turbulence, inverseScale: inverseScale, seed: noiseSeed,
                                 origin: (o.x, o.y, o.z), normal: (n.x, n.y, n.z), hasSole: line != nil ? 1 : 0,
                                 cells: nil, cellMask: 0)
    }

    /// The side of the line lane `b` collides from (the run's `soleSide`: ``CollisionLine/side(_:_:)`` of the birth);
    /// 0 without a line, where it is not read.
    @inline(__always)
    func laneSide(_ b: ParticleBirth, colliders: ColliderSet?) -> Double {
        let hasSole = colliders?.hasSoleLine ?? false
        return hasSole ? colliders.unsafelyUnwrapped.soleLine.side(b.position, b.velocity) : 0
    }

    /// The batch's checkpoints for ``sd_field_prepare`` and ``sd_field_keep`` (FieldCheckpoints.c): lane j is the
    /// particle `idKey &+ ks[j]`, its slot `checkpoints + slots[j]` (the C struct ``SDFieldCheckpoint`` has
    /// ``FieldCheckpoint``'s layout: `FieldCheckpointTests`).
    static func laneSlots(_ checkpoints: UnsafeMutablePointer<FieldCheckpoint>?, slots: UnsafePointer<UInt64>,
                          ks: UnsafePointer<UInt64>, idKey: UInt64) -> SDFieldSlots {
        SDFieldSlots(table: checkpoints.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: SDFieldCheckpoint.self) },
                     slots: slots, ks: ks, idKey: idKey)
    }

    /// The state of a particle born as `b` at age `tau` whose lane `j` was handed back at a contact: the run from
    /// the grid state the lane stopped at (the contact's step and on), with the checkpoint it keeps.
    @inline(__always)
    func resumeLane(_ j: Int, _ b: ParticleBirth, age tau: Double, colliders: ColliderSet?,
                    checkpoint: UnsafeMutablePointer<FieldCheckpoint>?, _ c: FieldLaneColumns)
        -> (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool) {
        let l = c.lanes
        let start = LaneStart(step: Int(l.step[j]), position: SIMD3(l.kpx[j], l.kpy[j], l.kpz[j]),
                              velocity: SIMD3(l.kvx[j], l.kvy[j], l.kvz[j]), bounces: Int(c.bounces[j]),
                              last: Int(l.last[j]), resumedAt: Int(c.resumed[j]))
        let r = run(b, colliders: colliders, age: tau, checkpoint: checkpoint, from: start)
        return (r.position, r.velocity, r.alive)
    }
}
