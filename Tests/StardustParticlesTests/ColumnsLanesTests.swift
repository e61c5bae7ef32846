import CStardustParticleLanes
import Testing
@testable import StardustParticles

/// Step 4 of the batched extended kernel in C (`sd_columns`, docs/PARTICLES-PERFORMANCE.md, "the fields
/// kernel's columns") against the Swift four-lane steps it replaced (step 2's birth draws of the colors, scale, spin and
/// rotation from their uniforms, then step 4), kept here as the reference, bit for bit:
/// the variant the CPU runs and every compiled one it can (the baseline, AVX2, AVX-512's eight lanes), over
/// random batches with and without each curve, a sub-cell's scale factor and turn, scales around 0, NaN and
/// infinite inputs, and counts that are not multiples of 4 or 8 (nothing is written past `count`). A NaN is compared as a NaN (its payload, of two
/// NaN operands, is the compiler's choice of operand order).
@Suite struct ColumnsLanesTests {
    typealias Draw = PointKernelTests.Draw

    /// The birth draws of step 2 of ExtendedKernel.swift before `sd_columns` took them (``ParticleBirth/finish``).
    struct Draws {
        var color: SIMD4<Double>, colorRange: SIMD4<Double>, colorFactor: SIMD4<Double>?
        var scale: Double, scaleRange: Double, spin: Double, spinRange: Double
        /// The rotation's base and range, nil when it is not drawn (the uniform's column read as it is).
        var rotation: (Double, Double)?
    }

    /// The Swift steps 2 (the draws, written over the uniforms) and 4 of ExtendedKernel.swift before `sd_columns` took
    /// them (their operations in their order).
    static func reference(_ c: [[Double]], _ count: Int, cs: SIMD4<Double>, scaleSpeed: Double, scaleFactor: Double?,
                          turn: Double, ramp: Bool, alpha: Bool, scale: Bool, draws q: Draws) -> [[Float]] {
        var c = c
        func load(_ col: Int, _ j: Int) -> SIMD4<Double> { SIMD4(c[col][j], c[col][j + 1], c[col][j + 2], c[col][j + 3]) }
        func store(_ v: SIMD4<Double>, _ col: Int, _ j: Int) { for l in 0..<4 { c[col][j + l] = v[l] } }
        var j = 0
        while j < count {
            var r = q.color.x + q.colorRange.x * (2 * load(2, j) - 1)
            var g = q.color.y + q.colorRange.y * (2 * load(3, j) - 1)
            var b = q.color.z + q.colorRange.z * (2 * load(4, j) - 1)
            var a = q.color.w + q.colorRange.w * (2 * load(5, j) - 1)
            if let f = q.colorFactor { r *= f.x; g *= f.y; b *= f.z; a *= f.w }
            store(r, 2, j); store(g, 3, j); store(b, 4, j); store(a, 5, j)
            store(q.scale + q.scaleRange * (2 * load(6, j) - 1), 6, j)
            store(q.spin + q.spinRange * (2 * load(8, j) - 1), 8, j)
            if let (r0, rr) = q.rotation { store(r0 + rr * (2 * load(7, j) - 1), 7, j) }
            j += 4
        }
        var out = [[Float]](repeating: [Float](repeating: 0, count: count), count: 14)
        j = 0
        while j < count {
            let tau = load(0, j), life = load(1, j)
            var r = load(2, j) + cs.x * tau, g = load(3, j) + cs.y * tau
            var b = load(4, j) + cs.z * tau, a = load(5, j) + cs.w * tau
            var sc = load(6, j) + scaleSpeed * tau
            sc.replace(with: 0, where: .!(sc .>= 0))
            if let scaleFactor { sc = scaleFactor * sc }
            if ramp { r *= load(15, j); g *= load(16, j); b *= load(17, j); a *= load(18, j) }
            if alpha { a *= load(19, j) }
            if scale {
                sc = sc * load(20, j)
                sc.replace(with: 0, where: .!(sc .>= 0))
            }
            var rot = load(7, j) + load(8, j) * tau
            if turn != 0 { rot += turn }
            let values = [load(9, j), load(10, j), load(11, j), load(12, j), load(13, j), load(14, j), sc, rot, r, g, b, a, tau, life]
            for l in 0..<min(4, count - j) {
                for (k, v) in values.enumerated() { out[k][j + l] = Float(v[l]) }
            }
            j += 4
        }
        return out
    }

