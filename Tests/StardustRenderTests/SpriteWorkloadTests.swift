import XCTest
import StardustWorkloads
import StardustCore
@testable import StardustRender

final class SpriteWorkloadTests: XCTestCase {
    func testDotTextureFollowsTheFormula() {
        let img = SpriteWorkload.texture().image
        XCTAssertEqual(img.width, 32); XCTAssertEqual(img.height, 32)
        // Pixel (15, 15): r = √0.5 / 16 → (1 − 0.04419)² = 0.91357 → 233.
        XCTAssertEqual(Fixture.px(img, 15, 15), [233, 233, 233, 233])
        // Pixel (8, 15): r = √(7.5² + 0.5²) / 16 = 0.46980 → 0.28111 → 72.
        XCTAssertEqual(Fixture.px(img, 8, 15), [72, 72, 72, 72])
        XCTAssertEqual(Fixture.px(img, 0, 0), [0, 0, 0, 0])
        XCTAssertEqual(Fixture.px(img, 31, 16), [0, 0, 0, 0])
    }

    func testFramesMatchTheBenchmarkDefinition() {
        let frames = SpriteWorkload.frames(count: 3, sprites: 500, additive: true, seed: 7)
        XCTAssertEqual(frames.count, 3)
        var firstCenters: [SIMD2<Float>] = []
        for (f, list) in frames.enumerated() {
            XCTAssertEqual(list.pixelWidth, 1170); XCTAssertEqual(list.pixelHeight, 2532)
            guard case .sprites(let b)? = list.commands.first, list.commands.count == 1 else { return XCTFail("one sprite batch") }
            XCTAssertEqual(b.sprites.count, 500); XCTAssertEqual(b.blend, .additive)
            XCTAssertEqual(b.quadSize, Size(32, 32)); XCTAssertEqual(b.magnificationFilter, .linear)
            XCTAssertFalse(b.isRotationInvariant)
            var opacitySum: Float = 0
            for s in b.sprites {
                let scale = (s.m.x * s.m.x + s.m.y * s.m.y).squareRoot()
                XCTAssertTrue(scale >= 0.2 - 1e-5 && scale <= 1.5 + 1e-5, "\(scale)")
                XCTAssertTrue((0.3...1.0).contains(s.color.w)); XCTAssertEqual(s.color.x, s.color.w)
                XCTAssertTrue((0..<1170).contains(s.t.x) && (0..<2532).contains(s.t.y))
                opacitySum += s.color.w
            }
            // Uniform opacity in [0.3, 1]: mean 0.65, standard error of the mean ≈ 0.009.
            XCTAssertEqual(opacitySum / 500, 0.65, accuracy: 0.04)
            if f == 0 { firstCenters = b.sprites.map(\.t) } else { XCTAssertNotEqual(b.sprites.map(\.t), firstCenters) }
        }
        // Same seed, same frames.
        guard case .sprites(let again)? = SpriteWorkload.frames(count: 1, sprites: 500, additive: true, seed: 7)[0].commands.first else { return XCTFail() }
        XCTAssertEqual(again.sprites, { if case .sprites(let b) = frames[0].commands[0] { return b.sprites }; return [] }())
    }
}
