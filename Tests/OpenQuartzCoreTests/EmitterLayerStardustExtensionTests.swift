import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// `CAEmitterLayer.stardustEmit(from:)` and `cell.stardust.textureSheet` (docs/DIFFERENCES.md Q32, Q31):
/// emission from another layer's geometry, checked against the button's analytic outline.
@Suite struct EmitterLayerStardustExtensionTests {
    @Test func particlesAreBornOnTheButtonsOutline() throws {
        let root = CALayer()
        let button = CALayer()
        button.bounds = CGRect(x: 0, y: 0, width: 120, height: 40)
        button.position = CGPoint(x: 100, y: 200)
        button.cornerRadius = 10
        let emitter = CAEmitterLayer()
        emitter.position = CGPoint(x: 30, y: 30)       // no bounds: its origin sits at (30, 30)
        root.addSublayer(button)
        root.addSublayer(emitter)
        let cell = CAEmitterCell()
        cell.birthRate = 200
        cell.lifetime = 10
        cell.stardust.textureSheet = TextureSheet(columns: 2, rows: 1)
        emitter.emitterCells = [cell]
        try emitter.stardustEmit(from: button, placement: .outline)
        #expect(emitter.stardustEmitterPath?.placement == .outline)
        #expect(abs((emitter.stardustEmitterPath?.length ?? 0) - (2 * (100.0 + 20) + 2 * Double.pi * 10)) < 0.05)
        let s = emitter.stardustEmitter.evaluate(at: 1)
        #expect(s.count == 201)
        for i in 0..<s.count {
            // In the root's space the button is centred at (100, 200): half sizes 60 × 20, corners of radius 10.
            let x = Double(s.x[i]) + 30 - 100, y = Double(s.y[i]) + 30 - 200
            let dx = max(abs(x) - 50, 0), dy = max(abs(y) - 10, 0)
            let d = (dx * dx + dy * dy).squareRoot() + min(max(abs(x) - 50, abs(y) - 10), 0) - 10
            #expect(abs(d) < 0.05, "particle \(i) at (\(x), \(y)) is \(d) points off the outline")
        }
        #expect(throws: EmitterPath.Problem.sameLayer) { try emitter.stardustEmit(from: emitter) }
        emitter.stardustEmitterPath = nil
        #expect(emitter.stardustEmitter.emitterPath == nil)
    }
}
