import CStardustContacts
import Testing
@testable import StardustPhysics

/// The contact kernels are one C source compiled per instruction set
/// (baseline, and AVX2 on x86-64, whose passes solve two disjoint consecutive
/// bundles side by side) and chosen at run time; the
/// simulation's determinism rests on every variant giving the same bits.
/// These tests run each available variant on the same random bundles and
/// compare every byte of the results with the baseline's.
@Suite("Contact kernel variants")
struct ContactKernelTests {
    static let bodyCount = 48

    /// Random but realistic body states; the last one is the zero state
    /// (static bodies, empty lanes). A few bodies are kinematic (zero inverse
    /// mass, moving).
    static func states(seed: UInt64) -> [BodyState] {
        var states = [BodyState]()
        for k in 0..<bodyCount {
            let u = { (m: Int) in hashUniform(seed: seed, index: UInt64(16 * k + m)) }
            let kinematic = k % 11 == 3
            let angle = 0.2 * (u(0) - 0.5)
            states.append(BodyState(v: Vec2(10 * u(1) - 5, 10 * u(2) - 5), w: 6 * u(3) - 3,
                                    invMass: kinematic ? 0 : 0.1 + 2 * u(4), invInertia: kinematic ? 0 : 0.2 + 5 * u(5),
                                    dp: Vec2(0.02 * (u(6) - 0.5), 0.02 * (u(7) - 0.5)), dq: Rotation(angle: angle)))
        }
        states.append(BodyState.zero)
        return states
    }

    /// Bundles as `prepareContacts` fills them: no body twice in a bundle,
    /// empty lanes and one-point lanes cleared, static partners on the zero
    /// state, speculative points, friction at the cone's edge.
    static func bundles(seed: UInt64, count: Int, states: [BodyState]) -> ([ContactBundle], [ContactBundleCold]) {
        let zero = Int32(bodyCount)
        var bundles = [ContactBundle](repeating: ContactBundle(), count: count)
        var colds = [ContactBundleCold](repeating: ContactBundleCold(), count: count)
        var pool = Array(0..<Int32(bodyCount))
        for k in 0..<count {
            // Eight distinct bodies for the bundle's four lanes: a shuffled
            // slice, drawn afresh for even k and the next slice for odd k, so
            // that a bundle and the one before it share no movable body when
            // k is odd (as two bundles of one color; the AVX2 variant then
            // solves them side by side), and every third such pair keeps off the
            // zero state as well.
            if k % 2 == 0 {
                for i in 0..<16 {
                    let j = i + Int(hashUniform(seed: seed &+ 1, index: UInt64(64 * k + i)) * Double(bodyCount - i))
                    pool.swapAt(i, j)
                }
            }
            let slice = 8 * (k % 2)
            let keepOffZero = k % 6 == 1
            for lane in 0..<contactLanes {
                let u = { (m: Int) in hashUniform(seed: seed &+ 2, index: UInt64(256 * k + 64 * lane + m)) }
                let kind = keepOffZero ? 0.5 : u(0)
                if kind < 0.1 {   // an empty lane, as World.clearLane leaves it
                    bundles[k].indexA[lane] = zero; bundles[k].indexB[lane] = zero
                    colds[k].contact[lane] = -1
                    continue
                }
                let iA = pool[slice + 2 * lane], iB = kind < 0.35 ? zero : pool[slice + 2 * lane + 1]   // a quarter against a static body
                bundles[k].indexA[lane] = iA
                bundles[k].indexB[lane] = iB
                colds[k].contact[lane] = Int32(4 * k + lane)
                // Resting on the ground (y down) or any direction.
                let turn = Rotation(angle: 6.3 * u(2))
                let normal = u(1) < 0.3 ? Vec2(0, -1) : Vec2(turn.c, turn.s)
                bundles[k].normalX[lane] = normal.x
                bundles[k].normalY[lane] = normal.y
                let friction = u(3) < 0.2 ? 0 : u(4)
                bundles[k].friction[lane] = friction
                bundles[k].tangentSpeed[lane] = u(5) < 0.8 ? 0 : 4 * u(6) - 2
                let restitution = u(7) < 0.5 ? 0 : u(8)
                colds[k].restitution[lane] = restitution
                if restitution != 0 { colds[k].hasRestitution = true }
                let stA = states[Int(iA)], stB = states[Int(iB)]
                for point in 0..<2 {
                    let v = { (m: Int) in u(16 + 24 * point + m) }
                    if point == 1 && v(0) < 0.3 { continue }   // a one-point manifold: the second point stays cleared
                    let rA = Vec2(2 * v(1) - 1, 2 * v(2) - 1), rB = Vec2(2 * v(3) - 1, 2 * v(4) - 1)
                    let mA = stA.invMass, mB = stB.invMass, jA = stA.invInertia, jB = stB.invInertia
                    let rnA = cross(rA, normal), rnB = cross(rB, normal)
                    let kNormal = mA + mB + jA * rnA * rnA + jB * rnB * rnB
                    let tangent = normal.rightPerp
                    let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
                    let kTangent = mA + mB + jA * rtA * rtA + jB * rtB * rtB
                    let normalImpulse = v(5) < 0.2 ? 0 : 3 * v(6)
                    // A third at the cone's edge (either side), the rest inside it.
                    let edge = v(7)
                    let tangentImpulse = edge < 0.15 ? friction * normalImpulse : edge < 0.3 ? -(friction * normalImpulse)
                        : friction * normalImpulse * (2 * v(8) - 1)
                    func fill(_ p: inout ContactBundlePoint) {
                        p.anchorAX[lane] = rA.x; p.anchorAY[lane] = rA.y
                        p.anchorBX[lane] = rB.x; p.anchorBY[lane] = rB.y
                        p.baseSeparation[lane] = 0.05 * v(9) - 0.03   // 40 % speculative (apart)
                        p.normalImpulse[lane] = normalImpulse
                        p.tangentImpulse[lane] = tangentImpulse
                        p.maxNormalImpulse[lane] = v(10) < 0.5 ? 0 : normalImpulse
                        p.normalMass[lane] = kNormal > 0 ? 1 / kNormal : 0
                        p.tangentMass[lane] = kTangent > 0 ? 1 / kTangent : 0
                    }
                    if point == 0 { fill(&bundles[k].p0) } else { fill(&bundles[k].p1) }
                    let approach = v(11) < 0.5 ? -12 * v(12) : 2 * v(12) - 1
                    if point == 0 { colds[k].relativeVelocity0[lane] = approach } else { colds[k].relativeVelocity1[lane] = approach }
                }
            }
        }
        return (bundles, colds)
    }