    /// A random batch of step 4: its 21 input columns (padded to four lanes), count, constants and birth indices.
    struct Batch {
        var cols: [[Double]]
        var count: Int, padded: Int
        var cs: SIMD4<Double>, scaleSpeed: Double, scaleFactor: Double?, turn: Double
        var ramp: Bool, alpha: Bool, scale: Bool
        var idKey: UInt64, cell: Int32, ks: [UInt64], writesIds: Bool
        var draws: Draws

        /// Counts 0 … 69, values NaN, ±infinity, ±0, tiny, past Float's range or ordinary; ids near the wrap of UInt64.
        init(_ d: inout Draw) {
            let count = Int(d.u(0, 70)), padded = (count + 3) & ~3
            (self.count, self.padded) = (count, padded)
            func value(_ d: inout Draw) -> Double {
                switch Int(d.u(0, 20)) {
                case 0: return .nan
                case 1: return d.chance(0.5) ? .infinity : -.infinity
                case 2: return d.chance(0.5) ? 0 : -0.0
                case 3: return d.u(-1e-3, 1e-3)
                case 4: return d.u(-1e40, 1e40)  // past Float's range
                default: return d.u(-5, 5)
                }
            }
            var cols = (0..<21).map { _ in (0..<padded).map { _ in value(&d) } }
            if d.chance(0.5) { cols[0] = cols[0].map { $0.isNaN ? $0 : abs($0) * 3 } }  // ages mostly ≥ 0
            self.cols = cols
            cs = SIMD4(d.range(0.3), d.range(0.3), d.range(0.3), d.range(0.3))
            scaleSpeed = d.range(1)
            scaleFactor = d.chance(0.3) ? d.u(-0.5, 2) : nil
            turn = d.chance(0.3) ? d.u(-4, 4) : (d.chance(0.1) ? -0.0 : 0)
            ramp = d.chance(0.4); alpha = d.chance(0.6); scale = d.chance(0.6)
            // The birth times, cells and ids (written in the same loop since they left the Swift kernel's own pass):
            // the ages column as birth times (NaN, ±0, far values), birth indices and keys near the wrap of UInt64.
            idKey = d.chance(0.3) ? UInt64.max &- UInt64(d.u(0, 40)) : UInt64(d.u(0, 1e12))
            cell = Int32(d.u(-3, 200))
            self.ks = (0..<padded).map { _ in d.chance(0.2) ? UInt64.max &- UInt64(d.u(0, 40)) : UInt64(d.u(0, 1e9)) }
            writesIds = d.chance(0.8)
            // The draws: ordinary bases and ranges, now and then 0, −0, NaN or far values (the uniforms are the columns
            // above: NaN, ±infinity, ±0 and far values among them), a sub-cell's color factor, a drawn rotation.
            func base(_ d: inout Draw) -> Double { d.chance(0.9) ? d.range(2) : value(&d) }
            draws = Draws(color: SIMD4(base(&d), base(&d), base(&d), base(&d)),
                          colorRange: SIMD4(base(&d), base(&d), base(&d), base(&d)),
                          colorFactor: d.chance(0.3) ? SIMD4(base(&d), base(&d), base(&d), base(&d)) : nil,
                          scale: base(&d), scaleRange: base(&d), spin: base(&d), spinRange: base(&d),
                          rotation: d.chance(0.5) ? (base(&d), base(&d)) : nil)
        }
    }

    /// What a variant wrote: the 14 float columns, the birth times, cells and ids, each `padded + 1` slots (7 where
    /// nothing was written).
    struct Written {
        var outs: [[Float]], birth: [Double], cells: [Int32], ids: [UInt64]
    }

