import Foundation
import Testing
import StardustCore
@testable import StardustRender

@Suite struct RendererErrorTests {
    @Test("absurd frame sizes throw clear errors") func absurdFrameSizesThrowClearErrors() {
        let bad = [DisplayList(size: Size(0, 10), scale: 1), DisplayList(size: Size(10, -3), scale: 1),
                   DisplayList(size: Size(10, 10), scale: 0), DisplayList(size: Size(10, 10), scale: .nan),
                   DisplayList(size: Size(.infinity, 10), scale: 1), DisplayList(size: Size(20_000, 10_000), scale: 1)]
        for list in bad {
            _ = #expect(throws: (any Error).self, "\(list.size) @\(list.scale)") { try Renderer(threads: 1).render(list) }.map { error in
                guard case RenderError.invalidFrameSize(let m) = error else { Issue.record("\(error)"); return }
                #expect(m.contains("frame") || m.contains("scale"), "\(m)")
            }
        }
    }

    @Test("background is premultiplied and degenerate draws are ignored") func backgroundIsPremultipliedAndDegenerateDrawsAreIgnored() throws {
        let tex = Texture(Fixture.solid(2, 2, [255, 255, 255, 255]))
        let list = DisplayList(size: Size(3, 2), scale: 1, background: Color(red: 1, green: 0.5, blue: 0, alpha: 0.4), commands: [
            .image(ImageDraw(texture: tex, rect: Rect(0, 0, 0, 2))),
            .image(ImageDraw(texture: Texture(Image(width: 0, height: 0)), rect: Rect(0, 0, 2, 2))),
            .image(ImageDraw(texture: tex, rect: Rect(0, 0, 2, 2), transform: Transform2D(scaleX: 1, y: 0))),
        ])
        let out = try Renderer(threads: 1).render(list)
        for y in 0..<2 { for x in 0..<3 { #expect(Fixture.px(out, x, y) == [102, 51, 0, 102]) } }
    }

    @Test("na n colors never crash") func naNColorsNeverCrash() throws {
        let nanBackground = DisplayList(size: Size(2, 2), scale: 1, background: Color(red: .nan, green: 0, blue: 0))
        _ = #expect(throws: (any Error).self) { try Renderer(threads: 1).render(nanBackground) }.map { error in
            guard case RenderError.invalidBackground = error else { Issue.record("\(error)"); return }
        }
        let tex = Texture(Fixture.solid(2, 2, [255, 255, 255, 255]))
        let list = DisplayList(size: Size(4, 4), scale: 1, background: .black, commands: [
            .image(ImageDraw(texture: tex, rect: Rect(0, 0, 4, 4), tint: Color(red: .nan, green: 1, blue: 1))),
            .sprites(SpriteBatch(texture: tex, quadSize: Size(2, 2),
                                 sprites: [SpriteInstance(m: SIMD4(1, 0, 0, 1), t: SIMD2(2, 2), color: SIMD4(.nan, 1, 1, 1))])),
        ])
        let out = try Renderer(threads: 1).render(list)
        // NaN channels count as 0; the other channels draw normally.
        #expect(Fixture.px(out, 0, 0) == [0, 255, 255, 255])
        #expect(Fixture.px(out, 2, 2) == [0, 255, 255, 255])
    }
}
