import CStardustParticleLanes
import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The fast paths the batched extended kernel took for `1M-live-fields` (docs/PARTICLES-PERFORMANCE.md,
/// "Issue 26, item 8: the fields path's table reads"), each against the code it stands for, bit for bit:
/// the branch-free test of a kept walk (``ContactCache/Entry/holds(_:at:)`` against
/// ``ContactCache/Entry/walk(of:unchangedAt:)``) and a curve's values through pointers
/// (``ParticleCurve/values(at:into:count:)`` against ``ParticleCurve/value(at:)``). The kernel's branch
/// without a `die` collider is compared with the general path by `ExtendedKernelTests`, which now also
/// counts the particles that take it.
@Suite struct FieldsKernelFastPathTests {
    typealias Draw = PointKernelTests.Draw

    @Test("the branch-free kept-walk test agrees with walk(of:unchangedAt:) on random and edge slots")
    func holdsMatchesUnchangedWalk() {
        var d = Draw(0x5EED_2611)
        var held = 0, refused = 0
        let phases: [ContactWalk.Phase] = [.flying, .resting, .stuck, .dead]
        for _ in 0..<200_000 {
            let tau = d.chance(0.05) ? 0 : d.u(-1, 20)
            var w = ContactWalk(empty: ())
            // Starts before, at and after the age; contacts not searched (NaN), never (+∞), before, at and after it.
            let startChoice = Int(d.u(0, 5))
            w.start = [tau - d.u(0, 5), tau, tau + d.u(0, 5), .infinity, -0.0][startChoice]
            let hitChoice = Int(d.u(0, 5))
            w.hit = [Double.nan, .infinity, tau - w.start, d.u(0, 10), -d.u(0, 1)][hitChoice]
            w.phase = phases[Int(d.u(0, 4))]
            let id = d.g.next()
            let entry = ContactCache.Entry(id: d.chance(0.8) ? id : id &+ 1, used: d.chance(0.9), walk: w)
            let expected = entry.walk(of: id, unchangedAt: tau) != nil
            let fast = entry.holds(id, at: tau)
            if fast != expected {
                Issue.record("start \(w.start), hit \(w.hit), phase \(w.phase), used \(entry.used), age \(tau): holds \(fast), walk \(expected)")
                return
            }
            if fast { held += 1 } else { refused += 1 }
        }
        #expect(held > 20_000)
        #expect(refused > 20_000)
    }

    @Test("a curve's values through pointers equal value(at:) bit for bit")
    func curveValuesMatchValueAt() {
        var d = Draw(0x5EED_2612)
        var compared = 0
        for _ in 0..<2_000 {
            let c = ExtendedKernelTests.curve(&d)
            let n = Int(d.u(0, 70))
            // Ages inside, before and after the stops, exactly at stops, ±0, and a NaN now and then.
            var fs: [Double] = (0..<n).map { _ in
                switch Int(d.u(0, 6)) {
                case 0: return c.times[Int(d.u(0, Double(c.times.count)))]
                case 1: return d.u(-0.5, 0)
                case 2: return d.u(1, 1.5)
                case 3: return d.chance(0.5) ? 0 : -0.0
                default: return d.u(0, 1)
                }
            }
            if n > 0, d.chance(0.2) { fs[Int(d.u(0, Double(n)))] = .nan }  // in a group of four or in the tail
            var out = [Double](repeating: 7, count: n + 1)
            fs.withUnsafeBufferPointer { f in
                out.withUnsafeMutableBufferPointer { o in
                    if let fp = f.baseAddress { c.values(at: fp, into: o.baseAddress!, count: n) }
                }
            }
            for j in 0..<n where out[j].bitPattern != c.value(at: fs[j]).bitPattern {
                Issue.record("\(c), f = \(fs[j]): \(out[j]) against \(c.value(at: fs[j]))")
                return
            }
            #expect(out[n] == 7)  // nothing written past `count`
            // The C baseline too (the run above took the variant the CPU runs: AVX2 where it has it).
            var base = [Double](repeating: 7, count: n)
            let groups = n & ~3
            fs.withUnsafeBufferPointer { f in
                base.withUnsafeMutableBufferPointer { o in
                    c.times.withUnsafeBufferPointer { t in
                        c.values.withUnsafeBufferPointer { v in
                            let mode: Int32 = switch c.interpolation { case .linear: 0; case .step: 1; case .smooth: 2 }
                            if groups > 0 {
                                sd_curve_values_baseline(f.baseAddress!, o.baseAddress!, Int64(groups), t.baseAddress!,
                                                         v.baseAddress!, Int64(t.count), mode)
                            }
                        }
                    }
                }
            }
            for j in 0..<groups where base[j].bitPattern != out[j].bitPattern {
                Issue.record("baseline: \(c), f = \(fs[j]): \(base[j]) against \(out[j])")
                return
            }
            compared += n
        }
        #expect(compared > 50_000)
    }
}
