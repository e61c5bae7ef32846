import CStardustParticleLanes
import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The batched kernel's closed-form drag segments in C (`sd_drag_segments`, docs/PARTICLES-PERFORMANCE.md,
/// "the fields kernel's lanes") against ``DragMotion/state(_:)``, the Swift formula the kernel computed
/// before, bit for bit: the variant the CPU runs (AVX2 on x86-64 with it) and the baseline, over random
/// segments, with the exponent now and then outside ±700 or not a number (the C code stops there and the
/// caller computes the group, as the kernel does).
@Suite struct DragLanesTests {
    typealias Draw = PointKernelTests.Draw

    @Test("the C drag segments equal DragMotion.state bit for bit, in both variants")
    func dragSegmentsMatchDragMotion() {
        var d = Draw(0x5EED_2613)
        let n = 64
        var cols = [[Double]](repeating: [Double](repeating: 0, count: n), count: 14)
        var compared = 0, stopped = 0
        for round in 0..<3_000 {
            let k = d.chance(0.1) ? d.u(1e-6, 1e-3) : d.u(0.01, 5)
            let w = SIMD3(d.range(50), d.range(50), d.chance(0.5) ? 0 : d.range(5))
            let a = SIMD3(d.range(100), d.range(100), d.chance(0.5) ? 0 : d.range(10))
            let vt = w + a / k
            let count = 4 * Int(d.u(0, 17))
            for j in 0..<count {
                let age = d.chance(0.05) ? 0 : d.u(0, 12)
                cols[0][j] = age
                cols[1][j] = d.chance(0.3) ? 0 : (d.chance(0.5) ? age : age - d.u(0, age + 1e-9))
                // An exponent past ±700 (a long segment under strong drag, or a start after the age) or a NaN.
                if d.chance(0.01) { cols[1][j] = d.chance(0.5) ? age - 800 / k : age + 800 / k }
                if d.chance(0.005) { cols[0][j] = .nan }
                for c in 2..<8 { cols[c][j] = d.range(c < 5 ? 500 : 200) }
            }
            for baseline in [false, true] {
                for c in 8..<14 { for j in 0..<n { cols[c][j] = 7 } }
                var j = 0
                withColumns(&cols) { c in
                    var columns = SDDragColumns(ages: c[0], starts: c[1], px0: c[2], py0: c[3], pz0: c[4], vx0: c[5],
                                                vy0: c[6], vz0: c[7], px: c[8], py: c[9], pz: c[10], vx: c[11], vy: c[12],
                                                vz: c[13])
                    while j < count {
                        j = Int(baseline ? sd_drag_segments_baseline(&columns, Int64(j), Int64(count), k, vt.x, vt.y, vt.z)
                                         : sd_drag_segments(&columns, Int64(j), Int64(count), k, vt.x, vt.y, vt.z))
                        guard j < count else { break }
                        // The group C left: it must hold a lane whose exponent is outside ±700 or not a number.
                        let xs = (0..<4).map { -k * (c[0][j + $0] - c[1][j + $0]) }
                        #expect(xs.contains { !(abs($0) <= Exponential.fastLimit) })
                        stopped += 1
                        for l in 0..<4 { let s = state(c, j + l, k, w, a); c[8][j + l] = s.0.x; c[11][j + l] = s.1.x
                            c[9][j + l] = s.0.y; c[12][j + l] = s.1.y; c[10][j + l] = s.0.z; c[13][j + l] = s.1.z }
                        j += 4
                    }
                    for i in 0..<count {
                        let (p, v) = state(c, i, k, w, a)
                        let got = [c[8][i], c[9][i], c[10][i], c[11][i], c[12][i], c[13][i]]
                        let want = [p.x, p.y, p.z, v.x, v.y, v.z]
                        if zip(got, want).contains(where: { $0.bitPattern != $1.bitPattern }) {
                            Issue.record("round \(round), baseline \(baseline), slot \(i): \(got) against \(want)")
                        }
                    }
                    #expect(count == n || c[8][count] == 7)  // nothing written past `count`
                }
                compared += count
            }
        }
        #expect(compared > 50_000)
        #expect(stopped > 10)
    }

    /// ``DragMotion/state(_:)`` of slot `i`'s segment at its age.
    func state(_ c: [UnsafeMutablePointer<Double>], _ i: Int, _ k: Double, _ w: SIMD3<Double>, _ a: SIMD3<Double>)
        -> (SIMD3<Double>, SIMD3<Double>) {
        let m = DragMotion(p0: SIMD3(c[2][i], c[3][i], c[4][i]), v0: SIMD3(c[5][i], c[6][i], c[7][i]), a: a, k: k, w: w)
        let s = m.state(c[0][i] - c[1][i])
        return (s.position, s.velocity)
    }

    /// Runs `body` with pointers to the 14 columns.
    func withColumns(_ cols: inout [[Double]], _ body: ([UnsafeMutablePointer<Double>]) -> Void) {
        let ptrs = cols.map { col -> UnsafeMutablePointer<Double> in
            let p = UnsafeMutablePointer<Double>.allocate(capacity: col.count)
            p.initialize(from: col, count: col.count)
            return p
        }
        body(ptrs)
        for (i, p) in ptrs.enumerated() {
            cols[i] = Array(UnsafeBufferPointer(start: p, count: cols[i].count))
            p.deallocate()
        }
    }

    @Test("the variant chosen at run time is AVX2 where the CPU has it")
    func variantIsReported() {
        let avx2 = sd_lanes_use_avx2() != 0
        #if arch(x86_64)
        if ProcessInfo.processInfo.environment["STARDUST_NO_AVX"].map({ $0.isEmpty || $0 == "0" }) ?? true {
            // Not asserted true: the test machine may lack AVX2; recorded so that a run shows which variant it compared.
            print("CStardustParticleLanes: AVX2 \(avx2)")
        } else {
            #expect(!avx2)
        }
        #else
        #expect(!avx2)
        #endif
    }
}
