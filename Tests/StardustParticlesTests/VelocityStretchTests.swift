import Foundation
import Testing
import StardustCore
import StardustTestSupport
@testable import StardustParticles

/// ``CellExtensions/velocityStretch``: sprites drawn along their velocity, longer by the distance
/// covered in the stretch time; cells without it draw exactly as before.
@Suite struct VelocityStretchTests {
    static func layer(stretch: Double?) -> EmitterLayer {
        let l = EmitterLayer()
        l.emitterPosition = Point(10, 10)
        let c = EmitterCell(name: "c")
        c.birthRate = 5; c.lifetime = 3; c.velocity = 100; c.emissionLongitude = 0.5; c.yAcceleration = 20; c.spin = 2
        c.contents = TestSupport.whiteTexture(8, 4)
        if let stretch { var x = CellExtensions(); x.velocityStretch = stretch; c.extensions = x }
        l.emitterCells = [c]
        return l
    }

    static func sprites(_ l: EmitterLayer, at t: Double) -> ([SpriteInstance], ParticleSnapshot) {
        let s = l.evaluate(at: t)
        var list: [DrawCommand] = []
        l.drawSprites(s, into: &list, transform: .identity)
        var out: [SpriteInstance] = []
        for case .sprites(let b) in list { out += b.sprites }
        return (out, s)
    }

    @Test func spritesAreStretchedAlongTheirVelocity() {
        let (sprites, s) = Self.sprites(Self.layer(stretch: 0.05), at: 2.2)
        #expect(sprites.count == s.count && s.count > 5)
        for (i, sp) in sprites.enumerated() {
            let vx = Double(s.velocityX[i]), vy = Double(s.velocityY[i])
            let speed = (vx * vx + vy * vy).squareRoot()
            // The sprite's x axis (first matrix row, × the 8-point quad width) points along the
            // velocity, 8 + 0.05·speed points long.
            let ax = Double(sp.m.x), ay = Double(sp.m.y)
            let len = (ax * ax + ay * ay).squareRoot()
            #expect(abs(8 * len - (8 + 0.05 * speed)) < 1e-3 * len)
            #expect(abs(ax / len - vx / speed) < 1e-4 && abs(ay / len - vy / speed) < 1e-4)
            // The other axis keeps the particle's scale (1).
            let bx = Double(sp.m.z), by = Double(sp.m.w)
            #expect(abs((bx * bx + by * by).squareRoot() - 1) < 1e-4)
        }
    }

    @Test func withoutStretchSpritesTurnWithTheirRotation() {
        // A Core Animation cell and a cell with extensions but no stretch: rotation × scale, as before.
        for l in [Self.layer(stretch: nil), Self.layer(stretch: 0)] {
            let (sprites, s) = Self.sprites(l, at: 2.2)
            #expect(sprites.count == s.count && s.count > 5)
            for (i, sp) in sprites.enumerated() {
                let r = Double(s.rotation[i]), k = Double(s.scale[i])
                #expect(sp.m == SIMD4(Float(cos(r) * k), Float(sin(r) * k), Float(-sin(r) * k), Float(cos(r) * k)))
            }
        }
    }
}
