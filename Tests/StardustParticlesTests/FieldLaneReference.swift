import CStardustParticleLanes
@testable import StardustParticles

// The lanes' checkpoint passes lane by lane in Swift: the reference the tests hold the product's C passes to
// (FieldCheckpoints.c, `sd_field_prepare` and `sd_field_keep`), and the way tests set up lanes one at a time. They
// read and write what ``FieldIntegrator``'s run reads and writes, with Swift's checked conversions.
extension FieldIntegrator {
    /// Lane `j`'s inputs for a particle born as `b` (its age's grid from ``sd_field_grid``): where its run resumes
    /// (its checkpoint when it belongs to `b` and lies on or before the last full step, else its birth), as
    /// ``run(_:colliders:age:checkpoint:from:contact:)`` computes them.
    @inline(__always)
    func prepareLane(_ j: Int, _ b: ParticleBirth, colliders: ColliderSet?,
                     checkpoint: UnsafeMutablePointer<FieldCheckpoint>?, _ c: FieldLaneColumns) {
        prepareLane(j, b, side: laneSide(b, colliders: colliders), checkpoint: checkpoint, c)
    }

    /// ``prepareLane(_:_:colliders:checkpoint:_:)`` given the lane's `side` (``laneSide(_:colliders:)``, or the same
    /// value known for the whole run): `b`'s position and velocity are read only when the lane starts from its birth.
    @inline(__always)
    func prepareLane(_ j: Int, _ b: ParticleBirth, side: Double,
                     checkpoint: UnsafeMutablePointer<FieldCheckpoint>?, _ c: FieldLaneColumns) {
        let l = c.lanes
        // ``sd_field_grid`` wrote the run's `steps` and `rest` (the conversion traps where the run's would).
        let steps = Int(l.steps[j])
        var i = 0, p = b.position, v = b.velocity, bounces = 0, last = -1
        if let kept = checkpoint?.pointee, kept.resumes(b.id, steps: steps) {
            i = Int(kept.step); p = kept.position; v = kept.velocity; bounces = Int(kept.bounces); last = Int(kept.last)
        }
        l.step[j] = Double(i)
        // The side is a function of the birth (the run's `soleSide`); 0 without a line, where it is not read.
        l.side[j] = side
        l.last[j] = Double(last)
        c.resumed[j] = Double(i); c.bounces[j] = Double(bounces)
        l.px[j] = p.x; l.py[j] = p.y; l.pz[j] = p.z; l.vx[j] = v.x; l.vy[j] = v.y; l.vz[j] = v.z
    }

    /// An unused lane `j` (past the batch's particles): no step, nothing read back.
    @inline(__always)
    static func padLane(_ j: Int, _ c: FieldLaneColumns) {
        let l = c.lanes
        l.step[j] = 0; l.steps[j] = -1; l.rest[j] = 0
        l.side[j] = 0; l.last[j] = -1
        l.px[j] = 0; l.py[j] = 0; l.pz[j] = 0; l.vx[j] = 0; l.vy[j] = 0; l.vz[j] = 0
    }

    /// True when lane `j` finished in ``sd_field_steps``: its final state is in the columns (the state
    /// ``state(_:colliders:age:checkpoint:)`` returns, alive), and its last full-step state is kept in the checkpoint
    /// when it moved on from the one read. False for a lane handed back at a contact
    /// (``resumeLane(_:_:age:colliders:checkpoint:_:)``).
    @inline(__always)
    func keepLane(_ j: Int, _ id: UInt64, checkpoint: UnsafeMutablePointer<FieldCheckpoint>?, _ c: FieldLaneColumns) -> Bool {
        let l = c.lanes
        guard l.done[j] != 0 else { return false }
        if let checkpoint {
            let step = Int(l.step[j])
            if step != Int(c.resumed[j]), FieldCheckpoint.keeps(step: step) {
                checkpoint.pointee = FieldCheckpoint(id: id, step: step, position: SIMD3(l.kpx[j], l.kpy[j], l.kpz[j]),
                                                     velocity: SIMD3(l.kvx[j], l.kvy[j], l.kvz[j]),
                                                     bounces: Int(c.bounces[j]), last: Int(l.last[j]))
            }
        }
        return true
    }


    /// A test batch's lanes before ``sd_field_steps``: the grid of `ages` (zero past the batch) in the variant asked,
    /// each birth's lane prepared (from checkpoint `checkpoints + j` when given), the lanes past the batch padded.
    /// `ageColumn` holds the padded ages. Returns the padded lane count.
    func prepareTestLanes(_ births: [ParticleBirth], ages: [Double], colliders: ColliderSet?,
                          checkpoints: UnsafeMutablePointer<FieldCheckpoint>?, baseline: Bool, _ c: FieldLaneColumns,
                          ageColumn: UnsafeMutablePointer<Double>) -> Int {
        let count = births.count, padded = (count + 3) & ~3
        for j in 0..<padded { ageColumn[j] = j < count ? ages[j] : 0 }
        if baseline {
            sd_field_grid_baseline(ageColumn, c.lanes.steps, c.lanes.rest, Int64(padded), h)
        } else {
            sd_field_grid(ageColumn, c.lanes.steps, c.lanes.rest, Int64(padded), h)
        }
        for j in 0..<count { prepareLane(j, births[j], colliders: colliders, checkpoint: checkpoints.map { $0 + j }, c) }
        for j in count..<padded { FieldIntegrator.padLane(j, c) }
        return padded
    }

    /// ``sd_field_steps`` of `padded` lanes in the variant asked (the baseline or the one the CPU runs).
    static func testSteps(_ c: FieldLaneColumns, padded: Int, _ parameters: SDFieldParameters, baseline: Bool) {
        var lanes = c.lanes, p = parameters
        if baseline { sd_field_steps_baseline(&lanes, Int64(padded), &p) } else { sd_field_steps(&lanes, Int64(padded), &p) }
    }

    /// Lane `j`'s state after the steps: its final state from the columns when it finished (its checkpoint kept by
    /// ``keepLane(_:_:checkpoint:_:)``), else the run from where it was handed back.
    func testLaneState(_ j: Int, _ b: ParticleBirth, age: Double, colliders: ColliderSet?,
                       checkpoint: UnsafeMutablePointer<FieldCheckpoint>?, _ c: FieldLaneColumns)
        -> (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool) {
        let l = c.lanes
        return keepLane(j, b.id, checkpoint: checkpoint, c)
            ? (SIMD3(l.px[j], l.py[j], l.pz[j]), SIMD3(l.vx[j], l.vy[j], l.vz[j]), true)
            : resumeLane(j, b, age: age, colliders: colliders, checkpoint: checkpoint, c)
    }
}
