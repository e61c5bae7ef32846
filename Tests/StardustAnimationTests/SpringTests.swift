import Testing
@testable import StardustAnimation

@Suite struct SpringTests {
    /// RK4 integration of m·x'' + c·x' + k·(x − 1) = 0 from x = 0, x' = v0 (independent of the closed form).
    private func rk4(m: Double, k: Double, c: Double, v0: Double, until end: Double, dt: Double = 1e-4) -> [(Double, Double)] {
        var x = 0.0, v = v0, t = 0.0
        var out = [(0.0, 0.0)]
        func acc(_ x: Double, _ v: Double) -> Double { (-c * v - k * (x - 1)) / m }
        let n = Int((end / dt).rounded())
        for i in 1...n {
            let k1x = v, k1v = acc(x, v)
            let k2x = v + 0.5 * dt * k1v, k2v = acc(x + 0.5 * dt * k1x, v + 0.5 * dt * k1v)
            let k3x = v + 0.5 * dt * k2v, k3v = acc(x + 0.5 * dt * k2x, v + 0.5 * dt * k2v)
            let k4x = v + dt * k3v, k4v = acc(x + dt * k3x, v + dt * k3v)
            x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t = Double(i) * dt
            if i % 100 == 0 { out.append((t, x)) }
        }
        return out
    }

    private func compare(_ s: SpringCurve, m: Double, k: Double, c: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        for (t, x) in rk4(m: m, k: k, c: c, v0: s.initialVelocity, until: 2) {
            #expect(abs(s.value(at: t) - x) <= 1e-4, "t = \(t)", sourceLocation: sourceLocation)
        }
    }

    @Test func closedFormMatchesRK4() {
        // Under-damped (CA defaults), with velocity, critically damped, over-damped.
        compare(SpringCurve(), m: 1, k: 100, c: 10)
        compare(SpringCurve(mass: 2, stiffness: 50, damping: 3, initialVelocity: -2), m: 2, k: 50, c: 3)
        compare(SpringCurve(mass: 1, stiffness: 100, damping: 20), m: 1, k: 100, c: 20)
        compare(SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 5), m: 1, k: 100, c: 20)
        compare(SpringCurve(mass: 1, stiffness: 100, damping: 50, initialVelocity: 3, allowsOverdamping: true), m: 1, k: 100, c: 50)
        // Without allowsOverdamping, c = 50 is evaluated as critical (c = 2√(km) = 20).
        compare(SpringCurve(mass: 1, stiffness: 100, damping: 50), m: 1, k: 100, c: 20)
    }

    @Test func referenceValuesForCoreAnimationDefaults() {
        let s = SpringCurve()
        for (t, x) in [(0.05, 0.104405), (0.1, 0.340300), (0.2, 0.849426), (0.3, 1.124355), (0.5, 1.074591), (1.0, 1.002170)] {
            #expect(abs(s.value(at: t) - x) <= 1e-6, "x(\(t))")
        }
        #expect(abs(s.dampingRatio - 0.5) <= 1e-12)
    }

    @Test func settlingDurationBoundsTheBandAsCoreAnimation() {
        let springs = [SpringCurve(), SpringCurve(mass: 1, stiffness: 100, damping: 20),
                       SpringCurve(mass: 1, stiffness: 100, damping: 50, allowsOverdamping: true),
                       SpringCurve(mass: 3, stiffness: 200, damping: 4, initialVelocity: 2)]
        for s in springs {
            let d = s.settlingDuration()
            #expect(d.isFinite && d > 0)
            // Inside the band for good after it…
            var t = d + 1e-6
            while t < d + 5 { #expect(abs(s.value(at: t) - 1) < 0.001, "\(s) at \(t)"); t += 0.0007 }
            // …and the displacement's own last exit from the band comes no later.
            #expect(s.lastExitFromBand() <= d + 1e-9, "\(s)")
        }
        // The old rule (the last exit, 1.270165 s for the defaults) ended springs early; Core Animation's
        // values are 1.4727 s (defaults) and 13.913 s (damping 1), measured on Apple hardware.
        #expect(abs(SpringCurve().lastExitFromBand() - 1.270165) <= 2e-6)
        #expect(abs(SpringCurve().settlingDuration() - 1.4727) <= 1e-4)
        #expect(abs(SpringCurve(damping: 1).settlingDuration() - 13.913) <= 1e-3)
        #expect(SpringCurve(damping: 0).settlingDuration() == .infinity)
    }

    @Test func swiftUIDurationBounceMapping() {
        let s = SpringCurve(perceptualDuration: 0.5, bounce: 0.3)
        #expect(s.mass == 1)
        #expect(abs(s.stiffness - 157.91) <= 0.01)
        #expect(abs(s.damping - 17.59) <= 0.01)
        let d = SpringCurve(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(d.perceptualDuration - 0.6283) <= 1e-4)
        #expect(abs(d.bounce - 0.5) <= 1e-12)
        // Negative bounce: ζ = 1/(1 + b) = 2 for b = −0.5, over-damped.
        let o = SpringCurve(perceptualDuration: 1, bounce: -0.5)
        #expect(abs(o.dampingRatio - 2) <= 1e-9)
        #expect(o.allowsOverdamping)
        #expect(abs(o.bounce - (-0.5)) <= 1e-9)
    }

    @Test func springAnimation() {
        let a = SpringAnimation(keyPath: "x", from: .number(0), to: .number(100))
        // The duration is the user's, as on iOS: 0 means 0.25 s like every CAAnimation
        // (this assertion used to encode the old default, the settling duration).
        #expect(abs(a.endTime() - 0.25) <= 1e-12)
        a.timing.duration = a.settlingDuration   // iOS: anim.duration = anim.settlingDuration
        #expect(abs((a.value(on: .number(0), at: 0.1)?.number ?? .nan) - 34.0300) <= 1e-3)
        #expect(abs((a.value(on: .number(0), at: 0.3)?.number ?? .nan) - 112.4355) <= 1e-3)
        #expect(abs(a.endTime() - a.settlingDuration) <= 1e-12)
        #expect(abs(a.settlingDuration - SpringCurve().settlingDuration()) <= 1e-12)
        a.timing.duration = 0.5
        #expect(abs(a.endTime() - 0.5) <= 1e-12)
        let p = SpringAnimation(perceptualDuration: 0.5, bounce: 0.3, keyPath: "x")
        #expect(abs(p.stiffness - 157.91) <= 0.01)
        #expect(abs(p.bounce - 0.3) <= 1e-9)
        #expect(abs(p.perceptualDuration - 0.5) <= 1e-9)
        // allowsOverdamping changes an over-damped spring's motion.
        let c = SpringAnimation(keyPath: "x", from: .number(0), to: .number(1)); c.damping = 50
        let before = c.value(on: .number(0), at: 0.2)!.number!
        c.allowsOverdamping = true
        #expect(c.value(on: .number(0), at: 0.2)!.number! < before - 0.05)
    }
}
