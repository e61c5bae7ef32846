import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// Fields (docs/PARTICLE-MODEL.md §2.9, §2.11) against closed forms computed here, independently of
/// the engine: linear drag's exponential, rigid rotation for the vortex, uniform acceleration for an
/// attractor, and a zero divergence for curl noise.
@Suite struct FieldTests {
    /// One particle born at t = 0 at `at`, moving at `velocity` along `longitude`, with `fields`.
    static func single(at p: Point = .zero, velocity: Double = 0, longitude: Double = 0, gravity: Double = 0,
                       lifetime: Double = 100, _ fields: ParticleFields) -> EmitterLayer {
        let (layer, _) = singleCellLayer { c in
            c.lifetime = lifetime; c.velocity = velocity; c.emissionLongitude = longitude; c.yAcceleration = gravity
            var x = CellExtensions()
            x.bursts = [ParticleBurst(count: 1)]
            x.fields = fields
            c.extensions = x
        }
        layer.emitterPosition = p
        return layer
    }

    static func particle(_ l: EmitterLayer, _ t: Double) throws -> Particle {
        let s = l.evaluate(at: t, threads: 1)
        try #require(s.count == 1)
        return s[0]
    }

    @Test func dragFollowsTheExponentialClosedForm() throws {
        // v0 = (120, 0), a = (0, 90), k = 1.5, wind (−20, 0): v(t) = vt + (v0 − vt)e^(−kt), vt = w + a/k.
        var f = ParticleFields(); f.drag = 1.5; f.wind = Point(-20, 0)
        let l = Self.single(velocity: 120, gravity: 90, f)
        let k = 1.5, v0x = 120.0, vtx = -20.0, vty = 90 / 1.5
        for t in [0.1, 0.5, 1.0, 2.5, 6.0] {
            let p = try Self.particle(l, t)
            let e = exp(-k * t)
            let x = vtx * t + (v0x - vtx) * (1 - e) / k
            let y = vty * t + (0 - vty) * (1 - e) / k
            #expect(abs(Double(p.position.x) - x) < 1e-3 * max(1, abs(x)), "x at \(t)")
            #expect(abs(Double(p.position.y) - y) < 1e-3 * max(1, abs(y)), "y at \(t)")
            #expect(abs(Double(p.velocity.x) - (vtx + (v0x - vtx) * e)) < 1e-3, "vx at \(t)")
            #expect(abs(Double(p.velocity.y) - vty * (1 - e)) < 1e-3, "vy at \(t)")
        }
        // Long after birth the particle moves at the terminal velocity.
        let late = try Self.particle(l, 40)
        #expect(abs(Double(late.velocity.x) - vtx) < 1e-3 && abs(Double(late.velocity.y) - vty) < 1e-3)
    }

    @Test func theIntegratedPathAgreesWithTheClosedFormUnderDrag() throws {
        // A zero-strength attractor forces the fixed-step path; its drag step is exact for a constant force.
        var f = ParticleFields(); f.drag = 0.8; f.wind = Point(5, -3)
        let closed = Self.single(velocity: 80, longitude: -1, gravity: 40, f)
        f.attractors = [ParticleFields.Attractor(position: Point(1000, 1000), strength: 0)]
        let stepped = Self.single(velocity: 80, longitude: -1, gravity: 40, f)
        for t in [0.37, 1.0, 3.3] {
            let a = try Self.particle(closed, t), b = try Self.particle(stepped, t)
            #expect(simd_length(SIMD3<Double>(a.position - b.position)) < 1e-3, "at \(t)")
            #expect(simd_length(SIMD3<Double>(a.velocity - b.velocity)) < 1e-3, "at \(t)")
        }
    }

    @Test func aVortexKeepsTheRadiusAndTurnsAtItsRate() throws {
        var f = ParticleFields(); f.vortex = ParticleFields.Vortex(center: Point(0, 0), angularVelocity: 2)
        let l = Self.single(at: Point(100, 0), f)
        for t in [0.25, 1.0, 3.0, 10.0] {
            let p = try Self.particle(l, t)
            let r = simd_length(SIMD3<Double>(p.position))
            #expect(abs(r - 100) < 1e-3, "radius \(r) at \(t)")
            // Rigid rotation: the angle is 2·t (clockwise on the y-down screen = atan2 growing).
            let expected = SIMD2(100 * cos(2 * t), 100 * sin(2 * t))
            #expect(abs(Double(p.position.x) - expected.x) < 1e-2 && abs(Double(p.position.y) - expected.y) < 1e-2, "at \(t)")
            // The reported velocity is the carrying one: ω·r, tangential.
            #expect(abs(simd_length(SIMD3<Double>(p.velocity)) - 200) < 1e-2)
        }
        // A Rankine vortex outside its core turns at ω·(core/r)².
        f.vortex = ParticleFields.Vortex(center: Point(0, 0), angularVelocity: 2, coreRadius: 50)
        let outer = Self.single(at: Point(100, 0), f)
        let p = try Self.particle(outer, 2)
        #expect(abs(Double(atan2(p.position.y, p.position.x)) - 2 * 0.25 * 2) < 1e-4)
        #expect(abs(simd_length(SIMD3<Double>(p.position)) - 100) < 1e-3)
    }

