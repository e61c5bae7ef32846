import CStardustParticleLanes
import StardustCore
import Testing
@testable import StardustParticles

/// Step 1 of the batched extended kernel in C (`sd_births`, docs/PARTICLES-PERFORMANCE.md, "the births in C")
/// against the Swift step it replaced, kept here as the reference, bit for bit: every variant (baseline, AVX2,
/// eight lanes on AVX-512; a variant the CPU lacks is skipped with the reason), over random batches — indices
/// around 0 (the slot's reset after negative indices) and far from it, bursts, tables smaller than a batch,
/// lifetimes that clamp at 0, ages of −0, NaN, and births not yet born or already dead.
@Suite struct BirthsLanesTests {
    typealias Draw = PointKernelTests.Draw

    /// One batch's output: the live count, then per live birth the 15 columns' bits, and the slots after the batch.
    struct Batch: Equatable {
        var m = 0
        var columns: [[UInt64]] = []
        var slot: UInt64 = 0, ahead: UInt64 = 0
    }

    /// The Swift step 1 of ExtendedKernel.swift before `sd_births` (its operations in its order).
    static func reference(_ r: SDBirthRun, _ p: BirthParameters) -> Batch {
        var ages = [Double](), lives = [Double](), births = [Double](), uAngle = [Double](), ks = [UInt64](),
            keys = [UInt64](), slots = [UInt64](), alive = [Bool]()
        var slot = r.slot, ahead = r.ahead
        var k = r.k
        while k < r.end {
            let tb = r.isBurst != 0 ? r.start : r.start + (Double(k) - r.count0) * r.invRate
            let age = r.t - tb
            let rng = ParticleRandom(instance: r.stream, index: UInt64(bitPattern: k))
            let (life, au) = ParticleBirth.life(p, rng)
            ages.append(age); lives.append(life); births.append(tb); uAngle.append(au)
            ks.append(UInt64(bitPattern: k)); keys.append(rng.key); slots.append(slot)
            alive.append((age >= 0) && (age < life))
            if r.table != nil {
                ahead &+= 1
                if ahead >= r.capacity { ahead = 0 }
            }
            k += 1
            slot &+= 1
            if slot == r.capacity || k == 0 { slot = 0 }
        }
        var b = Batch(slot: slot, ahead: ahead)
        var cols = [[UInt64]](repeating: [], count: 15)
        for j in ages.indices where alive[j] {
            let rng = ParticleRandom(key: keys[j])
            let (_, _, us) = rng.triple(ParticleAttribute.lifeAngleSpeed)
            let (u0, u1, u2) = rng.triple(ParticleAttribute.scaleSpinRed)
            let (u3, u4, u5) = rng.triple(ParticleAttribute.greenBlueAlpha)
            let uRot = r.rotation != 0 ? rng.triple(ParticleAttribute.finishAlphaScaleRotation).2 : 0
            let values = [ages[j], lives[j], births[j], uAngle[j], us, u0, u1, u2, u3, u4, u5, uRot]
            for (c, v) in values.enumerated() { cols[c].append(v.bitPattern) }
            cols[12].append(ks[j]); cols[13].append(keys[j]); cols[14].append(slots[j])
            b.m += 1
        }
        b.columns = cols
        return b
    }

    /// `call` (a variant of `sd_births`) on the batch through fresh columns of 64 slots (filled with 7s first);
    /// −1 in `m` when it returns −1 (the CPU lacks the variant).
    static func run(_ r: SDBirthRun, _ call: (UnsafeMutablePointer<SDBirthRun>, UnsafePointer<SDBirthColumns>) -> Int64) -> Batch {
        var r = r
        let n = 64
        let d = UnsafeMutablePointer<Double>.allocate(capacity: 12 * n), u = UnsafeMutablePointer<UInt64>.allocate(capacity: 3 * n)
        defer { d.deallocate(); u.deallocate() }
        d.initialize(repeating: 7, count: 12 * n); u.initialize(repeating: 7, count: 3 * n)
        var c = SDBirthColumns(ages: d, lives: d + n, births: d + 2 * n, uAngle: d + 3 * n, uSpeed: d + 4 * n,
                               uScale: d + 5 * n, uSpin: d + 6 * n, uR: d + 7 * n, uG: d + 8 * n, uB: d + 9 * n,
                               uA: d + 10 * n, uRot: d + 11 * n, ks: u, keys: u + n, slots: u + 2 * n)
        let m = Int(call(&r, &c))
        guard m >= 0 else { return Batch(m: -1) }
        var b = Batch(m: m, slot: r.slot, ahead: r.ahead)
        b.columns = (0..<12).map { col in (0..<m).map { d[col * n + $0].bitPattern } } + (0..<3).map { col in (0..<m).map { u[col * n + $0] } }
        #expect(r.k == r.end)
        return b
    }

