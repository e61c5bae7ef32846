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
/// The force at the kept position (``FieldIntegrator/force(_:_:noise:)``: its x and y, the only components
/// the fields change) is kept too when the run computed it there, which it does whenever the step from the
/// kept state has a positive length: in playback the shortened step that ends one frame starts where the next
/// frame's first full step starts, so the resumed run takes the kept force instead of evaluating the curl
/// noise again. The force is a function of the position (and of the birth's acceleration and the fields, the
/// same for the same particle of the same compiled emitter), so the value is the one the run would compute:
/// the same bits (docs/PARTICLES-PERFORMANCE.md, "the kept force").
///
/// 80 bytes (position and velocity as scalars: `SIMD3<Double>` would pad each to 32 bytes).
struct FieldCheckpoint {
    /// The particle the state belongs to.
    var id: UInt64
    var px: Double, py: Double, pz: Double
    var vx: Double, vy: Double, vz: Double
    /// The number of full steps taken: the state is at age `step · h`. −1 marks an empty slot.
    var step: Int32
    /// Bounces so far, and the collider piece of the last contact (−1: none), as the integrator keeps them.
    var bounces: UInt8
    /// 1 when `ax`, `ay` hold the force at the kept position, 0 when it is not known (the run did not compute it
    /// there: its last step from the state had no length).
    var knowsForce: UInt8
    var last: Int16
    /// The force's x and y at the kept position when `knowsForce` is 1.
    var ax: Double, ay: Double

    /// An empty slot (never resumed).
    static let empty = FieldCheckpoint(id: 0, px: 0, py: 0, pz: 0, vx: 0, vy: 0, vz: 0, step: -1, bounces: 0,
                                       knowsForce: 0, last: -1, ax: 0, ay: 0)

    /// The state of particle `id` after `step` full steps, with the force's x and y at `position` when known.
    @inline(__always)
    init(id: UInt64, step: Int, position p: SIMD3<Double>, velocity v: SIMD3<Double>, bounces: Int, last: Int,
         force: KeptForce = .unknown) {
        self.init(id: id, px: p.x, py: p.y, pz: p.z, vx: v.x, vy: v.y, vz: v.z, step: Int32(step),
                  bounces: UInt8(bounces), knowsForce: force.isKnown ? 1 : 0, last: Int16(last), ax: force.x, ay: force.y)
    }

    @inline(__always)
    private init(id: UInt64, px: Double, py: Double, pz: Double, vx: Double, vy: Double, vz: Double,
                 step: Int32, bounces: UInt8, knowsForce: UInt8, last: Int16, ax: Double, ay: Double) {
        self.id = id; self.px = px; self.py = py; self.pz = pz; self.vx = vx; self.vy = vy; self.vz = vz
        self.step = step; self.bounces = bounces; self.knowsForce = knowsForce; self.last = last
        self.ax = ax; self.ay = ay
    }

    var position: SIMD3<Double> { @inline(__always) get { SIMD3(px, py, pz) } }
    var velocity: SIMD3<Double> { @inline(__always) get { SIMD3(vx, vy, vz) } }
    /// The kept force (``KeptForce/unknown`` when not known).
    var force: KeptForce { @inline(__always) get { KeptForce(x: ax, y: ay, isKnown: knowsForce != 0) } }

    /// True when a run of particle `id` that takes `steps` full steps may start from this state: it
    /// belongs to that particle and lies on or before the last full step.
    @inline(__always) func resumes(_ id: UInt64, steps: Int) -> Bool {
        self.id == id && step >= 0 && Int(step) <= steps
    }

    /// True when a state after `step` full steps can be kept (the step count fits the field; a state at
    /// the birth is not worth a write).
    @inline(__always) static func keeps(step: Int) -> Bool { step > 0 && step <= Int(Int32.max) }
}

/// The x and y of ``FieldIntegrator/force(_:_:noise:)`` at a state the integrator passed, when it computed it
/// there (``FieldCheckpoint``): a resumed run's first step takes it instead of computing it again.
struct KeptForce {
    var x: Double, y: Double
    /// False when the force was not computed at the state (then `x`, `y` are not read).
    var isKnown: Bool

    static let unknown = KeptForce(x: 0, y: 0, isKnown: false)
}
