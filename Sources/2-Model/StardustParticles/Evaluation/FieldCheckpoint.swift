/// One particle's ``FieldIntegrator`` state at a point of its own grid (ages `0, h, 2h, …` from its
/// birth), kept between evaluations in a ``ContactCache`` table so that playback resumes each particle
/// where the previous frame left it instead of integrating it again from its birth
/// (docs/PARTICLE-MODEL.md §2.11).
///
/// Only states at the start of a full step are kept — never the state after the last, shortened step
/// that lands on the age evaluated — so a run resumed from a checkpoint performs exactly the operations
/// of a run from the birth from that step on: the bytes do not change, whatever frames were evaluated
/// before. The turbulence lattice cell is not kept: it only caches four gradients that are a function
/// of the lattice point (``CurlNoise/Cell``), so the first step of a resumed run hashes them again and
/// reads the same values.
///
/// 64 bytes (position and velocity as scalars: `SIMD3<Double>` would pad each to 32 bytes).
struct FieldCheckpoint {
    /// The particle the state belongs to.
    var id: UInt64
    var px: Double, py: Double, pz: Double
    var vx: Double, vy: Double, vz: Double
    /// The number of full steps taken: the state is at age `step · h`. −1 marks an empty slot.
    var step: Int32
    /// Bounces so far, and the collider piece of the last contact (−1: none), as the integrator keeps them.
    var bounces: UInt8
    var last: Int16

    /// An empty slot (never resumed).
    static let empty = FieldCheckpoint(id: 0, px: 0, py: 0, pz: 0, vx: 0, vy: 0, vz: 0, step: -1, bounces: 0, last: -1)

    /// The state of particle `id` after `step` full steps.
    @inline(__always)
    init(id: UInt64, step: Int, position p: SIMD3<Double>, velocity v: SIMD3<Double>, bounces: Int, last: Int) {
        self.init(id: id, px: p.x, py: p.y, pz: p.z, vx: v.x, vy: v.y, vz: v.z, step: Int32(step),
                  bounces: UInt8(bounces), last: Int16(last))
    }

    @inline(__always)
    private init(id: UInt64, px: Double, py: Double, pz: Double, vx: Double, vy: Double, vz: Double,
                 step: Int32, bounces: UInt8, last: Int16) {
        self.id = id; self.px = px; self.py = py; self.pz = pz; self.vx = vx; self.vy = vy; self.vz = vz
        self.step = step; self.bounces = bounces; self.last = last
    }

    var position: SIMD3<Double> { @inline(__always) get { SIMD3(px, py, pz) } }
    var velocity: SIMD3<Double> { @inline(__always) get { SIMD3(vx, vy, vz) } }

    /// True when a run of particle `id` that takes `steps` full steps may start from this state: it
    /// belongs to that particle and lies on or before the last full step.
    @inline(__always) func resumes(_ id: UInt64, steps: Int) -> Bool {
        self.id == id && step >= 0 && Int(step) <= steps
    }

    /// True when a state after `step` full steps can be kept (the step count fits the field; a state at
    /// the birth is not worth a write).
    @inline(__always) static func keeps(step: Int) -> Bool { step > 0 && step <= Int(Int32.max) }
}
