import Testing
import StardustCore
@testable import StardustAnimation

@Suite struct TimingFunctionTests {
    /// docs/PARTICLE-MODEL.md §3.2, from an exact 200-step bisection solve.
    let xs = [0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.9]
    let table: [(TimingFunction, [Double])] = [
        (.easeIn, [0.01703, 0.06228, 0.09346, 0.12958, 0.21486, 0.31536, 0.42912, 0.55481, 0.62186, 0.69163, 0.83943]),
        (.easeOut, [0.16057, 0.30837, 0.37814, 0.44519, 0.57088, 0.68464, 0.78514, 0.87042, 0.90654, 0.93772, 0.98297]),
        (.easeInEaseOut, [0.01972, 0.08166, 0.12916, 0.18740, 0.33188, 0.50000, 0.66812, 0.81260, 0.87084, 0.91834, 0.98028]),
        (.default, [0.09480, 0.29524, 0.40851, 0.51332, 0.68254, 0.80240, 0.88523, 0.94076, 0.96046, 0.97563, 0.99432]),
    ]

    @Test func namedCurvesMatchReferenceTable() {
        for (f, ys) in table {
            for (x, y) in zip(xs, ys) { #expect(abs(f.evaluate(x) - y) <= 1e-4, "\(f) at \(x)") }
            #expect(f.evaluate(0) == 0); #expect(f.evaluate(1) == 1)
        }
        for i in 0...100 { let x = Double(i) / 100; #expect(abs(TimingFunction.linear.evaluate(x) - x) <= 1e-9) }
    }

    @Test func curvesAreMonotonic() {
        for f in [TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            var last = -1.0
            for i in 0...2000 {
                let y = f.evaluate(Double(i) / 2000)
                #expect(y >= last - 1e-12, "\(f)")
                last = y
            }
        }
    }

    @Test func solverAgreesWithBisectionOnACustomCurve() {
        // y overshoots: control points (0.3, −0.4) (0.6, 1.5).
        let f = TimingFunction(controlPoints: 0.3, -0.4, 0.6, 1.5)
        let p1 = (Double(Float(0.3)), Double(Float(-0.4))), p2 = (Double(Float(0.6)), Double(Float(1.5)))
        func bez(_ a: Double, _ b: Double, _ t: Double) -> Double { 3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t }
        for i in 1..<50 {
            let x = Double(i) / 50
            var lo = 0.0, hi = 1.0
            for _ in 0..<200 { let m = (lo + hi) / 2; if bez(p1.0, p2.0, m) < x { lo = m } else { hi = m } }
            #expect(abs(f.evaluate(x) - bez(p1.1, p2.1, lo)) <= 1e-6)
        }
    }

    @Test func extrapolationUsesEndTangents() {
        // easeIn starts flat; it ends along c1→(1,1): slope (0 − 1)/(0.42 − 1).
        #expect(abs(TimingFunction.easeIn.evaluate(-0.5)) <= 1e-12)
        #expect(abs(TimingFunction.easeIn.evaluate(1.2) - (1 + 0.2 / Double(1 - Float(0.42)))) <= 1e-6)
        // easeOut starts along (0,0)→c2: slope 1/0.58; ends flat.
        #expect(abs(TimingFunction.easeOut.evaluate(-0.1) - (-0.1 / Double(Float(0.58)))) <= 1e-6)
        #expect(abs(TimingFunction.easeOut.evaluate(1.5) - 1) <= 1e-12)
        // default: start slope 0.1/0.25 = 0.4; end slope (1 − 1)/(0.25 − 1) = 0.
        #expect(abs(TimingFunction.default.evaluate(-1) - (-Double(Float(0.1)) / Double(Float(0.25)))) <= 1e-6)
        #expect(abs(TimingFunction.default.evaluate(2) - 1) <= 1e-12)
        #expect(abs(TimingFunction.linear.evaluate(-2) - (-2)) <= 1e-12)
        #expect(abs(TimingFunction.linear.evaluate(3) - 3) <= 1e-12)
    }

    @Test func controlPoints() {
        let f = TimingFunction.easeInEaseOut
        #expect(f.controlPoint(at: 0) == Point(0, 0))
        #expect(abs(f.controlPoint(at: 1)!.x - 0.42) <= 1e-6)
        #expect(f.controlPoint(at: 1)!.y == 0)
        #expect(abs(f.controlPoint(at: 2)!.x - 0.58) <= 1e-6)
        #expect(f.controlPoint(at: 3) == Point(1, 1))
        #expect(f.controlPoint(at: 4) == nil)
        #expect(f.controlPoint(at: -1) == nil)
        #expect(TimingFunction.default == TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1))
    }
}
