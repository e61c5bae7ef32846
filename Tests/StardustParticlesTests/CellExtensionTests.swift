import Testing
import StardustCore
@testable import StardustParticles

/// ``CellExtensions``: opt-in behaviour beyond Core Animation, on its own evaluation path.
@Suite struct CellExtensionTests {
    static func layer(_ configure: (EmitterCell) -> Void) -> EmitterLayer {
        let l = EmitterLayer()
        l.emitterPosition = Point(100, 100)
        let c = EmitterCell(name: "c")
        c.birthRate = 50; c.lifetime = 2; c.velocity = 30; c.emissionRange = .pi
        configure(c)
        l.emitterCells = [c]
        return l
    }

    @Test func finishValuesAreLinearOverEachParticlesLife() {
        let l = Self.layer { c in
            c.scale = 2; c.color = Color(red: 1, green: 0, blue: 0, alpha: 1); c.lifetimeRange = 0.5
            var x = CellExtensions()
            x.finishScale = 0.5; x.finishColor = Color(red: 0, green: 0, blue: 1, alpha: 0)
            x.rotation = 1; x.finishRotation = 3
            c.extensions = x
        }
        let s = l.evaluate(at: 5)
        #expect(s.count > 50)
        for p in s.all {
            let f = Double(p.age) / Double(p.lifetime)
            #expect(abs(Double(p.scale) - (2 + (0.5 - 2) * f)) < 1e-4)
            #expect(abs(Double(p.color.x) - (1 - f)) < 1e-4 && abs(Double(p.color.z) - f) < 1e-4)
            #expect(abs(Double(p.color.w) - (1 - f)) < 1e-4)
            #expect(abs(Double(p.rotation) - (1 + 2 * f)) < 1e-4)
        }
    }

    @Test func extensionsKeepTheCoreAnimationBirths() {
        let ca = Self.layer { _ in }, ext = Self.layer { c in var x = CellExtensions(); x.rotation = 0.3; c.extensions = x }
        let a = ca.evaluate(at: 3.3), b = ext.evaluate(at: 3.3)
        #expect(a.count == b.count)
        for i in 0..<a.count {
            #expect(a.particleID[i] == b.particleID[i])
            #expect(simd_length(a[i].position - b[i].position) < 1e-3)
        }
    }

    @Test func changingExtensionsInvalidatesTheCompiledEmitter() {
        let l = Self.layer { _ in }
        let before = l.evaluate(at: 2)
        var x = CellExtensions(); x.finishScale = 0
        l.emitterCells[0].extensions = x
        let after = l.evaluate(at: 2)
        #expect(before.count == after.count)
        #expect((0..<after.count).contains { after.scale[$0] != before.scale[$0] })
    }

    @Test func radialAccelerationIsIntegratedAtAFixedStepIndependentlyOfThreadsAndHistory() {
        let l = Self.layer { c in
            c.birthRate = 2000; c.lifetime = 1.5
            var x = CellExtensions(); x.radialAcceleration = -200; x.tangentialAcceleration = 80; x.tangentialAccelerationRange = 20
            c.extensions = x
        }
        let one = l.evaluate(at: 1000.25, threads: 1), two = l.evaluate(at: 1000.25, threads: 2)
        #expect(one.count > 1000 && one.isIdentical(to: two))
        // Against a reference integration of one particle: no radial pull → straight line.
        let straight = Self.layer { c in var x = CellExtensions(); x.radialAcceleration = 1e-300; c.extensions = x }
        let ref = Self.layer { _ in }
        let a = straight.evaluate(at: 1.7), b = ref.evaluate(at: 1.7)
        for i in 0..<a.count { #expect(simd_length(a[i].position - b[i].position) < 1e-2) }
    }

    @Test func orbitsStayOnTheirCircle() {
        let l = Self.layer { c in
            var x = CellExtensions(); x.orbit = .init(radius: 40, angularVelocity: 2); c.extensions = x
        }
        for p in l.evaluate(at: 123.4).all {
            let d = SIMD2(Double(p.position.x) - 100, Double(p.position.y) - 100)
            #expect(abs((d * d).sum().squareRoot() - 40) < 0.5)
        }
    }
}
