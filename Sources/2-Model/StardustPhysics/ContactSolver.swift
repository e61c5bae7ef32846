// ContactSolver.swift — soft-step contact constraints, four at a time
// (Box2D v3 `contact_solver.c`, its wide SIMD path).
//
// Per step the touching contacts are graph-colored (no two contacts of one
// color share a movable body) and packed, color by color, into bundles of
// `contactLanes` constraints. A bundle holds its constraints' data in
// structure-of-arrays form, one `SIMD4<Double>` per quantity, so that the
// arithmetic of four contacts runs side by side. A bundle gathers its bodies'
// velocities, inverse masses (and motion since the step began) from the
// `BodyState` array into lanes, takes the step's softness as lanes
// (`ContactSoftness`), solves, and scatters the new velocities of its
// movable bodies (inverse mass above zero) back. Empty lanes point at the
// zero state, whose masses are zero, and stay inert.
//
// The bundles and the per-sub-step kernels (warm start, solve, relax, and
// the restitution pass) live in the C target `CStardustContacts`, compiled
// from one source for the baseline and, on x86-64, for AVX2; the AVX2
// variant is chosen once at run time when the CPU has it
// (`STARDUST_NO_AVX=1` forces the baseline). Swift cannot be compiled for
// AVX without unsafe flags, and on SSE2 a `SIMD4<Double>` is two of the 16
// xmm registers: the kernels need ~24 live quantities, so a third of the
// Swift kernel's ~1 070 instructions per bundle were spills and copies. With
// AVX2 a quantity is one ymm register and each lane operation one
// instruction (~530 instructions per bundle); and the AVX2 passes solve two
// consecutive bundles that share no body side by side (eight lanes), which
// interleaves their dependency chains. Every variant runs the same IEEE
// operations in the same order as the Swift kernels did (no contraction into
// FMA, no min/max, no reciprocal estimates), so the bits are the same;
// `ContactKernelTests` compares the variants on random bundles. On other
// architectures (arm64: NEON, 32 registers) only the baseline is built.
//
// The lanes are `Double`. A `Float` build (then a typealias, `Lane`) was
// faster on the pyramids (half the instructions and bytes; the figures are in
// docs/PHYSICS.md, "Float lanes", and docs/BENCHMARKS.md), but momentum is then
// kept only to float precision (the 1:2 elastic collision test wants 1e-9),
// and the rain pile never slept (one circle kept rolling on top), which makes
// rain slower. Eight-lane bundles (`SIMD8`,
// bit-identical) were not faster; `Float` storage with `Double` arithmetic
// left rain piles awake far more often; two-lane bundles and the two halves
// of a bundle solved one after the other were slower (a half's rows form one
// dependent chain). See docs/PHYSICS.md.
//
// Non-penetration is a soft constraint (stiffness `contactHertz`, heavy
// damping) with speculative handling of points that are still apart;
// friction is a Coulomb cone clamped by the normal impulse; restitution is
// a separate pass after the sub-steps using the approach speed measured
// when the step began.
//
// Determinism: only lane-wise + − × and comparisons with explicit selects,
// never min/max or fused multiply-adds (`fp contract(off)` in the C target),
// so every variant, debug and release, computes the same bits.

import CStardustContacts

/// Constraints per bundle.
let contactLanes = 4

/// One manifold point of four constraints (declared in `CStardustContacts`).
typealias ContactBundlePoint = SDContactPoint

/// Four contact constraints in structure-of-arrays form: what the sub-step
/// passes read and write. What only the restitution pass, the impulse store
/// and the events need lives in ``ContactBundleCold`` (same index), so that
/// the twelve passes per step stream ~20 % fewer bytes. Declared in
/// `CStardustContacts`; a zeroed value (`ContactBundle()`) is an inert bundle
/// once its indices point at the zero state.
typealias ContactBundle = SDContactBundle

/// The rarely read part of a bundle (same index as its ``ContactBundle``).
typealias ContactBundleCold = SDContactBundleCold

