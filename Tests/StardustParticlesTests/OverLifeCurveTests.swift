import Testing
import StardustCore
import StardustTestSupport
@testable import StardustParticles

/// Over-life curves (``ParticleCurve``, ``ColorRamp``; docs/PARTICLE-MODEL.md §2.6) against their
/// analytic values, alone and on particles.
@Suite struct OverLifeCurveTests {
    static func close(_ a: Double, _ b: Double, _ tol: Double = 1e-12) -> Bool { abs(a - b) <= tol }

    @Test func linearStepAndSmoothAtKnownAges() throws {
        let t = [0.0, 0.5, 1.0], v = [1.0, 3.0, 0.0]
        let lin = try ParticleCurve(times: t, values: v, interpolation: .linear)
        let step = try ParticleCurve(times: t, values: v, interpolation: .step)
        let smooth = try ParticleCurve(times: t, values: v, interpolation: .smooth)
        #expect(Self.close(lin.value(at: 0), 1) && Self.close(lin.value(at: 0.25), 2) && Self.close(lin.value(at: 0.75), 1.5))
        #expect(Self.close(step.value(at: 0.49), 1) && Self.close(step.value(at: 0.5), 3) && Self.close(step.value(at: 0.99), 3))
        #expect(Self.close(step.value(at: 1), 0))
        // smoothstep: u = 0.25 → 3/16 − 2/64 = 0.15625.
        #expect(Self.close(smooth.value(at: 0.125), 1 + 2 * 0.15625))
        #expect(Self.close(smooth.value(at: 0.25), 2) && Self.close(smooth.value(at: 0.5), 3))
        // Flat outside the stops.
        let inner = try ParticleCurve(times: [0.2, 0.8], values: [5, 7])
        #expect(inner.value(at: 0) == 5 && inner.value(at: 0.1) == 5 && inner.value(at: 0.9) == 7 && inner.value(at: 1) == 7)
    }

    @Test func integralsAreExact() throws {
        let t = [0.0, 0.5, 1.0], v = [1.0, 3.0, 0.0]
        let lin = try ParticleCurve(times: t, values: v, interpolation: .linear)
        let step = try ParticleCurve(times: t, values: v, interpolation: .step)
        let smooth = try ParticleCurve(times: t, values: v, interpolation: .smooth)
        // Linear: trapezoids. ∫0^0.5 = 0.5·(1+3)/2 = 1; ∫0.5^1 = 0.5·3/2 = 0.75.
        #expect(Self.close(lin.integral(to: 0.5), 1) && Self.close(lin.integral(to: 1), 1.75))
        #expect(Self.close(lin.integral(to: 0.25), 0.25 * (1 + 2) / 2))
        #expect(Self.close(step.integral(to: 0.5), 0.5) && Self.close(step.integral(to: 1), 0.5 + 1.5))
        // Smoothstep has mean 1/2 over a segment: the same whole-segment integrals as linear.
        #expect(Self.close(smooth.integral(to: 0.5), 1) && Self.close(smooth.integral(to: 1), 1.75))
        // Against a fine midpoint sum at an inner point.
        for c in [lin, step, smooth] {
            let n = 200_000, f = 0.7
            var sum = 0.0
            for i in 0..<n { sum += c.value(at: (Double(i) + 0.5) * f / Double(n)) }
            #expect(abs(sum * f / Double(n) - c.integral(to: f)) < 2e-5, "\(c.interpolation)")
        }
        // Flat before the first stop.
        let inner = try ParticleCurve(times: [0.2, 0.8], values: [5, 7])
        #expect(Self.close(inner.integral(to: 0.1), 0.5) && Self.close(inner.integral(to: 1), 1 + 0.6 * 6 + 0.2 * 7))
    }

