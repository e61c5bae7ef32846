import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The integrator's step tests a collider set of one line that stays (``ColliderSet/soleLine``: a floor, a
/// wall) inline, and the lattice gradients are computed two components per division
/// (docs/PARTICLES-PERFORMANCE.md, "Integrated fields"). Neither may change a
/// byte: a set of one line gives the states and contact ages of the general path — the same line with an
/// extra piece no particle reaches, which the general ``ColliderSet/contact(from:to:at:duration:velocity:_:last:)``
/// tests — and the gradients equal the scalar formula.
@Suite struct IntegratedStepFastPathTests {
    static func same(_ a: (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool),
                     _ b: (position: SIMD3<Double>, velocity: SIMD3<Double>, alive: Bool)) -> Bool {
        (0..<3).allSatisfy { a.position[$0].bitPattern == b.position[$0].bitPattern && a.velocity[$0].bitPattern == b.velocity[$0].bitPattern }
            && a.alive == b.alive
    }

    /// Lines of every kind the fast path takes: an infinite floor, a tilted finite segment (its ends are
    /// tested), a ceiling met from below.
    static func lines(_ response: ParticleCollider.Response) -> [ParticleCollider] {
        [.floor(y: 100, response: response, restitution: 0.5, friction: 0.1),
         ParticleCollider(from: Point(-60, 120), to: Point(90, 60), response: response, restitution: 0.7, friction: 0.2),
         ParticleCollider(from: Point(-500, -40), to: Point(500, -40), isInfinite: true, response: response,
                          restitution: 0.4, friction: 0)]
    }

    @Test("one line tested inline gives the general path's states and contacts, bit for bit",
          arguments: [ParticleCollider.Response.bounce, .stick, .die])
    func soleLineEqualsGeneralPath(_ response: ParticleCollider.Response) {
        var rng = SplitMix64(seed: 0x50_1E)
        func u(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo..<hi, using: &rng) }
        var calm = ParticleFields()
        calm.turbulence = .init(strength: 200, scale: 30, seed: 7)
        var stormy = calm
        stormy.vortex = .init(center: Point(0, 50), angularVelocity: 1.5, coreRadius: 40)
        let integrators = [FieldIntegrator(calm, drag: 0, wind: .zero), FieldIntegrator(stormy, drag: 0.5, wind: SIMD3(20, 0, 0))]
        // A circle far out of reach: the set leaves the fast path, the line keeps piece number 0.
        let unreachable = ParticleCollider.circle(center: Point(1e7, 1e7), radius: 1, response: response)
        var contacts = 0
        for line in Self.lines(response) {
            let sole = ColliderSet([line]), general = ColliderSet([line, unreachable])
            #expect(sole.hasSoleLine && !general.hasSoleLine)
            for integrator in integrators {
                for n in 0..<40 {
                    let b = ParticleBirth(id: UInt64(n), birthTime: u(0, 3), lifetime: 4,
                                          position: SIMD3(u(-100, 100), u(-30, 90), 0),
                                          velocity: SIMD3(u(-80, 80), u(-150, 150), 0),
                                          acceleration: SIMD3(0, n % 3 == 0 ? -120 : 200, 0), scale: 1, scaleSpeed: 0,
                                          scaleFactor: 1, spin: 0, color: SIMD4(1, 1, 1, 1), colorSpeed: .zero)
                    var fastSlot = FieldCheckpoint.empty, generalSlot = FieldCheckpoint.empty
                    for tau in (0..<60).map({ Double($0) / 15 }) + [u(0, 4), 2 * ParticleFields.integrationStep, 4] {
                        let fast = integrator.state(b, colliders: sole, age: tau, checkpoint: &fastSlot)
                        let slow = integrator.state(b, colliders: general, age: tau, checkpoint: &generalSlot)
                        #expect(Self.same(fast, slow), "particle \(n), age \(tau), \(response): \(fast) ≠ \(slow)")
                    }
                    var fastAges: [Double] = [], generalAges: [Double] = []
                    integrator.contactAges(b, colliders: sole, into: &fastAges)
                    integrator.contactAges(b, colliders: general, into: &generalAges)
                    #expect(fastAges.map(\.bitPattern) == generalAges.map(\.bitPattern), "particle \(n): contact ages")
                    #expect(integrator.contactAge(b, colliders: sole)?.bitPattern == integrator.contactAge(b, colliders: general)?.bitPattern)
                    contacts += fastAges.count
                }
            }
        }
        #expect(contacts > 100, "the particles must meet the lines")
    }

    @Test("the two-lane gradient equals the scalar formula, bit for bit")
    func gradientMatchesScalarFormula() {
        var g = SplitMix64(seed: 0x6AD)
        for n in 0..<50_000 {
            let ix = n < 40_000 ? Int64.random(in: -3_000...3_000, using: &g) : Int64(Int32.random(in: .min ... .max, using: &g))
            let iy = Int64.random(in: -3_000...3_000, using: &g), seed = g.next()
            // The formula as it stood, one scalar division per component.
            var h = UInt64(bitPattern: ix) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: iy) &* 0xC2B2_AE3D_27D4_EB4F ^ seed
            h ^= h >> 33; h &*= 0xFF51_AFD7_ED55_8CCD; h ^= h >> 33; h &*= 0xC4CE_B9FE_1A85_EC53; h ^= h >> 33
            let a = Double(h & 0xFFFF) / 32767.5 - 1, b = Double((h >> 16) & 0xFFFF) / 32767.5 - 1
            let v = CurlNoise.gradient(ix, iy, seed)
            #expect(v.x.bitPattern == a.bitPattern && v.y.bitPattern == b.bitPattern, "(\(ix), \(iy)): \(v) ≠ (\(a), \(b))")
        }
    }
}