    /// Four sub-steps of the solver's contact passes (warm start, solve,
    /// motion, relax with post-solve totals) and the restitution pass, with
    /// one variant's kernels.
    static func run(_ kernels: UnsafePointer<SDContactKernels>, states: inout [BodyState], bundles: inout [ContactBundle],
                    colds: inout [ContactBundleCold]) {
        let h = 1.0 / 240
        let softness = ContactSoftness(Softness(hertz: 30, zeta: 10, h: h), Softness(hertz: 60, zeta: 10, h: h))
        states.withUnsafeMutableBufferPointer { sb in
        bundles.withUnsafeMutableBufferPointer { cb in
        colds.withUnsafeMutableBufferPointer { ob in
            let s = sb.baseAddress!
            for step in 0..<4 {
                warmStartContacts(cb, s, kernels: kernels)
                solveContacts(cb, s, invH: 1 / h, maxBiasVelocity: 3, softness: softness, kernels: kernels)
                for k in 0..<bodyCount where s[k].invMass > 0 {
                    s[k].dq = s[k].dq.integrated(by: h * s[k].w)
                    s[k].dp += h * s[k].v
                }
                relaxContacts(cb, s, invH: 1 / h, totals: step % 2 == 0 ? ob.baseAddress! : nil, kernels: kernels)
            }
            applyRestitution(cb, ob.baseAddress!, s, threshold: 1, kernels: kernels)
        }
        }
        }
    }

    static func bytes<T>(_ array: [T]) -> [UInt8] { array.withUnsafeBytes { Array($0) } }

    /// The first byte offset at which `a` and `b` differ, nil if they are equal.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        if a.count != b.count { return min(a.count, b.count) }
        return a.indices.first { a[$0] != b[$0] }
    }

    @Test("every compiled variant gives the baseline's bits", arguments: [UInt64(1), 7, 2024])
    func variantsAgreeBitForBit(seed: UInt64) {
        let variants = ContactKernels.available
        #expect(variants.first?.name == "baseline")
        #if arch(x86_64)
        // x86-64 CPUs of the last decade run AVX2; without it this test compares nothing.
        #expect(variants.count >= 2, "no AVX2 variant available")
        #endif
        let states0 = Self.states(seed: seed)
        let (bundles0, colds0) = Self.bundles(seed: seed, count: 300, states: states0)
        // Pairs of consecutive bundles with no body slot in common (the eight-lane path).
        let disjointPairs = (0..<bundles0.count - 1).filter { k in
            let a = (0..<4).flatMap { [bundles0[k].indexA[$0], bundles0[k].indexB[$0]] }
            return (0..<4).allSatisfy { !a.contains(bundles0[k + 1].indexA[$0]) && !a.contains(bundles0[k + 1].indexB[$0]) }
        }.count
        #expect(disjointPairs >= 40)
        var results = [(name: String, states: [UInt8], bundles: [UInt8], colds: [UInt8])]()
        for (name, kernels) in variants {
            var states = states0, bundles = bundles0, colds = colds0
            Self.run(kernels, states: &states, bundles: &bundles, colds: &colds)
            results.append((name, Self.bytes(states), Self.bytes(bundles), Self.bytes(colds)))
        }
        let base = results[0]
        // The passes changed something (not a comparison of untouched inputs).
        #expect(base.states != Self.bytes(states0) && base.bundles != Self.bytes(bundles0) && base.colds != Self.bytes(colds0))
        for r in results.dropFirst() {
            #expect(Self.firstDifference(r.states, base.states) == nil, "\(r.name): body states differ from the baseline's")
            #expect(Self.firstDifference(r.bundles, base.bundles) == nil, "\(r.name): bundles differ from the baseline's")
            #expect(Self.firstDifference(r.colds, base.colds) == nil, "\(r.name): cold bundles differ from the baseline's")
        }
    }

    /// `BodyState` is declared once, in C (`SDBodyState`); Swift's vector
    /// accessors must land on the fields the kernels read.
    @Test("the kernels read BodyState with the layout they declare")
    func bodyStateLayout() {
        let s = BodyState(v: Vec2(1, 2), w: 3, invMass: 4, invInertia: 5, dp: Vec2(6, 7), dq: Rotation(c: 8, s: 9))
        #expect([s.vx, s.vy, s.w, s.invMass, s.invInertia, s.dpx, s.dpy, s.qc, s.qs] == [1, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(s.v == Vec2(1, 2) && s.dp == Vec2(6, 7) && s.dq == Rotation(c: 8, s: 9))
        #expect(MemoryLayout<BodyState>.size == 72 && BodyState.zero.dq == .identity)
        #expect(MemoryLayout<ContactBundle>.size == 800 && MemoryLayout<ContactBundle>.stride == 800)
    }
}
