import StardustTestSupport
import XCTest
import StardustCore
import StardustAnimation
@testable import StardustParticles

final class KeyPathAndLimitTests: XCTestCase {
    func tree() -> EmitterLayer {
        let layer = EmitterLayer()
        let rocket = EmitterCell(name: "rocket"), spark = EmitterCell(name: "spark")
        rocket.emitterCells = [spark]
        layer.emitterCells = [rocket, EmitterCell(name: "other")]
        return layer
    }

    func testNestedKeyPathsResolveByName() {
        let layer = tree()
        XCTAssertTrue(layer.setEmitterValue(.number(130), forKeyPath: "emitterCells.rocket.emitterCells.spark.velocity"))
        XCTAssertEqual(layer.emitterCells[0].emitterCells[0].velocity, 130)
        XCTAssertEqual(layer.emitterValue(forKeyPath: "emitterCells.rocket.emitterCells.spark.velocity"), .number(130))
        XCTAssertTrue(layer.setEmitterValue(.color(.red), forKeyPath: "emitterCells.other.color"))
        XCTAssertEqual(layer.emitterCells[1].color, .red)
        XCTAssertTrue(layer.setEmitterValue(.bool(false), forKeyPath: "emitterCells.other.enabled"))
        XCTAssertEqual(layer.emitterValue(forKeyPath: "emitterCells.other.isEnabled"), .bool(false))
        XCTAssertTrue(layer.setEmitterValue(.point(Point(3, 4)), forKeyPath: "emitterPosition"))
        XCTAssertEqual(layer.emitterPosition, Point(3, 4))
        XCTAssertTrue(layer.setEmitterValue(.string("sphere"), forKeyPath: "emitterShape"))
        XCTAssertEqual(layer.emitterShape, .sphere)
        XCTAssertEqual(layer.emitterValue(forKeyPath: "renderMode"), .string("unordered"))
        XCTAssertEqual(layer.emitterValue(forKeyPath: "scale"), .number(1))
        // Unknown names, properties and wrong kinds are rejected.
        XCTAssertNil(layer.emitterValue(forKeyPath: "emitterCells.nope.velocity"))
        XCTAssertNil(layer.emitterValue(forKeyPath: "emitterCells.rocket.bogus"))
        XCTAssertNil(layer.emitterValue(forKeyPath: "emitterCells.spark.velocity"), "spark is not top-level")
        XCTAssertFalse(layer.setEmitterValue(.string("x"), forKeyPath: "emitterCells.rocket.velocity"))
        XCTAssertFalse(layer.setEmitterValue(.string("blob"), forKeyPath: "emitterShape"))
        XCTAssertEqual(layer.emitterShape, .sphere)
    }

    func testCellDefaultsAreCoreAnimations() {
        let c = EmitterCell()
        XCTAssertNil(c.name); XCTAssertTrue(c.isEnabled)
        XCTAssertEqual([c.birthRate, c.lifetime, c.lifetimeRange, c.velocity, c.emissionRange, c.spin, c.scaleSpeed], [0, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(c.scale, 1); XCTAssertEqual(c.color, .white); XCTAssertEqual(c.contentsRect, .unit)
        XCTAssertEqual(c.contentsScale, 1); XCTAssertEqual(c.minificationFilter, .linear)
        let l = EmitterLayer()
        XCTAssertEqual(l.emitterShape.rawValue, "point"); XCTAssertEqual(l.emitterMode.rawValue, "volume")
        XCTAssertEqual(l.renderMode.rawValue, "unordered")
        XCTAssertEqual([l.birthRate, l.lifetime, l.velocity, l.scale, l.spin], [1, 1, 1, 1, 1])
        XCTAssertEqual(l.seed, 0); XCTAssertFalse(l.preservesDepth)
        XCTAssertEqual(EmitterRenderMode(rawValue: "oldestFirst"), .oldestFirst)
        XCTAssertEqual(EmitterMode(rawValue: "outline"), .outline)
        XCTAssertEqual(EmitterShape(rawValue: "line"), .line)
    }

    func testDisabledCellDoesNotEmit() {
        let (layer, cell) = singleCellLayer { c in c.birthRate = 10; c.lifetime = 5 }
        XCTAssertEqual(layer.evaluate(at: 1).count, 11)
        cell.isEnabled = false
        XCTAssertEqual(layer.evaluate(at: 1).count, 0)
    }

    func testEstimatedParticleCountIncludesNestedCells() {
        let layer = tree()
        let rocket = layer.emitterCells[0], spark = rocket.emitterCells[0]
        rocket.birthRate = 2; rocket.lifetime = 3
        spark.birthRate = 100; spark.lifetime = 1.5; spark.lifetimeRange = 0.5
        spark.timing.beginTime = 1   // emits for 2 s of each rocket's 3 s
        layer.birthRate = 1.5
        // Rockets: 3/s × 3 s = 9; sparks: 3 × 100 × 2 = 600/s × 2 s = 1200.
        XCTAssertEqual(layer.estimatedParticleCount, 1209)
    }

    func testBudgetIsAnErrorNotAHang() {
        let (layer, cell) = singleCellLayer { c in c.birthRate = 1e12; c.lifetime = 10 }
        layer.maximumParticleCount = 20_000
        XCTAssertThrowsError(try layer.validate()) { error in
            guard case EmitterError.particleBudgetExceeded(let n, let limit) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(n, 10_000_000_000_000); XCTAssertEqual(limit, 20_000)
            XCTAssertTrue("\(error)".contains("maximumParticleCount"))
        }
        let s = layer.evaluate(at: 100)
        XCTAssertTrue(s.isTruncated)
        XCTAssertLessThanOrEqual(s.count, 20_000)
        cell.birthRate = 100
        XCTAssertNoThrow(try layer.validate())
        XCTAssertFalse(layer.evaluate(at: 100).isTruncated)
        cell.velocity = .nan
        XCTAssertThrowsError(try layer.validate()) { error in
            guard case EmitterError.invalidValue(let key, let v, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key, "emitterCells.c.velocity"); XCTAssertTrue(v.isNaN)
        }
    }

    func testNonFiniteValuesNeitherCrashNorDraw() {
        let (layer, cell) = singleCellLayer { c in
            c.birthRate = 10; c.lifetime = 5; c.velocity = .infinity; c.contents = TestSupport.whiteTexture()
        }
        XCTAssertEqual(layer.evaluate(at: 1).count, 11)
        var list: [DrawCommand] = []
        layer.drawContents(into: &list, time: 1, transform: .identity)
        XCTAssertTrue(list.isEmpty, "particles at infinite positions are not drawn")
        cell.birthRate = .nan
        XCTAssertEqual(layer.evaluate(at: 1).count, 0)
        cell.birthRate = 10; cell.lifetime = .nan
        XCTAssertEqual(layer.evaluate(at: 1).count, 0)
    }

    func testCellTimingLimitsEmission() {
        let (layer, cell) = singleCellLayer { c in c.birthRate = 10; c.lifetime = 100 }
        cell.timing.beginTime = 2; cell.timing.duration = 3
        // Emits during [2, 5): births at 2, 2.1, …, 4.9.
        let s = layer.evaluate(at: 10)
        XCTAssertEqual(s.count, 30)
        XCTAssertEqual(s.all.first?.birthTime, 2)
        cell.timing.speed = 2   // active local duration 3 s lasts 1.5 s of parent time, emitting twice as fast
        XCTAssertEqual(layer.evaluate(at: 10).count, 30)
    }
}