/// The contact softness of a step as lanes: soft contacts between two
/// movable bodies, stiffer ones against a body of infinite mass. Chosen per
/// lane from the gathered inverse masses (a lane with a zero inverse mass is
/// against a static or kinematic body), so the bundles need not carry three
/// more quantities per lane.
typealias ContactSoftness = SDContactSoftness

extension SDContactSoftness {
    init(_ soft: Softness, _ staticSoft: Softness) {
        self.init(biasRate: SIMD4(repeating: soft.biasRate),
                  massScale: SIMD4(repeating: soft.massScale),
                  impulseScale: SIMD4(repeating: soft.impulseScale),
                  staticBiasRate: SIMD4(repeating: staticSoft.biasRate),
                  staticMassScale: SIMD4(repeating: staticSoft.massScale),
                  staticImpulseScale: SIMD4(repeating: staticSoft.impulseScale))
    }
}

/// The compiled variants of the contact kernels (`CStardustContacts`).
enum ContactKernels {
    /// The kernels the solver runs: AVX2 when the CPU has it, else (or with
    /// `STARDUST_NO_AVX` set) the baseline; chosen once, on first use. All
    /// variants compute the same bits.
    @inline(__always) static var chosen: UnsafePointer<SDContactKernels> { sd_contact_kernels() }

    /// Every variant this build and CPU can run, baseline first (tests compare them).
    static var available: [(name: String, kernels: UnsafePointer<SDContactKernels>)] {
        let all: [(String, SDContactKernelVariant)] = [("baseline", SDContactKernelBaseline), ("avx2", SDContactKernelAVX2)]
        return all.compactMap { name, v in sd_contact_kernels_variant(v).map { (name, $0) } }
    }
}

/// Applies last step's impulses (warm start) of every bundle.
@inline(__always) func warmStartContacts(_ c: UnsafeMutableBufferPointer<ContactBundle>, _ s: UnsafeMutablePointer<BodyState>,
                                         kernels: UnsafePointer<SDContactKernels> = ContactKernels.chosen) {
    guard let base = c.baseAddress, c.count > 0 else { return }
    kernels.pointee.warmStart(base, c.count, s)
}

/// The solve pass (soft bias) of every bundle.
@inline(__always) func solveContacts(_ c: UnsafeMutableBufferPointer<ContactBundle>, _ s: UnsafeMutablePointer<BodyState>,
                                     invH: Double, maxBiasVelocity: Double, softness: ContactSoftness,
                                     kernels: UnsafePointer<SDContactKernels> = ContactKernels.chosen) {
    guard let base = c.baseAddress, c.count > 0 else { return }
    withUnsafePointer(to: softness) { soft in
        kernels.pointee.solve(base, c.count, s, soft, invH, maxBiasVelocity)
    }
}

/// The relax pass (no bias) of every bundle. With `totals` (the cold bundles,
/// same count), the accumulated normal impulses after the pass, which are
/// what this sub-step applied, are summed there (post-solve events).
@inline(__always) func relaxContacts(_ c: UnsafeMutableBufferPointer<ContactBundle>, _ s: UnsafeMutablePointer<BodyState>,
                                     invH: Double, totals: UnsafeMutablePointer<ContactBundleCold>?,
                                     kernels: UnsafePointer<SDContactKernels> = ContactKernels.chosen) {
    guard let base = c.baseAddress, c.count > 0 else { return }
    kernels.pointee.relax(base, c.count, s, invH, totals)
}

/// The restitution pass of every bundle, after the sub-steps: fast
/// approaches of points that pushed bounce by their restitution.
@inline(__always) func applyRestitution(_ c: UnsafeMutableBufferPointer<ContactBundle>, _ cold: UnsafeMutablePointer<ContactBundleCold>,
                                        _ s: UnsafeMutablePointer<BodyState>, threshold: Double,
                                        kernels: UnsafePointer<SDContactKernels> = ContactKernels.chosen) {
    guard let base = c.baseAddress, c.count > 0 else { return }
    kernels.pointee.restitution(base, cold, c.count, s, threshold)
}