    @Test func anAttractorIsAUniformAccelerationTowardsIt() throws {
        var f = ParticleFields(); f.attractors = [ParticleFields.Attractor(position: Point(0, 0), strength: 50)]
        let l = Self.single(at: Point(400, 0), f)
        for t in [0.5, 1.5, 3.0] {
            let p = try Self.particle(l, t)
            #expect(abs(Double(p.position.x) - (400 - 25 * t * t)) < 1e-3, "at \(t)")
            #expect(abs(Double(p.velocity.x) + 50 * t) < 1e-3)
        }
        // Negative strength repels; beyond the radius nothing happens.
        f.attractors = [ParticleFields.Attractor(position: Point(0, 0), strength: -50, radius: 300)]
        #expect(try Self.particle(Self.single(at: Point(200, 0), f), 1).position.x > 224)
        #expect(try Self.particle(Self.single(at: Point(400, 0), f), 1).position.x == 400)
    }

    @Test func curlNoiseIsDivergenceFreeAndNotZero() {
        var maxDiv = 0.0, sumSq = 0.0
        let h = 1e-5
        for i in 0..<400 {
            let x = Double(i % 20) * 0.37 - 3.1, y = Double(i / 20) * 0.41 + 7.3
            let dx = (CurlNoise.curl(x + h, y, seed: 9).x - CurlNoise.curl(x - h, y, seed: 9).x) / (2 * h)
            let dy = (CurlNoise.curl(x, y + h, seed: 9).y - CurlNoise.curl(x, y - h, seed: 9).y) / (2 * h)
            maxDiv = max(maxDiv, abs(dx + dy))
            let c = CurlNoise.curl(x, y, seed: 9)
            sumSq += (c * c).sum()
        }
        #expect(maxDiv < 1e-5, "divergence \(maxDiv)")
        #expect(sumSq / 400 > 0.05, "the field is not trivially zero")
        #expect(CurlNoise.curl(1.3, 2.7, seed: 1) != CurlNoise.curl(1.3, 2.7, seed: 2), "the seed changes the field")
    }

    /// A busy emitter with every integrated field and a bouncing floor.
    static func stormy() -> EmitterLayer {
        let (layer, cell) = singleCellLayer { c in
            c.birthRate = 300; c.lifetime = 2.5; c.lifetimeRange = 1; c.velocity = 120; c.velocityRange = 40
            c.emissionRange = .pi; c.yAcceleration = 60
            var x = CellExtensions()
            var f = ParticleFields(); f.drag = 0.5; f.wind = Point(30, 0)
            f.vortex = ParticleFields.Vortex(center: Point(150, 100), angularVelocity: 1.5, coreRadius: 60)
            f.turbulence = ParticleFields.Turbulence(strength: 80, scale: 40, seed: 3)
            f.attractors = [ParticleFields.Attractor(position: Point(300, 50), strength: 40, radius: 200)]
            x.fields = f
            x.collider = .floor(y: 220, restitution: 0.5, friction: 0.2)
            c.extensions = x
        }
        _ = cell
        layer.emitterPosition = Point(150, 80)
        layer.seed = 7
        return layer
    }

    @Test func framesAloneEqualTheSequenceForAnyThreadCount() {
        let sequence = Self.stormy(), s = ParticleSnapshot()
        for frame in 0...30 {
            let t = 3 + Double(frame) / 30
            sequence.evaluate(at: t, into: s, threads: 2)
            if frame % 10 == 0 {
                #expect(s.isIdentical(to: Self.stormy().evaluate(at: t, threads: 1)), "frame \(frame)")
            }
        }
        #expect(s.count > 500)
        // A seek an hour in costs the same particles and equals a fresh one.
        sequence.evaluate(at: 3600, into: s, threads: 2)
        #expect(s.isIdentical(to: Self.stormy().evaluate(at: 3600, threads: 1)))
    }
}
