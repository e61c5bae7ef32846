import Foundation
import Testing
import StardustCore
import StardustAnimation
@testable import StardustParticles

/// Timed changes and the presentation hook apply to particles born after the change (decision P6).
@Suite struct ParameterChangeTests {
    @Test("birth rate change does not back fill") func birthRateChangeDoesNotBackFill() {
        let (layer, _) = singleCellLayer { c in c.birthRate = 10; c.lifetime = 100 }
        let before = layer.evaluate(at: 4.95)
        #expect(layer.setEmitterValue(.number(100), forKeyPath: "emitterCells.c.birthRate", at: 5))
        #expect(layer.evaluate(at: 4.95).isIdentical(to: before), "the past is unchanged")
        let s = layer.evaluate(at: 6)
        // 50 births at 0, 0.1, …, 4.9 then 101 at 5, 5.01, …, 6.
        #expect(s.count == 151)
        let times = s.all.map(\.birthTime)
        #expect(times.filter { $0 < 5 }.count == 50)
        #expect(abs(times[50] - 5) <= 1e-12)
        #expect(abs(times[51] - 5.01) <= 1e-12)
        #expect(layer.emitterValue(forKeyPath: "emitterCells.c.birthRate") == .number(100))
    }

    @Test("property change applies to later births only") func propertyChangeAppliesToLaterBirthsOnly() {
        let (layer, _) = singleCellLayer { c in c.birthRate = 20; c.lifetime = 100; c.velocity = 10 }
        layer.setEmitterValue(.number(30), forKeyPath: "emitterCells.c.velocity", at: 2)
        layer.setEmitterValue(.color(.red), forKeyPath: "emitterCells.c.color", at: 3)
        layer.setEmitterValue(.number(2), forKeyPath: "velocity", at: 4)
        for p in layer.evaluate(at: 5).all {
            let speed = Double((p.velocity * p.velocity).sum().squareRoot())
            let expected = p.birthTime < 2 ? 10.0 : p.birthTime < 4 ? 30 : 60
            #expect(abs(speed - expected) <= 1e-3, "born at \(p.birthTime)")
            #expect(p.color.y == (p.birthTime < 3 ? 1 : 0), "born at \(p.birthTime)")
        }
        // An untimed set replaces the whole history.
        layer.setEmitterValue(.number(7), forKeyPath: "emitterCells.c.velocity")
        for p in layer.evaluate(at: 3).all { #expect(abs((Double(p.velocity.x)) - 7) <= 1e-4) }
    }

    @Test("animated hook is sampled and birth rate integrated") func animatedHookIsSampledAndBirthRateIntegrated() {
        let (layer, _) = singleCellLayer { c in c.birthRate = 1; c.lifetime = 100; c.velocity = 5 }
        // Birth rate 240/s during [0, 1), 0 after; velocity 50 for births from 0.5 on.
        layer.animatedValue = { key, time in
            switch key {
            case "emitterCells.c.birthRate": return .number(time < 1 ? 240 : 0)
            case "emitterCells.c.velocity": return time >= 0.5 ? .number(50) : nil
            default: return nil
            }
        }
        let s = layer.evaluate(at: 3)
        #expect(s.count == 240)
        for p in s.all { #expect(abs((Double(p.velocity.x)) - (p.birthTime < 0.5 - 1e-9 ? 5 : 50)) <= 1e-4) }
        layer.animatedValue = nil
        #expect(layer.evaluate(at: 3).count == 4)
    }
}