    /// `batch` through ``sd_columns`` (`variant` 0) or ``sd_columns_variant`` (1 the baseline, 2 AVX2, 3 AVX-512); nil
    /// when the CPU lacks the variant.
    static func run(_ batch: Batch, variant: Int32) -> Written? {
        let padded = batch.padded
        let ks = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: max(1, padded))
        _ = ks.initialize(from: batch.ks)
        let birthOut = UnsafeMutableBufferPointer<Double>.allocate(capacity: padded + 1)
        birthOut.initialize(repeating: 7)
        let cellsOut = UnsafeMutableBufferPointer<Int32>.allocate(capacity: padded + 1)
        cellsOut.initialize(repeating: 7)
        let idsOut = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: padded + 1)
        idsOut.initialize(repeating: 7)
        // Each input exactly `padded` doubles, so a variant that read past the padded lanes would read outside them.
        let inputs = batch.cols.map { col -> UnsafeMutablePointer<Double> in
            let q = UnsafeMutablePointer<Double>.allocate(capacity: max(1, col.count))
            q.initialize(from: col, count: col.count)
            return q
        }
        let outputs = (0..<14).map { _ -> UnsafeMutablePointer<Float> in
            let q = UnsafeMutablePointer<Float>.allocate(capacity: padded + 1)
            q.initialize(repeating: 7, count: padded + 1)
            return q
        }
        defer {
            ks.deallocate(); birthOut.deallocate(); cellsOut.deallocate(); idsOut.deallocate()
            inputs.forEach { $0.deallocate() }
            outputs.forEach { $0.deallocate() }
        }
        let (ramp, alpha, scale, writesIds) = (batch.ramp, batch.alpha, batch.scale, batch.writesIds)
        var i = SDColumnInputs(ages: inputs[0], lives: inputs[1], red: inputs[2], green: inputs[3], blue: inputs[4],
                               alpha: inputs[5], scale: inputs[6], rotation: inputs[7], spin: inputs[8],
                               px: inputs[9], py: inputs[10], pz: inputs[11], vx: inputs[12], vy: inputs[13],
                               vz: inputs[14], rampR: ramp ? inputs[15] : nil, rampG: ramp ? inputs[16] : nil,
                               rampB: ramp ? inputs[17] : nil, rampA: ramp ? inputs[18] : nil,
                               alphaValues: alpha ? inputs[19] : nil, scaleValues: scale ? inputs[20] : nil,
                               births: inputs[0], ks: ks.baseAddress)
        var o = SDColumnOutputs(x: outputs[0], y: outputs[1], z: outputs[2], vx: outputs[3], vy: outputs[4],
                                vz: outputs[5], scale: outputs[6], rotation: outputs[7], red: outputs[8],
                                green: outputs[9], blue: outputs[10], alpha: outputs[11], age: outputs[12],
                                lifetime: outputs[13], birth: writesIds ? birthOut.baseAddress : nil,
                                cells: writesIds ? cellsOut.baseAddress : nil, ids: writesIds ? idsOut.baseAddress : nil)
        let q = batch.draws, factor = q.colorFactor ?? SIMD4(repeating: 1), rotation = q.rotation ?? (0, 0)
        var p = SDColumnParameters(colorSpeed: (batch.cs.x, batch.cs.y, batch.cs.z, batch.cs.w),
                                   scaleSpeed: batch.scaleSpeed, scaleFactor: batch.scaleFactor ?? 1, turn: batch.turn,
                                   hasScaleFactor: batch.scaleFactor != nil ? 1 : 0, cell: batch.cell, idKey: batch.idKey,
                                   color: (q.color.x, q.color.y, q.color.z, q.color.w),
                                   colorRange: (q.colorRange.x, q.colorRange.y, q.colorRange.z, q.colorRange.w),
                                   colorFactor: (factor.x, factor.y, factor.z, factor.w),
                                   scale: q.scale, scaleRange: q.scaleRange, spin: q.spin, spinRange: q.spinRange,
                                   rotation: rotation.0, rotationRange: rotation.1,
                                   hasColorFactor: q.colorFactor != nil ? 1 : 0, drawsRotation: q.rotation != nil ? 1 : 0)
        if variant == 0 {
            sd_columns(&i, &o, Int64(batch.count), &p)
        } else if sd_columns_variant(variant, &i, &o, Int64(batch.count), &p) != 0 {
            return nil
        }
        return Written(outs: outputs.map { Array(UnsafeBufferPointer(start: $0, count: padded + 1)) },
                       birth: Array(birthOut), cells: Array(cellsOut), ids: Array(idsOut))
    }

    @Test("sd_columns (the chosen variant and each compiled one) equals the Swift step bit for bit")
    func columnsMatchSwift() {
        var d = Draw(0x5EED_2614)
        var compared = 0, variantsRun = Set<Int32>()
        for round in 0..<3_000 {
            let batch = Batch(&d)
            let (count, padded, cols) = (batch.count, batch.padded, batch.cols)
            let expected = Self.reference(cols, count, cs: batch.cs, scaleSpeed: batch.scaleSpeed,
                                          scaleFactor: batch.scaleFactor, turn: batch.turn, ramp: batch.ramp,
                                          alpha: batch.alpha, scale: batch.scale, draws: batch.draws)
            for variant: Int32 in [0, 1, 2, 3] {
                guard let w = Self.run(batch, variant: variant) else { continue }
                variantsRun.insert(variant)
                // The Swift loop they replaced: birth[i] = births[j], cells[i] = cell, ids[i] = idKey &+ ks[j]; nothing
                // past `count`, nothing at all without the output columns.
                for j in 0...padded {
                    let written = batch.writesIds && j < count
                    let birth = written ? cols[0][j].bitPattern : Double(7).bitPattern
                    if w.birth[j].bitPattern != birth || w.cells[j] != (written ? batch.cell : 7)
                        || w.ids[j] != (written ? batch.idKey &+ batch.ks[j] : 7) {
                        Issue.record("round \(round), variant \(variant), slot \(j): birth, cell or id differs")
                        return
                    }
                }
                for k in 0..<14 {
                    // Bit for bit, except that of two NaN operands x86 returns the first one's, and the compiler may
                    // swap a product's operands (in Swift as in C): a NaN is compared as a NaN.
                    for j in 0..<count where w.outs[k][j].bitPattern != expected[k][j].bitPattern
                        && !(w.outs[k][j].isNaN && expected[k][j].isNaN) {
                        Issue.record("round \(round), variant \(variant), column \(k), slot \(j): \(w.outs[k][j]) against \(expected[k][j])")
                        return
                    }
                    for j in count...padded where w.outs[k][j] != 7 {
                        Issue.record("round \(round), variant \(variant), column \(k): slot \(j) past the count written")
                        return
                    }
                }
                compared += count
            }
        }
        #expect(variantsRun.contains(0) && variantsRun.contains(1))
        #expect(compared > 150_000)
    }

    /// The eight-lane variant (AVX-512: eight particles at a time, the last one to seven four at a time) against the
    /// four-lane AVX2 variant it replaces, every byte of every output (NaN payloads included: both are this module's C,
    /// compiled from one source with the same operand order), over the random batches above.
    @Test("sd_columns on eight lanes (AVX-512) writes the bytes of the four-lane AVX2 variant",
          .enabled(if: sd_lanes_have_avx512() != 0,
                   "the CPU lacks AVX-512 (F, VL, DQ, BW): the eight-lane columns cannot run on this machine"))
    func wideColumnsMatchFourLanes() throws {
        var d = Draw(0xC0_1805_E1)
        var compared = 0, groupsOfEight = 0
        for round in 0..<4_000 {
            let batch = Batch(&d)
            let wide = try #require(Self.run(batch, variant: 3)), four = try #require(Self.run(batch, variant: 2))
            for k in 0..<14 where wide.outs[k].map(\.bitPattern) != four.outs[k].map(\.bitPattern) {
                Issue.record("round \(round), column \(k): \(wide.outs[k]) against \(four.outs[k])")
                return
            }
            if wide.birth.map(\.bitPattern) != four.birth.map(\.bitPattern) || wide.cells != four.cells || wide.ids != four.ids {
                Issue.record("round \(round): birth, cell or id differs")
                return
            }
            compared += batch.count
            groupsOfEight += batch.count / 8
        }
        #expect(compared > 100_000 && groupsOfEight > 10_000)
    }
}
