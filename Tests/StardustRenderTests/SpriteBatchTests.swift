import Foundation
import Testing
import StardustWorkloads
import StardustCore
@testable import StardustRender

@Suite struct SpriteBatchTests {
    @Test("unrotated unit sprite equals texture") func unrotatedUnitSpriteEqualsTexture() throws {
        let src = Fixture.noise(8, 6, seed: 5)
        let s = SpriteInstance(center: Point(7, 5), rotation: 0, scale: 1, color: SIMD4(repeating: 1))
        let out = try Fixture.render(Fixture.list(16, 12, [.sprites(SpriteBatch(texture: Texture(src), quadSize: Size(8, 6), sprites: [s]))]))
        for y in 0..<12 {
            for x in 0..<16 {
                let inside = (3..<11).contains(x) && (2..<8).contains(y)
                #expect(Fixture.px(out, x, y) == (inside ? Fixture.px(src, x - 3, y - 2) : [0, 0, 0, 0]), "(\(x), \(y))")
            }
        }
    }

    @Test("sprite color multiplies premultiplied") func spriteColorMultipliesPremultiplied() throws {
        let tex = Texture(Fixture.solid(4, 4, [255, 255, 255, 255]))
        // Premultiplied (1, 0.5, 0.2)·0.4 with the opacity folded in.
        let s = SpriteInstance(center: Point(2, 2), rotation: 0, scale: 1, color: SIMD4(0.4, 0.2, 0.08, 0.4))
        let out = try Fixture.render(Fixture.list(4, 4, [.sprites(SpriteBatch(texture: tex, quadSize: Size(4, 4), sprites: [s]))]))
        #expect(Fixture.px(out, 1, 2) == [102, 51, 20, 102])
    }

    @Test("rotated sprite is antialiased and keeps its area") func rotatedSpriteIsAntialiasedAndKeepsItsArea() throws {
        let tex = Texture(Fixture.solid(8, 8, [255, 255, 255, 255]))
        // 8×8 quad scaled 2.5 → 20×20 pixels at scale 1, rotated 0.7 rad.
        let s = SpriteInstance(center: Point(25.3, 24.6), rotation: 0.7, scale: 2.5, color: SIMD4(repeating: 1))
        let out = try Fixture.render(Fixture.list(50, 50, [.sprites(SpriteBatch(texture: tex, quadSize: Size(8, 8), sprites: [s]))]))
        #expect(abs((Fixture.alphaArea(out)) - 400) <= 4)
        #expect(out.pixels.enumerated().filter { $0.offset % 4 == 3 && $0.element > 0 && $0.element < 255 }.count > 60)
    }

