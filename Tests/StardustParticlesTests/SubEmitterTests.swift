import Testing
import StardustCore
import StardustTestSupport
@testable import StardustParticles

/// Sub-emitters on a parent particle's birth or death (``SubEmitterTrigger``; docs/PARTICLE-MODEL.md
/// §2.8): born where and when the parent was born or died, with its color, angle and a share of its
/// velocity, in closed form.
@Suite struct SubEmitterTests {
    /// Parents born at 0, 1, 2, … at (10, 20), flying +x at 100 pt/s for exactly 1 s, spinning at 2 rad/s,
    /// colored (1, 0.5, 0.25, 1); one sub-cell configured by the caller.
    static func layer(_ configure: (EmitterCell, inout CellExtensions) -> Void) -> EmitterLayer {
        let parent = EmitterCell(name: "parent")
        parent.birthRate = 1; parent.lifetime = 1; parent.velocity = 100; parent.spin = 2
        parent.color = Color(red: 1, green: 0.5, blue: 0.25, alpha: 1)
        return layerWithSubCell(parent, at: Point(10, 20), configure)
    }

    static func children(_ l: EmitterLayer, at t: Double) -> [Particle] { l.evaluate(at: t).all.filter { $0.cellIndex == 1 } }

    @Test func aDeathBurstIsBornWhereAndWhenItsParentDies() {
        let l = Self.layer { _, x in x.trigger = .death; x.bursts = [ParticleBurst(count: 20)] }
        #expect(Self.children(l, at: 0.99).isEmpty)
        let c = Self.children(l, at: 1.2)
        #expect(c.count == 20)
        for p in c {
            #expect(p.birthTime == 1)
            #expect(abs(p.position.x - 110) < 1e-3 && abs(p.position.y - 20) < 1e-3)
            #expect(p.color == SIMD4(1, 0.5, 0.25, 1))  // white × the parent's color
            #expect(abs(Double(p.rotation) - 2) < 1e-5)  // the parent's angle at death: 2 rad/s × 1 s
            #expect(p.velocity == .zero)  // no velocity of its own, none inherited
        }
        // Each parent bursts once: at t = 2.3 only the second parent's children (born at 2) are alive.
        #expect(Self.children(l, at: 2.3).allSatisfy { $0.birthTime == 2 })
        #expect(Self.children(l, at: 1.6).isEmpty)
    }

    @Test func inheritedVelocityAddsAShareOfTheParentsVelocity() {
        let l = Self.layer { c, x in
            c.velocity = 10; c.emissionLongitude = .pi / 2  // relative to the parent's motion: down the screen
            x.trigger = .death; x.inheritedVelocity = 0.5; x.bursts = [ParticleBurst(count: 5)]
        }
        for p in Self.children(l, at: 1.25) {
            #expect(abs(p.velocity.x - 50) < 1e-3 && abs(p.velocity.y - 10) < 1e-3)
            #expect(abs(p.position.x - (110 + 50 * 0.25)) < 1e-3 && abs(p.position.y - (20 + 10 * 0.25)) < 1e-3)
        }
    }

    @Test func aBirthTriggerEmitsFromTheBirthPointAndOutlivesItsParent() {
        let l = Self.layer { c, x in
            c.lifetime = 3; c.birthRate = 4
            x.trigger = .birth; x.emissionDuration = 0.5
        }
        // Parent 0 (born at 0, dead at 1) left an emitter at (10, 20) that emitted 2 children in [0, 0.5).
        let c = Self.children(l, at: 2.5).filter { $0.birthTime < 1 }
        #expect(c.count == 2)
        #expect(c.allSatisfy { abs($0.position.x - 10) < 1e-3 && abs($0.position.y - 20) < 1e-3 })
    }

    @Test func subEmittersAreSeekableAndThreadIndependent() {
        let l = Self.layer { c, x in
            c.velocity = 60; c.emissionRange = .pi; c.lifetime = 0.8; c.lifetimeRange = 0.3; c.yAcceleration = 40
            x.trigger = .death; x.inheritedVelocity = 0.2
            x.bursts = [ParticleBurst(count: 300), ParticleBurst(time: 0.2, count: 100, cycles: 3, interval: 0.1)]
        }
        l.emitterCells[0].birthRate = 20; l.emitterCells[0].lifetimeRange = 0.4; l.emitterCells[0].emissionRange = .pi
        let fresh = l.evaluate(at: 41.7, threads: 1)
        let stepped = ParticleSnapshot()
        for i in 0..<40 { l.evaluate(at: Double(i) * 0.3, into: stepped, threads: 2) }
        l.evaluate(at: 41.7, into: stepped, threads: 2)
        #expect(fresh.count > 1000)
        #expect(fresh.isIdentical(to: stepped))
        #expect(fresh.isIdentical(to: l.evaluate(at: 41.7, threads: 0)))
    }

    /// Every parent leaves a triggered emitter behind, so one that never ends would make the work of a seek grow
    /// with the time sought; it is refused by name, a cap on the particles alive (`maximumAlive`) or not.
    @Test(arguments: [false, true])
    func anEndlessTriggeredEmitterIsRefusedWithItsCell(capped: Bool) {
        let endless: [(EmitterCell, inout CellExtensions) -> Void] = [
            { c, x in c.birthRate = 10; x.trigger = .death },
            { _, x in x.trigger = .birth; x.bursts = [ParticleBurst(time: 0, count: 3, cycles: ParticleBurst.forever, interval: 0.5)] },
        ]
        for configure in endless {
            let l = Self.layer { c, x in configure(c, &x); if capped { x.maximumAlive = 3 } }
            #expect(throws: EmitterError.invalidValue(keyPath: "emitterCells.parent.emitterCells.child.emissionDuration", value: .infinity,
                                                      reason: "a triggered cell that emits at a rate (or in bursts that repeat forever) "
                                                          + "needs an emissionDuration or a finite duration: each parent leaves its emitter behind, running forever")) {
                try l.validate()
            }
        }
        let bounded: [(EmitterCell, inout CellExtensions) -> Void] = [
            { c, x in c.birthRate = 10; x.trigger = .death; x.emissionDuration = 0.2 },
            { c, x in c.birthRate = 10; x.trigger = .death; c.timing.duration = 0.2 },
            { _, x in x.trigger = .death; x.bursts = [ParticleBurst(time: 0, count: 3, cycles: 4, interval: 0.5)] },
            { c, _ in c.birthRate = 10 },  // untriggered: it ends with its parent
        ]
        for configure in bounded {
            let ok = Self.layer { c, x in configure(c, &x); if capped { x.maximumAlive = 3 } }
            #expect((try? ok.validate()) != nil)
        }
    }
}
