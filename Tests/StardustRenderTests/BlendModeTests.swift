import Foundation
import Testing
import StardustWorkloads
import StardustCore
@testable import StardustRender

@Suite struct BlendModeTests {
    private func one(_ p: [UInt8], _ blend: BlendMode = .normal) -> DrawCommand {
        .image(ImageDraw(texture: Texture(Fixture.solid(1, 1, p)), rect: Rect(0, 0, 1, 1), blend: blend))
    }

    @Test("source over matches hand computed premultiplied values") func sourceOverMatchesHandComputedPremultipliedValues() throws {
        // dst (0, 102, 255, 255); src (100, 50, 0, 128): dst' = src + dst·(127/255)
        let bg = Color(red: 0, green: 0.4, blue: 1)
        let out = try Fixture.render(Fixture.list(1, 1, background: bg, [one([100, 50, 0, 128])]))
        #expect(Fixture.px(out, 0, 0) == [100, 101, 127, 255])
        // Over a translucent destination: (200, 10, 0, 200) then (100, 50, 0, 128):
        // r = 100 + 200·127/255 = 199.6, g = 50 + 10·127/255 = 54.98, a = 128 + 200·127/255 = 227.6.
        let out2 = try Fixture.render(Fixture.list(1, 1, [one([200, 10, 0, 200]), one([100, 50, 0, 128])]))
        #expect(Fixture.px(out2, 0, 0) == [200, 55, 0, 228])
    }

    @Test("additive adds and clamps") func additiveAddsAndClamps() throws {
        let bg = Color(red: 0, green: 0.4, blue: 1)
        let out = try Fixture.render(Fixture.list(1, 1, background: bg, [one([100, 50, 0, 128], .additive)]))
        #expect(Fixture.px(out, 0, 0) == [100, 152, 255, 255])
        let out2 = try Fixture.render(Fixture.list(1, 1, [one([200, 10, 0, 200]), one([100, 50, 0, 128], .additive)]))
        #expect(Fixture.px(out2, 0, 0) == [255, 60, 0, 255])
    }

    /// Premultiplied filtering and blending: a soft white sprite on white stays white at every pixel.
    @Test("no dark fringe for soft white sprites over white") func noDarkFringeForSoftWhiteSpritesOverWhite() throws {
        let tex = SpriteWorkload.texture()
        let sprites: [SpriteInstance] = (0..<12).map { (i: Int) -> SpriteInstance in
            let d = Double(i)
            let center = Point(8 + 5.3 * d, 20 + 1.7 * d)
            let alpha = Float(0.3 + 0.05 * d)
            return SpriteInstance(center: center, rotation: 0.4 * d, scale: 0.3 + 0.15 * d, color: SIMD4(repeating: alpha))
        }
        let image = ImageDraw(texture: tex, rect: Rect(10.3, 3.7, 45, 45), transform: Transform2D(rotationAngle: 0.3), opacity: 0.8)
        let list = Fixture.list(40, 35, scale: 2, background: .white,
                                [.image(image), .sprites(SpriteBatch(texture: tex, quadSize: Size(32, 32), sprites: sprites))])
        let out = try Fixture.render(list)
        #expect(out.pixels.allSatisfy { $0 == 255 })
        // Against black, the same scene is not empty (so the check above is meaningful).
        var black = list; black.background = Color.black
        #expect(try Fixture.render(black).pixels.enumerated().contains { $0.offset % 4 == 0 && $0.element > 100 })
    }
}

@Suite struct BlendSpanCompositorTests {
    /// The span primitive of the path and text painters blends like the quad painter.
    @Test("span compositor blends with coverage") func spanCompositorBlendsWithCoverage() {
        var px: [UInt8] = [0, 102, 255, 255, 0, 102, 255, 255, 0, 102, 255, 255, 200, 10, 0, 200]
        let coverage: [Float] = [1, 0.5, 0, 1]
        px.withUnsafeMutableBufferPointer { buf in
            let t = RenderTarget(base: buf.baseAddress!, originY: 0, stride: 16, width: 4, clip: PixelRect(x0: 0, y0: 0, x1: 4, y1: 1))
            coverage.withUnsafeBufferPointer { cov in
                // color (100, 50, 0, 128)/255
                SpanCompositor.composite(t, y: 0, x0: 0, count: 3, coverage: cov.baseAddress!,
                                         color: SIMD4(100, 50, 0, 128) / 255, mode: .normal)
                SpanCompositor.composite(t, y: 0, x0: 3, count: 1, coverage: cov.baseAddress! + 3,
                                         color: SIMD4(100, 50, 0, 128) / 255, mode: .additive)
            }
        }
        #expect(Array(px[0..<4]) == [100, 101, 127, 255])
        // Half coverage: src (50, 25, 0, 64): g = 25 + 102·191/255 = 101.4, b = 255·191/255 = 191.
        #expect(Array(px[4..<8]) == [50, 101, 191, 255])
        #expect(Array(px[8..<12]) == [0, 102, 255, 255])
        #expect(Array(px[12..<16]) == [255, 60, 0, 255])
    }
}
