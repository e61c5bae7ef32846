import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// The contact cache (docs/PARTICLES-PERFORMANCE.md, "Contact cache") must never change a byte: a
/// layer evaluated at frames in any order, with any thread count, resuming the walks earlier
/// evaluations left, gives exactly what a fresh layer (nothing cached) gives at each frame.
@Suite struct ContactCacheTests {
    /// A fountain onto a floor with drag and wind: most particles bounce several times in their life.
    static func fountain(_ response: ParticleCollider.Response, seed: UInt32) -> EmitterLayer {
        var f = ParticleFields(); f.drag = 0.4; f.wind = Point(15, 0)
        return floorFountain(response, seed: seed, fields: f, birthRate: 400, lifetime: 4, lifetimeRange: 1.5, gravity: 120)
    }

    @Test(arguments: [ParticleCollider.Response.bounce, .stick, .die])
    func cachedEqualsUncachedForAnyFrameOrderAndThreadCount(_ response: ParticleCollider.Response) {
        var rng = SplitMix64(seed: 0xC0FFEE)
        let cached = Self.fountain(response, seed: 3)
        let s = ParticleSnapshot()
        // Forward playback, a backward jump, random seeks, repeated frames and a far seek.
        var times = (0..<40).map { 2 + Double($0) / 60 }
        times += [1.5, 1.5 + 1 / 60.0, 6, 2.4]
        times += (0..<30).map { _ in Double(rng.next() % 100_000) / 10_000 }
        times += [2.4, 2.4, 3600, 3600 + 1 / 60.0, 9]
        var compared = 0
        for (i, t) in times.enumerated() {
            let threads = [1, 2, 3][i % 3]
            cached.evaluate(at: t, into: s, threads: threads)
            let fresh = Self.fountain(response, seed: 3).evaluate(at: t, threads: 1 + i % 2)
            #expect(s.isIdentical(to: fresh), "t = \(t), \(threads) threads, \(response)")
            compared += s.count
        }
        #expect(compared > 10_000)
    }

    /// The tables' slots start on cache lines (``ContactCache/Table/allocateOnLines(_:)``): a 64-byte checkpoint then
    /// lies on one line. The allocator's own alignment (16 bytes) put them across two.
    @Test("the contact tables' slots start on cache lines, whatever the capacity")
    func tablesAreLineAligned() {
        #expect(MemoryLayout<FieldCheckpoint>.stride == ContactCache.Table.lineBytes)
        for capacity in [0, 1, 3, 64, 1000, 1 << 20] {
            for integrated in [false, true] {
                let t = ContactCache.Table(capacity: capacity, integrated: integrated)
                #expect(UInt(bitPattern: t.checkpoints) % UInt(ContactCache.Table.lineBytes) == 0, "capacity \(capacity)")
                #expect(UInt(bitPattern: t.entries) % UInt(ContactCache.Table.lineBytes) == 0, "capacity \(capacity)")
                #expect(t.inUse() == 0)
            }
        }
    }

    @Test func theCacheIsUsedAndClearedWhenTheModelChanges() {
        let layer = Self.fountain(.bounce, seed: 1)
        let s = ParticleSnapshot()
        layer.evaluate(at: 3, into: s, threads: 2)
        layer.evaluate(at: 3.1, into: s, threads: 2)
        #expect(layer.contactCache.entriesInUse() > 500)
        // A model change compiles a new emitter: the walks of the old one must not be resumed.
        layer.emitterCells[0].extensions?.collider?.restitution = 0.3
        layer.evaluate(at: 3.2, into: s, threads: 2)
        let fresh = Self.fountain(.bounce, seed: 1)
        fresh.emitterCells[0].extensions?.collider?.restitution = 0.3
        #expect(s.isIdentical(to: fresh.evaluate(at: 3.2, threads: 1)))
    }

    @Test func newtonFindsTheAnalyticContactOfADraggedParticle() throws {
        // Straight down from rest, drag k, gravity g: y(τ) = g/k·τ − g/k²·(1 − e^(−kτ)); the floor at
        // distance D is reached when y = D. Solve that by bisection here (independent of the engine).
        let k = 0.8, g = 200.0, d = 150.0
        func y(_ t: Double) -> Double { g / k * t - g / (k * k) * (1 - exp(-k * t)) }
        var lo = 0.0, hi = 10.0
        for _ in 0..<200 { let m = 0.5 * (lo + hi); if y(m) < d { lo = m } else { hi = m } }
        let line = CollisionLine(.floor(y: d))
        let m = DragMotion(p0: .zero, v0: .zero, a: SIMD3(0, g, 0), k: k, w: .zero)
        let hit = try #require(line.firstHit(m, side: line.side(.zero, .zero), limit: 10))
        #expect(abs(hit - lo) < 1e-12, "hit \(hit), expected \(lo)")
        // Thrown up first (concave towards the floor from a height): the contact after the apex.
        let up = DragMotion(p0: .zero, v0: SIMD3(0, -120, 0), a: SIMD3(0, g, 0), k: k, w: .zero)
        func yUp(_ t: Double) -> Double { let vt = g / k; return vt * t + (-120 - vt) * (1 - exp(-k * t)) / k }
        lo = 0.5; hi = 10
        for _ in 0..<200 { let m = 0.5 * (lo + hi); if yUp(m) < d { lo = m } else { hi = m } }
        let hitUp = try #require(line.firstHit(up, side: line.side(.zero, .zero), limit: 10))
        #expect(abs(hitUp - lo) < 1e-12, "hit \(hitUp), expected \(lo)")
        // Decelerating towards a wall it does not reach: no contact.
        let short = DragMotion(p0: .zero, v0: SIMD3(0, 100, 0), a: .zero, k: k, w: .zero)  // stops at 125 pt
        #expect(line.firstHit(short, side: line.side(.zero, .zero), limit: 50) == nil)
    }
}