    static func run(_ variant: Int32, _ r: SDBirthRun) -> Batch { run(r) { sd_births_variant(variant, $0, $1) } }

    /// Whether the CPU runs variant `v` (an empty batch answers −1 when it cannot).
    static func has(_ v: Int32) -> Bool { run(v, SDBirthRun()).m >= 0 }

    /// Random batches through `variant`, each against the reference; the number compared.
    static func compare(_ variant: Int32, seed: UInt64) -> Int {
        var d = Draw(seed)
        let table = UnsafeMutableRawPointer.allocate(byteCount: 64 * 300, alignment: 64)
        defer { table.deallocate() }
        var compared = 0
        for _ in 0..<3_000 {
            var p = BirthParameters()
            p.life = d.chance(0.05) ? 0 : d.u(0.01, 4)
            p.lifeRange = d.range(3)
            let k0: Int64
            switch Int(d.u(0, 4)) {
            case 0: k0 = Int64(d.u(-140, 80))  // across k = 0
            case 1: k0 = Int64(d.u(-4e15, 4e15))  // past 2⁵³ apart: Double(k) rounds
            case 2: k0 = Int64.max - Int64(d.u(100, 5_000))
            default: k0 = Int64(d.u(0, 1e6))
            }
            let count = Int64(d.chance(0.1) ? d.u(0, 8) : d.u(0, 65))
            let rate = d.u(1, 1e5)
            let capacity = UInt64(d.chance(0.3) ? d.u(1, 70) : d.u(70, 300))
            let slot0 = UInt64(bitPattern: k0) % capacity
            var t = Double(k0) / rate + d.u(-2, 6)
            switch Int(d.u(0, 12)) {
            case 0: t = .nan
            case 1: t = -0.0
            default: break
            }
            let r = SDBirthRun(
                k: k0, end: k0 + count, start: d.chance(0.2) ? -0.0 : d.u(-3, 3), count0: d.chance(0.5) ? 0 : d.u(-50, 50),
                invRate: 1 / rate, t: t, isBurst: d.chance(0.2) ? 1 : 0, rotation: d.chance(0.5) ? 1 : 0,
                stream: UInt64(d.u(0, 1) * 0x1p53) &* 0x9E37_79B9_7F4A_7C15, life: p.life, lifeRange: p.lifeRange,
                slot: slot0, ahead: (slot0 &+ 64) % capacity, capacity: capacity,
                table: d.chance(0.5) ? UnsafePointer(table.assumingMemoryBound(to: UInt8.self)) : nil, slotBytes: 64,
                rotationAttribute: ParticleAttribute.finishAlphaScaleRotation)
            let expected = reference(r, p), got = run(variant, r)
            #expect(got == expected)
            compared += got.m
        }
        return compared
    }

    @Test("sd_births (the chosen variant) and its baseline equal the Swift step bit for bit")
    func baselineAndChosenMatchSwift() {
        #expect(Self.compare(1, seed: 0xB127_0001) > 10_000)
        var d = Draw(0xB127_0002)
        for _ in 0..<200 {
            let k0 = Int64(d.u(-100, 100)), capacity = UInt64(d.u(1, 200))
            let r = SDBirthRun(k: k0, end: k0 + Int64(d.u(0, 65)), start: 0, count0: 0, invRate: 1e-3, t: d.u(0, 2),
                               isBurst: 0, rotation: 1, stream: 12345, life: 1, lifeRange: 0.5,
                               slot: UInt64(bitPattern: k0) % capacity, ahead: 0, capacity: capacity, table: nil,
                               slotBytes: 64, rotationAttribute: ParticleAttribute.finishAlphaScaleRotation)
            var p = BirthParameters()
            p.life = 1; p.lifeRange = 0.5
            // The chosen variant (`sd_births`).
            #expect(Self.run(r) { sd_births($0, $1) } == Self.reference(r, p))
        }
    }

    @Test("sd_births' AVX2 variant equals the Swift step bit for bit",
          .enabled(if: BirthsLanesTests.has(2), "the CPU lacks AVX2: the variant cannot run on this machine"))
    func avx2MatchesSwift() {
        #expect(Self.compare(2, seed: 0xB127_0003) > 10_000)
    }

    @Test("sd_births' eight-lane AVX-512 variant equals the Swift step bit for bit",
          .enabled(if: BirthsLanesTests.has(3), "the CPU lacks AVX-512 (F, VL, DQ, BW): the variant cannot run on this machine"))
    func avx512MatchesSwift() {
        #expect(Self.compare(3, seed: 0xB127_0004) > 10_000)
    }
}
