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
}