    @Test func badStopsAreRefused() {
        #expect(throws: ParticleCurveError.noStops) { try ParticleCurve(times: [], values: []) }
        #expect(throws: ParticleCurveError.timeOutOfRange(index: 1, time: 1.5)) { try ParticleCurve(times: [0, 1.5], values: [1, 2]) }
        #expect(throws: ParticleCurveError.notMonotonic(index: 2, time: 0.3, previous: 0.6)) {
            try ParticleCurve(times: [0, 0.6, 0.3], values: [1, 2, 3])
        }
        #expect(throws: ParticleCurveError.tooManyStops(count: 17)) {
            try ParticleCurve(times: (0..<17).map { Double($0) / 16 }, values: Array(repeating: 1, count: 17))
        }
        #expect(throws: ParticleCurveError.nonFiniteValue(index: 0)) { try ParticleCurve(times: [0], values: [.nan]) }
        #expect(throws: ParticleCurveError.countMismatch) { try ColorRamp(times: [0, 1], colors: [.white]) }
    }

    static func layer(_ configure: (EmitterCell, inout CellExtensions) throws -> Void) rethrows -> EmitterLayer {
        let l = EmitterLayer()
        l.emitterPosition = Point(100, 100)
        let c = EmitterCell(name: "c")
        c.birthRate = 40; c.lifetime = 2; c.lifetimeRange = 0.5; c.velocity = 30; c.emissionRange = .pi
        var x = CellExtensions()
        try configure(c, &x)
        c.extensions = x
        l.emitterCells = [c]
        return l
    }

    @Test func particlesFollowTheirCurvesAtTheirNormalisedAge() throws {
        let scale = try ParticleCurve(times: [0, 0.5, 1], values: [0, 2, 1], interpolation: .smooth)
        let alpha = try ParticleCurve(times: [0, 0.8], values: [1, 0], interpolation: .linear)
        let ramp = try ColorRamp(times: [0, 1], colors: [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0, blue: 1, alpha: 1)],
                                 interpolation: .step)
        let l = try Self.layer { c, x in
            c.scale = 1.5; c.color = Color(red: 0.5, green: 1, blue: 1, alpha: 1)
            x.scaleOverLife = scale; x.alphaOverLife = alpha; x.colorOverLife = ramp
        }
        let s = l.evaluate(at: 7.3)
        #expect(s.count > 50)
        for p in s.all {
            let f = Double(p.age) / Double(p.lifetime)
            #expect(abs(Double(p.scale) - 1.5 * scale.value(at: f)) < 1e-5)
            #expect(abs(Double(p.color.w) - alpha.value(at: f)) < 1e-6)
            #expect(p.color.x == 0.5 && p.color.z == 0)  // step: the first stop's color holds until f = 1
        }
    }

    @Test func spinAndSpeedCurvesIntegrateToAngleAndDistance() throws {
        let spin = try ParticleCurve(times: [0, 1], values: [2, 0])
        let speed = try ParticleCurve(times: [0, 0.3, 1], values: [1, 0.2, 0], interpolation: .smooth)
        let l = try Self.layer { c, x in
            c.spin = 3; c.emissionRange = 0; c.emissionLongitude = 0; c.yAcceleration = 10
            x.spinOverLife = spin; x.speedOverLife = speed
        }
        let s = l.evaluate(at: 4.2)
        #expect(s.count > 50)
        for p in s.all {
            let life = Double(p.lifetime), age = Double(p.age), f = age / life
            // spin 3 × curve 2·(1 − f): angle = 3·life·(2f − f²).
            #expect(abs(Double(p.rotation) - 3 * life * (2 * f - f * f)) < 1e-4)
            // Along +x: 30 · life · ∫ speed; down: ½·10·age².
            #expect(abs(Double(p.position.x) - (100 + 30 * life * speed.integral(to: f))) < 1e-3)
            #expect(abs(Double(p.position.y) - (100 + 5 * age * age)) < 1e-3)
            #expect(abs(Double(p.velocity.x) - 30 * speed.value(at: f)) < 1e-3)
        }
    }

    @Test func twoRampsGiveEachParticleItsOwnFixedMix() throws {
        let a = try ColorRamp(times: [0], colors: [Color(red: 1, green: 0, blue: 0, alpha: 1)])
        let b = try ColorRamp(times: [0], colors: [Color(red: 0, green: 1, blue: 0, alpha: 1)])
        let l = try Self.layer { _, x in x.colorOverLife = a; x.secondColorOverLife = b }
        let s1 = l.evaluate(at: 3), s2 = l.evaluate(at: 3.4)
        var mixes: [UInt64: Float] = [:]
        for p in s1.all {
            #expect(abs(p.color.x + p.color.y - 1) < 1e-6)  // on the segment between the two ramps
            mixes[p.id] = p.color.y
        }
        var shared = 0
        for p in s2.all { if let m = mixes[p.id] { #expect(m == p.color.y); shared += 1 } }
        #expect(shared > 10)
        let ys = mixes.values.map { Double($0) }
        assertUniformLoose(ys)
    }

    func assertUniformLoose(_ ys: [Double]) {
        #expect(ys.min()! < 0.2 && ys.max()! > 0.8)
    }

    @Test func curvesAreSeekableAndThreadIndependent() throws {
        let l = try Self.layer { c, x in
            c.birthRate = 3000
            x.scaleOverLife = try ParticleCurve(times: [0, 0.4, 1], values: [0.2, 1, 0], interpolation: .smooth)
            x.colorOverLife = try ColorRamp(times: [0, 0.5, 1], colors: [.white, Color(red: 1, green: 0.5, blue: 0, alpha: 1), Color(red: 0.2, green: 0, blue: 0, alpha: 0)])
            x.spinOverLife = try ParticleCurve(times: [0, 1], values: [1, -1], interpolation: .step)
        }
        let fresh = l.evaluate(at: 9.25, threads: 1)
        // Stepped: evaluate every frame from 0 into one snapshot, then 9.25.
        let stepped = ParticleSnapshot()
        for i in 0..<60 { l.evaluate(at: Double(i) / 6.5, into: stepped) }
        l.evaluate(at: 9.25, into: stepped, threads: 2)
        #expect(fresh.count > 1000)
        #expect(fresh.isIdentical(to: stepped))
        #expect(fresh.isIdentical(to: l.evaluate(at: 9.25, threads: 0)))
    }

    @Test func cellsWithoutCurvesAreUnchanged() throws {
        let plain = try Self.layer { _, x in x.rotation = 0.25 }
        let curved = try Self.layer { _, x in x.rotation = 0.25; x.alphaOverLife = try ParticleCurve(times: [0], values: [1]) }
        let a = plain.evaluate(at: 5), b = curved.evaluate(at: 5)
        #expect(a.isIdentical(to: b))  // a constant-1 alpha curve changes no bit
    }
}
