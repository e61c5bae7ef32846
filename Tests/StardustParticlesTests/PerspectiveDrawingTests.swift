import StardustAnimation
import StardustCore
import Foundation
import Testing
@testable import StardustParticles

/// Particles go through the layer's full 3D transform: flattened into the layer plane by default,
/// at their own depth with `preservesDepth` (hand-computed perspective: w = 1 + z·m34).
@Suite struct PerspectiveDrawingTests {
    func sprite(preservesDepth: Bool) throws -> SpriteInstance {
        let e = EmitterLayer()
        e.bounds = Rect(0, 0, 200, 200)
        e.position = Point(100, 100)              // layer space = scene space, anchor at (100, 100)
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        e.transform = t
        e.emitterPosition = Point(150, 100)
        e.emitterZPosition = 100
        e.preservesDepth = preservesDepth
        let c = EmitterCell()
        c.birthRate = 1; c.lifetime = 10
        c.contents = Texture(Image(width: 4, height: 4, color: .white))
        e.emitterCells = [c]
        var list: [DrawCommand] = []
        e.render(into: &list, parentTime: 0.5, parentTransform: .identity)
        for case .sprites(let batch) in list { return try #require(batch.sprites.first) }
        Issue.record("the emitter drew no sprite half a second in (one birth per second from t = 0)")
        throw NoSpriteDrawn()
    }

    @Test("flattened particles ignore their depth") func flattenedParticlesIgnoreTheirDepth() throws {
        let s = try sprite(preservesDepth: false)
        #expect(abs((Double(s.t.x)) - 150) <= 1e-3)
        #expect(abs((Double(s.t.y)) - 100) <= 1e-3)
        #expect(abs((Double(s.m.x)) - 1) <= 1e-3)
    }

    @Test("preserved depth is projected") func preservedDepthIsProjected() throws {
        // z = 100 ⇒ w = 1 − 100/500 = 0.8: offsets from the anchor grow by 1.25, and so does the quad.
        let s = try sprite(preservesDepth: true)
        #expect(abs((Double(s.t.x)) - (100 + 50 * 1.25)) <= 1e-3)
        #expect(abs((Double(s.t.y)) - 100) <= 1e-3)
        #expect(abs((Double(s.m.x)) - 1.25) <= 1e-3)
    }
}

/// Thrown after recording a failure when the emitter drew nothing: the test cannot go on.
struct NoSpriteDrawn: Error {}
