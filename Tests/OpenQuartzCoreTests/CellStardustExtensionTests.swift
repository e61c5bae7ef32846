import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// `cell.stardust` (docs/DIFFERENCES.md Q31): Stardust's particle extensions on a `CAEmitterCell`, under one
/// name QuartzCore lacks. Checked against the laws the extensions define, not the engine's output.
@Suite struct CellStardustExtensionTests {
    @Test func curvesAndFieldsSetThroughTheExtensionActOnTheParticles() throws {
        let cell = CAEmitterCell()
        cell.name = "dot"
        cell.birthRate = 40
        cell.lifetime = 2
        cell.velocity = 30
        cell.emissionRange = .pi
        #expect(cell.stardustCell.extensions == nil)
        cell.stardust.alphaOverLife = try ParticleCurve(times: [0, 1], values: [1, 0])
        cell.stardust.fields = ParticleFields()
        cell.stardust.fields?.drag = 2
        let layer = CAEmitterLayer()
        layer.emitterCells = [cell]
        let s = layer.stardustEmitter.evaluate(at: 1.5)
        #expect(s.count > 20)
        for i in 0..<s.count {
            let age = Double(s.age[i]), f = age / Double(s.lifetime[i])
            // The alpha curve: 1 − f. Drag without gravity or wind: |v| = 30·e^(−2·age).
            #expect(abs(Double(s.alpha[i]) - (1 - f)) < 1e-5)
            let speed = (Double(s.velocityX[i]) * Double(s.velocityX[i]) + Double(s.velocityY[i]) * Double(s.velocityY[i])).squareRoot()
            #expect(abs(speed - 30 * exp(-2 * age)) < 1e-3, "speed \(speed) at age \(age)")
        }
    }

    @Test func theDefaultsRemoveTheExtensions() throws {
        let cell = CAEmitterCell()
        cell.stardust.velocityStretch = 0.02
        #expect(cell.stardustCell.extensions?.velocityStretch == 0.02)
        #expect(cell.copy().stardust.velocityStretch == 0.02)
        cell.stardust.velocityStretch = 0
        // Back to Core Animation's cell exactly: no extensions value at all.
        #expect(cell.stardustCell.extensions == nil)
    }

    @Test func aBowlSetThroughTheExtensionKeepsTheParticlesIn() {
        // Particles thrown in every direction from the center of a bowl of radius 50 never leave it.
        let cell = CAEmitterCell()
        cell.birthRate = 60
        cell.lifetime = 4
        cell.velocity = 120
        cell.emissionRange = .pi
        cell.yAcceleration = 90
        cell.stardust.colliders = [.circle(center: Point(100, 100), radius: 50, isContainer: true, restitution: 0.8)]
        let layer = CAEmitterLayer()
        layer.emitterPosition = CGPoint(x: 100, y: 100)
        layer.emitterCells = [cell]
        let s = layer.stardustEmitter.evaluate(at: 3)
        #expect(s.count > 100)
        for i in 0..<s.count {
            let dx = Double(s.x[i]) - 100, dy = Double(s.y[i]) - 100
            #expect((dx * dx + dy * dy).squareRoot() <= 50 + 1e-3)
        }
    }
}

/// The lines `export-swift` writes for a texture sheet and an emitter path (docs/DIFFERENCES.md Q31, Q32) compile
/// against OpenQuartzCore as written and set what they say; the defaults set back return to Core Animation.
@Suite struct ExportedStardustLinesTests {
    @Test func theSheetLineSetsTheSheetAndNilRemovesIt() {
        let cell = CAEmitterCell()
        cell.stardust.textureSheet = TextureSheet(columns: 4, rows: 2, frameCount: 8, startFrame: 0, startFrameRange: 0, timing: .overLife(cycles: 2))
        #expect(cell.stardustCell.extensions?.textureSheet?.frameCount == 8)
        cell.stardust.textureSheet = nil
        #expect(cell.stardustCell.extensions == nil)
    }

    @Test func theEmitterPathLineSetsThePath() {
        let layer = CAEmitterLayer()
        layer.stardustEmitterPath = try! EmitterPath(path: try! Path(svg: "M 0 0 L 100 0"), fillRule: .nonZero, placement: .tracing, speed: 50, phase: 0.25)
        #expect(layer.stardustEmitterPath?.length == 100 && layer.stardustEmitterPath?.placement == .tracing)
        #expect(layer.stardustEmitterPath?.tracingPoint(at: 1) == Point(75, 0))
    }
}

/// Emission extensions through `cell.stardust` (docs/DIFFERENCES.md Q31): a burst, a cap on the living, and a
/// sub-cell triggered by its parent's death, counted against what the extensions define.
@Suite struct CellStardustEmissionTests {
    static func layer(_ cells: [CAEmitterCell]) -> CAEmitterLayer {
        let layer = CAEmitterLayer()
        layer.emitterPosition = CGPoint(x: 100, y: 100)
        layer.emitterCells = cells
        return layer
    }

    @Test func aBurstAndACapSetThroughTheExtensionCountTheParticles() {
        let cell = CAEmitterCell()
        cell.birthRate = 0
        cell.lifetime = 2
        cell.stardust.bursts = [ParticleBurst(time: 0, count: 25)]
        #expect(Self.layer([cell]).stardustEmitter.evaluate(at: 1).count == 25)
        cell.stardust.maximumAlive = 10
        #expect(Self.layer([cell]).stardustEmitter.evaluate(at: 1).count == 10)
    }

    @Test func aDeathTriggerSetThroughTheExtensionEmitsWhenTheParentsDie() {
        let spark = CAEmitterCell()
        spark.birthRate = 0
        spark.lifetime = 1
        spark.stardust.bursts = [ParticleBurst(count: 3)]
        spark.stardust.trigger = .death
        let rocket = CAEmitterCell()
        rocket.birthRate = 0
        rocket.lifetime = 1
        rocket.velocity = 50
        rocket.stardust.bursts = [ParticleBurst(time: 0, count: 4)]
        rocket.emitterCells = [spark]
        let layer = Self.layer([rocket])
        // Before the rockets die: 4 rockets, no sparks. After: 3 sparks per rocket, born at its death.
        let before = layer.stardustEmitter.evaluate(at: 0.5), after = layer.stardustEmitter.evaluate(at: 1.5)
        #expect(before.count == 4 && (0..<before.count).allSatisfy { before.cellIndex[$0] == 0 })
        #expect(after.count == 12 && (0..<after.count).allSatisfy { after.cellIndex[$0] == 1 })
    }
}