    /// The scale-and-translate path for round sprites matches the rotated path closely.
    @Test("rotation invariant fast path matches rotated draw") func rotationInvariantFastPathMatchesRotatedDraw() throws {
        let tex = SpriteWorkload.texture()
        let sprites = (0..<6).map { SpriteInstance(center: Point(12 + 9 * Double($0), 20), rotation: 0.5 + Double($0),
                                                   scale: 0.4 + 0.1 * Double($0), color: SIMD4(repeating: 0.9)) }
        func draw(_ invariant: Bool) throws -> Image {
            try Fixture.render(Fixture.list(70, 40, [.sprites(SpriteBatch(texture: tex, quadSize: Size(32, 32), sprites: sprites,
                                                                          isRotationInvariant: invariant))]))
        }
        let a = try draw(false), b = try draw(true)
        #expect(a != b) // different code paths…
        var maxDiff = 0
        for i in 0..<a.pixels.count { maxDiff = max(maxDiff, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        #expect(maxDiff <= 24) // …same picture within filtering error
        #expect(abs((Fixture.alphaArea(a)) - (Fixture.alphaArea(b))) <= 0.01 * Fixture.alphaArea(a))
    }

    @Test("tiny sprites are drawn and offscreen ones skipped") func tinySpritesAreDrawnAndOffscreenOnesSkipped() throws {
        let tex = Texture(Fixture.solid(32, 32, [255, 255, 255, 255]))
        let sprites = [SpriteInstance(center: Point(3, 3), rotation: 0, scale: 1.0 / 32, color: SIMD4(repeating: 1)),
                       SpriteInstance(center: Point(-100, 3), rotation: 0, scale: 1, color: SIMD4(repeating: 1)),
                       SpriteInstance(center: Point(.nan, 3), rotation: 0, scale: 1, color: SIMD4(repeating: 1))]
        let out = try Fixture.render(Fixture.list(8, 8, [.sprites(SpriteBatch(texture: tex, quadSize: Size(32, 32), sprites: sprites))]))
        // A 1-pixel sprite centered on pixel (2.5…3.5) boundary corner: area 1.
        #expect(abs((Fixture.alphaArea(out)) - 1) <= 0.02)
    }

    /// Sprites sample padded float texels; images sample bytes. The same quad drawn both ways
    /// (rotated, magnified and minified, from a sprite-sheet cell) agrees to within one level.
    @Test("sprite matches the equivalent image draw") func spriteMatchesTheEquivalentImageDraw() throws {
        let tex = Texture(Fixture.noise(16, 12, seed: 9))
        let cell = Rect(0.25, 0.5, 0.5, 0.5)
        for (rotation, scale) in [(0.0, 1.0), (0.6, 2.3), (2.0, 0.7), (-1.1, 0.3)] {
            let sprite = SpriteInstance(center: Point(20.3, 17.6), rotation: rotation, scale: scale, color: SIMD4(0.9, 0.8, 0.7, 0.9))
            let batch = SpriteBatch(texture: tex, contentsRect: cell, quadSize: Size(16, 10), sprites: [sprite])
            let t = Transform2D(a: Double(sprite.m.x), b: Double(sprite.m.y), c: Double(sprite.m.z), d: Double(sprite.m.w),
                                    tx: Double(sprite.t.x), ty: Double(sprite.t.y))
            let image = ImageDraw(texture: tex, rect: Rect(-8, -5, 16, 10), transform: t, contentsRect: cell,
                                  tint: Color(red: 1, green: 8.0 / 9, blue: 7.0 / 9, alpha: 0.9))
            let a = try Fixture.render(Fixture.list(40, 36, [.sprites(batch)]))
            let b = try Fixture.render(Fixture.list(40, 36, [.image(image)]))
            var maxDiff = 0
            for i in 0..<a.pixels.count { maxDiff = max(maxDiff, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
            #expect(maxDiff <= 1, "rotation \(rotation) scale \(scale)")
            #expect(Fixture.alphaArea(a) > 0.5 * 16 * 10 * scale * scale * 0.2)
        }
    }

    private func checkerboard(_ n: Int) -> Texture {
        var px = [UInt8](repeating: 255, count: n * n * 4)
        for y in 0..<n { for x in 0..<n where (x + y) % 2 == 1 { for c in 0..<3 { px[4 * (n * y + x) + c] = 0 } } }
        return Texture(Image(width: n, height: n, pixels: px))
    }

    /// Minified sprites read the mip chain: a 1-pixel checkerboard shrunk 4× (trilinear) and
    /// 16× (a 2-pixel sprite, nearest in the matching level) both come out mid-gray.
    @Test("minified sprites average through mip levels") func minifiedSpritesAverageThroughMipLevels() throws {
        let tex = checkerboard(32)
        let quarter = SpriteInstance(center: Point(8, 8), rotation: 0, scale: 0.25, color: SIMD4(repeating: 1))
        let tiny = SpriteInstance(center: Point(20, 8), rotation: 0, scale: 1.0 / 16, color: SIMD4(repeating: 1))
        let out = try Fixture.render(Fixture.list(24, 16, [.sprites(SpriteBatch(texture: tex, quadSize: Size(32, 32), sprites: [quarter, tiny],
                                                                              minificationFilter: .trilinear))]))
        for y in 5..<11 { for x in 5..<11 { #expect(abs((Double(out[x, y].r)) - 127.5) <= 1.5, "(\(x), \(y))") } }
        for y in 7..<9 { for x in 19..<21 { #expect(abs((Double(out[x, y].r)) - 127.5) <= 1.5, "(\(x), \(y))"); #expect(out[x, y].a == 255) } }
        // Linear (no mips) at 1/4 samples between two texels, but nearest at 1/4 would alias to black or white.
        let near = try Fixture.render(Fixture.list(24, 16, [.sprites(SpriteBatch(texture: tex, quadSize: Size(32, 32), sprites: [quarter],
                                                                               minificationFilter: .nearest))]))
        #expect(near[7, 7].r == 0 || near[7, 7].r == 255)
    }
}
