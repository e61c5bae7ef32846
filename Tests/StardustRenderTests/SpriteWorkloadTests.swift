import Foundation
import Testing
import StardustWorkloads
import StardustCore
@testable import StardustRender

@Suite struct SpriteWorkloadTests {
    @Test("dot texture follows the formula") func dotTextureFollowsTheFormula() {
        let img = SpriteWorkload.texture().image
        #expect(img.width == 32); #expect(img.height == 32)
        // Pixel (15, 15): r = √0.5 / 16 → (1 − 0.04419)² = 0.91357 → 233.
        #expect(Fixture.px(img, 15, 15) == [233, 233, 233, 233])
        // Pixel (8, 15): r = √(7.5² + 0.5²) / 16 = 0.46980 → 0.28111 → 72.
        #expect(Fixture.px(img, 8, 15) == [72, 72, 72, 72])
        #expect(Fixture.px(img, 0, 0) == [0, 0, 0, 0])
        #expect(Fixture.px(img, 31, 16) == [0, 0, 0, 0])
    }

    @Test("frames match the benchmark definition") func framesMatchTheBenchmarkDefinition() {
        let frames = SpriteWorkload.frames(count: 3, sprites: 500, additive: true, seed: 7)
        #expect(frames.count == 3)
        var firstCenters: [SIMD2<Float>] = []
        for (f, list) in frames.enumerated() {
            #expect(list.pixelWidth == 1170); #expect(list.pixelHeight == 2532)
            guard case .sprites(let b)? = list.commands.first, list.commands.count == 1 else { Issue.record("one sprite batch"); return }
            #expect(b.sprites.count == 500); #expect(b.blend == .additive)
            #expect(b.quadSize == Size(32, 32)); #expect(b.magnificationFilter == .linear)
            #expect(!b.isRotationInvariant)
            var opacitySum: Float = 0
            for s in b.sprites {
                let scale = (s.m.x * s.m.x + s.m.y * s.m.y).squareRoot()
                #expect(scale >= 0.2 - 1e-5 && scale <= 1.5 + 1e-5, "\(scale)")
                #expect((0.3...1.0).contains(s.color.w)); #expect(s.color.x == s.color.w)
                #expect((0..<1170).contains(s.t.x) && (0..<2532).contains(s.t.y))
                opacitySum += s.color.w
            }
            // Uniform opacity in [0.3, 1]: mean 0.65, standard error of the mean ≈ 0.009.
            #expect(abs((opacitySum / 500) - 0.65) <= 0.04)
            if f == 0 { firstCenters = b.sprites.map(\.t) } else { #expect(b.sprites.map(\.t) != firstCenters) }
        }
        // Same seed, same frames.
        guard case .sprites(let again)? = SpriteWorkload.frames(count: 1, sprites: 500, additive: true, seed: 7)[0].commands.first else { Issue.record(); return }
        #expect(again.sprites == { if case .sprites(let b) = frames[0].commands[0] { return b.sprites }; return [] }())
    }
}
