import StardustTestSupport
import Foundation
import Testing
import StardustCore
import StardustAnimation
@testable import StardustParticles

@Suite struct KeyPathAndLimitTests {
    func tree() -> EmitterLayer {
        let layer = EmitterLayer()
        let rocket = EmitterCell(name: "rocket"), spark = EmitterCell(name: "spark")
        rocket.emitterCells = [spark]
        layer.emitterCells = [rocket, EmitterCell(name: "other")]
        return layer
    }

    @Test("nested key paths resolve by name") func nestedKeyPathsResolveByName() {
        let layer = tree()
        #expect(layer.setEmitterValue(.number(130), forKeyPath: "emitterCells.rocket.emitterCells.spark.velocity"))
        #expect(layer.emitterCells[0].emitterCells[0].velocity == 130)
        #expect(layer.emitterValue(forKeyPath: "emitterCells.rocket.emitterCells.spark.velocity") == .number(130))
        #expect(layer.setEmitterValue(.color(.red), forKeyPath: "emitterCells.other.color"))
        #expect(layer.emitterCells[1].color == .red)
        #expect(layer.setEmitterValue(.bool(false), forKeyPath: "emitterCells.other.enabled"))
        #expect(layer.emitterValue(forKeyPath: "emitterCells.other.isEnabled") == .bool(false))
        #expect(layer.setEmitterValue(.point(Point(3, 4)), forKeyPath: "emitterPosition"))
        #expect(layer.emitterPosition == Point(3, 4))
        #expect(layer.setEmitterValue(.string("sphere"), forKeyPath: "emitterShape"))
        #expect(layer.emitterShape == .sphere)
        #expect(layer.emitterValue(forKeyPath: "renderMode") == .string("unordered"))
        #expect(layer.emitterValue(forKeyPath: "scale") == .number(1))
        // Unknown names, properties and wrong kinds are rejected.
        #expect(layer.emitterValue(forKeyPath: "emitterCells.nope.velocity") == nil)
        #expect(layer.emitterValue(forKeyPath: "emitterCells.rocket.bogus") == nil)
        #expect(layer.emitterValue(forKeyPath: "emitterCells.spark.velocity") == nil, "spark is not top-level")
        #expect(!(layer.setEmitterValue(.string("x"), forKeyPath: "emitterCells.rocket.velocity")))
        #expect(!(layer.setEmitterValue(.string("blob"), forKeyPath: "emitterShape")))
        #expect(layer.emitterShape == .sphere)
    }

    @Test("cell defaults are core animations") func cellDefaultsAreCoreAnimations() {
        let c = EmitterCell()
        #expect(c.name == nil); #expect(c.isEnabled)
        #expect([c.birthRate, c.lifetime, c.lifetimeRange, c.velocity, c.emissionRange, c.spin, c.scaleSpeed] == [0, 0, 0, 0, 0, 0, 0])
        #expect(c.scale == 1); #expect(c.color == .white); #expect(c.contentsRect == .unit)
        #expect(c.contentsScale == 1); #expect(c.minificationFilter == .linear)
        let l = EmitterLayer()
        #expect(l.emitterShape.rawValue == "point"); #expect(l.emitterMode.rawValue == "volume")
        #expect(l.renderMode.rawValue == "unordered")
        #expect([l.birthRate, l.lifetime, l.velocity, l.scale, l.spin] == [1, 1, 1, 1, 1])
        #expect(l.seed == 0); #expect(!l.preservesDepth)
        #expect(EmitterRenderMode(rawValue: "oldestFirst") == .oldestFirst)
        #expect(EmitterMode(rawValue: "outline") == .outline)
        #expect(EmitterShape(rawValue: "line") == .line)
    }

    @Test("disabled cell does not emit") func disabledCellDoesNotEmit() {
        let (layer, cell) = singleCellLayer { c in c.birthRate = 10; c.lifetime = 5 }
        #expect(layer.evaluate(at: 1).count == 11)
        cell.isEnabled = false
        #expect(layer.evaluate(at: 1).count == 0)
    }

    @Test("estimated particle count includes nested cells") func estimatedParticleCountIncludesNestedCells() {
        let layer = tree()
        let rocket = layer.emitterCells[0], spark = rocket.emitterCells[0]
        rocket.birthRate = 2; rocket.lifetime = 3
        spark.birthRate = 100; spark.lifetime = 1.5; spark.lifetimeRange = 0.5
        spark.timing.beginTime = 1   // emits for 2 s of each rocket's 3 s
        layer.birthRate = 1.5
        // Rockets: 3/s × 3 s = 9; sparks: 3 × 100 × 2 = 600/s × 2 s = 1200.
        #expect(layer.estimatedParticleCount == 1209)
    }

    @Test("budget is an error not a hang") func budgetIsAnErrorNotAHang() {
        let (layer, cell) = singleCellLayer { c in c.birthRate = 1e12; c.lifetime = 10 }
        layer.maximumParticleCount = 20_000
        let budgetError = #expect(throws: (any Error).self) { try layer.validate() }
        _ = budgetError.map { error in
            guard case EmitterError.particleBudgetExceeded(let n, let limit) = error else { Issue.record("\(error)"); return }
            #expect(n == 10_000_000_000_000); #expect(limit == 20_000)
            #expect("\(error)".contains("maximumParticleCount"))
        }
        let s = layer.evaluate(at: 100)
        #expect(s.isTruncated)
        #expect(s.count <= 20_000)
        cell.birthRate = 100
        #expect(throws: Never.self) { try layer.validate() }
        #expect(!(layer.evaluate(at: 100).isTruncated))
        cell.velocity = .nan
        let valueError = #expect(throws: (any Error).self) { try layer.validate() }
        _ = valueError.map { error in
            guard case EmitterError.invalidValue(let key, let v, _) = error else { Issue.record("\(error)"); return }
            #expect(key == "emitterCells.c.velocity"); #expect(v.isNaN)
        }
    }

    @Test("non finite values neither crash nor draw") func nonFiniteValuesNeitherCrashNorDraw() {
        let (layer, cell) = singleCellLayer { c in
            c.birthRate = 10; c.lifetime = 5; c.velocity = .infinity; c.contents = TestSupport.whiteTexture()
        }
        #expect(layer.evaluate(at: 1).count == 11)
        var list: [DrawCommand] = []
        layer.drawContents(into: &list, time: 1, transform: .identity)
        #expect(list.isEmpty, "particles at infinite positions are not drawn")
        cell.birthRate = .nan
        #expect(layer.evaluate(at: 1).count == 0)
        cell.birthRate = 10; cell.lifetime = .nan
        #expect(layer.evaluate(at: 1).count == 0)
    }

    @Test("cell timing limits emission") func cellTimingLimitsEmission() {
        let (layer, cell) = singleCellLayer { c in c.birthRate = 10; c.lifetime = 100 }
        cell.timing.beginTime = 2; cell.timing.duration = 3
        // Emits during [2, 5): births at 2, 2.1, …, 4.9.
        let s = layer.evaluate(at: 10)
        #expect(s.count == 30)
        #expect(s.all.first?.birthTime == 2)
        cell.timing.speed = 2   // active local duration 3 s lasts 1.5 s of parent time, emitting twice as fast
        #expect(layer.evaluate(at: 10).count == 30)
    }
}
